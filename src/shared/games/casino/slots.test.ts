import { describe, expect, it } from 'vitest';
import { floats } from '../engine/fairness';
import { add, mul, rational, sub, toNumber } from '../engine/rational';
import {
  evaluateSlotLine,
  SLOT_ONE_CHERRY,
  SLOT_REELS,
  SLOT_STOPS,
  SLOT_THREE_OF_A_KIND,
  SLOT_TWO_CHERRIES,
  slotLineAt,
  slots,
  slotsHitRate,
  slotsHitRateWithLuck,
  slotsPayTable,
  slotsRespinProbability,
  slotsRtp,
  slotsRtpWithLuck,
  type SlotStops,
  type SlotSymbol,
} from './slots';
import { seededServerSeeds } from '../engine/testing';

const [SEED = ''] = seededServerSeeds(9, 1);
const SYMBOLS = Object.keys(SLOT_THREE_OF_A_KIND) as SlotSymbol[];
const countOn = (reel: number, symbol: SlotSymbol): number =>
  SLOT_REELS[reel]?.filter((s) => s === symbol).length ?? 0;

/** Payout per stop combination, all 9,261, in stop order. */
function allPayouts(): number[] {
  const payouts: number[] = [];
  for (let a = 0; a < SLOT_STOPS; a++)
    for (let b = 0; b < SLOT_STOPS; b++)
      for (let c = 0; c < SLOT_STOPS; c++)
        payouts.push(evaluateSlotLine(slotLineAt([a, b, c])).multiplier);
  return payouts;
}

describe('slots reels and pay table', () => {
  it('has three strips of 21 stops with the published symbol counts', () => {
    expect(SLOT_REELS.map((reel) => reel.length)).toEqual([21, 21, 21]);
    const counts = [0, 1, 2].map((reel) => SYMBOLS.map((symbol) => countOn(reel, symbol)));
    //                cherry lemon orange grape bell star diamond
    expect(counts).toEqual([
      [2, 6, 5, 3, 2, 2, 1],
      [2, 6, 4, 4, 2, 2, 1],
      [2, 5, 5, 4, 2, 2, 1],
    ]);
  });

  it('evaluates lines: three of a kind first, then two cherries, then one', () => {
    expect(evaluateSlotLine(['diamond', 'diamond', 'diamond'])).toEqual({
      combo: 'three-diamond',
      multiplier: 100,
    });
    expect(evaluateSlotLine(['cherry', 'cherry', 'cherry'])).toEqual({
      combo: 'three-cherry',
      multiplier: 20,
    });
    expect(evaluateSlotLine(['cherry', 'bell', 'cherry'])).toEqual({
      combo: 'two-cherries',
      multiplier: 5,
    });
    expect(evaluateSlotLine(['lemon', 'lemon', 'cherry'])).toEqual({
      combo: 'one-cherry',
      multiplier: 2,
    });
    expect(evaluateSlotLine(['lemon', 'lemon', 'orange'])).toEqual({ combo: null, multiplier: 0 });
  });

  it('publishes RTP 8912/9261 (96.23%) and hit rate 2747/9261 (29.66%), matching a count from the symbol frequencies', () => {
    // Independent of the enumeration: products of per-reel counts.
    const c = (reel: number, symbol: SlotSymbol): number => countOn(reel, symbol);
    const other = (reel: number): number => SLOT_STOPS - c(reel, 'cherry');
    let paid = 0;
    let ways = 0;
    for (const symbol of SYMBOLS) {
      const w = c(0, symbol) * c(1, symbol) * c(2, symbol);
      paid += w * SLOT_THREE_OF_A_KIND[symbol];
      ways += w;
    }
    const two =
      c(0, 'cherry') * c(1, 'cherry') * other(2) +
      c(0, 'cherry') * other(1) * c(2, 'cherry') +
      other(0) * c(1, 'cherry') * c(2, 'cherry');
    const one =
      c(0, 'cherry') * other(1) * other(2) +
      other(0) * c(1, 'cherry') * other(2) +
      other(0) * other(1) * c(2, 'cherry');
    paid += two * SLOT_TWO_CHERRIES + one * SLOT_ONE_CHERRY;
    ways += two + one;
    expect(slotsRtp()).toEqual(rational(paid, 9261));
    expect(slotsHitRate()).toEqual(rational(ways, 9261));
    expect(slotsRtp()).toEqual(rational(8912, 9261));
    expect(slotsHitRate()).toEqual(rational(2747, 9261));
    expect(slotsPayTable().reduce((sum, line) => sum + line.ways, 0)).toBe(2747);
    expect(toNumber(slotsRtp())).toBeGreaterThan(0.95);
    expect(toNumber(slotsRtp())).toBeLessThan(0.97);
  });

  it('stays within 2^-32 per stop of uniform when floats become stops', () => {
    // Stop j owns the uint32s from ceil(j x 2^32 / 21): each stop's chance differs from 1/21 by < 2^-32.
    const first = (j: number): bigint => ((BigInt(j) << 32n) + 20n) / 21n;
    const quantised: bigint[] = Array.from(
      { length: SLOT_STOPS },
      (_, j) => first(j + 1) - first(j),
    );
    expect(quantised.reduce((sum, n) => sum + n, 0n)).toBe(1n << 32n);
    let exact = 0n;
    const payouts = allPayouts();
    payouts.forEach((multiplier, i) => {
      const [a, b, c] = [Math.floor(i / 441), Math.floor(i / 21) % 21, i % 21];
      exact +=
        BigInt(multiplier) * (quantised[a] ?? 0n) * (quantised[b] ?? 0n) * (quantised[c] ?? 0n);
    });
    const bias = toNumber(sub(rational(exact, 1n << 96n), slotsRtp()));
    expect(Math.abs(bias)).toBeLessThan(1e-9);
  });
});

