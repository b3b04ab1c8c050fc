import type { ClientInput, ReplyOf, RouteSpec } from './contract';
import { accountsRoutes } from './accounts';
import { walletRoutes } from './wallet';
import { leaderboardRoutes } from './leaderboard';
import { adminRoutes } from './admin';
import { betsRoutes } from './bets';
import { tradesRoutes } from './trades';
import { liveRoutes } from './liveTicket';
import { storeRoutes } from './store';
import { servicesRoutes } from './services';
import { achievementsRoutes, tasksRoutes } from './tasks';
import { fairnessRoutes } from './fairness';
import { communitiesRoutes } from './communities';
import { communityBetsRoutes } from './communityBets';
import { notificationsRoutes } from './notifications';
import { sanctionsRoutes } from './sanctions';
import { signupRoutes } from './signup';
import { reportsRoutes } from './reports';
import { recoveryRoutes } from './recovery';
import { seasonsRoutes } from './seasons';
import { loadGameRouteTables } from '../games/routes';
import type { Intersect } from '../types';

/**
 * Every route of the API, by feature: the index of the route tables each shared api file
 * declares beside its schemas. The server must register a handler for each entry
 * (platform/routing.ts) and the client calls them by name (client/lib/api.ts); both are
 * checked by the compiler against this one table. The client imports it as a type only.
 */
const gameTables = await loadGameRouteTables();
/** The features that are games: their routes that change anything are refused under `games`. */
export const gameFeatures: ReadonlySet<string> = new Set(Object.keys(gameTables));

export const routes = {
  accounts: accountsRoutes,
  wallet: walletRoutes,
  leaderboard: leaderboardRoutes,
  admin: adminRoutes,
  bets: betsRoutes,
  trades: tradesRoutes,
  live: liveRoutes,
  store: storeRoutes,
  services: servicesRoutes,
  tasks: tasksRoutes,
  achievements: achievementsRoutes,
  fairness: fairnessRoutes,
  communities: communitiesRoutes,
  communityBets: communityBetsRoutes,
  notifications: notificationsRoutes,
  sanctions: sanctionsRoutes,
  signup: signupRoutes,
  reports: reportsRoutes,
  recovery: recoveryRoutes,
  seasons: seasonsRoutes,
  // Each hub game's tables, from its line in GAMES (shared/games/index.ts).
  ...gameTables,
};

export type Routes = typeof routes;
export type FeatureName = keyof Routes;

/** All features' routes in one flat map: name -> spec. */
type ApiRoutes = Intersect<Routes[FeatureName]>;
export type ApiRouteName = keyof ApiRoutes & string;

export type RouteInput<N extends ApiRouteName> = ApiRoutes[N] extends RouteSpec
  ? ClientInput<ApiRoutes[N]>
  : never;
/** The JSON body a route takes, for forms that build it. */
export type RouteBody<N extends ApiRouteName> = RouteInput<N> extends { body: infer B } ? B : never;
export type RouteReply<N extends ApiRouteName> = ApiRoutes[N] extends RouteSpec
  ? ReplyOf<ApiRoutes[N]>
  : never;
/** Routes that honour an Idempotency-Key header. */
export type IdempotentRouteName = {
  [N in ApiRouteName]: ApiRoutes[N] extends { idempotent: true } ? N : never;
}[ApiRouteName];
/** Routes that must be called without a token (spec section 6). */
export type PublicRouteName = {
  [N in ApiRouteName]: ApiRoutes[N] extends { auth: 'public' } ? N : never;
}[ApiRouteName];
