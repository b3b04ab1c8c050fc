import { defineGame } from '../game';

export const puzzleRush = defineGame({
  key: 'puzzleRush',
  slug: 'puzzle-rush',
  name: 'Puzzle Rush',
  description: 'Five daily puzzles with coin rewards.',
  contract: async () => ({ puzzleRush: (await import('./contract')).puzzleRushRoutes }),
  ledger: { puzzle_reward: 'Puzzle Rush reward' },
  /**
   * What ledger.ref_id names for each:
   * - puzzle: a Puzzle Rush reward (the solve row)
   */
  refTypes: ['puzzle'],
  rounds: [],
  /** `wins` is the spec's name for puzzles solved; the page calls them solves. */
  board: {
    title: 'Puzzle Rush',
    fields: ['wins', 'solves'],
    columns: [{ field: 'solves', label: 'Solves' }],
    empty: 'No puzzles solved yet.',
  },
  counters: {
    puzzle_wins: {
      key: 'puzzleWins',
      label: 'Puzzle wins',
      achievement: {
        title: 'Puzzler',
        description: 'Solve 10 puzzles.',
        threshold: 10,
        reward: 250,
        icon: '🧩',
      },
    },
  },
  published: async () => (await import('./published')).puzzleRushPublished,
});
