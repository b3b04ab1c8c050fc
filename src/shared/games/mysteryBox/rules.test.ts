import { describe, expect, it } from 'vitest';
import { toNumber, toPercentString } from '../engine/rational';
import { BOX_WEIGHT_TOTAL, boxRtp, COLLECTIBLES, MYSTERY_BOXES, openBox } from './rules';
import { seededServerSeeds } from '../engine/testing';

describe('mystery boxes', () => {
  it('publish tables with weights out of 10,000, distinct collectibles and a return of about 95%', () => {
    expect(MYSTERY_BOXES.length).toBeGreaterThanOrEqual(2);
    for (const box of MYSTERY_BOXES) {
      expect(box.tiers.reduce((s, t) => s + t.weight, 0)).toBe(BOX_WEIGHT_TOTAL);
      expect(box.tiers.map((t) => t.weight)).toEqual([7992, 1598, 320, 64, 26]);
      expect(toPercentString(boxRtp(box))).toBe('94.81%');
    }
    expect(new Set(COLLECTIBLES.map((c) => c.key)).size).toBe(COLLECTIBLES.length);
  });

  it('each box returns what its table says: enumerated drop by drop, independently of boxRtp', () => {
    for (const box of MYSTERY_BOXES) {
      // Every (tier, drop) pair with its probability: weight / 10,000 / drops in the tier.
      let expectedValue = 0;
      for (const t of box.tiers)
        for (const d of t.drops)
          expectedValue += (t.weight / BOX_WEIGHT_TOTAL / t.drops.length) * d.value;
      expect(expectedValue / box.price).toBeCloseTo(toNumber(boxRtp(box)), 12);
    }
  });

  it('opens by tier weight, then uniformly within the tier, matching the published return over a seeded 200,000 openings per box', () => {
    const n = 200_000;
    for (const [i, box] of MYSTERY_BOXES.entries()) {
      const [seed] = seededServerSeeds(21 + i, 1);
      const tiers = new Array<number>(box.tiers.length).fill(0);
      const dropKeys = box.tiers.map((t) => new Set(t.drops.map((d) => d.key)));
      let value = 0;
      let strays = 0;
      for (let nonce = 0; nonce < n; nonce++) {
        const r = openBox(seed!, 'c', nonce, { tiers: box.tiers });
        tiers[r.tier]!++;
        if (!dropKeys[r.tier]!.has(r.drop.key)) strays++;
        value += r.drop.value;
      }
      expect(strays).toBe(0);
      box.tiers.forEach((t, k) => {
        const expected = (n * t.weight) / BOX_WEIGHT_TOTAL;
        expect(Math.abs(tiers[k]! - expected)).toBeLessThan(5 * Math.sqrt(expected) + 5);
      });
      // The mean is dominated by rare drops: within 3% of the exact return.
      expect(Math.abs(value / n / box.price - toNumber(boxRtp(box)))).toBeLessThan(0.03);
    }
    expect(() =>
      openBox(seededServerSeeds(21, 1)[0]!, 'c', 0, { tiers: [{ weight: 5, drops: [] }] }),
    ).toThrow(RangeError);
  });
});
