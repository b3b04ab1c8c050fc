import { describe, expect, it } from 'vitest';
import {
  buffExtraLimit,
  combinedRewardMultiplierHundredths,
  combinedSlotsLuck,
  rewardMultiplierExtra,
  savedGamePayout,
} from './items';
import { minefieldPayout, minefieldSurvival } from './minefield';
import { add, compare, mul, rational, toPercentString, ZERO } from './rational';
import { gameRtps, itemEffects, rtpWithRewardMultiplier, slotsPayRows, spinnerExpectation } from './rtp';
import { slotsPayTable, slotsRtpWithLuck } from './slots';

// Issue 34: the line states the minimum stake, the profit cap and what whole-coin floors cost.
const MINEFIELD_VARIANT = 'any grid and mines at stake ≥ 100 × safe cells ÷ cells, cash-out within the 1,000,000 profit cap (whole-coin floors: above 98.00%)';

const byVariant = (variant: string) => {
  const entry = gameRtps().find((e) => e.variant === variant);
  if (!entry) throw new Error(`no ${variant}`);
  return entry;
};

describe('published returns', () => {
  it('lists every wagered game with its exact RTP and house edge', () => {
    expect(gameRtps().map((e) => [e.game, e.variant, e.fraction, e.percent, e.houseEdgePercent])).toEqual([
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

  it('states the return at a 3x reward multiplier as the paying code computes it', () => {
    const boosted = (stake: number, payout: number): number => payout + rewardMultiplierExtra(payout - stake, 300);
    const stake = 1000;
    // Coin flip and roulette: P(win) x boosted payout / stake.
    expect(byVariant('heads or tails').percentAtMaxRewardMultiplier).toBe(toPercentString(rational(boosted(stake, 2 * stake), 2 * stake)));
    expect(byVariant('red or black').percentAtMaxRewardMultiplier).toBe(toPercentString(rational(7 * boosted(stake, 2 * stake), 15 * stake)));
    expect(byVariant('green').percentAtMaxRewardMultiplier).toBe(toPercentString(rational(boosted(stake, 14 * stake), 15 * stake)));
    let slots = ZERO;
    for (const line of slotsPayTable()) slots = add(slots, mul(line.probability, rational(boosted(stake, line.multiplier * stake), stake)));
    expect(byVariant('one spin').percentAtMaxRewardMultiplier).toBe(toPercentString(slots));
    // Minefield: 0.99 + 2 x (0.99 - P(survive)) climbs towards 297% as the cash-out gets riskier.
    const mine = (k: number) =>
      mul(minefieldSurvival(144, 72, k), rational(boosted(stake, minefieldPayout(stake, 144, 72, k)), stake));
    expect(compare(mine(1), mine(8))).toBe(-1);
    expect(compare(mine(8), rational(297, 100))).toBe(-1);
    expect(byVariant(MINEFIELD_VARIANT).percentAtMaxRewardMultiplier).toBe('297.00%');
  });

  it('publishes the slots pay table, cherries in any position', () => {
    expect(slotsPayRows().map((row) => `${row.symbols} ${row.multiplier}x ${row.ways} ${row.percent}`)).toEqual([
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

  it('adds (R - 1) x the expected profit', () => {
    expect(rtpWithRewardMultiplier(rational(1), rational(1, 2), rational(3))).toEqual(rational(2));
    expect(rtpWithRewardMultiplier(rational(14, 15), rational(13, 15), rational(3))).toEqual(rational(40, 15));
  });

  it("describes each spinner's expected reward", () => {
    const ev = spinnerExpectation('spinnerDaily', { rewardOptions: [10, 25, 1000], weights: [6, 3, 1] });
    expect(ev).toMatchObject({ id: 'spinnerDaily', fraction: '227/2', value: 113.5, coins: '113.50', coinsAtMaxRewardMultiplier: '340.50' });
    expect(ev.slices.map((s) => s.percent)).toEqual(['60.00%', '30.00%', '10.00%']);
  });

  it("states each item's effect with figures from the paying code", () => {
    const effects = itemEffects();
    expect(effects.map((e) => e.effectType)).toEqual(['reward-multiplier', 'slots-luck', 'extra-safe-click', 'mine-reduction']);
    const luck = effects.find((e) => e.effectType === 'slots-luck')?.rtpEffect ?? '';
    expect(luck).toContain(toPercentString(slotsRtpWithLuck(50)));
    expect(luck).toContain('130.08%');
    expect(effects.find((e) => e.effectType === 'extra-safe-click')?.rtpEffect).toContain('14157.00%');
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

  it('multiplies profit only, floored', () => {
    expect(rewardMultiplierExtra(100, 150)).toBe(50);
    expect(rewardMultiplierExtra(7, 133)).toBe(2);
    expect(rewardMultiplierExtra(0, 300)).toBe(0);
    expect(rewardMultiplierExtra(-5, 300)).toBe(0);
  });

  it('caps luck at +50% and saved Minefield games at 10x the price in profit', () => {
    expect(combinedSlotsLuck([10, 15])).toBe(25);
    expect(combinedSlotsLuck([30, 30])).toBe(50);
    expect(buffExtraLimit(40)).toBe(400);
    expect(savedGamePayout(10_000, 100, 40)).toBe(500);
    expect(savedGamePayout(300, 100, 40)).toBe(300);
  });
});
