import { createRng, deriveSeed, type Rng } from './rng';
import { type CheckResult, fail, isIntIn, isRecord, OK, type Puzzle, puzzleId } from './types';

export const MATCH3_SIZE = 5;
export const MATCH3_SYMBOLS = 7;
export const MATCH3_TARGET = 20;
/** Every swap scores at least one match, so this is far beyond any honest game. */
export const MATCH3_MAX_SWAPS = 200;
const CELLS = MATCH3_SIZE * MATCH3_SIZE;
const RESHUFFLE_TRIES = 100;

/**
 * Cells are row-major indices (row * 5 + column), symbols are 0..6. Nothing is hidden:
 * the score can only come from swaps the server replays, so the board and the refill
 * seed are public and the browser computes exactly what the server will.
 */
export interface Match3Question {
  size: typeof MATCH3_SIZE;
  symbols: typeof MATCH3_SYMBOLS;
  target: typeof MATCH3_TARGET;
  grid: number[];
  refillSeed: string;
}
export type Match3Secret = null;
export type Match3Puzzle = Puzzle<'match-3', Match3Question, Match3Secret>;
/** `swaps`: pairs of adjacent cell indices in play order; `count`: the matches the player claims. */
export interface Match3Answer {
  count: number;
  swaps: Array<[number, number]>;
}
/** Plain JSON, so the browser can keep it in storage between visits. */
export interface Match3State {
  grid: number[];
  refillSeed: string;
  /** Swaps played; it also selects the refill stream of the next swap. */
  moves: number;
  matches: number;
}
/** One clearing step of a cascade: what vanished, and the grid after falling and refilling. */
export interface Match3Step {
  cleared: number[];
  matches: number;
  grid: number[];
}
export type SwapResult =
  | {
      ok: true;
      state: Match3State;
      cleared: number;
      matches: number;
      steps: Match3Step[];
      reshuffled: boolean;
    }
  | { ok: false; reason: string };

/** Every row and every column, as cell indices. */
const LINES: readonly (readonly number[])[] = Array.from({ length: MATCH3_SIZE }, (_, k) => [
  Array.from({ length: MATCH3_SIZE }, (_, i) => k * MATCH3_SIZE + i),
  Array.from({ length: MATCH3_SIZE }, (_, i) => i * MATCH3_SIZE + k),
]).flat();

/** Sorted cells lying in a horizontal or vertical run of 3 or more equal symbols. */
export function findRunCells(grid: readonly number[]): number[] {
  const inRun = new Set<number>();
  for (const line of LINES) {
    let start = 0;
    for (let i = 1; i <= line.length; i++) {
      if (i < line.length && grid[line[i] as number] === grid[line[start] as number]) continue;
      if (i - start >= 3) for (let j = start; j < i; j++) inRun.add(line[j] as number);
      start = i;
    }
  }
  return [...inRun].sort((x, y) => x - y);
}

export function areAdjacent(a: number, b: number): boolean {
  if (!isIntIn(a, 0, CELLS - 1) || !isIntIn(b, 0, CELLS - 1)) return false;
  const sameRow = Math.floor(a / MATCH3_SIZE) === Math.floor(b / MATCH3_SIZE);
  return (sameRow && Math.abs(a - b) === 1) || Math.abs(a - b) === MATCH3_SIZE;
}

const swapped = (grid: readonly number[], a: number, b: number): number[] => {
  const next = [...grid];
  next[a] = grid[b] as number;
  next[b] = grid[a] as number;
  return next;
};

/** Adjacent, and the swap makes a run of 3 or more. */
export const isValidSwap = (grid: readonly number[], a: number, b: number): boolean =>
  areAdjacent(a, b) && findRunCells(swapped(grid, a, b)).length > 0;

/** Every valid swap, each pair once with the smaller cell first; at most `limit` of them. */
export function validSwaps(grid: readonly number[], limit = Infinity): Array<[number, number]> {
  const result: Array<[number, number]> = [];
  for (let a = 0; a < CELLS && result.length < limit; a++)
    for (const b of [a + 1, a + MATCH3_SIZE])
      if (areAdjacent(a, b) && grid[a] !== grid[b] && isValidSwap(grid, a, b)) result.push([a, b]);
  return result;
}

export const hasValidMove = (grid: readonly number[]): boolean => validSwaps(grid, 1).length > 0;

/** Each cell avoids the symbol of two equal neighbours above or to its left, so no run appears. */
function freshGrid(rng: Rng): number[] {
  for (;;) {
    const grid: number[] = [];
    for (let i = 0; i < CELLS; i++) {
      const col = i % MATCH3_SIZE;
      const left = col >= 2 && grid[i - 1] === grid[i - 2] ? grid[i - 1] : -1;
      const up =
        i >= 2 * MATCH3_SIZE && grid[i - MATCH3_SIZE] === grid[i - 2 * MATCH3_SIZE]
          ? grid[i - MATCH3_SIZE]
          : -1;
      const allowed = Array.from({ length: MATCH3_SYMBOLS }, (_, s) => s).filter(
        (s) => s !== left && s !== up,
      );
      grid.push(rng.pick(allowed));
    }
    if (hasValidMove(grid)) return grid;
  }
}

