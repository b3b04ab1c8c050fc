import { createRng, deriveSeed, type Rng } from './rng';
import { type CheckResult, fail, isIntIn, isRecord, OK, type Puzzle, puzzleId } from './types';

export const QUEENS_SIZE = 8;
const N = QUEENS_SIZE;

/** [row, column], both 0-based. */
export type QueenPosition = [number, number];

/** `regions[row][column]` is a region id 0..7; `initial` are queens given to the player. */
export interface QueensQuestion {
  size: typeof QUEENS_SIZE;
  regions: number[][];
  initial: QueenPosition[];
}
/** The unique placement, one queen per row, sorted by row. */
export interface QueensSecret {
  positions: QueenPosition[];
}
export type QueensPuzzle = Puzzle<'n-queens', QueensQuestion, QueensSecret>;
/** `positions`: 8 [row, column] pairs in any order, the givens included. */
export interface QueensAnswer {
  positions: QueenPosition[];
}

/**
 * Placements (column per row) with one queen per row, column and region, none touching,
 * that keep the givens; at most `limit` of them. Queens in different rows can only touch
 * when the rows are consecutive, so each row checks against the previous one alone.
 */
export function solveQueens(
  regions: readonly (readonly number[])[],
  givens: readonly QueenPosition[],
  limit = 2,
): number[][] {
  const fixed = new Array<number>(N).fill(-1);
  for (const [r, c] of givens) fixed[r] = c;
  const cols: number[] = [];
  const found: number[][] = [];
  const search = (row: number, usedCols: number, usedRegions: number): void => {
    if (row === N) {
      found.push([...cols]);
      return;
    }
    const prev = row > 0 ? (cols[row - 1] as number) : -9;
    const only = fixed[row] as number;
    for (let c = only >= 0 ? only : 0; c < (only >= 0 ? only + 1 : N); c++) {
      const region = regions[row]?.[c] as number;
      if (usedCols & (1 << c) || usedRegions & (1 << region) || Math.abs(c - prev) <= 1) continue;
      cols[row] = c;
      search(row + 1, usedCols | (1 << c), usedRegions | (1 << region));
      if (found.length >= limit) return;
    }
  };
  search(0, 0, 0);
  return found;
}

function randomPlacement(rng: Rng): number[] {
  const cols: number[] = [];
  const place = (row: number): boolean => {
    if (row === N) return true;
    for (const c of rng.shuffle(Array.from({ length: N }, (_, i) => i))) {
      if (cols.includes(c) || (row > 0 && Math.abs(c - (cols[row - 1] as number)) <= 1)) continue;
      cols[row] = c;
      if (place(row + 1)) return true;
    }
    cols.length = row;
    return false;
  };
  place(0);
  return cols;
}

/**
 * Each queen seeds a region; then, in turn, a random region that can still grow claims a
 * random free cell beside it. Picking the region first keeps sizes comparable: picking a
 * free cell first lets big regions, with long borders, swallow the board. Region ids are
 * shuffled so that an id does not tell which row its queen is on.
 */
function growRegions(cols: readonly number[], rng: Rng): number[][] {
  const regions = Array.from({ length: N }, () => new Array<number>(N).fill(-1));
  const ids = rng.shuffle(Array.from({ length: N }, (_, i) => i));
  cols.forEach((c, r) => ((regions[r] as number[])[c] = ids[r] as number));
  const touches = (r: number, c: number, id: number): boolean =>
    regions[r - 1]?.[c] === id ||
    regions[r + 1]?.[c] === id ||
    regions[r]?.[c - 1] === id ||
    regions[r]?.[c + 1] === id;
  for (;;) {
    const frontier = new Map<number, Array<[number, number]>>();
    for (let r = 0; r < N; r++)
      for (let c = 0; c < N; c++)
        for (let id = 0; regions[r]?.[c] === -1 && id < N; id++)
          if (touches(r, c, id)) frontier.set(id, [...(frontier.get(id) ?? []), [r, c]]);
    if (frontier.size === 0) return regions;
    const id = rng.pick([...frontier.keys()].sort((x, y) => x - y));
    const [r, c] = rng.pick(frontier.get(id) as Array<[number, number]>);
    (regions[r] as number[])[c] = id;
  }
}

