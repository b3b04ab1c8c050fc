import { describe, expect, it } from 'vitest';
import {
  checkQueens,
  generateQueens,
  type QueenPosition,
  type QueensPuzzle,
  solveQueens,
} from './n-queens';
import { TEST_DATES, testSeed } from './testing';

// Brute force written apart from the module: every permutation of columns (one queen per
// row and column) whose queens on consecutive rows are not side by side diagonally...
const untouching: number[][] = [];
(function permute(prefix: number[], left: number[]): void {
  if (left.length === 0) untouching.push(prefix);
  for (const c of left)
    if (prefix.length === 0 || Math.abs(c - (prefix.at(-1) as number)) > 1)
      permute(
        [...prefix, c],
        left.filter((x) => x !== c),
      );
})([], [0, 1, 2, 3, 4, 5, 6, 7]);

// ...then those with one queen per region that keep the givens.
const bruteForce = ({ regions, initial }: QueensPuzzle['question']): number[][] =>
  untouching.filter(
    (cols) =>
      new Set(cols.map((c, r) => regions[r]?.[c])).size === 8 &&
      initial.every(([r, c]) => cols[r] === c),
  );

const puzzles = TEST_DATES.map((date) => generateQueens(testSeed(date), date));
const first = puzzles[0] as QueensPuzzle;
const secretCols = (p: QueensPuzzle) => p.secret.positions.map(([, c]) => c);

describe('n-queens puzzle', () => {
  it('has exactly one solution every day, the secret one, by brute force', () => {
    expect(untouching.length).toBe(5242); // OEIS A002464(8): permutations with no adjacent neighbours
    for (const puzzle of puzzles) expect(bruteForce(puzzle.question)).toEqual([secretCols(puzzle)]);
  });

  it('grows 8 connected regions, one around each queen', () => {
    for (const { question, secret } of puzzles) {
      expect(question.size).toBe(8);
      expect(question.regions).toHaveLength(8);
      const cells = new Map<number, Array<[number, number]>>();
      question.regions.forEach((row, r) => {
        expect(row).toHaveLength(8);
        row.forEach((id, c) => cells.set(id, [...(cells.get(id) ?? []), [r, c]]));
      });
      expect([...cells.keys()].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      for (const [id, members] of cells) {
        const [start] = members;
        const seen = new Set([String(start)]);
        const queue = [start as [number, number]];
        for (let head = 0; head < queue.length; head++) {
          const [r, c] = queue[head] as [number, number];
          for (const next of [
            [r - 1, c],
            [r + 1, c],
            [r, c - 1],
            [r, c + 1],
          ] as Array<[number, number]>)
            if (question.regions[next[0]]?.[next[1]] === id && !seen.has(String(next))) {
              seen.add(String(next));
              queue.push(next);
            }
        }
        expect(seen.size).toBe(members.length);
        expect(secret.positions.filter(([r, c]) => question.regions[r]?.[c] === id)).toHaveLength(
          1,
        );
      }
    }
  });

  it('gives a few of the secret queens, sorted by row', () => {
    for (const { question, secret } of puzzles) {
      expect(question.initial.length).toBeLessThan(8);
      for (const [r, c] of question.initial) expect(secret.positions[r]).toEqual([r, c]);
      expect(question.initial.map(([r]) => r)).toEqual(question.initial.map(([r]) => r).sort());
    }
    const average = puzzles.reduce((sum, p) => sum + p.question.initial.length, 0) / puzzles.length;
    expect(average).toBeLessThan(4);
  });

  it('solves like the brute force and stops at the limit', () => {
    expect(solveQueens(first.question.regions, first.question.initial)).toEqual([
      secretCols(first),
    ]);
    const withoutGivens = bruteForce({ ...first.question, initial: [] });
    expect(solveQueens(first.question.regions, [], 1000)).toEqual(withoutGivens);
    expect(solveQueens(first.question.regions, [], 1)).toHaveLength(1);
  });

  it('accepts the placement in any order', () => {
    expect(checkQueens(first, { positions: first.secret.positions })).toEqual({ ok: true });
    expect(checkQueens(first, { positions: [...first.secret.positions].reverse() })).toEqual({
      ok: true,
    });
  });

  it('refuses an answer that removes a given queen', () => {
    const [given] = first.question.initial as [QueenPosition];
    const moved = first.secret.positions.map(([r, c]): QueenPosition =>
      r === given[0] ? [r, (c + 4) % 8] : [r, c],
    );
    expect(checkQueens(first, { positions: moved })).toEqual({
      ok: false,
      reason: `The given queen at row ${given[0] + 1}, column ${given[1] + 1} cannot be removed`,
    });
  });

  it('refuses placements that break a rule, naming it', () => {
    // Every other placement with no shared row or column and no touching keeps the givens
    // only by sharing a region, since the solution is unique.
    const keepsGivens = (cols: number[]) => first.question.initial.every(([r, c]) => cols[r] === c);
    const rivals = untouching.filter(
      (cols) => cols.join() !== secretCols(first).join() && keepsGivens(cols),
    );
    expect(rivals.length).toBeGreaterThan(0);
    for (const rival of rivals.slice(0, 50))
      expect(checkQueens(first, { positions: rival.map((c, r) => [r, c]) })).toMatchObject({
        ok: false,
        reason: expect.stringMatching(/share a region$/),
      });

    const asRows = (cols: number[]) => cols.map((c, r): QueenPosition => [r, c]);
    const givenRows = new Set(first.question.initial.map(([r]) => r));
    const free = [...Array(8).keys()].filter((r) => !givenRows.has(r));
    const [r0, r1] = free as [number, number];
    const cols = secretCols(first);
    const sameColumn = asRows(cols).map(([r, c]): QueenPosition =>
      r === r1 ? [r, cols[r0] as number] : [r, c],
    );
    expect(checkQueens(first, { positions: sameColumn })).toEqual({
      ok: false,
      reason: `Two queens share column ${(secretCols(first)[r0] as number) + 1}`,
    });
    const sameRow = asRows(secretCols(first)).map(([r, c]): QueenPosition =>
      r === r1 ? [r0, c] : [r, c],
    );
    expect(checkQueens(first, { positions: sameRow })).toEqual({
      ok: false,
      reason: `Two queens share row ${r0 + 1}`,
    });
    expect(checkQueens(first, { positions: first.secret.positions.slice(0, 7) })).toEqual({
      ok: false,
      reason: 'Place exactly 8 queens',
    });
  });

  it('refuses touching queens', () => {
    const regions = Array.from({ length: 8 }, (_, r) => new Array<number>(8).fill(r));
    const puzzle: QueensPuzzle = { ...first, question: { size: 8, regions, initial: [] } };
    const touching = [0, 1, 3, 5, 7, 2, 4, 6].map((c, r): QueenPosition => [r, c]);
    expect(checkQueens(puzzle, { positions: touching })).toEqual({
      ok: false,
      reason: 'The queens at row 1, column 1 and row 2, column 2 touch',
    });
  });

  it('refuses malformed answers', () => {
    const positions = [[[0, 8]], [[0]], [['0', '1']], [[-1, 0]], 'x'];
    for (const answer of [null, [], {}, ...positions.map((p) => ({ positions: p }))])
      expect(checkQueens(first, answer)).toMatchObject({ ok: false });
  });
});
