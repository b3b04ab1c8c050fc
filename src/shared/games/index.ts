// GAMES: the one list of hub games, in the hub's order (spec games.md section 1). The route
// table (shared/api/routes.ts), the ledger's categories and ref types (shared/api/wallet.ts,
// wallet/tables.ts), the fairness engine's rounds (engine/roundGames.ts) and the hub's cards
// derive from it; a new game is its three folders, a line here, a line in the server's
// modules.ts and a migration (DESIGN.md section 1a). No zod: the browser imports it.
import { spinner } from './spinner/meta';
import { casino } from './casino/meta';
import { minefield } from './minefield/meta';
import { clickFrenzy } from './clickFrenzy/meta';
import { rps } from './rps/meta';
import { puzzleRush } from './puzzleRush/meta';
import { virtualPet } from './virtualPet/meta';
import { mysteryBox } from './mysteryBox/meta';
import { coinTycoon } from './coinTycoon/meta';
import { mergeLab } from './mergeLab/meta';
import { quizDuel } from './quizDuel/meta';
import { idleNgu } from './idleNgu/meta';
import type { Intersect } from '../types';

export const GAMES = [
  spinner,
  casino,
  minefield,
  clickFrenzy,
  rps,
  puzzleRush,
  virtualPet,
  mysteryBox,
  coinTycoon,
  mergeLab,
  quizDuel,
  idleNgu,
] as const;

export type Game = (typeof GAMES)[number];
export type GameKey = Game['key'];

/** Every game's route tables, by route-table feature name. */
export type GameRouteTables = Intersect<Awaited<ReturnType<Game['contract']>>>;

type LedgerOf<G> = G extends { ledger: infer L } ? keyof L & string : never;
/** Ledger categories the games add, with their statement labels. */
export type GameLedgerCategory = LedgerOf<Game>;
export const GAME_LEDGER_LABELS = Object.assign({}, ...GAMES.map((g) => g.ledger)) as Record<
  GameLedgerCategory,
  string
>;
export type GameRefType = Game['refTypes'][number];
export const GAME_REF_TYPES: readonly GameRefType[] = GAMES.flatMap((g) => g.refTypes);

/** A player's line on a game's board: who, and the game's numbers (GameDef.board). */
export type GameBoardEntry<F extends string> = {
  _id: string;
  username: string;
  profileImage: string | null;
} & { [K in F]: number };

type BoardGame = Extract<Game, { board: object }>;
/** GET /api/games/leaderboard: each game with a board, under its key (spec section 7). */
export type GameLeaderboardDto = {
  [G in BoardGame as G['key']]: GameBoardEntry<G['board']['fields'][number]>[];
};
export const GAME_BOARDS = GAMES.flatMap((g) =>
  'board' in g ? [{ key: g.key as BoardGame['key'], board: g.board }] : [],
);

type LiveOf<G> = G extends { live: infer L } ? L : never;
/** The games' live events (GameDef.live), merged into shared/api/live.ts's. */
export type GameLiveEvents = Intersect<LiveOf<Game>>;

type CountersOf<G> = G extends { counters: infer C } ? C : never;
/** The games' lifetime counters by user_stats name (GameDef.counters), in GAMES order. */
export type GameCounters = Intersect<CountersOf<Game>>;
export const GAME_COUNTERS = Object.assign(
  {},
  ...GAMES.map((g) => ('counters' in g ? g.counters : {})),
) as GameCounters;
export type GameCounterKey = GameCounters[keyof GameCounters]['key'];
export const GAME_COUNTER_KEYS = Object.values(GAME_COUNTERS).map((c) => c.key) as GameCounterKey[];
