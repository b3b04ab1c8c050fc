import { defineModule } from '../../platform/module';
import { startVoteCounts, tellPaid } from './live';
import { betHandlers, communityBetHandlers } from './routes';
import { treasuryPromises } from './community';
import { ensureOpenDemoBets } from './seed';

export const betsModule = defineModule({
  name: 'bets',
  handlers: (deps) => ({ bets: betHandlers(deps), communityBets: communityBetHandlers(deps) }),
  start: (deps) => startVoteCounts(deps),
  // Open demo bets whenever none can take wagers any more.
  seed: {
    everyStart: async (db, now, demo) =>
      demo ? { demoBets: await ensureOpenDemoBets(db, now) } : undefined,
  },
  listeners: () => ({
    BetSettled: (q, { betId }) => tellPaid(q, betId),
    CommunityBetSettled: (q, { betId }) => tellPaid(q, betId),
  }),
  // The treasuries' committed coins are exactly the open community bets' exposure.
  accountPromises: treasuryPromises,
});
