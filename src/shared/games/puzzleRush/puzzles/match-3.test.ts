import { describe, expect, it } from 'vitest';
import {
  applySwap,
  checkMatch3,
  findRunCells,
  generateMatch3,
  initialMatch3State,
  MATCH3_MAX_SWAPS,
  type Match3Puzzle,
  type Match3State,
  validSwaps,
} from './match-3';
import { TEST_DATES, testSeed } from './testing';

// Written apart from the module, the plain way: any three equal in a row or a column.
const at = (g: readonly number[], r: number, c: number) => g[r * 5 + c];
function hasRun(g: readonly number[]): boolean {
  for (let r = 0; r < 5; r++)
    for (let c = 0; c < 5; c++) {
      if (c <= 2 && at(g, r, c) === at(g, r, c + 1) && at(g, r, c) === at(g, r, c + 2)) return true;
      if (r <= 2 && at(g, r, c) === at(g, r + 1, c) && at(g, r, c) === at(g, r + 2, c)) return true;
    }
  return false;
}
function anyMove(g: readonly number[]): boolean {
  for (let i = 0; i < 25; i++)
    for (const j of [i % 5 < 4 ? i + 1 : -1, i + 5])
      if (j >= 0 && j < 25) {
        const s = [...g];
        [s[i], s[j]] = [s[j] as number, s[i] as number];
        if (hasRun(s)) return true;
      }
  return false;
}

const puzzles = TEST_DATES.map((date) => generateMatch3(testSeed(date), date));
const first = puzzles[0] as Match3Puzzle;

/** Plays the first valid swap until the target; returns the swaps and the final state. */
function playGreedy(
  puzzle: Match3Puzzle,
  onSwap?: (state: Match3State, reshuffled: boolean) => void,
) {
  let state = initialMatch3State(puzzle.question);
  const swaps: Array<[number, number]> = [];
  while (state.matches < puzzle.question.target) {
    const swap = validSwaps(state.grid)[0];
    if (!swap) throw new Error('no valid move left');
    const result = applySwap(state, ...swap);
    if (!result.ok) throw new Error(result.reason);
    swaps.push(swap);
    state = result.state;
    onSwap?.(state, result.reshuffled);
  }
  return { swaps, state };
}

const stateOf = (rows: number[][]): Match3State => ({
  grid: rows.flat(),
  refillSeed: 'test',
  moves: 0,
  matches: 0,
});

