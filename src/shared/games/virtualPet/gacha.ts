// The gacha (DESIGN.md section 8): pools, one pull as a pure function of the round's stream and
// the pity count, and the exact consolidated rates from the Markov chain over pity states. The
// server pulls with it, /fairness replays it, and the pool cards publish its numbers.
import { FairStream } from '../engine/fairness';
import {
  add,
  div,
  mul,
  ONE,
  rational,
  sub,
  toNumber,
  toPercentString,
  ZERO,
  type Rational,
} from '../engine/rational';
import { RARITIES, SPECIES, TRAITS, type Rarity, type TraitRarity } from './catalog';

/** The pull that is guaranteed Legendary-or-better: the 100th since the last one (spec: bar out of 100). */
export const PITY_LIMIT = 100;
export const GACHA_X10 = 10;
/** Odds are integer weights out of this. */
export const ODDS_TOTAL = 10_000;

export interface GachaPool {
  id: string;
  name: string;
  emoji: string;
  /** Gold per pull; x10 costs ten times this. */
  cost: number;
  /** Weight out of ODDS_TOTAL per rarity. */
  odds: Record<Rarity, number>;
}

export const GACHA_POOLS: readonly GachaPool[] = [
  {
    id: 'starlight',
    name: 'Starlight Pool',
    emoji: '🌟',
    cost: 500,
    odds: { Common: 6000, Uncommon: 2800, Rare: 900, Legendary: 250, Mythical: 50 },
  },
  {
    id: 'mythic',
    name: 'Mythic Pool',
    emoji: '🔮',
    cost: 2000,
    odds: { Common: 3000, Uncommon: 3500, Rare: 2400, Legendary: 800, Mythical: 300 },
  },
];
export const GACHA_POOL_IDS = GACHA_POOLS.map((p) => p.id);
export const gachaPoolOf = (id: string): GachaPool | undefined =>
  GACHA_POOLS.find((p) => p.id === id);

export const isTopRarity = (r: Rarity): boolean => r === 'Legendary' || r === 'Mythical';
const TOP: readonly Rarity[] = ['Legendary', 'Mythical'];

/** The chance a pulled critter comes with one trait, by its rarity. */
export const TRAIT_CHANCE_PCT: Record<Rarity, number> = {
  Common: 0,
  Uncommon: 10,
  Rare: 25,
  Legendary: 50,
  Mythical: 100,
};
/** Which trait rarities a pulled critter's trait is drawn from. */
const TRAIT_POOL: Record<Rarity, readonly TraitRarity[]> = {
  Common: ['common'],
  Uncommon: ['common', 'uncommon'],
  Rare: ['uncommon', 'rare'],
  Legendary: ['rare', 'epic', 'legendary'],
  Mythical: ['epic', 'legendary', 'mythical'],
};

export interface GachaResult {
  rarity: Rarity;
  species: string;
  variant: string;
  traits: string[];
  /** Whether pity decided the rarity band (the 100th pull). */
  pity: boolean;
}

function assertOdds(odds: Record<string, unknown>): Record<Rarity, number> {
  let total = 0;
  for (const r of RARITIES) {
    const w = odds[r];
    if (typeof w !== 'number' || !Number.isSafeInteger(w) || w < 0)
      throw new RangeError(`odds.${r} must be a whole number >= 0`);
    total += w;
  }
  if (total !== ODDS_TOTAL) throw new RangeError(`odds must total ${ODDS_TOTAL}`);
  if (TOP.every((r) => odds[r] === 0))
    throw new RangeError('odds must give Legendary or Mythical a chance');
  return odds as Record<Rarity, number>;
}

function pickWeighted<T>(items: readonly T[], weights: readonly number[], stream: FairStream): T {
  const total = weights.reduce((a, b) => a + b, 0);
  let target = stream.nextIndex(total);
  for (let i = 0; i < items.length; i++) {
    target -= weights[i] ?? 0;
    if (target < 0) return items[i]!;
  }
  return items[items.length - 1]!;
}

/**
 * One pull: float 0 picks the rarity (from the pool's odds, or on the pity pull from the top
 * rarities in their relative odds), float 1 the species of that rarity, float 2 its variant,
 * float 3 whether it has a trait and float 4 which.
 */
