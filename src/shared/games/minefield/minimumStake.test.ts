import { describe, expect, it } from 'vitest';
import {
  MINEFIELD_MAX_PROFIT,
  MINEFIELD_MAX_SIDE,
  MINEFIELD_MIN_SIDE,
  minefieldPayout,
  minefieldSurvival,
} from './rules';
import {
  MINEFIELD_LOWEST_RETURN,
  minefieldCashoutPoint,
  minefieldMinStake,
  minefieldMinStakeMessage,
  minefieldPublishedReturn,
  minefieldSettingMinStake,
  percentRoundedDown,
} from './minimumStake';
import { compare, mul, rational, toNumber } from '../engine/rational';

/** Every board size the sliders offer (rows and cols 3 to 12). */
const CELLS = (() => {
  const sizes = new Set<number>();
  for (let rows = MINEFIELD_MIN_SIDE; rows <= MINEFIELD_MAX_SIDE; rows++)
    for (let cols = MINEFIELD_MIN_SIDE; cols <= MINEFIELD_MAX_SIDE; cols++) sizes.add(rows * cols);
  return [...sizes].sort((a, b) => a - b);
})();

describe('minefield return at a real stake', () => {
  it("states the issue's examples as the code pays them, and the minimum stake excludes them", () => {
    // Stake 1 on the default 8x8 with 10 mines: every multiplier below 2 pays back only the stake.
    expect(minefieldCashoutPoint(1, 64, 10, 1)).toMatchObject({
      payout: 1,
      percent: '84.37%',
      capped: false,
    });
    expect(minefieldCashoutPoint(1, 64, 10, 3).percent).toBe('59.53%');
    expect(minefieldMinStake(64, 10)).toBe(85);
    expect(minefieldCashoutPoint(85, 64, 10, 1)).toMatchObject({
      multiplier: 1.173,
      payout: 99,
      percent: '98.27%',
    });
    expect(minefieldCashoutPoint(100, 64, 10, 1)).toMatchObject({ payout: 117, percent: '98.71%' });
    // 12x12 with 2 mines cleared at stake 1,000: the cap takes almost everything, and says so.
    const cleared = minefieldCashoutPoint(1000, 144, 2, 142);
    expect(cleared).toMatchObject({
      payout: 1000 + MINEFIELD_MAX_PROFIT,
      capped: true,
      uncappedStakeLimit: 98,
      percent: '9.72%',
    });
    expect(minefieldCashoutPoint(98, 144, 2, 142)).toMatchObject({
      capped: false,
      percent: '98.99%',
    });
  });

  it('puts the minimum stake at 100 x safe cells / cells, rounded up', () => {
    expect([
      minefieldMinStake(9, 2),
      minefieldMinStake(9, 8),
      minefieldMinStake(144, 2),
      minefieldMinStake(144, 1),
      minefieldMinStake(144, 143),
    ]).toEqual([78, 12, 99, 100, 1]);
    // A mine-reduction item places fewer mines and so raises the minimum.
    expect(minefieldSettingMinStake({ rows: 8, cols: 8, mines: 10, mineReduction: 1 })).toBe(86);
    expect(minefieldMinStakeMessage({ rows: 8, cols: 8, mines: 10 })).toBe(
      'Bet must be ≥ 85 for 8x8 with 10 mines: a smaller stake loses more than 1% of its return to whole-coin rounding.',
    );
    expect(minefieldMinStakeMessage({ rows: 8, cols: 8, mines: 10, mineReduction: 1 })).toContain(
      'Bet must be ≥ 86 for 8x8 with 9 mines placed (1 removed by your item)',
    );
  });

  it('rounds a shown return down, never above the real one', () => {
    expect(percentRoundedDown(rational(98739, 100_000))).toBe('98.73%');
    expect(percentRoundedDown(rational(99, 100))).toBe('99.00%');
    expect(percentRoundedDown(rational(1, 3))).toBe('33.33%');
  });

  it('publishes the rule with its precision and stake bounds', () => {
    const published = minefieldPublishedReturn();
    expect(published).toMatchObject({
      percent: '99.00%',
      floorCostPercent: '1.00%',
      lowestPercent: '98.00%',
      minStake: { lowest: 1, highest: 100 },
      maxProfit: 1_000_000,
    });
    expect(published.rule).toContain('more than 98.00% and at most 99.00%');
    expect(published.rule).toContain('stake + 1,000,000');
  });

  /**
   * Exact enumeration of every setting the page offers: each board size, each number of mines
   * really placed (1 with a mine-reduction item), each cash-out point, at the minimum stake and
   * above. M(k) is built step by step, 0.99 x prod (N - i) / (N - m - i), as exact integers; the
   * paying function is checked to agree on a sample below, so this is the return the code pays.
   */
  it('keeps every uncapped cash-out of every accepted setting above 98% and at most 99%, and states every capped one', () => {
    let checked = 0;
    let worst = 1;
    for (const cells of CELLS) {
      for (let placed = 1; placed < cells; placed++) {
        const min = minefieldMinStake(cells, placed);
        let num = 99n;
        let den = 100n;
        for (let k = 1; k <= cells - placed; k++) {
          num *= BigInt(cells - k + 1);
          den *= BigInt(cells - placed - k + 1);
          for (const stake of [min, min + 1, min + 13, 100, 1000, 1_000_000]) {
            const s = BigInt(stake);
            const floored = (s * num) / den;
            checked++;
            if (floored - s > BigInt(MINEFIELD_MAX_PROFIT)) continue; // capped: stated exactly, checked below
            // return = 0.99 x floored / (s x M) > 0.98  <=>  99 x floored > 98 x s x M
            // (a thrown error, not expect: 600,000 checks)
            if (!(99n * floored * den > 98n * s * num) || floored * den > s * num)
              throw new Error(`N=${cells} m=${placed} k=${k} stake=${stake}`);
            worst = Math.min(
              worst,
              (0.99 * Number((floored * 10n ** 12n * den) / (s * num))) / 1e12,
            );
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(600_000);
    expect(worst).toBeGreaterThan(toNumber(MINEFIELD_LOWEST_RETURN));
    expect(worst).toBeLessThan(0.9802); // the bound is nearly reached (11x11, 6 mines, stake 96, first cell)
  });

  it('agrees with the paying function, capped points included', () => {
    for (const cells of CELLS) {
      for (const placed of [1, 2, Math.floor(cells / 3), cells - 1]) {
        if (placed < 1 || placed >= cells) continue;
        const min = minefieldMinStake(cells, placed);
        for (const k of [1, Math.ceil((cells - placed) / 2), cells - placed]) {
          for (const stake of [min, 1000, 1_000_000]) {
            const point = minefieldCashoutPoint(stake, cells, placed, k);
            expect(point.payout).toBe(minefieldPayout(stake, cells, placed, k));
            expect(point.rtp).toEqual(
              mul(minefieldSurvival(cells, placed, k), rational(point.payout, stake)),
            );
            if (point.capped) {
              expect(point.payout).toBe(stake + MINEFIELD_MAX_PROFIT);
              expect(compare(point.rtp, rational(99, 100))).toBe(-1);
            } else {
              expect(compare(point.rtp, MINEFIELD_LOWEST_RETURN)).toBe(1);
              expect(compare(point.rtp, rational(99, 100))).toBeLessThanOrEqual(0);
            }
          }
        }
      }
    }
  });
});
