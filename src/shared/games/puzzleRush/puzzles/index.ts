import { checkLogicGrid, generateLogicGrid, type LogicGridPuzzle } from './logic-grid';
import { checkMatch3, generateMatch3, type Match3Puzzle } from './match-3';
import { checkMemory, generateMemory, type MemoryPuzzle } from './memory';
import { checkQueens, generateQueens, type QueensPuzzle } from './n-queens';
import { checkSliding, generateSliding, type SlidingPuzzle } from './sliding';
import type { CheckResult, PuzzleType } from './types';

export * from './logic-grid';
export * from './match-3';
export * from './memory';
export * from './n-queens';
export * from './rng';
export * from './sliding';
export * from './types';

/** The page's order (spec section 2). */
export const PUZZLE_TYPES: readonly PuzzleType[] = [
  'sliding',
  'memory',
  'match-3',
  'logic-grid',
  'n-queens',
];

export type DailyPuzzle =
  SlidingPuzzle | MemoryPuzzle | Match3Puzzle | LogicGridPuzzle | QueensPuzzle;
/** What the browser may see: everything but the secret. */
export type PublicPuzzle = DailyPuzzle extends infer P
  ? P extends DailyPuzzle
    ? Omit<P, 'secret'>
    : never
  : never;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The day's five puzzles, a pure function of `seed`; `date` only names them. The server
 * passes HMAC(server secret, date) as the seed, so nobody without the secret can rebuild
 * the solutions from the date.
 */
export function generateDailyPuzzles(seed: string, date: string): DailyPuzzle[] {
  if (!DATE.test(date)) throw new RangeError(`date must be YYYY-MM-DD, got ${date}`);
  if (seed.length === 0) throw new RangeError('seed must not be empty');
  return [
    generateSliding(seed, date),
    generateMemory(seed, date),
    generateMatch3(seed, date),
    generateLogicGrid(seed, date),
    generateQueens(seed, date),
  ];
}

export const publicPuzzle = ({ id, type, question }: DailyPuzzle): PublicPuzzle =>
  ({ id, type, question }) as PublicPuzzle;

/** `answer` is the untrusted JSON the player sent; its shape is checked here too. */
export function checkAnswer(puzzle: DailyPuzzle, answer: unknown): CheckResult {
  switch (puzzle.type) {
    case 'sliding':
      return checkSliding(puzzle, answer);
    case 'memory':
      return checkMemory(puzzle, answer);
    case 'match-3':
      return checkMatch3(puzzle, answer);
    case 'logic-grid':
      return checkLogicGrid(puzzle, answer);
    case 'n-queens':
      return checkQueens(puzzle, answer);
  }
}