export function pull(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  p: { odds: Record<string, unknown>; pityBefore: number },
): GachaResult {
  const odds = assertOdds(p.odds);
  if (!Number.isSafeInteger(p.pityBefore) || p.pityBefore < 0 || p.pityBefore >= PITY_LIMIT)
    throw new RangeError(`pityBefore must be a whole number from 0 to ${PITY_LIMIT - 1}`);
  const stream = new FairStream(serverSeed, clientSeed, nonce);
  const pity = p.pityBefore === PITY_LIMIT - 1;
  const band = pity ? TOP : RARITIES;
  const rarity = pickWeighted(
    band,
    band.map((r) => odds[r]),
    stream,
  );
  const kinds = SPECIES.filter((s) => s.rarity === rarity);
  const species = kinds[stream.nextIndex(kinds.length)]!;
  const variant = species.variants[stream.nextIndex(species.variants.length)]!;
  const hasTrait = stream.nextIndex(100) < TRAIT_CHANCE_PCT[rarity];
  const candidates = TRAITS.filter((t) => TRAIT_POOL[rarity].includes(t.rarity));
  const traitIndex = stream.nextIndex(candidates.length);
  return {
    rarity,
    species: species.key,
    variant,
    traits: hasTrait ? [candidates[traitIndex]!.key] : [],
    pity,
  };
}

/** The pity count after a pull: reset by any Legendary-or-better. */
export const pityAfter = (before: number, rarity: Rarity): number =>
  isTopRarity(rarity) ? 0 : before + 1;

export interface ConsolidatedRates {
  /** Long-run share of pulls per rarity, pity included (exact). */
  rates: Record<Rarity, Rational>;
  /** Expected pulls from a fresh counter to the first Legendary-or-better. */
  expectedPullsToTop: Rational;
  /** At most this many pulls to one. */
  worstCase: number;
}

/**
 * The Markov chain over pity states 0..99: from state s < 99 a pull is top with p (the pool's
 * top odds) and returns to 0, else moves to s + 1; state 99 always returns to 0. Its stationary
 * distribution is pi_s proportional to (1 - p)^s, so the long-run rate of rarity r is
 * sum_{s<99} pi_s * odds_r + pi_99 * (odds_r / p if r is top, else 0).
 */
export function consolidatedRates(pool: Pick<GachaPool, 'odds'>): ConsolidatedRates {
  const q = (r: Rarity) => rational(pool.odds[r], ODDS_TOTAL);
  const p = TOP.reduce((acc, r) => add(acc, q(r)), ZERO);
  const miss = sub(ONE, p);
  const weights: Rational[] = [];
  let w = ONE;
  let total = ZERO;
  for (let s = 0; s < PITY_LIMIT; s++) {
    weights.push(w);
    total = add(total, w);
    w = mul(w, miss);
  }
  const pi = weights.map((x) => div(x, total));
  const beforeLast = pi.slice(0, PITY_LIMIT - 1).reduce((a, b) => add(a, b), ZERO);
  const last = pi[PITY_LIMIT - 1]!;
  const rates = {} as Record<Rarity, Rational>;
  for (const r of RARITIES)
    rates[r] = add(mul(beforeLast, q(r)), isTopRarity(r) ? mul(last, div(q(r), p)) : ZERO);
  // E[pulls to the first top] = sum over s of P(no top in the first s pulls), s = 0..99.
  const expectedPullsToTop = weights.reduce((a, b) => add(a, b), ZERO);
  return { rates, expectedPullsToTop, worstCase: PITY_LIMIT };
}

/** The pool card's and /fairness's numbers, as text. */
export function publishedRates(
  pool: GachaPool,
): { rarity: Rarity; base: string; consolidated: string }[] {
  const { rates } = consolidatedRates(pool);
  return RARITIES.map((r) => ({
    rarity: r,
    base: toPercentString(rational(pool.odds[r], ODDS_TOTAL)),
    consolidated: toPercentString(rates[r], 3),
  }));
}

export const expectedPullsText = (pool: GachaPool): string =>
  toNumber(consolidatedRates(pool).expectedPullsToTop).toFixed(1);
