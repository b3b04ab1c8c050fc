import { defineModule } from '../../../platform/module';
import { presentQuizzer } from './presenter';
import { topQuizzers } from './queries';
import { quizDuelHandlers } from './routes';
import { closeDuelsOf } from './ending';
import { closeDueLive, expireOpen, finishDueAsync, stopTimers } from './sweeps';

/** Quiz Duel (DESIGN.md section 9): live and asynchronous duels over the question bank, and the daily quiz. */
export const quizDuelModule = defineModule({
  name: 'quizDuel',
  handlers: (deps) => ({ quizDuel: quizDuelHandlers(deps) }),
  sweeps: [
    // The backstop for a process that died holding a live question's timer.
    {
      what: 'live quiz questions past their deadline',
      everyMs: 1_000,
      run: (deps) => closeDueLive(deps),
    },
    {
      what: 'asynchronous quiz duels out of time',
      everyMs: 30_000,
      run: (deps) => finishDueAsync(deps),
    },
    { what: 'unjoined quiz challenges', everyMs: 30_000, run: (deps) => expireOpen(deps) },
  ],
  start: () => stopTimers,
  // Must come before accounts in the module list: it locks both parties' accounts to refund or pay them.
  onAccountClosed: (tx, userId, _reason, deps) => closeDuelsOf(deps, tx, userId),
  gameLeaderboard: async (q) => ({ quizDuel: (await topQuizzers(q, 100)).map(presentQuizzer) }),
});
