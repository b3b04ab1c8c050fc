import { createRng, deriveSeed } from './rng';
import { type CheckResult, fail, isIntIn, isRecord, OK, type Puzzle, puzzleId } from './types';

export const SLIDING_SIZE = 3;
const CELLS = SLIDING_SIZE * SLIDING_SIZE;
/** Tiles 1..8 in reading order, gap (0) last. */
export const SLIDING_SOLVED: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8, 0];
// About 94% of solvable boards are at least this far (sum of tile distances) from solved;
// redrawing the rest keeps a day from being won in a handful of moves.
export const SLIDING_MIN_DISTANCE = 10;
/** Replay is linear, but an answer still must not make the server loop without bound. */
export const SLIDING_MAX_MOVES = 10_000;

export interface SlidingQuestion {
  size: typeof SLIDING_SIZE;
  /** Row-major, 0 is the gap. */
  board: number[];
}
/** Any legal sequence of moves wins, so there is nothing to hide. */
export type SlidingSecret = null;
export type SlidingPuzzle = Puzzle<'sliding', SlidingQuestion, SlidingSecret>;
/** `moves`: the tile number that slid into the gap, in play order. */
export interface SlidingAnswer {
  board: number[];
  moves: number[];
}

export const isSlidingSolved = (board: readonly number[]): boolean =>
  board.length === CELLS && board.every((tile, i) => tile === SLIDING_SOLVED[i]);

/**
 * On a board of odd width a move never changes the parity of inversions among tiles 1..8,
 * and the solved board has none, so exactly the even-parity boards are solvable.
 */
export function isSlidingSolvable(board: readonly number[]): boolean {
  const tiles = board.filter((t) => t !== 0);
  let inversions = 0;
  for (let i = 0; i < tiles.length; i++)
    for (let j = i + 1; j < tiles.length; j++)
      if ((tiles[i] as number) > (tiles[j] as number)) inversions++;
  return inversions % 2 === 0;
}

/** Sum over tiles of the row + column distance to their solved cell. */
export function slidingDistance(board: readonly number[]): number {
  let total = 0;
  board.forEach((tile, i) => {
    if (tile === 0) return;
    const home = tile - 1;
    total +=
      Math.abs(Math.floor(i / SLIDING_SIZE) - Math.floor(home / SLIDING_SIZE)) +
      Math.abs((i % SLIDING_SIZE) - (home % SLIDING_SIZE));
  });
  return total;
}

/** The board after `tile` slides into the gap, or null when the tile does not touch the gap. */
export function slideTile(board: readonly number[], tile: number): number[] | null {
  const from = board.indexOf(tile);
  const gap = board.indexOf(0);
  if (tile === 0 || from < 0 || gap < 0) return null;
  const sameRow = Math.floor(from / SLIDING_SIZE) === Math.floor(gap / SLIDING_SIZE);
  const adjacent = (sameRow && Math.abs(from - gap) === 1) || Math.abs(from - gap) === SLIDING_SIZE;
  if (!adjacent) return null;
  const next = [...board];
  next[gap] = tile;
  next[from] = 0;
  return next;
}

export function generateSliding(seed: string, date: string): SlidingPuzzle {
  const rng = createRng(deriveSeed(seed, 'sliding'));
  for (;;) {
    const board = rng.shuffle([...SLIDING_SOLVED]);
    if (isSlidingSolvable(board) && slidingDistance(board) >= SLIDING_MIN_DISTANCE)
      return {
        id: puzzleId(date, 'sliding'),
        type: 'sliding',
        question: { size: SLIDING_SIZE, board },
        secret: null,
      };
  }
}

const isBoard = (value: unknown): value is number[] =>
  Array.isArray(value) && value.length === CELLS && value.every((t) => isIntIn(t, 0, CELLS - 1));

/**
 * The submitted board alone proves nothing (anyone can type 1..8), so the moves are
 * replayed from the day's board and must end on it, solved.
 */
export function checkSliding(puzzle: SlidingPuzzle, answer: unknown): CheckResult {
  if (!isRecord(answer) || !isBoard(answer.board) || !Array.isArray(answer.moves))
    return fail('The answer needs the board (9 cells) and the list of moves');
  const { board: submitted, moves } = answer;
  if (moves.length > SLIDING_MAX_MOVES)
    return fail(`At most ${SLIDING_MAX_MOVES} moves are accepted`);
  let board: number[] = [...puzzle.question.board];
  for (const [i, tile] of moves.entries()) {
    const next = isIntIn(tile, 1, CELLS - 1) ? slideTile(board, tile) : null;
    if (!next) return fail(`Move ${i + 1} (tile ${String(tile)}) is not next to the gap`);
    board = next;
  }
  if (!isSlidingSolved(board)) return fail('The moves do not solve the puzzle');
  if (!board.every((t, i) => t === submitted[i])) return fail('The board does not match the moves');
  return OK;
}
