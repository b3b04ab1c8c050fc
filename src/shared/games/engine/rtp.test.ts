import { describe, expect, it } from 'vitest';
import {
  buffExtraLimit,
  combinedRewardMultiplierHundredths,
  combinedSlotsLuck,
  rewardMultiplierExtra,
  savedGamePayout,
} from './items';
import { gameRtps, slotsPayRows, spinnerExpectation } from './rtp';

// Issue 34: the line states the minimum stake, the profit cap and what whole-coin floors cost.
const MINEFIELD_VARIANT =
  'any grid and mines at stake ≥ 100 × safe cells ÷ cells, cash-out within the 1,000,000 profit cap (whole-coin floors: above 98.00%)';

describe('published returns', () => {
  it('lists every wagered game with its exact RTP and house edge', () => {
    expect(
      gameRtps().map((e) => [e.game, e.variant, e.fraction, e.percent, e.houseEdgePercent]),
    ).toEqual([
      ['coin-flip', 'heads or tails', '1', '100.00%', '0.00%'],
      ['roulette', 'red or black', '14/15', '93.33%', '6.67%'],
      ['roulette', 'green', '14/15', '93.33%', '6.67%'],
      ['slots', 'one spin', '8912/9261', '96.23%', '3.77%'],
      ['minefield', MINEFIELD_VARIANT, '99/100', '99.00%', '1.00%'],
      ['mystery-box', 'Bronze Box', '47407/50000', '94.81%', '5.19%'],
      ['mystery-box', 'Gold Box', '47407/50000', '94.81%', '5.19%'],
    ]);
    for (const entry of gameRtps()) expect(entry.notes.length).toBeGreaterThan(0);
    expect(JSON.parse(JSON.stringify(gameRtps()))).toEqual(gameRtps());
  });

  it('publishes the slots pay table, cherries in any position', () => {
    expect(
      slotsPayRows().map((row) => `${row.symbols} ${row.multiplier}x ${row.ways} ${row.percent}`),
    ).toEqual([
      '💎 💎 💎 100x 1 0.011%',
      '⭐ ⭐ ⭐ 50x 8 0.086%',
      '🔔 🔔 🔔 20x 8 0.086%',
      '🍒 🍒 🍒 20x 8 0.086%',
      '🍇 🍇 🍇 15x 48 0.518%',
      '🍊 🍊 🍊 10x 100 1.080%',
      '🍋 🍋 🍋 5x 180 1.944%',
      '🍒 🍒 · 5x 228 2.462%',
      '🍒 · · 2x 2166 23.388%',
    ]);
  });

  it("describes each spinner's expected reward", () => {
    const ev = spinnerExpectation('spinnerDaily', {
      rewardOptions: [10, 25, 1000],
      weights: [6, 3, 1],
    });
    expect(ev).toMatchObject({
      id: 'spinnerDaily',
      fraction: '227/2',
      value: 113.5,
      coins: '113.50',
    });
    expect(ev.slices.map((s) => s.percent)).toEqual(['60.00%', '30.00%', '10.00%']);
  });
});

describe('item arithmetic', () => {
  it('combines reward multipliers by product in hundredths, capped at 3x', () => {
    expect(combinedRewardMultiplierHundredths([])).toBe(100);
    expect(combinedRewardMultiplierHundredths([1.5])).toBe(150);
    expect(combinedRewardMultiplierHundredths([1.5, 1.5])).toBe(225);
    expect(combinedRewardMultiplierHundredths([1.1, 1.1, 1.1])).toBe(133); // 1.331
    expect(combinedRewardMultiplierHundredths([2, 2])).toBe(300);
    expect(() => combinedRewardMultiplierHundredths([0.5])).toThrow(RangeError);
  });

  it('adds (multiplier - 1) x the reward, floored', () => {
    expect(rewardMultiplierExtra(100, 150)).toBe(50);
    expect(rewardMultiplierExtra(7, 133)).toBe(2);
    expect(rewardMultiplierExtra(0, 300)).toBe(0);
    expect(rewardMultiplierExtra(-5, 300)).toBe(0);
  });

  it("caps luck at +50%, a buff's extra coins at its price and a saved Minefield game's payout at the price", () => {
    expect(combinedSlotsLuck([10, 15])).toBe(25);
    expect(combinedSlotsLuck([30, 30])).toBe(50);
    expect(buffExtraLimit(40)).toBe(40);
    // Stake included: a cap of stake + price would let the item's value grow with the stake.
    expect(savedGamePayout(10_000, 40)).toBe(40);
    expect(savedGamePayout(30, 40)).toBe(30);
  });
});
