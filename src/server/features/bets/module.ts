import { defineModule } from '../../platform/module';
import { startVoteCounts, tellPaid } from './live';
import { betHandlers } from './routes';
import { ensureOpenDemoBets } from './seed';

export const betsModule = defineModule({
  name: 'bets',
  handlers: (deps) => ({ bets: betHandlers(deps) }),
  start: (deps) => startVoteCounts(deps),
  // Open demo bets whenever none can take wagers any more.
  seed: {
    everyStart: async (db, now, demo) =>
      demo ? { demoBets: await ensureOpenDemoBets(db, now) } : undefined,
  },
  listeners: () => ({ BetSettled: (q, { betId }) => tellPaid(q, betId) }),
});
