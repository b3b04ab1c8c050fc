import { describe, expect, it } from 'vitest';
import { seededServerSeeds } from '../engine/testing';
import { toNumber } from '../engine/rational';
import { RARITIES, SPECIES, type Rarity } from './catalog';
import {
  consolidatedRates,
  GACHA_POOLS,
  isTopRarity,
  PITY_LIMIT,
  pityAfter,
  pull,
  publishedRates,
} from './gacha';
import { gachaRound } from './gachaRound';
import { breedChild, inheritancePreview, lowerRarity } from './breeding';
import { breedingRound } from './breedingRound';
import { CRITTER_MATCH_MIN_MS, maxScore, minigamePay } from './minigames';

describe('gacha', () => {
  it('the pity rule over 1,000 seeded pulls: never 100 pulls without Legendary-or-better, and the counter resets', () => {
    const [seed] = seededServerSeeds(7, 1);
    const pool = GACHA_POOLS[0]!;
    let pity = 0;
    let sinceTop = 0;
    let pityPulls = 0;
    for (let nonce = 0; nonce < 1000; nonce++) {
      const r = pull(seed!, 'c', nonce, { odds: pool.odds, pityBefore: pity });
      if (pity === PITY_LIMIT - 1) {
        expect(isTopRarity(r.rarity)).toBe(true);
        expect(r.pity).toBe(true);
        pityPulls++;
      }
      sinceTop = isTopRarity(r.rarity) ? 0 : sinceTop + 1;
      pity = pityAfter(pity, r.rarity);
      expect(pity).toBe(sinceTop);
      expect(sinceTop).toBeLessThan(PITY_LIMIT);
      const species = SPECIES.find((s) => s.key === r.species)!;
      expect(species.rarity).toBe(r.rarity);
      expect(species.variants).toContain(r.variant);
    }
    // At 3% a pull, 1,000 pulls reach the 100th pull now and then.
    expect(pityPulls).toBeGreaterThan(0);
  });

  it('consolidated rates sum to 1, exceed the base rates for the top rarities, and match a 200,000-pull simulation', () => {
    for (const pool of GACHA_POOLS) {
      const { rates, expectedPullsToTop } = consolidatedRates(pool);
      const sum = RARITIES.reduce((a, r) => a + toNumber(rates[r]), 0);
      expect(sum).toBeCloseTo(1, 12);
      for (const r of ['Legendary', 'Mythical'] as const)
        expect(toNumber(rates[r])).toBeGreaterThan(pool.odds[r] / 10_000);
      const p = (pool.odds.Legendary + pool.odds.Mythical) / 10_000;
      expect(toNumber(expectedPullsToTop)).toBeCloseTo((1 - (1 - p) ** 100) / p, 9);
      expect(publishedRates(pool)).toHaveLength(5);
    }
    const pool = GACHA_POOLS[0]!;
    const { rates } = consolidatedRates(pool);
    const [seed] = seededServerSeeds(11, 1);
    const counts = Object.fromEntries(RARITIES.map((r) => [r, 0])) as Record<Rarity, number>;
    const n = 200_000;
    let pity = 0;
    for (let nonce = 0; nonce < n; nonce++) {
      const r = pull(seed!, 'sim', nonce, { odds: pool.odds, pityBefore: pity });
      counts[r.rarity]++;
      pity = pityAfter(pity, r.rarity);
    }
    for (const r of RARITIES) {
      const expected = n * toNumber(rates[r]);
      expect(Math.abs(counts[r] - expected), r).toBeLessThan(5 * Math.sqrt(expected) + 5);
    }
  });

  it('replays from the round and refuses bad params', () => {
    const [seed] = seededServerSeeds(3, 1);
    const params = { pool: 'starlight', odds: GACHA_POOLS[0]!.odds, pityBefore: 99 };
    const r = pull(seed!, 'x', 5, params);
    expect(gachaRound.replay(seed!, 'x', 5, params)).toEqual({ ...r });
    expect(() => gachaRound.replay(seed!, 'x', 5, { ...params, pityBefore: 100 })).toThrow(
      RangeError,
    );
    expect(() => gachaRound.replay(seed!, 'x', 5, { ...params, odds: { Common: 10_000 } })).toThrow(
      RangeError,
    );
  });
});

describe('breeding', () => {
  const a = {
    species: 'sproutling',
    variant: 'Autumn',
    rarity: 'Uncommon' as const,
    generation: 2,
    traits: ['forager', 'naptime'],
  };
  const b = {
    species: 'emberpup',
    variant: 'Ash',
    rarity: 'Rare' as const,
    generation: 4,
    traits: ['naptime', 'bold'],
  };

  it("child: a parent's species and variant (or a mutation of it), the lower rarity, generation max + 1, inherited traits", () => {
    const [seed] = seededServerSeeds(5, 1);
    const species = new Set<string>();
    let mutations = 0;
    let inherited = 0;
    for (let nonce = 0; nonce < 2000; nonce++) {
      const child = breedChild(seed!, 'c', nonce, { a, b });
      species.add(child.species);
      expect(child.rarity).toBe('Uncommon');
      expect(child.generation).toBe(5);
      const from = child.species === a.species ? a : b;
      if (child.mutated) {
        mutations++;
        expect(child.variant).not.toBe(from.variant);
      } else expect(child.variant).toBe(from.variant);
      for (const t of child.traits) expect([...a.traits, ...b.traits]).toContain(t);
      expect(new Set(child.traits).size).toBe(child.traits.length);
      inherited += child.traits.length;
      expect(breedingRound.replay(seed!, 'c', nonce, { a, b })).toEqual({ ...child });
    }
    expect(species).toEqual(new Set(['sproutling', 'emberpup']));
    expect(mutations / 2000).toBeGreaterThan(0.02);
    expect(mutations / 2000).toBeLessThan(0.08);
    expect(inherited).toBeGreaterThan(0);
    expect(lowerRarity('Mythical', 'Common')).toBe('Common');
    expect(inheritancePreview(a, b)).toEqual([
      { trait: 'forager', percent: 30 },
      { trait: 'naptime', percent: 51 },
      { trait: 'bold', percent: 30 },
    ]);
    expect(() => breedChild(seed!, 'c', 0, { a: { ...a, species: 'dragon' }, b })).toThrow(
      RangeError,
    );
  });
});

describe('mini-game bounds', () => {
  it("clamps a score to the run's length, pays Critter Match 100 only after a person could finish", () => {
    expect(maxScore('dodge-n-dash', 3000 + 10_000)).toBe(26);
    expect(minigamePay('dodge-n-dash', 1000, 13_000, [])).toMatchObject({
      score: 26,
      clamped: true,
      experience: 26,
      coins: 2,
    });
    expect(minigamePay('coin-catcher', 20, 20_000, [])).toMatchObject({
      score: 20,
      clamped: false,
      coins: 2,
    });
    expect(minigamePay('critter-match', 100, CRITTER_MATCH_MIN_MS - 1, [])).toMatchObject({
      score: 0,
      clamped: true,
      coins: 0,
    });
    expect(minigamePay('critter-match', 100, CRITTER_MATCH_MIN_MS, ['mystic'])).toMatchObject({
      score: 100,
      experience: 130,
      coins: 10,
    });
    expect(minigamePay('critter-match', 5000, 60_000, [])).toMatchObject({
      score: 100,
      clamped: true,
    });
  });
});
