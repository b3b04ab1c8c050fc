import { defineGame, liveEvents } from '../game';
import type { QuizDuelDto } from './contract';
import { quizDuelRound } from './round';

export const quizDuel = defineGame({
  key: 'quizDuel',
  slug: 'quiz-duel',
  name: 'Quiz Duel',
  description: 'Answer faster than your opponent.',
  contract: async () => ({ quizDuel: (await import('./contract')).quizDuelRoutes }),
  ledger: {
    quiz_stake: 'Quiz duel stake',
    quiz_payout: 'Quiz duel won',
    quiz_refund: 'Quiz duel refund',
    quiz_daily: 'Daily quiz',
  },
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
  live: liveEvents<{
    /**
     * A quiz duel changed for this player (joined, a question opened or closed, finished): the
     * duel as they may see it, so the reveal needs no second request.
     */
    'quizDuel.update': { duelId: string; duel: QuizDuelDto };
    /** A challenge was addressed to this player, or one of theirs was joined, canceled or expired. */
    'quizDuel.lobby': { duelId: string };
  }>(),
  published: async () => (await import('./published')).quizDuelPublished,
});
