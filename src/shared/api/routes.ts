import type { LiveTicketResponse } from './live';
import { memoryFlipBody, puzzleSubmitBody, type MemoryFlipResponse, type PuzzleRushDto, type PuzzleSubmitResponse } from './puzzles';
import { rpsPlayBody, type RpsCancelResponse, type RpsChallengeDto, type RpsHistoryDto, type RpsInviteDto, type RpsPlayResponse } from './rps';
import { defineRoutes, reply, type ClientInput, type ReplyOf, type RouteSpec } from './contract';
import { idParams, usernameParams, type MessageResponse } from './common';
import { credentialsBody, deleteAccountBody, loginBody, type AuthResponse, type PublicUserDto, type SessionInfoDto, type UserDto } from './accounts';
import { ledgerQuery, sendMoneyBody, type LedgerPage, type SendMoneyResponse } from './wallet';
import { leaderboardQuery, type GameLeaderboardDto, type LeaderboardUserDto } from './leaderboard';
import {
  adminBalanceBody,
  adminStatusBody,
  type AdminBalanceResponse,
  type AdminLogDto,
  type AdminStatusResponse,
  type AdminUserDto,
  type AuditReportDto,
} from './admin';
import {
  createBetBody,
  finalizeBody,
  oddsBody,
  oddsParams,
  parlayBody,
  predictBody,
  type AdminBetDto,
  type BetActionResponse,
  type BetDto,
  type MyBetsDto,
  type PlaceParlayResponse,
  type PlaceWagerResponse,
} from './bets';
import {
  createServiceBody,
  serviceIdBody,
  servicesQuery,
  updateServiceBody,
  type ServiceActionResponse,
  type ServiceDto,
  type ServiceHistoryDto,
} from './services';
import {
  completeAchievementBody,
  completeTaskBody,
  createAchievementBody,
  createTaskBody,
  type AchievementDto,
  type ClaimAchievementResponse,
  type CompleteTaskResponse,
  type CreatedDto,
  type TasksDto,
} from './tasks';
import { requestTradeBody, respondTradeBody, type CancelTradeResponse, type TradeDto, type TradeInventoryDto, type TradesDto } from './trades';
import {
  createItemBody,
  purchaseBody,
  updateItemBody,
  type ActiveBuffsDto,
  type ItemActionResponse,
  type PurchaseResponse,
  type StoreItemDto,
  type StoreUserDto,
  type UploadResponse,
  type UseItemResponse,
} from './store';
import {
  clientSeedBody,
  coinFlipBody,
  minefieldCashoutBody,
  minefieldRevealBody,
  minefieldStartBody,
  type MinefieldActiveDto,
  type MinefieldCashoutResponse,
  type MinefieldRevealResponse,
  type MinefieldStartResponse,
  frenzyClickBody,
  type FrenzyClickResponse,
  type FrenzyStatsDto,
  rouletteBody,
  slotsBody,
  type RouletteResponse,
  type SlotsResponse,
  type CoinFlipResponse,
  roundsQuery,
  type FairnessDto,
  type GamesProgressDto,
  type RotateSeedResponse,
  type RoundsPage,
  type SpinnerTablesDto,
  type SpinResponse,
} from './games';

/**
 * Every route of the API, by feature. The server must register a handler for each entry
 * (platform/routing.ts) and the client calls them by name (client/lib/api.ts); both are
 * checked by the compiler against this table. The client imports it as a type only.
 */
