import { defineModule } from '../../../platform/module';
import { rpsHandlers } from './routes';
import { cancelDuelsOf, rpsLeaderboard, rpsProgress, sweepExpired } from './service';

export const rpsModule = defineModule({
  name: 'rps',
  handlers: (deps) => ({ rps: rpsHandlers(deps) }),
  // Challenges unanswered for 24 hours are refunded.
  sweeps: [
    { what: 'expiring duel challenges', everyMs: 60_000, run: (deps) => sweepExpired(deps) },
  ],
  // A closed or banned user cannot answer or cancel a duel: every open one is refunded to its challenger.
  onAccountClosed: async (tx, userId) => void (await cancelDuelsOf(tx, userId)),
  gameLeaderboard: async (q) => ({ rps: await rpsLeaderboard(q) }),
  gamesProgress: rpsProgress,
});
