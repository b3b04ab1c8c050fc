// Critter growth and care (DESIGN.md section 8), one copy for the card that shows it and the
// server that applies it.
import { MAX_AFFECTION, speciesOf, traitOf, type TraitEffect } from './catalog';

/** Level n starts at 50*(n-1)^2 experience (spec section 9); level 1 at 0. */
export const levelStart = (level: number): number => 50 * (level - 1) ** 2;

export function levelOf(experience: number): number {
  if (!(experience > 0)) return 1;
  // sqrt is exact enough to land within one of the answer; the loops settle the boundary.
  let level = Math.floor(1 + Math.sqrt(experience / 50));
  while (levelStart(level) > experience) level--;
  while (levelStart(level + 1) <= experience) level++;
  return level;
}

/** Where a critter stands inside its level: for the bar to the next one. */
export function levelProgress(experience: number): {
  level: number;
  start: number;
  next: number;
  percent: number;
} {
  const level = levelOf(experience);
  const start = levelStart(level);
  const next = levelStart(level + 1);
  return { level, start, next, percent: Math.floor((100 * (experience - start)) / (next - start)) };
}

const EVOLVE_MIN_LEVEL = 10;
export const EVOLVE_MIN_AFFECTION = 50;
/** The experience that level 10 starts at: the evolution statement compares experience, not level. */
export const EVOLVE_MIN_EXPERIENCE = levelStart(EVOLVE_MIN_LEVEL);

export interface EvolveCheck {
  /** The species it would become, or null when it has no next form. */
  into: string | null;
  ready: boolean;
  /** What the card shows: the rule, or why not yet. */
  condition: string;
}

/** The text that says a breeding parent cannot evolve yet (the server's refusal says the same). */
const BREEDING_NO_EVOLVE = 'Breeding: it can evolve once its egg hatches.';

/**
 * `breeding`: a parent waiting for its egg keeps its form until the egg hatches (the server
 * refuses the evolution), so it is never ready, whatever its level and affection.
 */
export function evolveCheck(c: {
  species: string;
  experience: number;
  affection: number;
  breeding?: boolean;
}): EvolveCheck {
  const into = speciesOf(c.species)?.evolvesTo ?? null;
  if (!into) return { into: null, ready: false, condition: 'This is its final form.' };
  const name = speciesOf(into)?.name ?? into;
  const level = levelOf(c.experience);
  const rule = `Evolves into ${name} at level ${EVOLVE_MIN_LEVEL} with affection ${EVOLVE_MIN_AFFECTION} or more`;
  const missing: string[] = [];
  if (level < EVOLVE_MIN_LEVEL) missing.push(`level ${level}/${EVOLVE_MIN_LEVEL}`);
  if (c.affection < EVOLVE_MIN_AFFECTION)
    missing.push(`affection ${c.affection}/${EVOLVE_MIN_AFFECTION}`);
  const progress = missing.length === 0 ? rule : `${rule} (now ${missing.join(', ')})`;
  if (c.breeding) return { into, ready: false, condition: `${BREEDING_NO_EVOLVE} ${progress}.` };
  return {
    into,
    ready: missing.length === 0,
    condition: missing.length === 0 ? `${rule}: ready!` : progress,
  };
}

/** Sum of one effect over a set of trait keys (unknown keys count nothing). */
export function traitTotal(traits: Iterable<string>, effect: TraitEffect): number {
  let total = 0;
  for (const key of traits) {
    const t = traitOf(key);
    if (t?.effect === effect) total += t.value;
  }
  return total;
}

/** Affection bonuses from a critter's own traits add up to at most +100%. */
const AFFECTION_BONUS_CAP_PCT = 100;

/** The affection a food or toy gives this critter, and where that leaves it (at most 100). */
export function affectionAfter(current: number, bonus: number, traits: Iterable<string>): number {
  const pct = Math.min(AFFECTION_BONUS_CAP_PCT, traitTotal(traits, 'affectionPct'));
  return Math.min(MAX_AFFECTION, current + Math.floor((bonus * (100 + pct)) / 100));
}
