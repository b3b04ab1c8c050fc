import { describe, expect, it } from 'vitest';
import { coinFlip, coinFlipRtp, coinSideOf } from './coinflip';
import { floats } from '../engine/fairness';
import { rational, toNumber } from '../engine/rational';
import { pocketColour, pocketOf, roulette, rouletteRtp, ROULETTE_POCKETS } from './roulette';
import { seededServerSeeds } from '../engine/testing';

const [SEED = ''] = seededServerSeeds(3, 1);

/** The exact chance of floor(u x n / 2^32) = index over all 2^32 uint32s u: they start at ceil(index x 2^32 / n). */
function quantised(index: number, n: number): number {
  const first = (i: number): bigint => ((BigInt(i) << 32n) + BigInt(n) - 1n) / BigInt(n);
  return Number(first(index + 1) - first(index)) / 2 ** 32;
}

describe('coin flip', () => {
  it('is heads below 0.5 and pays 2x', () => {
    expect(coinSideOf(0)).toBe('heads');
    expect(coinSideOf(0.5 - 2 ** -32)).toBe('heads');
    expect(coinSideOf(0.5)).toBe('tails');
    expect(coinFlipRtp()).toEqual(rational(1));
  });

  it('reads float #0 of the round', () => {
    for (let nonce = 0; nonce < 50; nonce++) {
      const [f = NaN] = floats(SEED, 'coin', nonce, 1);
      const outcome = coinFlip(SEED, 'coin', nonce, { choice: 'heads', stake: 7 });
      expect(outcome.result).toBe(coinSideOf(f));
      expect(outcome).toEqual(
        outcome.result === 'heads'
          ? { result: 'heads', win: true, multiplier: 2, payout: 14 }
          : { result: 'tails', win: false, multiplier: 0, payout: 0 },
      );
    }
  });

  it('refuses bad bets', () => {
    expect(() => coinFlip(SEED, 'coin', 0, { choice: 'edge' as 'heads', stake: 1 })).toThrow(
      RangeError,
    );
    expect(() => coinFlip(SEED, 'coin', 0, { choice: 'heads', stake: 0 })).toThrow(RangeError);
    expect(() => coinFlip(SEED, 'coin', 0, { choice: 'heads', stake: 1.5 })).toThrow(RangeError);
    expect(() =>
      coinFlip(SEED, 'coin', 0, { choice: 'heads', stake: Number.MAX_SAFE_INTEGER }),
    ).toThrow(RangeError);
  });
});

describe('roulette', () => {
  it('has 1 green, 7 red and 7 black pockets', () => {
    const colours = Array.from({ length: ROULETTE_POCKETS }, (_, pocket) => pocketColour(pocket));
    expect(colours.filter((c) => c === 'green')).toHaveLength(1);
    expect(colours.slice(1, 8).every((c) => c === 'red')).toBe(true);
    expect(colours.slice(8).every((c) => c === 'black')).toBe(true);
    expect(pocketOf(0)).toBe(0);
    expect(pocketOf(1 - 2 ** -32)).toBe(14);
  });

  it('returns 14/15 on every colour', () => {
    expect(rouletteRtp('red')).toEqual(rational(14, 15));
    expect(rouletteRtp('black')).toEqual(rational(14, 15));
    expect(rouletteRtp('green')).toEqual(rational(14, 15));
  });

  it('maps floats to pockets so each has 1/15 to within 2^-32', () => {
    let total = 0;
    for (let pocket = 0; pocket < ROULETTE_POCKETS; pocket++) {
      const p = quantised(pocket, ROULETTE_POCKETS);
      expect(Math.abs(p - 1 / 15)).toBeLessThan(2 ** -32);
      total += p;
    }
    expect(total).toBeCloseTo(1, 15);
    // The published 14/15 is therefore off by less than 14 x 2^-32 per bet.
    expect(Math.abs(quantised(0, 15) * 14 - toNumber(rouletteRtp('green')))).toBeLessThan(
      14 * 2 ** -32,
    );
  });

  it('pays the colour bet from float #0', () => {
    for (let nonce = 0; nonce < 60; nonce++) {
      const [f = NaN] = floats(SEED, 'wheel', nonce, 1);
      const outcome = roulette(SEED, 'wheel', nonce, { choice: 'green', stake: 10 });
      expect(outcome.pocket).toBe(pocketOf(f));
      expect(outcome.payout).toBe(outcome.pocket === 0 ? 140 : 0);
      const red = roulette(SEED, 'wheel', nonce, { choice: 'red', stake: 10 });
      expect(red.win).toBe(red.result === 'red');
      expect(red.payout).toBe(red.win ? 20 : 0);
    }
    expect(() => roulette(SEED, 'wheel', 0, { choice: 'blue' as 'red', stake: 1 })).toThrow(
      RangeError,
    );
  });
});
