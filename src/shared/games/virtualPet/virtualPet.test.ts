import { describe, expect, it } from 'vitest';
import {
  COSMETICS,
  FOODS,
  SPECIES,
  speciesOf,
  STARTERS,
  TOYS,
  TRAITS,
  TRAIT_COST,
  RARITIES,
  cosmeticFits,
} from './catalog';
import {
  CLAIM_FOOD_TABLE,
  CLAIM_INTERVAL_MS,
  CLAIM_TOY_TABLE,
  claimTerms,
  drawClaim,
  drawOdds,
} from './claim';
import { sanctuaryClaimRound } from './claimRound';
import { affectionAfter, evolveCheck, levelOf, levelProgress, levelStart } from './growth';
import { seededServerSeeds } from '../engine/testing';

describe('the level curve', () => {
  it('level n starts at 50*(n-1)^2 experience', () => {
    expect([1, 2, 3, 10, 11].map(levelStart)).toEqual([0, 50, 200, 4050, 5000]);
    expect([0, 49, 50, 199, 200, 4049, 4050, 4999, 5000].map(levelOf)).toEqual([
      1, 1, 2, 2, 3, 9, 10, 10, 11,
    ]);
    for (let level = 1; level < 300; level++) {
      expect(levelOf(levelStart(level))).toBe(level);
      expect(levelOf(levelStart(level + 1) - 1)).toBe(level);
    }
    expect(levelProgress(125)).toEqual({ level: 2, start: 50, next: 200, percent: 50 });
  });
});

describe('evolution', () => {
  it('needs a next form, level 10 and affection 50', () => {
    expect(evolveCheck({ species: 'sproutling', experience: 4050, affection: 50 })).toMatchObject({
      into: 'bloomback',
      ready: true,
    });
    const early = evolveCheck({ species: 'sproutling', experience: 4049, affection: 50 });
    expect(early).toMatchObject({ into: 'bloomback', ready: false });
    expect(early.condition).toContain('level 9/10');
    expect(
      evolveCheck({ species: 'sproutling', experience: 9000, affection: 49 }).condition,
    ).toContain('affection 49/50');
    expect(evolveCheck({ species: 'starwyrm', experience: 1e6, affection: 100 })).toMatchObject({
      into: null,
      ready: false,
    });
  });

  it('is never ready while breeding, and says why', () => {
    const breeding = evolveCheck({
      species: 'sproutling',
      experience: 4050,
      affection: 50,
      breeding: true,
    });
    expect(breeding).toMatchObject({ into: 'bloomback', ready: false });
    expect(breeding.condition).toMatch(/^Breeding: it can evolve once its egg hatches\./);
    expect(breeding.condition).not.toContain('ready!');
  });
});

describe('the catalogue', () => {
  it('has at least 12 species over the five rarities, three Common starters, and chains that resolve', () => {
    expect(SPECIES.length).toBeGreaterThanOrEqual(12);
    expect(new Set(SPECIES.map((s) => s.rarity))).toEqual(new Set(RARITIES));
    expect(STARTERS.map((s) => s.rarity)).toEqual(['Common', 'Common', 'Common']);
    for (const s of SPECIES) {
      expect(s.variants.length).toBeGreaterThan(1);
      if (s.evolvesTo) expect(speciesOf(s.evolvesTo), s.key).toBeDefined();
      if (s.shop) expect(['Common', 'Uncommon']).toContain(s.rarity);
    }
  });

  it("has the spec's 29 traits with their costs, and goods with distinct keys", () => {
    expect(TRAITS).toHaveLength(29);
    expect(new Set(TRAITS.map((t) => t.key)).size).toBe(29);
    expect(TRAIT_COST).toMatchObject({ common: 30, uncommon: 50, rare: 75, epic: 100 });
    const keys = [...FOODS, ...TOYS, ...COSMETICS].map((g) => g.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(COSMETICS.map((c) => c.slot)).size).toBeGreaterThanOrEqual(3);
    expect(cosmeticFits({ availableTo: 'any' }, 'emberpup')).toBe(true);
    expect(cosmeticFits({ availableTo: 'sproutling' }, 'emberpup')).toBe(false);
  });

  it('every draw table names goods of its kind', () => {
    for (const key of CLAIM_FOOD_TABLE.keys) expect(FOODS.some((f) => f.key === key)).toBe(true);
    for (const key of CLAIM_TOY_TABLE.keys) expect(TOYS.some((t) => t.key === key)).toBe(true);
    expect(drawOdds(CLAIM_FOOD_TABLE).map((o) => o.percent)).toEqual([
      '50.00',
      '30.00',
      '15.00',
      '5.00',
    ]);
  });
});

describe('care and claims', () => {
  it('affection traits add their percent, capped, and affection stops at 100', () => {
    expect(affectionAfter(20, 10, [])).toBe(30);
    expect(affectionAfter(20, 10, ['cheerful', 'snuggly'])).toBe(32);
    expect(affectionAfter(20, 10, ['moonlight', 'moonlight', 'moonlight', 'moonlight'])).toBe(40);
    expect(affectionAfter(95, 10, [])).toBe(100);
  });

  it('claim terms: coins by critters (capped) and coin traits, cooldown cut at most to 3 hours', () => {
    expect(claimTerms(1, [])).toEqual({
      coins: 50,
      shards: 5,
      foodDraws: 2,
      toyDraws: 1,
      cooldownMs: CLAIM_INTERVAL_MS,
    });
    expect(claimTerms(50, []).coins).toBe(140);
    expect(claimTerms(1, ['voidwalker', 'voidwalker', 'voidwalker']).coins).toBe(100);
    expect(claimTerms(1, ['quantumLeap', 'geothermal']).cooldownMs).toBe(3 * 3600_000);
    expect(claimTerms(1, ['prismatic', 'prismatic', 'cunning', 'cunning'])).toMatchObject({
      foodDraws: 7,
      toyDraws: 4,
    });
  });

  it('draws follow the published weights and replay from the seeds', () => {
    const [serverSeed] = seededServerSeeds(1, 1);
    const counts: Record<string, number> = {};
    const n = 4000;
    for (let nonce = 0; nonce < n; nonce++) {
      const { food } = drawClaim(serverSeed!, 'client', nonce, {
        foodDraws: 1,
        toyDraws: 0,
        foodTable: CLAIM_FOOD_TABLE,
        toyTable: CLAIM_TOY_TABLE,
      });
      for (const [k, v] of Object.entries(food)) counts[k] = (counts[k] ?? 0) + v;
    }
    CLAIM_FOOD_TABLE.keys.forEach((key, i) => {
      const expected = (n * CLAIM_FOOD_TABLE.weights[i]!) / 100;
      expect(Math.abs((counts[key] ?? 0) - expected)).toBeLessThan(5 * Math.sqrt(expected) + 5);
    });
    const params = {
      foodDraws: 3,
      toyDraws: 2,
      foodTable: CLAIM_FOOD_TABLE,
      toyTable: CLAIM_TOY_TABLE,
    };
    expect(sanctuaryClaimRound.replay(serverSeed!, 'c', 7, params)).toEqual(
      drawClaim(serverSeed!, 'c', 7, params),
    );
    expect(() =>
      sanctuaryClaimRound.replay(serverSeed!, 'c', 7, {
        ...params,
        foodTable: { keys: ['a'], weights: [] },
      }),
    ).toThrow(RangeError);
  });
});
