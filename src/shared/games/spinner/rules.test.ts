import { describe, expect, it } from 'vitest';
import { floats } from '../engine/fairness';
import { rational } from '../engine/rational';
import { sliceOf, sliceProbability, spin, spinnerExpectedValue, type SpinnerTable } from './rules';
import { seededServerSeeds } from '../engine/testing';

const TABLE: SpinnerTable = { rewardOptions: [10, 50, 100, 500], weights: [50, 30, 15, 5] };
const [SEED = ''] = seededServerSeeds(5, 1);

describe('spinner', () => {
  it('gives each slice the floats of its weight', () => {
    const W = 100;
    const counts = [0, 0, 0, 0];
    for (let target = 0; target < W; target++) {
      const index = sliceOf(TABLE, target / W);
      counts[index] = (counts[index] ?? 0) + 1;
      expect(sliceOf(TABLE, (target + 1) / W - 2 ** -32)).toBe(index);
    }
    expect(counts).toEqual([50, 30, 15, 5]);
    expect(sliceOf(TABLE, 0)).toBe(0);
    expect(sliceOf(TABLE, 1 - 2 ** -32)).toBe(3);
  });

  it('computes the expected reward exactly', () => {
    expect(spinnerExpectedValue(TABLE)).toEqual(
      rational(10 * 50 + 50 * 30 + 100 * 15 + 500 * 5, 100),
    );
    expect(spinnerExpectedValue({ rewardOptions: [1, 2], weights: [1, 2] })).toEqual(
      rational(5, 3),
    );
    expect(sliceProbability(TABLE, 3)).toEqual(rational(1, 20));
  });

  it('spins from float #0', () => {
    for (let nonce = 0; nonce < 40; nonce++) {
      const [f = NaN] = floats(SEED, 'wheel', nonce, 1);
      const index = sliceOf(TABLE, f);
      expect(spin(SEED, 'wheel', nonce, TABLE)).toEqual({
        index,
        reward: TABLE.rewardOptions[index],
      });
    }
  });

  it('refuses malformed tables', () => {
    const bad: SpinnerTable[] = [
      { rewardOptions: [], weights: [] },
      { rewardOptions: [1, 2], weights: [1] },
      { rewardOptions: [1], weights: [0] },
      { rewardOptions: [1], weights: [1.5] },
      { rewardOptions: [-1], weights: [1] },
      { rewardOptions: [1, 2], weights: [2 ** 20, 2 ** 20 + 1] },
    ];
    for (const table of bad) expect(() => spin(SEED, 'a', 0, table)).toThrow(RangeError);
  });
});