describe('match-3 puzzle', () => {
  it('deals a 5x5 board of 7 symbols with no run and a valid move every day', () => {
    for (const { question } of puzzles) {
      expect(question).toMatchObject({ size: 5, symbols: 7, target: 20 });
      expect(question.grid).toHaveLength(25);
      expect(question.grid.every((s) => Number.isInteger(s) && s >= 0 && s < 7)).toBe(true);
      expect(hasRun(question.grid)).toBe(false);
      expect(anyMove(question.grid)).toBe(true);
      expect(question.refillSeed).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('finds runs of three or more across rows and columns', () => {
    const grid = [
      [0, 0, 0, 1, 2],
      [3, 4, 5, 6, 2],
      [1, 2, 3, 4, 2],
      [5, 5, 5, 5, 5],
      [0, 1, 0, 1, 0],
    ].flat();
    expect(findRunCells(grid)).toEqual([0, 1, 2, 4, 9, 14, 15, 16, 17, 18, 19]);
    expect(findRunCells(first.question.grid)).toEqual([]);
  });

  it('refuses a swap of cells that are not neighbours, or that makes no line', () => {
    const state = initialMatch3State(first.question);
    expect(applySwap(state, 0, 2)).toEqual({
      ok: false,
      reason: 'Only neighbouring cells can be swapped',
    });
    expect(applySwap(state, 4, 5)).toEqual({
      ok: false,
      reason: 'Only neighbouring cells can be swapped',
    }); // row end
    expect(applySwap(state, 0, 6)).toMatchObject({ ok: false }); // diagonal
    expect(applySwap(state, 0, 0)).toMatchObject({ ok: false });
    expect(applySwap(state, 24, 25)).toMatchObject({ ok: false });
    const valid = new Set(validSwaps(state.grid).map(([a, b]) => `${a},${b}`));
    const dud = [...Array(24).keys()]
      .map((a): [number, number] => [a, a + 1])
      .find(([a, b]) => a % 5 < 4 && !valid.has(`${a},${b}`));
    expect(applySwap(state, ...(dud as [number, number]))).toEqual({
      ok: false,
      reason: 'That swap does not make a line of 3',
    });
    expect(state.grid).toEqual(first.question.grid);
  });

  it('clears a line, drops what is above it and refills the top', () => {
    const state = stateOf([
      [0, 1, 2, 3, 4],
      [1, 2, 3, 4, 5],
      [2, 3, 4, 5, 6],
      [3, 4, 5, 6, 0],
      [6, 6, 0, 6, 1],
    ]);
    const result = applySwap(state, 22, 23);
    if (!result.ok) throw new Error(result.reason);
    const step = result.steps[0];
    expect(step?.cleared).toEqual([20, 21, 22]);
    expect(step?.matches).toBe(1);
    // Columns 0-2 moved down one row, their top cells refilled; columns 3 and 4 are as after the swap.
    expect(step?.grid).toEqual(
      [
        [expect.any(Number), expect.any(Number), expect.any(Number), 3, 4],
        [0, 1, 2, 4, 5],
        [1, 2, 3, 5, 6],
        [2, 3, 4, 6, 0],
        [3, 4, 5, 0, 1],
      ].flat(),
    );
    expect(result.state.moves).toBe(1);
    expect(state.moves).toBe(0);
  });

  it('counts floor(cleared / 3) per clearing step: a line of 5 is 1, two lines of 3 are 2', () => {
    const five = applySwap(
      stateOf([
        [0, 1, 2, 3, 4],
        [1, 2, 3, 4, 5],
        [2, 3, 4, 5, 0],
        [3, 4, 6, 1, 2],
        [6, 6, 0, 6, 6],
      ]),
      17,
      22,
    );
    const two = applySwap(
      stateOf([
        [0, 1, 2, 3, 4],
        [3, 4, 5, 6, 0],
        [5, 6, 0, 1, 2],
        [1, 1, 2, 4, 5],
        [2, 2, 1, 6, 3],
      ]),
      17,
      22,
    );
    if (!five.ok || !two.ok) throw new Error('swap refused');
    expect(five.steps[0]).toMatchObject({ cleared: [20, 21, 22, 23, 24], matches: 1 });
    expect(two.steps[0]).toMatchObject({ cleared: [15, 16, 17, 20, 21, 22], matches: 2 });
    for (const result of [five, two]) {
      for (const step of result.steps)
        expect(step.matches).toBe(Math.floor(step.cleared.length / 3));
      expect(result.matches).toBe(result.steps.reduce((sum, s) => sum + s.matches, 0));
      expect(result.cleared).toBe(result.steps.reduce((sum, s) => sum + s.cleared.length, 0));
      expect(result.state.matches).toBe(result.matches);
    }
  });

  it('settles after every swap with no run and a valid move, reshuffling when needed', () => {
    let reshuffles = 0;
    for (const puzzle of puzzles) {
      const { state } = playGreedy(puzzle, (s, reshuffled) => {
        if (hasRun(s.grid) || !anyMove(s.grid)) throw new Error(`unsettled board on ${puzzle.id}`);
        if (reshuffled) reshuffles++;
      });
      expect(state.matches).toBeGreaterThanOrEqual(20);
    }
    expect(reshuffles).toBeGreaterThan(0);
  });

  it('replays identically from stored JSON state', () => {
    const { swaps } = playGreedy(first);
    let direct = initialMatch3State(first.question);
    let stored = initialMatch3State(first.question);
    for (const [a, b] of swaps) {
      const d = applySwap(direct, a, b);
      const s = applySwap(JSON.parse(JSON.stringify(stored)) as Match3State, a, b);
      if (!d.ok || !s.ok) throw new Error('swap refused');
      expect(s).toEqual(d);
      [direct, stored] = [d.state, s.state];
    }
  });

  it('accepts replayed swaps reaching 20, with the claimed count at most the replayed one', () => {
    for (const puzzle of puzzles.slice(0, 20)) {
      const { swaps, state } = playGreedy(puzzle);
      expect(checkMatch3(puzzle, { count: state.matches, swaps })).toEqual({ ok: true });
      expect(checkMatch3(puzzle, { count: 20, swaps })).toEqual({ ok: true });
    }
  });

  it('refuses a count the swaps do not make', () => {
    expect(checkMatch3(first, { count: 20, swaps: [] })).toEqual({
      ok: false,
      reason: 'The swaps make 0 matches, not 20',
    });
    const { swaps, state } = playGreedy(first);
    expect(checkMatch3(first, { count: state.matches + 1, swaps })).toEqual({
      ok: false,
      reason: `The swaps make ${state.matches} matches, not ${state.matches + 1}`,
    });
    expect(checkMatch3(first, { count: 1, swaps: swaps.slice(0, 1) })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('20 are needed'),
    });
  });

  it('refuses an invalid swap anywhere in the list', () => {
    const { swaps, state } = playGreedy(first);
    const bad: Array<[number, number]> = [...swaps.slice(0, 3), [0, 2], ...swaps.slice(3)];
    expect(checkMatch3(first, { count: state.matches, swaps: bad })).toEqual({
      ok: false,
      reason: 'Swap 4 is not valid: Only neighbouring cells can be swapped',
    });
    // A neighbouring swap that makes no line on the board as it stands after two moves.
    let state2 = initialMatch3State(first.question);
    for (const [a, b] of swaps.slice(0, 2)) {
      const r = applySwap(state2, a, b);
      if (!r.ok) throw new Error(r.reason);
      state2 = r.state;
    }
    const valid = new Set(validSwaps(state2.grid).map(([a, b]) => `${a},${b}`));
    const dud = [...Array(20).keys()]
      .map((a): [number, number] => [a, a + 5])
      .find(([a, b]) => !valid.has(`${a},${b}`));
    const withDud: Array<[number, number]> = [
      ...swaps.slice(0, 2),
      dud as [number, number],
      ...swaps.slice(2),
    ];
    expect(checkMatch3(first, { count: state.matches, swaps: withDud })).toEqual({
      ok: false,
      reason: 'Swap 3 is not valid: That swap does not make a line of 3',
    });
  });

  it('refuses malformed answers and endless swap lists', () => {
    for (const answer of [
      null,
      [],
      {},
      { count: 20 },
      { swaps: [] },
      { count: -1, swaps: [] },
      { count: 1.5, swaps: [] },
    ])
      expect(checkMatch3(first, answer)).toMatchObject({ ok: false });
    for (const swap of [[0], [0, 1, 2], ['0', '1'], [0, 25], [-1, 0], null])
      expect(checkMatch3(first, { count: 0, swaps: [swap] })).toMatchObject({ ok: false });
    const endless = new Array<[number, number]>(MATCH3_MAX_SWAPS + 1).fill([0, 1]);
    expect(checkMatch3(first, { count: 0, swaps: endless })).toEqual({
      ok: false,
      reason: `At most ${MATCH3_MAX_SWAPS} swaps are accepted`,
    });
  });
});
