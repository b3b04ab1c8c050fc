import { createRng, deriveSeed } from './rng';
import { type CheckResult, fail, isRecord, OK, type Puzzle, puzzleId } from './types';

export const MEMORY_COLUMNS = 4;
export const MEMORY_ROWS = 4;
export const MEMORY_CARDS = MEMORY_COLUMNS * MEMORY_ROWS;
/** Twice as many faces as pairs, so the set itself changes from day to day. */
export const MEMORY_FACES: readonly string[] = [
  '🐶',
  '🐱',
  '🦊',
  '🐼',
  '🐸',
  '🐵',
  '🦁',
  '🐯',
  '🐨',
  '🐰',
  '🐙',
  '🦄',
  '🐢',
  '🐝',
  '🦉',
  '🐧',
];

export interface MemoryQuestion {
  columns: typeof MEMORY_COLUMNS;
  rows: typeof MEMORY_ROWS;
}
/** Row-major faces: sent only one card at a time, through `faceAt`. */
export interface MemorySecret {
  faces: string[];
}
export type MemoryPuzzle = Puzzle<'memory', MemoryQuestion, MemorySecret>;
/** `board`: all faces, row-major. */
export interface MemoryAnswer {
  board: string[];
}

export function generateMemory(seed: string, date: string): MemoryPuzzle {
  const rng = createRng(deriveSeed(seed, 'memory'));
  const faces = rng.shuffle([...MEMORY_FACES]).slice(0, MEMORY_CARDS / 2);
  return {
    id: puzzleId(date, 'memory'),
    type: 'memory',
    question: { columns: MEMORY_COLUMNS, rows: MEMORY_ROWS },
    secret: { faces: rng.shuffle([...faces, ...faces]) },
  };
}

/** The face of one card for a flip request; null for an index off the board. */
export const faceAt = (puzzle: MemoryPuzzle, index: number): string | null =>
  Number.isInteger(index) && index >= 0 && index < MEMORY_CARDS
    ? (puzzle.secret.faces[index] ?? null)
    : null;

export function checkMemory(puzzle: MemoryPuzzle, answer: unknown): CheckResult {
  if (!isRecord(answer) || !Array.isArray(answer.board) || answer.board.length !== MEMORY_CARDS)
    return fail(`The answer needs the board: ${MEMORY_CARDS} cards`);
  const { board } = answer;
  // Which cards are wrong is not said: that would let a guesser solve the board by elimination.
  if (!puzzle.secret.faces.every((face, i) => board[i] === face))
    return fail('The cards do not match the board');
  return OK;
}