/** Shuffles the symbols already on the board; a fresh board only if shuffling keeps failing. */
function reshuffle(grid: readonly number[], rng: Rng): number[] {
  for (let i = 0; i < RESHUFFLE_TRIES; i++) {
    const next = rng.shuffle([...grid]);
    if (findRunCells(next).length === 0 && hasValidMove(next)) return next;
  }
  return freshGrid(rng);
}

/** Survivors fall to the bottom of their column; the holes left on top are refilled in row-major order. */
function collapse(grid: readonly number[], cleared: ReadonlySet<number>, rng: Rng): number[] {
  const next: number[] = new Array<number>(CELLS).fill(-1);
  for (let col = 0; col < MATCH3_SIZE; col++) {
    let write = MATCH3_SIZE - 1;
    for (let row = MATCH3_SIZE - 1; row >= 0; row--) {
      const i = row * MATCH3_SIZE + col;
      if (!cleared.has(i)) next[write-- * MATCH3_SIZE + col] = grid[i] as number;
    }
  }
  return next.map((s) => (s === -1 ? rng.int(MATCH3_SYMBOLS) : s));
}

export const initialMatch3State = (question: Match3Question): Match3State => ({
  grid: [...question.grid],
  refillSeed: question.refillSeed,
  moves: 0,
  matches: 0,
});

/**
 * Plays one swap: every cell in a run of 3+ clears at once, matches += floor(cleared / 3)
 * for that step, survivors fall, holes refill, and this repeats until nothing matches;
 * a board left without a valid move is then reshuffled. Refills and reshuffles of the
 * n-th swap come from a stream keyed by (refill seed, n), so a replay needs only the
 * swap list, and the stream of a swap does not depend on how many refills earlier ones drew.
 */
export function applySwap(state: Match3State, a: number, b: number): SwapResult {
  if (!areAdjacent(a, b)) return { ok: false, reason: 'Only neighbouring cells can be swapped' };
  let grid = swapped(state.grid, a, b);
  let cleared = findRunCells(grid);
  if (cleared.length === 0) return { ok: false, reason: 'That swap does not make a line of 3' };
  const rng = createRng(`${state.refillSeed}:${state.moves}`);
  const steps: Match3Step[] = [];
  while (cleared.length > 0) {
    grid = collapse(grid, new Set(cleared), rng);
    steps.push({ cleared, matches: Math.floor(cleared.length / 3), grid });
    cleared = findRunCells(grid);
  }
  const reshuffled = !hasValidMove(grid);
  if (reshuffled) grid = reshuffle(grid, rng);
  const totalCleared = steps.reduce((sum, s) => sum + s.cleared.length, 0);
  const matches = steps.reduce((sum, s) => sum + s.matches, 0);
  return {
    ok: true,
    state: {
      grid,
      refillSeed: state.refillSeed,
      moves: state.moves + 1,
      matches: state.matches + matches,
    },
    cleared: totalCleared,
    matches,
    steps,
    reshuffled,
  };
}

export function generateMatch3(seed: string, date: string): Match3Puzzle {
  const grid = freshGrid(createRng(deriveSeed(seed, 'match-3')));
  return {
    id: puzzleId(date, 'match-3'),
    type: 'match-3',
    question: {
      size: MATCH3_SIZE,
      symbols: MATCH3_SYMBOLS,
      target: MATCH3_TARGET,
      grid,
      refillSeed: deriveSeed(seed, 'match-3 refill'),
    },
    secret: null,
  };
}

const isSwap = (value: unknown): value is [number, number] =>
  Array.isArray(value) && value.length === 2 && value.every((c) => isIntIn(c, 0, CELLS - 1));

/** The claimed count is never trusted: only what the replayed swaps score counts. */
export function checkMatch3(puzzle: Match3Puzzle, answer: unknown): CheckResult {
  if (
    !isRecord(answer) ||
    !isIntIn(answer.count, 0, Number.MAX_SAFE_INTEGER) ||
    !Array.isArray(answer.swaps)
  )
    return fail('The answer needs the match count and the list of swaps');
  const { count, swaps } = answer;
  if (swaps.length > MATCH3_MAX_SWAPS)
    return fail(`At most ${MATCH3_MAX_SWAPS} swaps are accepted`);
  let state = initialMatch3State(puzzle.question);
  for (const [i, swap] of swaps.entries()) {
    if (!isSwap(swap)) return fail(`Swap ${i + 1} must be two cells from 0 to ${CELLS - 1}`);
    const result = applySwap(state, swap[0], swap[1]);
    if (!result.ok) return fail(`Swap ${i + 1} is not valid: ${result.reason}`);
    state = result.state;
  }
  if (count > state.matches) return fail(`The swaps make ${state.matches} matches, not ${count}`);
  if (state.matches < puzzle.question.target)
    return fail(`The swaps make ${state.matches} matches; ${puzzle.question.target} are needed`);
  return OK;
}
