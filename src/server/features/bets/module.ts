import { defineModule } from '../../platform/module';
import { startVoteCounts, tellPaid } from './live';
import { betHandlers } from './routes';

export const betsModule = defineModule({
  name: 'bets',
  handlers: (deps) => ({ bets: betHandlers(deps) }),
  start: (deps) => startVoteCounts(deps),
  listeners: () => ({ BetSettled: (q, { betId }) => tellPaid(q, betId) }),
});
