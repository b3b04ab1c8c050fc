import { defineGame } from '../game';

export const puzzleRush = defineGame({
  key: 'puzzleRush',
  slug: 'puzzle-rush',
  name: 'Puzzle Rush',
  description: 'Five daily puzzles with coin rewards.',
  contract: async () => ({ puzzles: (await import('./contract')).puzzlesRoutes }),
  ledger: { puzzle_reward: 'Puzzle Rush reward' },
  /**
   * What ledger.ref_id names for each:
   * - puzzle: a Puzzle Rush reward (the solve row)
   */
  refTypes: ['puzzle'],
  rounds: [],
});
