// Breeding (DESIGN.md section 8): the child is drawn at breed time from the round's stream and
// kept in the egg; these are the published rules, applied by the server and replayed by /fairness.
import { FairStream } from '../engine/fairness';
import { div, rational, toNumber, type Rational } from '../engine/rational';
import { RARITIES, speciesOf, type Rarity } from './catalog';
import { consolidatedRates, GACHA_POOLS } from './gacha';

/** The spec's price (section 9), the least a breeding costs: 500 pet coins or 5,000 gold. */
const BREED_COST_PET_COINS = 500;
export const BREED_COST_GOLD = 5000;
/** Gold per pet coin in the spec's price, kept for every rarity. */
const BREED_GOLD_PER_PET_COIN = BREED_COST_GOLD / BREED_COST_PET_COINS;
/** Scaled prices are rounded up to this many gold. */
const BREED_PRICE_STEP_GOLD = 100;
/**
 * After hatching, a parent rests this long before it breeds again (spec section 9); a hatched
 * child rests as long before its first breeding (issue 34), so a new pair cannot breed at once.
 */
export const BREED_COOLDOWN_MS = 86_400_000;
/** The chance a child's variant mutates into another of its species' variants. */
export const MUTATION_PCT = 5;
/** The chance each parent trait passes to the child. */
export const INHERIT_PCT = 30;
/** How long an egg takes to hatch, by the child's rarity. */
export const HATCH_MS: Record<Rarity, number> = {
  Common: 60 * 60_000,
  Uncommon: 2 * 60 * 60_000,
  Rare: 4 * 60 * 60_000,
  Legendary: 8 * 60 * 60_000,
  Mythical: 12 * 60 * 60_000,
};

export interface Parent {
  species: string;
  variant: string;
  rarity: Rarity;
  generation: number;
  traits: readonly string[];
}

export interface Child {
  species: string;
  variant: string;
  rarity: Rarity;
  generation: number;
  traits: string[];
  mutated: boolean;
}

/** The lower of two rarities (spec section 9). */
export const lowerRarity = (a: Rarity, b: Rarity): Rarity =>
  RARITIES.indexOf(a) <= RARITIES.indexOf(b) ? a : b;

function assertParent(p: unknown, name: string): Parent {
  const x = p as Partial<Parent> | null;
  if (!x || typeof x.species !== 'string' || !speciesOf(x.species))
    throw new RangeError(`${name}.species must be a species of the catalogue`);
  if (typeof x.variant !== 'string') throw new RangeError(`${name}.variant must be a string`);
  if (!RARITIES.includes(x.rarity as Rarity))
    throw new RangeError(`${name}.rarity must be one of ${RARITIES.join(', ')}`);
  if (!Number.isSafeInteger(x.generation) || (x.generation ?? 0) < 1)
    throw new RangeError(`${name}.generation must be a whole number >= 1`);
  if (!Array.isArray(x.traits) || !x.traits.every((t) => typeof t === 'string'))
    throw new RangeError(`${name}.traits must be a list of trait names`);
  return x as Parent;
}

/**
 * Float 0 picks the parent whose species (and variant) the child takes, 50/50; float 1 decides
 * a mutation and float 2 its variant (among the species' others); then one float per parent
 * trait, parent A's first, in the order listed, decides whether it passes.
 */
export function breedChild(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  p: { a: unknown; b: unknown },
): Child {
  const a = assertParent(p.a, 'a');
  const b = assertParent(p.b, 'b');
  const stream = new FairStream(serverSeed, clientSeed, nonce);
  const from = stream.nextIndex(2) === 0 ? a : b;
  const species = speciesOf(from.species)!;
  const mutates = stream.nextIndex(100) < MUTATION_PCT;
  const others = species.variants.filter((v) => v !== from.variant);
  const mutationIndex = stream.nextIndex(Math.max(1, others.length));
  const mutated = mutates && others.length > 0;
  const variant = mutated ? others[mutationIndex]! : from.variant;
  const traits: string[] = [];
  for (const t of [...a.traits, ...b.traits]) {
    if (stream.nextIndex(100) < INHERIT_PCT && !traits.includes(t)) traits.push(t);
  }
  return {
    species: species.key,
    variant,
    rarity: lowerRarity(a.rarity, b.rarity),
    generation: Math.max(a.generation, b.generation) + 1,
    traits,
    mutated,
  };
}

