// The sanctuary's resource claim (DESIGN.md section 8): what it pays, how often, and the fair
// draw of its foods and toys. The server applies these, the sanctuary and /fairness publish them.
import { FairStream } from '../engine/fairness';
import { traitTotal } from './growth';

export const CLAIM_INTERVAL_MS = 4 * 60 * 60 * 1000;
/** Traits shorten the wait by at most this much: 4 hours become 3 at best. */
export const CLAIM_COOLDOWN_CUT_CAP_PCT = 25;

export const CLAIM_BASE_COINS = 40;
export const CLAIM_COINS_PER_CRITTER = 10;
/** Critters beyond this many add no more coins. */
export const CLAIM_CRITTERS_COUNTED = 10;
export const CLAIM_COIN_BONUS_CAP_PCT = 100;
export const CLAIM_SHARDS = 5;

export const CLAIM_FOOD_DRAWS = 2;
export const CLAIM_TOY_DRAWS = 1;
export const CLAIM_EXTRA_FOOD_CAP = 5;
export const CLAIM_EXTRA_TOYS_CAP = 3;

/** The draw tables: catalogue keys and integer weights. */
export interface DrawTable {
  keys: readonly string[];
  weights: readonly number[];
}

export const CLAIM_FOOD_TABLE: DrawTable = {
  keys: ['berry-bites', 'crunchy-kibble', 'honey-cake', 'star-fruit'],
  weights: [50, 30, 15, 5],
};
export const CLAIM_TOY_TABLE: DrawTable = {
  keys: ['yarn-ball', 'squeaky-bone', 'bubble-wand'],
  weights: [50, 35, 15],
};

/** What a claim pays given every trait of the user's critters and how many critters they hold. */
export interface ClaimTerms {
  coins: number;
  shards: number;
  foodDraws: number;
  toyDraws: number;
  cooldownMs: number;
}

export function claimTerms(critters: number, traits: readonly string[]): ClaimTerms {
  const counted = Math.min(CLAIM_CRITTERS_COUNTED, Math.max(0, critters));
  const bonus = Math.min(CLAIM_COIN_BONUS_CAP_PCT, traitTotal(traits, 'claimCoinsPct'));
  const cut = Math.min(CLAIM_COOLDOWN_CUT_CAP_PCT, traitTotal(traits, 'claimCooldownPct'));
  return {
    coins: Math.floor(
      ((CLAIM_BASE_COINS + CLAIM_COINS_PER_CRITTER * counted) * (100 + bonus)) / 100,
    ),
    shards: CLAIM_SHARDS,
    foodDraws: CLAIM_FOOD_DRAWS + Math.min(CLAIM_EXTRA_FOOD_CAP, traitTotal(traits, 'claimFood')),
    toyDraws: CLAIM_TOY_DRAWS + Math.min(CLAIM_EXTRA_TOYS_CAP, traitTotal(traits, 'claimToys')),
    cooldownMs: Math.round((CLAIM_INTERVAL_MS * (100 - cut)) / 100),
  };
}

function pick(table: DrawTable, stream: FairStream): string {
  const total = table.weights.reduce((a, b) => a + b, 0);
  let target = stream.nextIndex(total);
  for (let i = 0; i < table.weights.length; i++) {
    target -= table.weights[i] ?? 0;
    if (target < 0) return table.keys[i] ?? '';
  }
  return table.keys[table.keys.length - 1] ?? '';
}

function assertDrawTable(table: DrawTable, name: string): void {
  if (table.keys.length === 0 || table.keys.length !== table.weights.length)
    throw new RangeError(`${name} needs as many weights as keys, at least one`);
  if (!table.weights.every((w) => Number.isSafeInteger(w) && w > 0))
    throw new RangeError(`${name} weights must be positive integers`);
  if (table.weights.reduce((a, b) => a + b, 0) > 2 ** 21)
    throw new RangeError(`${name} weights must total at most 2^21`);
}

/**
 * The foods then the toys of one claim, from its round's float stream: float i picks draw i,
 * food draws first. Counts by key, keys with no unit left out.
 */
export function drawClaim(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  p: { foodDraws: number; toyDraws: number; foodTable: DrawTable; toyTable: DrawTable },
): { food: Record<string, number>; toys: Record<string, number> } {
  assertDrawTable(p.foodTable, 'foodTable');
  assertDrawTable(p.toyTable, 'toyTable');
  for (const [n, name] of [
    [p.foodDraws, 'foodDraws'],
    [p.toyDraws, 'toyDraws'],
  ] as const) {
    if (!Number.isSafeInteger(n) || n < 0 || n > 20)
      throw new RangeError(`${name} must be a whole number from 0 to 20`);
  }
  const stream = new FairStream(serverSeed, clientSeed, nonce);
  const food: Record<string, number> = {};
  const toys: Record<string, number> = {};
  for (let i = 0; i < p.foodDraws; i++) {
    const key = pick(p.foodTable, stream);
    food[key] = (food[key] ?? 0) + 1;
  }
  for (let i = 0; i < p.toyDraws; i++) {
    const key = pick(p.toyTable, stream);
    toys[key] = (toys[key] ?? 0) + 1;
  }
  return { food, toys };
}

/** Each key's chance per draw, as a percent with two decimals, for the pages that publish the odds. */
export function drawOdds(table: DrawTable): { key: string; weight: number; percent: string }[] {
  const total = table.weights.reduce((a, b) => a + b, 0);
  return table.keys.map((key, i) => ({
    key,
    weight: table.weights[i] ?? 0,
    percent: ((100 * (table.weights[i] ?? 0)) / total).toFixed(2),
  }));
}
