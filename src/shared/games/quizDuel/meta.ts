import { defineGame } from '../game';
import { quizDuelRound } from './round';

export const quizDuel = defineGame({
  key: 'quizDuel',
  slug: 'quiz-duel',
  name: 'Quiz Duel',
  description: 'Answer faster than your opponent.',
  contract: async () => ({ quizDuel: (await import('./contract')).quizDuelRoutes }),
  ledger: { quiz_stake: 'Quiz duel stake', quiz_payout: 'Quiz duel won', quiz_refund: 'Quiz duel refund', quiz_daily: 'Daily quiz' },
  /**
   * What ledger.ref_id names for each:
   * - quiz_duel: a quiz duel's stakes, payout or refunds (quiz_duel_matches.id)
   * - quiz_daily: a daily quiz's reward (quiz_duel_daily_plays.id)
   */
  refTypes: ['quiz_duel', 'quiz_daily'],
  rounds: [quizDuelRound],
  board: {
    title: 'Quiz Duel',
    fields: ['wins', 'games'],
    columns: [
      { field: 'wins', label: 'Wins' },
      { field: 'games', label: 'Games' },
    ],
    empty: 'No quiz duels played yet.',
  },
});
