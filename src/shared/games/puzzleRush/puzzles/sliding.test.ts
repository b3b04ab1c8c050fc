import { beforeAll, describe, expect, it } from 'vitest';
import {
  checkSliding,
  generateSliding,
  isSlidingSolvable,
  isSlidingSolved,
  SLIDING_MAX_MOVES,
  SLIDING_MIN_DISTANCE,
  slideTile,
  type SlidingPuzzle,
} from './sliding';
import { TEST_DATES, testSeed } from './testing';

// Breadth-first search backwards from the solved board, written apart from the module:
// it finds every reachable board, and for each the tile whose move leads one step closer.
const key = (board: readonly number[]) => board.join('');
const towardSolved = new Map<string, { next: string; tile: number }>();
function exploreFromSolved(): void {
  const start = [1, 2, 3, 4, 5, 6, 7, 8, 0];
  towardSolved.set(key(start), { next: '', tile: 0 });
  const queue: number[][] = [start];
  for (let head = 0; head < queue.length; head++) {
    const board = queue[head] as number[];
    const gap = board.indexOf(0);
    const [row, col] = [Math.floor(gap / 3), gap % 3];
    for (const [r, c] of [
      [row - 1, col],
      [row + 1, col],
      [row, col - 1],
      [row, col + 1],
    ] as const) {
      if (r < 0 || r > 2 || c < 0 || c > 2) continue;
      const child = [...board];
      const tile = board[r * 3 + c] as number;
      child[gap] = tile;
      child[r * 3 + c] = 0;
      if (towardSolved.has(key(child))) continue;
      // Moving `tile` back into the child's gap returns to `board`.
      towardSolved.set(key(child), { next: key(board), tile });
      queue.push(child);
    }
  }
}

function solve(board: readonly number[]): number[] {
  const moves: number[] = [];
  for (let k = key(board); k !== '123456780';) {
    const step = towardSolved.get(k);
    if (!step) throw new Error(`unsolvable ${k}`);
    moves.push(step.tile);
    k = step.next;
  }
  return moves;
}

const SOLVED = [1, 2, 3, 4, 5, 6, 7, 8, 0];

describe('sliding puzzle', () => {
  let puzzles: SlidingPuzzle[];
  beforeAll(() => {
    exploreFromSolved();
    puzzles = TEST_DATES.map((date) => generateSliding(testSeed(date), date));
  });

  it('decides solvability like a full search does', () => {
    expect(towardSolved.size).toBe(181_440); // 9! / 2
    const misjudged = [...towardSolved.keys()].filter(
      (k) => !isSlidingSolvable([...k].map(Number)),
    );
    expect(misjudged).toEqual([]);
    expect(isSlidingSolvable([2, 1, 3, 4, 5, 6, 7, 8, 0])).toBe(false);
  });

  it('deals a solvable, unsolved 3x3 board every day', () => {
    for (const [i, { id, question }] of puzzles.entries()) {
      expect(id).toBe(`${TEST_DATES[i]}:sliding`);
      expect([...question.board].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
      expect(towardSolved.has(key(question.board))).toBe(true);
      expect(isSlidingSolved(question.board)).toBe(false);
      expect(solve(question.board).length).toBeGreaterThanOrEqual(SLIDING_MIN_DISTANCE);
    }
  });

  it('slides only a tile next to the gap, never across a row end', () => {
    const board = [1, 2, 3, 0, 4, 5, 6, 7, 8];
    expect(slideTile(board, 1)).toEqual([0, 2, 3, 1, 4, 5, 6, 7, 8]);
    expect(slideTile(board, 4)).toEqual([1, 2, 3, 4, 0, 5, 6, 7, 8]);
    expect(slideTile(board, 3)).toBeNull(); // index 2 sits before the gap's index 3, on the row above
    expect(slideTile(board, 5)).toBeNull();
    expect(slideTile(board, 0)).toBeNull();
    expect(slideTile(board, 9)).toBeNull();
    expect(board).toEqual([1, 2, 3, 0, 4, 5, 6, 7, 8]);
  });

  it('accepts a replayed solution', () => {
    for (const puzzle of puzzles.slice(0, 50)) {
      expect(checkSliding(puzzle, { board: SOLVED, moves: solve(puzzle.question.board) })).toEqual({
        ok: true,
      });
    }
  });

  it('accepts a longer legal path too', () => {
    const puzzle = puzzles[0] as SlidingPuzzle;
    const moves = solve(puzzle.question.board);
    // Sliding a tile and back leaves the board unchanged.
    const board = [...puzzle.question.board];
    const neighbour = board[
      board.indexOf(0) % 3 === 0 ? board.indexOf(0) + 1 : board.indexOf(0) - 1
    ] as number;
    expect(
      checkSliding(puzzle, { board: SOLVED, moves: [neighbour, neighbour, ...moves] }),
    ).toEqual({ ok: true });
  });

  it('refuses a solved board without the moves that reach it', () => {
    const puzzle = puzzles[0] as SlidingPuzzle;
    const result = checkSliding(puzzle, { board: SOLVED, moves: [] });
    expect(result).toEqual({ ok: false, reason: 'The moves do not solve the puzzle' });
  });

  it('refuses an illegal move, naming it', () => {
    const puzzle: SlidingPuzzle = {
      ...(puzzles[0] as SlidingPuzzle),
      question: { size: 3, board: [1, 2, 3, 4, 5, 6, 7, 0, 8] },
    };
    expect(checkSliding(puzzle, { board: SOLVED, moves: [8] })).toEqual({ ok: true });
    expect(checkSliding(puzzle, { board: SOLVED, moves: [1] })).toEqual({
      ok: false,
      reason: 'Move 1 (tile 1) is not next to the gap',
    });
    expect(checkSliding(puzzle, { board: SOLVED, moves: [8, 0] })).toMatchObject({ ok: false });
    expect(checkSliding(puzzle, { board: SOLVED, moves: ['8'] })).toMatchObject({ ok: false });
  });

  it('refuses a board that is not where the moves end', () => {
    const puzzle: SlidingPuzzle = {
      ...(puzzles[0] as SlidingPuzzle),
      question: { size: 3, board: [1, 2, 3, 4, 5, 6, 7, 0, 8] },
    };
    expect(checkSliding(puzzle, { board: [1, 2, 3, 4, 5, 6, 7, 0, 8], moves: [8] })).toEqual({
      ok: false,
      reason: 'The board does not match the moves',
    });
  });

  it('refuses malformed answers and endless move lists', () => {
    const puzzle = puzzles[0] as SlidingPuzzle;
    const malformed = [
      null,
      'x',
      [],
      {},
      { board: SOLVED },
      { moves: [] },
      { board: [1, 2, 3], moves: [] },
      { board: SOLVED, moves: 'x' },
    ];
    for (const answer of malformed)
      expect(checkSliding(puzzle, answer)).toMatchObject({ ok: false });
    const tooMany = new Array<number>(SLIDING_MAX_MOVES + 1).fill(1);
    expect(checkSliding(puzzle, { board: SOLVED, moves: tooMany })).toEqual({
      ok: false,
      reason: `At most ${SLIDING_MAX_MOVES} moves are accepted`,
    });
  });
});