export const routes = {
  accounts: defineRoutes({
    'POST /auth/register': {
      auth: 'public',
      summary: 'Create an account (1,000 starting coins) and sign in',
      body: credentialsBody,
      reply: reply<AuthResponse>(),
      status: 201,
      rateLimit: 'auth',
    },
    'POST /auth/login': { auth: 'public', summary: 'Sign in', body: loginBody, reply: reply<AuthResponse>(), rateLimit: 'auth' },
    'POST /auth/logout': { auth: 'user', summary: 'Revoke this session', reply: reply<MessageResponse>() },
    'GET /api/user/stats': { auth: 'user', summary: 'The signed-in user with counters and collections', reply: reply<UserDto>() },
    'GET /api/user/session': { auth: 'user', summary: 'When this sign-in ends if unused (sliding, 30 days)', reply: reply<SessionInfoDto>() },
    'POST /api/user/update': {
      auth: 'user',
      summary: 'Change username, password or picture (multipart: username, password, image)',
      multipart: true,
      reply: reply<UserDto>(),
    },
    'DELETE /api/user': { auth: 'user', summary: 'Delete the account (needs the password)', body: deleteAccountBody, reply: reply<MessageResponse>() },
    'GET /api/user/public/:username': { auth: 'public', summary: 'A public profile', params: usernameParams, reply: reply<PublicUserDto>() },
  }),
  wallet: defineRoutes({
    'POST /api/user/send-money': { auth: 'user', idempotent: true, summary: 'Send coins to another user', body: sendMoneyBody, reply: reply<SendMoneyResponse>() },
    'GET /api/user/ledger': { auth: 'user', summary: 'Your statement, newest first', query: ledgerQuery, reply: reply<LedgerPage>() },
  }),
  leaderboard: defineRoutes({
    'GET /api/leaderboard/users': { auth: 'public', summary: 'Top users by balance, wins or achievements', query: leaderboardQuery, reply: reply<LeaderboardUserDto[]>() },
    'GET /api/games/leaderboard': { auth: 'user', summary: 'Rock-paper-scissors and Puzzle Rush tables', reply: reply<GameLeaderboardDto>() },
  }),
  admin: defineRoutes({
    'GET /api/admin/users': { auth: 'admin', summary: 'Every account', reply: reply<AdminUserDto[]>() },
    'GET /api/admin/logs': { auth: 'admin', summary: 'The admin audit log, newest first', reply: reply<AdminLogDto[]>() },
    'GET /api/admin/audit': { auth: 'admin', summary: 'Check coin conservation on the live database', reply: reply<AuditReportDto>() },
    'PATCH /api/admin/balance/:username': {
      auth: 'admin',
      summary: 'Add (or remove, if negative) coins',
      idempotent: true,
      params: usernameParams,
      body: adminBalanceBody,
      reply: reply<AdminBalanceResponse>(),
    },
    'PATCH /api/admin/status/user/:username': {
      auth: 'admin',
      summary: 'Ban or reinstate a user',
      params: usernameParams,
      body: adminStatusBody,
      reply: reply<AdminStatusResponse>(),
    },
  }),
  bets: defineRoutes({
    'GET /api/bets/active': { auth: 'user', summary: 'Open bets with odds and vote counts', reply: reply<BetDto[]>() },
    'GET /api/bets/mine': { auth: 'user', summary: 'Your open and settled wagers and parlays', reply: reply<MyBetsDto>() },
    'POST /api/bets/predict': { auth: 'user', idempotent: true, summary: 'Place a wager on an option (by its text)', body: predictBody, reply: reply<PlaceWagerResponse>() },
    'POST /api/bets/parlay': { auth: 'user', idempotent: true, summary: 'Place a parlay of 2-10 legs', body: parlayBody, reply: reply<PlaceParlayResponse>(), status: 201 },
    'POST /api/bets/create': { auth: 'admin', summary: 'Create a bet', body: createBetBody, reply: reply<BetActionResponse>(), status: 201 },
    'POST /api/bets/finalize': { auth: 'admin', summary: 'Settle a bet with its winning option', body: finalizeBody, reply: reply<BetActionResponse>() },
    'GET /api/admin/bets': { auth: 'admin', summary: 'Every bet with totals', reply: reply<AdminBetDto[]>() },
    'PATCH /api/admin/odds/:betTitle/:optionId': {
      auth: 'admin',
      summary: "Change an option's odds for new wagers (bet by title or id)",
      params: oddsParams,
      body: oddsBody,
      reply: reply<BetActionResponse>(),
    },
    'POST /api/admin/bets/:id/void': { auth: 'admin', summary: 'Void a bet and refund every stake', params: idParams, reply: reply<BetActionResponse>() },
  }),
  trades: defineRoutes({
    'GET /api/trades': { auth: 'user', summary: 'Your incoming and outgoing trades, active ones first', reply: reply<TradesDto>() },
    'GET /api/trades/inventory': { auth: 'user', summary: 'Your items with the units locked in active trades', reply: reply<TradeInventoryDto>() },
    'POST /api/trades/request': {
      auth: 'user',
      idempotent: true,
      summary: 'Offer items to another user (locks the offered units)',
      body: requestTradeBody,
      reply: reply<TradeDto>(),
      status: 201,
    },
    'POST /api/trades/:id/respond': {
      auth: 'user',
      idempotent: true,
      summary: 'Accept with items of yours (locked until the trade closes) or deny a pending incoming trade',
      params: idParams,
      body: respondTradeBody,
      reply: reply<TradeDto>(),
    },
    'POST /api/trades/:id/cancel': { auth: 'user', idempotent: true, summary: 'Cancel a pending or responded trade (either side)', params: idParams, reply: reply<CancelTradeResponse>() },
    'POST /api/trades/:id/finalize': { auth: 'user', idempotent: true, summary: 'Swap the items of a responded outgoing trade', params: idParams, reply: reply<TradeDto>() },
  }),
  live: defineRoutes({
    'POST /api/live/ticket': {
      auth: 'user',
      summary: 'A one-time ticket (30 s) for opening the live WebSocket at /api/live?ticket=…',
      reply: reply<LiveTicketResponse>(),
    },
  }),
  store: defineRoutes({
    'GET /api/store': { auth: 'public', summary: 'Items on sale (stock left, not retired)', reply: reply<StoreItemDto[]>() },
    'GET /api/store/user': { auth: 'user', summary: 'Your inventory, purchase history (newest 100) and balance', reply: reply<StoreUserDto>() },
    'GET /api/store/buffs': { auth: 'user', summary: 'Your running buffs and their combined effect', reply: reply<ActiveBuffsDto>() },
    'POST /api/store/purchase': { auth: 'user', idempotent: true, summary: 'Buy one unit of an item', body: purchaseBody, reply: reply<PurchaseResponse>() },
    'POST /api/store/items/:id/use': {
      auth: 'user',
      idempotent: true,
      summary: 'Use one unlocked unit of a power-up: starts a 60-minute buff',
      params: idParams,
      reply: reply<UseItemResponse>(),
    },
    'GET /api/store/items': { auth: 'admin', summary: 'Every item, sold out and retired too', reply: reply<StoreItemDto[]>() },
    'POST /api/store/create': { auth: 'admin', summary: 'Create a store item', body: createItemBody, reply: reply<ItemActionResponse>(), status: 201 },
    'PATCH /api/store/items/:id': {
      auth: 'admin',
      summary: "Change an item's price or stock, or retire it (hidden from the store, kept in inventories)",
      params: idParams,
      body: updateItemBody,
      reply: reply<ItemActionResponse>(),
    },
    'POST /api/store/upload': { auth: 'admin', summary: 'Upload an item picture (multipart: image)', multipart: true, reply: reply<UploadResponse>(), status: 201 },
  }),
  services: defineRoutes({
    'GET /api/services': {
      auth: 'user',
      summary: 'Your services; with showAll=true every listed service plus your own',
      query: servicesQuery,
      reply: reply<ServiceDto[]>(),
    },
    'GET /api/services/purchases': { auth: 'user', summary: 'Services you bought', reply: reply<ServiceDto[]>() },
    'GET /api/services/history': { auth: 'user', summary: 'Completed and refunded services you provided or bought', reply: reply<ServiceHistoryDto>() },
    'POST /api/services': { auth: 'user', summary: 'List a service', body: createServiceBody, reply: reply<ServiceDto>(), status: 201 },
    'PUT /api/services/:id': { auth: 'user', summary: 'Edit your service before it is bought', params: idParams, body: updateServiceBody, reply: reply<ServiceDto>() },
    'DELETE /api/services/:id': { auth: 'user', summary: 'Delete your service before it is bought', params: idParams, reply: reply<MessageResponse>() },
    'POST /api/services/buy/:id': {
      auth: 'user',
      idempotent: true,
      summary: "Buy a service (its price is held in escrow until you accept the provider's finalization)",
      params: idParams,
      reply: reply<ServiceActionResponse>(),
    },
    'POST /api/services/finalize': { auth: 'user', idempotent: true, summary: 'Mark a bought service of yours as delivered', body: serviceIdBody, reply: reply<ServiceActionResponse>() },
    'POST /api/services/accept': {
      auth: 'user',
      idempotent: true,
      summary: 'Accept a finalized service you bought (releases the escrow to the provider)',
      body: serviceIdBody,
      reply: reply<ServiceActionResponse>(),
    },
    'POST /api/services/refund': {
      auth: 'user',
      idempotent: true,
      summary: 'Return the escrow of a bought service of yours before finalizing it',
      body: serviceIdBody,
      reply: reply<ServiceActionResponse>(),
    },
  }),
  tasks: defineRoutes({
    'GET /api/tasks': { auth: 'user', summary: 'Tasks not yet completed in their current period, with progress', reply: reply<TasksDto>() },
    'POST /api/tasks/complete': {
      auth: 'user',
      idempotent: true,
      summary: 'Complete a task at 100% and take its reward (once per period)',
      body: completeTaskBody,
      reply: reply<CompleteTaskResponse>(),
    },
    'POST /api/tasks/create': { auth: 'admin', summary: 'Create a task', body: createTaskBody, reply: reply<CreatedDto>(), status: 201 },
    'POST /api/tasks/:id/retire': { auth: 'admin', summary: 'Retire a task (completions are kept)', params: idParams, reply: reply<CreatedDto>() },
    'GET /api/achievements': { auth: 'user', summary: 'Achievements with your lifetime progress and claims', reply: reply<AchievementDto[]>() },
    'POST /api/achievements/complete': {
      auth: 'user',
      idempotent: true,
      summary: 'Claim a reached achievement and its reward (once)',
      body: completeAchievementBody,
      reply: reply<ClaimAchievementResponse>(),
    },
    'POST /api/achievements/create': { auth: 'admin', summary: 'Create an achievement', body: createAchievementBody, reply: reply<CreatedDto>(), status: 201 },
    'POST /api/achievements/:id/retire': { auth: 'admin', summary: 'Retire an achievement (claims are kept)', params: idParams, reply: reply<CreatedDto>() },
  }),
  fairness: defineRoutes({
    'GET /api/fairness': { auth: 'user', summary: 'Your seed pair: SHA-256 of the server seed, client seed, next nonce', reply: reply<FairnessDto>() },
    'POST /api/fairness/client-seed': { auth: 'user', summary: 'Set your client seed (1-64 printable characters)', body: clientSeedBody, reply: reply<FairnessDto>() },
    'POST /api/fairness/rotate': {
      auth: 'user',
      summary: 'Reveal your server seed and start a new pair at nonce 0 (409 while a round on it is open)',
      reply: reply<RotateSeedResponse>(),
    },
    'GET /api/fairness/spinners': { auth: 'public', summary: "Every spinner's reward table, for the published expected values", reply: reply<SpinnerTablesDto>() },
  }),
  games: defineRoutes({
    'GET /api/games/rounds': { auth: 'user', summary: 'Your game rounds, newest first, with what verifies them', query: roundsQuery, reply: reply<RoundsPage>() },
    'GET /api/games/progress': { auth: 'user', summary: 'Spinner tables, your cooldowns and duel stats', reply: reply<GamesProgressDto>() },
    'POST /api/games/spinner': { auth: 'user', idempotent: true, summary: 'Spin the hourly wheel', reply: reply<SpinResponse>() },
    'POST /api/games/spinner12': { auth: 'user', idempotent: true, summary: 'Spin the 12-hour wheel', reply: reply<SpinResponse>() },
    'POST /api/games/spinnerDaily': { auth: 'user', idempotent: true, summary: 'Spin the daily wheel', reply: reply<SpinResponse>() },
    'POST /api/games/spinnerWeekly': { auth: 'user', idempotent: true, summary: 'Spin the weekly wheel', reply: reply<SpinResponse>() },
    'POST /api/games/roulette': {
      auth: 'user',
      idempotent: true,
      summary: 'Spin the 15-pocket roulette: red or black pays 2x, green 14x',
      body: rouletteBody,
      reply: reply<RouletteResponse>(),
    },
    'POST /api/games/slots': { auth: 'user', idempotent: true, summary: 'Spin the slots (3 reels of 21 symbols)', body: slotsBody, reply: reply<SlotsResponse>() },
    'POST /api/games/minefield/start': {
      auth: 'user',
      idempotent: true,
      summary: 'Start a Minefield game (the stake is held until it ends)',
      body: minefieldStartBody,
      reply: reply<MinefieldStartResponse>(),
    },
    'POST /api/games/minefield/reveal': {
      auth: 'user',
      idempotent: true,
      summary: 'Reveal a cell of your running game',
      body: minefieldRevealBody,
      reply: reply<MinefieldRevealResponse>(),
    },
    'POST /api/games/minefield/cashout': {
      auth: 'user',
      idempotent: true,
      summary: 'Cash out your running game (after at least one safe reveal)',
      body: minefieldCashoutBody,
      reply: reply<MinefieldCashoutResponse>(),
    },
    'GET /api/games/minefield/active': { auth: 'user', summary: 'Your running Minefield game, without its mines; null if none', reply: reply<MinefieldActiveDto | null>() },
    'GET /api/games/click-frenzy': { auth: 'user', summary: 'Your Click Frenzy count this UTC hour', reply: reply<FrenzyStatsDto>() },
    'POST /api/games/click-frenzy': {
      auth: 'user',
      idempotent: true,
      summary: 'One Click Frenzy click (100 an hour, 8 a second): pays a coin',
      body: frenzyClickBody,
      reply: reply<FrenzyClickResponse>(),
    },
    'POST /api/games/coin-flip': { auth: 'user', idempotent: true, summary: 'Flip a coin: a right guess pays 2x', body: coinFlipBody, reply: reply<CoinFlipResponse>() },
  }),
  puzzles: defineRoutes({
    'GET /api/games/puzzle-rush': { auth: 'user', summary: "Today's five puzzles (questions only), your solves today and in all", reply: reply<PuzzleRushDto>() },
    'POST /api/games/puzzle-rush': {
      auth: 'user',
      idempotent: true,
      summary: "Submit an answer to one of today's puzzles: pays once per puzzle per day (409 after)",
      body: puzzleSubmitBody,
      reply: reply<PuzzleSubmitResponse>(),
    },
    'POST /api/games/puzzle-rush/flip': { auth: 'user', summary: "Turn one card of today's memory puzzle", body: memoryFlipBody, reply: reply<MemoryFlipResponse>() },
  }),
  rps: defineRoutes({
    'POST /api/games/rps': {
      auth: 'user',
      idempotent: true,
      summary: "Answer the opponent's oldest open challenge to you at this buy-in, or challenge them (buy-in held until answered, canceled or expired after 24 h)",
      body: rpsPlayBody,
      reply: reply<RpsPlayResponse>(),
    },
    'GET /api/games/rps/invites': { auth: 'user', summary: 'Open challenges to you (the commitment, never the move)', reply: reply<RpsInviteDto[]>() },
    'GET /api/games/rps/challenges': { auth: 'user', summary: 'Your own open challenges', reply: reply<RpsChallengeDto[]>() },
    'POST /api/games/rps/:id/cancel': {
      auth: 'user',
      idempotent: true,
      summary: 'Cancel your open challenge and get the buy-in back',
      params: idParams,
      reply: reply<RpsCancelResponse>(),
    },
    'GET /api/games/rps/history': { auth: 'user', summary: 'Your last 20 finished matches, newest first, with salts to verify', reply: reply<RpsHistoryDto[]>() },
  }),
};

export type Routes = typeof routes;
export type FeatureName = keyof Routes;

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
/** All features' routes in one flat map: name -> spec. */
export type ApiRoutes = UnionToIntersection<Routes[FeatureName]>;
export type ApiRouteName = keyof ApiRoutes & string;

export type RouteInput<N extends ApiRouteName> = ApiRoutes[N] extends RouteSpec ? ClientInput<ApiRoutes[N]> : never;
/** The JSON body a route takes, for forms that build it. */
export type RouteBody<N extends ApiRouteName> = RouteInput<N> extends { body: infer B } ? B : never;
export type RouteReply<N extends ApiRouteName> = ApiRoutes[N] extends RouteSpec ? ReplyOf<ApiRoutes[N]> : never;
/** Routes that honour an Idempotency-Key header. */
export type IdempotentRouteName = { [N in ApiRouteName]: ApiRoutes[N] extends { idempotent: true } ? N : never }[ApiRouteName];
/** Routes that must be called without a token (spec section 6). */
export type PublicRouteName = { [N in ApiRouteName]: ApiRoutes[N] extends { auth: 'public' } ? N : never }[ApiRouteName];
