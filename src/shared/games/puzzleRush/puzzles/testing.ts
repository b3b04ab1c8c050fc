import type { DailyPuzzle } from './index';
import { applySwap, initialMatch3State, validSwaps } from './match-3';
import { dailySeed } from './rng';

// Shared by the puzzle tests only: 200 consecutive days and their seeds under a test secret.
export const TEST_SECRET = 'fair-and-square puzzle test secret';
export const TEST_DATES: readonly string[] = Array.from({ length: 200 }, (_, i) =>
  new Date(Date.UTC(2025, 0, 1 + i)).toISOString().slice(0, 10),
);
export const testSeed = (date: string): string => dailySeed(TEST_SECRET, date);

/** Shortest tile moves to solved: iterative deepening A* on the sum of tile distances. */
function solveSliding(start: readonly number[]): number[] {
  const board = [...start];
  const away = (t: number, i: number) =>
    Math.abs(Math.floor(i / 3) - Math.floor((t - 1) / 3)) + Math.abs((i % 3) - ((t - 1) % 3));
  const distance = () => board.reduce((sum, t, i) => (t === 0 ? sum : sum + away(t, i)), 0);
  const moves: number[] = [];
  const search = (depth: number, bound: number): number => {
    const estimate = depth + distance();
    if (estimate > bound) return estimate;
    if (estimate === depth) return -1; // every tile is home
    const gap = board.indexOf(0);
    let next = Infinity;
    for (const cell of [gap - 3, gap + 3, gap % 3 > 0 ? gap - 1 : -1, gap % 3 < 2 ? gap + 1 : -1]) {
      const tile = board[cell];
      if (cell < 0 || tile === undefined || tile === moves.at(-1)) continue;
      [board[gap], board[cell]] = [tile, 0];
      moves.push(tile);
      const found = search(depth + 1, bound);
      if (found === -1) return -1;
      next = Math.min(next, found);
      moves.pop();
      [board[gap], board[cell]] = [0, tile];
    }
    return next;
  };
  for (let bound = distance(); ;) {
    const result = search(0, bound);
    if (result === -1) return moves;
    bound = result;
  }
}

/** A right answer to any puzzle, from its secret (and a solver for sliding, which has none). */
export function correctAnswer(puzzle: DailyPuzzle): unknown {
  switch (puzzle.type) {
    case 'sliding':
      return { board: [1, 2, 3, 4, 5, 6, 7, 8, 0], moves: solveSliding(puzzle.question.board) };
    case 'memory':
      return { board: puzzle.secret.faces };
    case 'match-3': {
      let state = initialMatch3State(puzzle.question);
      const swaps: Array<[number, number]> = [];
      while (state.matches < puzzle.question.target) {
        const swap = validSwaps(state.grid)[0] as [number, number];
        const result = applySwap(state, ...swap);
        if (!result.ok) throw new Error(result.reason);
        swaps.push(swap);
        state = result.state;
      }
      return { count: state.matches, swaps };
    }
    case 'logic-grid':
      return puzzle.secret;
    case 'n-queens':
      return { positions: puzzle.secret.positions };
  }
}
