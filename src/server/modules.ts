import type { AllHandlers } from './platform/routing';
import type { FeatureModule } from './platform/module';
import { accountsModule } from './features/accounts/module';
import { walletModule } from './features/wallet/module';
import { leaderboardModule } from './features/leaderboard/module';
import { adminModule } from './features/admin/module';
import { betsModule } from './features/bets/module';
import { tradesModule } from './features/trades/module';
import { storeModule } from './features/store/module';
import { servicesModule } from './features/services/module';
import { tasksModule } from './features/tasks/module';
import { achievementsModule } from './features/achievements/module';
import { fairnessModule } from './features/games/engine/module';
import { spinnerModule } from './features/games/spinner/module';
import { gamesHubModule } from './features/games/hub/module';
import { minefieldModule } from './features/games/minefield/module';
import { casinoModule } from './features/games/casino/module';
import { clickFrenzyModule } from './features/games/clickFrenzy/module';
import { puzzleRushModule } from './features/games/puzzleRush/module';
import { rpsModule } from './features/games/rps/module';
import { virtualPetModule } from './features/games/virtualPet/module';
import { mysteryBoxModule } from './features/games/mysteryBox/module';
import { quizDuelModule } from './features/games/quizDuel/module';
import { coinTycoonModule } from './features/games/coinTycoon/module';
import { idleNguModule } from './features/games/idleNgu/module';
import { mergeLabModule } from './features/games/mergeLab/module';
import { communitiesModule } from './features/communities/module';
import { notificationsModule } from './features/notifications/module';
import { sanctionsModule } from './features/sanctions/module';
import { reportsModule } from './features/reports/module';
import { liveModule } from './platform/realtime/module';
import { eventsModule } from './platform/eventsModule';
import { statisticsModule } from './platform/statistics';
import { backupsModule } from './platform/backups/server';
import type { Intersect } from '../shared/types';

/**
 * Every server feature, wired by app.ts (handlers, sweeps, background work), account closure
 * (hooks), the audit (item locks) and the user view (profile parts). A new feature is its
 * folder and a line here.
 *
 * The order is the order of the closure hooks: modules that refund escrow (and so lock other
 * users' accounts) before accounts, which locks and closes the account itself; modules that
 * only release the user's own rows after it, once no new offer can reach the account.
 */
export const modules = [
  servicesModule,
  rpsModule,
  quizDuelModule,
  // Before accounts: a closing community refunds its donors while the owner's account is open.
  communitiesModule,
  sanctionsModule,
  accountsModule,
  tradesModule,
  walletModule,
  leaderboardModule,
  adminModule,
  betsModule,
  storeModule,
  tasksModule,
  achievementsModule,
  fairnessModule,
  spinnerModule,
  gamesHubModule,
  minefieldModule,
  casinoModule,
  clickFrenzyModule,
  puzzleRushModule,
  virtualPetModule,
  mysteryBoxModule,
  coinTycoonModule,
  idleNguModule,
  mergeLabModule,
  notificationsModule,
  reportsModule,
  liveModule,
  eventsModule,
  statisticsModule,
  backupsModule,
] as const satisfies readonly FeatureModule[];

type HandlersOf<M> = M extends { handlers: (...args: never[]) => infer H } ? H : never;
type Provided = Intersect<HandlersOf<(typeof modules)[number]>>;

/** Fails to compile when a feature of the route table has no module providing its handlers. */
type EveryFeatureHandled = [Exclude<keyof AllHandlers, keyof Provided>] extends [never]
  ? true
  : { missing: Exclude<keyof AllHandlers, keyof Provided> };
const _everyFeatureHandled: EveryFeatureHandled = true;