/**
 * While a second placement exists, give the player the true queen of a row where the two
 * differ; then take back every given the others make unnecessary.
 */
function givensFor(regions: number[][], cols: readonly number[], rng: Rng): QueenPosition[] {
  let initial: QueenPosition[] = [];
  for (;;) {
    const other = solveQueens(regions, initial).find((s) => s.some((c, r) => c !== cols[r]));
    if (!other) break;
    const row = rng.pick(other.flatMap((c, r) => (c !== cols[r] ? [r] : [])));
    initial.push([row, cols[row] as number]);
  }
  for (const given of rng.shuffle([...initial])) {
    const without = initial.filter((g) => g !== given);
    if (solveQueens(regions, without).length === 1) initial = without;
  }
  return initial.sort((x, y) => x[0] - y[0]);
}

// Region layouts tried per puzzle: the one needing the fewest givens is kept, as every
// given is a queen the player does not have to find.
const LAYOUT_TRIES = 4;

export function generateQueens(seed: string, date: string): QueensPuzzle {
  const rng = createRng(deriveSeed(seed, 'n-queens'));
  const cols = randomPlacement(rng);
  let best: { regions: number[][]; initial: QueenPosition[] } | null = null;
  for (let i = 0; i < LAYOUT_TRIES && (best?.initial.length ?? 1) > 0; i++) {
    const regions = growRegions(cols, rng);
    const initial = givensFor(regions, cols, rng);
    if (!best || initial.length < best.initial.length) best = { regions, initial };
  }
  const { regions, initial } = best as { regions: number[][]; initial: QueenPosition[] };
  return {
    id: puzzleId(date, 'n-queens'),
    type: 'n-queens',
    question: { size: N, regions, initial },
    secret: { positions: cols.map((c, r): QueenPosition => [r, c]) },
  };
}

const isPosition = (value: unknown): value is QueenPosition =>
  Array.isArray(value) && value.length === 2 && value.every((v) => isIntIn(v, 0, N - 1));

const cell = ([r, c]: QueenPosition): string => `row ${r + 1}, column ${c + 1}`;

/**
 * Checks the rules, not equality with the secret. The generator makes the solution unique,
 * so for a valid puzzle the two agree; checking the rules lets the reason name the broken
 * one, and would still accept any placement that truly satisfies what the player was shown.
 */
export function checkQueens(puzzle: QueensPuzzle, answer: unknown): CheckResult {
  if (!isRecord(answer) || !Array.isArray(answer.positions) || !answer.positions.every(isPosition))
    return fail('The answer needs the queens as [row, column] pairs from 0 to 7');
  const positions = answer.positions;
  if (positions.length !== N) return fail(`Place exactly ${N} queens`);
  const { regions, initial } = puzzle.question;
  for (const given of initial)
    if (!positions.some(([r, c]) => r === given[0] && c === given[1]))
      return fail(`The given queen at ${cell(given)} cannot be removed`);
  // One rule at a time over all pairs, so the reason names the most basic rule broken.
  const pairs = positions.flatMap((p, i) =>
    positions.slice(i + 1).map((q): [QueenPosition, QueenPosition] => [p, q]),
  );
  const region = ([r, c]: QueenPosition) => regions[r]?.[c];
  const rules: Array<
    [
      (p: QueenPosition, q: QueenPosition) => boolean,
      (p: QueenPosition, q: QueenPosition) => string,
    ]
  > = [
    [(p, q) => p[0] === q[0], (p) => `Two queens share row ${p[0] + 1}`],
    [(p, q) => p[1] === q[1], (p) => `Two queens share column ${p[1] + 1}`],
    [
      (p, q) => region(p) === region(q),
      (p, q) => `The queens at ${cell(p)} and ${cell(q)} share a region`,
    ],
    [
      (p, q) => Math.abs(p[0] - q[0]) <= 1 && Math.abs(p[1] - q[1]) <= 1,
      (p, q) => `The queens at ${cell(p)} and ${cell(q)} touch`,
    ],
  ];
  for (const [broken, reason] of rules) {
    const pair = pairs.find(([p, q]) => broken(p, q));
    if (pair) return fail(reason(...pair));
  }
  return OK;
}