/** Why a critter cannot be a parent now, or null: breeding until its egg hatches, or resting after a hatch. */
export function breedingBlock(
  c: { breedingHatchAt: string | null; lastHatchedAt: string | null },
  now: number,
): { reason: 'breeding' | 'cooldown'; until: string } | null {
  if (c.breedingHatchAt) return { reason: 'breeding', until: c.breedingHatchAt };
  if (c.lastHatchedAt) {
    const until = Date.parse(c.lastHatchedAt) + BREED_COOLDOWN_MS;
    if (until > now) return { reason: 'cooldown', until: new Date(until).toISOString() };
  }
  return null;
}

/** Each parent trait's chance to pass, for the offspring preview. */
export function inheritancePreview(
  a: Pick<Parent, 'traits'>,
  b: Pick<Parent, 'traits'>,
): { trait: string; percent: number }[] {
  const counts = new Map<string, number>();
  for (const t of [...a.traits, ...b.traits]) counts.set(t, (counts.get(t) ?? 0) + 1);
  return [...counts].map(([trait, n]) => ({
    trait,
    percent: Math.round(100 * (1 - (1 - INHERIT_PCT / 100) ** n)),
  }));
}

// ---- the price (issue 34) --------------------------------------------------------------------
//
// The child's rarity is known before the breed (the lower of the parents'), so the price follows
// it: never less than the gacha's expected gold for one critter of that rarity, from the pool
// where that is cheapest (pull cost / consolidated rate, pity included). Two Mythicals once bred a
// Mythical for 5,000 gold against about 66,700 expected from the Mythic pool (95,200 from
// Starlight); now breeding is never the cheaper way to a rarity, only another way.

export interface GachaExpectedCost {
  rarity: Rarity;
  /** Exact expected gold per critter of this rarity from `pool`. */
  gold: Rational;
  pool: string;
}

/** The gacha's expected gold for one critter of a rarity, from the pool where it is cheapest. */
export function gachaExpectedGold(rarity: Rarity): GachaExpectedCost {
  let best: GachaExpectedCost | null = null;
  for (const pool of GACHA_POOLS) {
    const rate = consolidatedRates(pool).rates[rarity];
    if (rate.num === 0n) continue;
    const gold = div(rational(pool.cost), rate);
    if (!best || gold.num * best.gold.den < best.gold.num * gold.den)
      best = { rarity, gold, pool: pool.id };
  }
  if (!best) throw new RangeError(`no gacha pool draws ${rarity}`);
  return best;
}

export interface BreedPrice {
  rarity: Rarity;
  gold: number;
  petCoins: number;
  /** The gacha's expected gold for one of this rarity, rounded to whole gold, and its pool. */
  gachaGold: number;
  gachaPool: string;
}

const priceCache = new Map<Rarity, BreedPrice>();

/**
 * The price of a breeding whose child has this rarity: the larger of the spec's 5,000 gold and the
 * gacha's expected gold for one, rounded up to 100; in pet coins at the spec's 10 gold each.
 */
export function breedPrice(rarity: Rarity): BreedPrice {
  const cached = priceCache.get(rarity);
  if (cached) return cached;
  const gacha = gachaExpectedGold(rarity);
  const step = BigInt(BREED_PRICE_STEP_GOLD);
  const roundedUp = Number(
    ((gacha.gold.num + gacha.gold.den * step - 1n) / (gacha.gold.den * step)) * step,
  );
  const gold = Math.max(BREED_COST_GOLD, roundedUp);
  const price: BreedPrice = {
    rarity,
    gold,
    petCoins: Math.ceil(gold / BREED_GOLD_PER_PET_COIN),
    gachaGold: Math.round(toNumber(gacha.gold)),
    gachaPool: gacha.pool,
  };
  priceCache.set(rarity, price);
  return price;
}

/** Every rarity's price, for the breeding screen and /fairness. */
export const breedPrices = (): BreedPrice[] => RARITIES.map(breedPrice);

/** The rule as the breeding screen and /fairness state it. */
export const BREED_PRICE_RULE =
  `A breeding costs what the gacha costs on average for one critter of the child's rarity (the lower of the parents'), ` +
  `from the pool where that is cheapest, rounded up to ${BREED_PRICE_STEP_GOLD} gold, and never less than ${BREED_COST_GOLD.toLocaleString('en-US')} gold; ` +
  `pet coins at ${BREED_GOLD_PER_PET_COIN} gold each. A parent rests a day after its egg hatches, and a hatched child rests a day before its first breeding.`;
