// Puzzle Rush's row of free coins: a reward per solved puzzle, the day's puzzles at most.
import { PUZZLE_RUSH_REWARD } from '../engine/catalog';
import { coins, row, type GamePublished } from '../../published/types';
import { PUZZLE_TYPES } from './puzzles';

export const puzzleRushPublished: GamePublished = {
  faucets: () => [
    row(
      'puzzle-rush',
      'Puzzle Rush',
      `${coins(PUZZLE_RUSH_REWARD)} a solved puzzle, ${PUZZLE_TYPES.length} puzzles a day`,
      coins(PUZZLE_RUSH_REWARD * PUZZLE_TYPES.length),
      'no cap',
    ),
  ],
};