describe('slots luck', () => {
  it('re-spins with an exact probability', () => {
    expect(slotsRespinProbability(0)).toEqual(rational(0));
    expect(slotsRespinProbability(25)).toEqual(rational(1, 4));
    expect(slotsRespinProbability(50)).toEqual(rational(1, 2));
    expect(Math.abs(toNumber(slotsRespinProbability(10)) - 0.1)).toBeLessThan(2 ** -32);
    expect(() => slotsRespinProbability(51)).toThrow(RangeError);
    expect(() => slotsRespinProbability(2.5)).toThrow(RangeError);
  });

  it('has RTP(L) = RTP0 x (1 + P(lose) x p(L)), checked by enumerating both spins', () => {
    // Every (first spin, re-spin) pair, 9,261^2 = 85.8 million, summed in integers: a winning first
    // spin pays itself whatever the re-spin floats are; a losing one pays the re-spin with chance p(L).
    const payouts = allPayouts();
    let keptPaid = 0;
    let keptHits = 0;
    let respunPaid = 0;
    let respunHits = 0;
    for (const first of payouts) {
      for (const second of payouts) {
        if (first > 0) {
          keptPaid += first;
          keptHits++;
        } else {
          respunPaid += second;
          if (second > 0) respunHits++;
        }
      }
    }
    const pairs = BigInt(payouts.length) ** 2n;
    for (const luck of [0, 1, 10, 25, 33, 50]) {
      const p = slotsRespinProbability(luck);
      expect(slotsRtpWithLuck(luck)).toEqual(
        add(rational(keptPaid, pairs), mul(p, rational(respunPaid, pairs))),
      );
      expect(slotsHitRateWithLuck(luck)).toEqual(
        add(rational(keptHits, pairs), mul(p, rational(respunHits, pairs))),
      );
    }
    expect(slotsRtpWithLuck(0)).toEqual(slotsRtp());
    expect(slotsRtpWithLuck(50)).toEqual(rational(111560416, 85766121));
  });
});

describe('a slots spin', () => {
  const stopsOf = (fs: number[], from: number): SlotStops => [
    Math.floor((fs[from] ?? NaN) * 21),
    Math.floor((fs[from + 1] ?? NaN) * 21),
    Math.floor((fs[from + 2] ?? NaN) * 21),
  ];

  it('stops the reels at floats #0-2 and, with luck, decides on #3 and re-spins on #4-6', () => {
    let respins = 0;
    let lucklessLosses = 0;
    for (let nonce = 0; nonce < 400; nonce++) {
      const fs = floats(SEED, 'reels', nonce, 7);
      const first = stopsOf(fs, 0);
      const plain = slots(SEED, 'reels', nonce, { stake: 3 });
      expect(plain.stops).toEqual(first);
      expect(plain.firstStops).toEqual(first);
      expect(plain.respun).toBe(false);
      expect(plain.reel).toEqual(slotLineAt(first));
      expect(plain.payout).toBe(3 * plain.multiplier);
      expect(plain.win).toBe(plain.multiplier > 0);

      const lucky = slots(SEED, 'reels', nonce, { stake: 3, luck: 40 });
      const shouldRespin = !plain.win && (fs[3] ?? NaN) < 0.4;
      expect(lucky.respun).toBe(shouldRespin);
      expect(lucky.firstStops).toEqual(first);
      expect(lucky.stops).toEqual(shouldRespin ? stopsOf(fs, 4) : first);
      if (shouldRespin) respins++;
      if (!plain.win) lucklessLosses++;
    }
    expect(respins).toBeGreaterThan(0);
    expect(respins).toBeLessThan(lucklessLosses);
  });

  it('refuses bad luck and stakes', () => {
    expect(() => slots(SEED, 'a', 0, { stake: 1, luck: 60 })).toThrow(RangeError);
    expect(() => slots(SEED, 'a', 0, { stake: 1, luck: -1 })).toThrow(RangeError);
    expect(() => slots(SEED, 'a', 0, { stake: 0 })).toThrow(RangeError);
  });
});
