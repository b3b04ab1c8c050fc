// The gacha page's words, numbers and reveal timing, free of React so they are tested on their
// own (gachaView.test.ts). The maths is the shared one the server pulls with.
import type { GachaPoolDto, GachaResultDto } from '../../../../../shared/games/virtualPet/contract';
import {
  RARITIES,
  SPECIES,
  rarityRank,
  type Rarity,
} from '../../../../../shared/games/virtualPet/catalog';
import {
  GACHA_X10,
  PITY_LIMIT,
  TRAIT_CHANCE_PCT,
  expectedPullsText,
  isTopRarity,
  pityAfter,
  publishedRates,
  type GachaPool,
} from '../../../../../shared/games/virtualPet/gacha';
import { formatCoins } from '../../../../lib/format';

/** Spec section 8's fallbacks. */
export const SPIN_FAILED = 'Spin failed';
export const LOAD_FAILED = 'Failed to load gacha info';
/** The pity rule in one sentence, as each card states it. */
export const PITY_RULE = `Legendary or better guaranteed by pull ${PITY_LIMIT}.`;

/** The shared maths' pool from the server's card: the odds the server sent, 0 for a rarity it left out. */
export function poolOf(dto: GachaPoolDto): GachaPool {
  const odds = {} as Record<Rarity, number>;
  for (const r of RARITIES) odds[r] = Number.isFinite(dto.odds[r]) ? dto.odds[r]! : 0;
  return { id: dto.id, name: dto.name, emoji: dto.emoji, cost: dto.cost, odds };
}

/** The pity count as the bar shows it, 0 to 99 (anything else the server might say is clamped). */
export const pityValue = (count: number): number =>
  Number.isFinite(count) ? Math.min(PITY_LIMIT - 1, Math.max(0, Math.floor(count))) : 0;

/** '37 / 100', and what is left: 'at most 63 more pulls to a Legendary-or-better'. */
export function pityText(count: number): { figure: string; left: string } {
  const n = pityValue(count);
  const left = PITY_LIMIT - n;
  return {
    figure: `${n} / ${PITY_LIMIT}`,
    left:
      left === 1
        ? 'Your next pull is Legendary or better.'
        : `At most ${left} more pulls to a Legendary-or-better.`,
  };
}

export interface SpinOption {
  count: 1 | 10;
  cost: number;
  /** False when the gold known is below the cost; unknown gold leaves the server to decide. */
  affordable: boolean;
  label: string;
}

/** Spec section 5: x10 needs ten times the single cost; a single pull needs the cost. */
export function spinOptions(cost: number, gold: number | undefined): SpinOption[] {
  return ([1, GACHA_X10] as const).map((count) => {
    const total = cost * count;
    return {
      count,
      cost: total,
      affordable: gold === undefined || gold >= total,
      label: count === 1 ? 'Spin ×1' : `Spin ×${count}`,
    };
  });
}

/** Why a spin button is off, for the line under it. */
export function spinBlockedText(
  options: readonly SpinOption[],
  gold: number | undefined,
): string | null {
  if (gold === undefined) return null;
  const single = options.find((o) => o.count === 1);
  const ten = options.find((o) => o.count !== 1);
  if (single && !single.affordable)
    return `Not enough gold: a pull costs ${formatCoins(single.cost)} and you have ${formatCoins(gold)}.`;
  if (ten && !ten.affordable)
    return `×${ten.count} needs ${formatCoins(ten.cost)} gold; you have ${formatCoins(gold)}.`;
  return null;
}

interface OddsRow {
  rarity: Rarity;
  /** The pool's own odds per pull ('2.50%'). */
  base: string;
  /** The long-run share with pity included ('2.625%'). */
  consolidated: string;
  /** The chance a pulled critter of this rarity comes with a trait. */
  traitPct: number;
  /** The species of this rarity, each equally likely once the rarity is drawn. */
  species: { key: string; name: string; emoji: string }[];
}

export interface OddsDetails {
  rows: OddsRow[];
  /** Expected pulls from a fresh counter to a Legendary-or-better ('31.7'). */
  expectedPulls: string;
  worstCase: number;
}

/** What the odds details publish: base and consolidated rates (publishedRates), expected and worst case. */
export function oddsDetails(pool: GachaPool): OddsDetails {
  const rows = publishedRates(pool).map((r) => ({
    ...r,
    traitPct: TRAIT_CHANCE_PCT[r.rarity],
    species: SPECIES.filter((s) => s.rarity === r.rarity).map((s) => ({
      key: s.key,
      name: s.name,
      emoji: s.emoji,
    })),
  }));
  return { rows, expectedPulls: expectedPullsText(pool), worstCase: PITY_LIMIT };
}

/**
 * The pity count before each pull of an answer, for the verifier's params. Worked backwards from
 * the answer's pityCount (a pull that is not Legendary-or-better adds one; a pity pull started at
 * 99) and forwards from the count shown before the spin where the answer alone cannot say;
 * null where neither knows.
 */
export function pityBeforeEach(
  results: readonly Pick<GachaResultDto, 'rarity' | 'pity'>[],
  before: number | null,
  after: number,
): (number | null)[] {
  const valid = (n: number | null): number | null =>
    n !== null && Number.isInteger(n) && n >= 0 && n < PITY_LIMIT ? n : null;
  const back: (number | null)[] = [];
  let next: number | null = valid(after);
  for (let i = results.length - 1; i >= 0; i--) {
    const r = results[i]!;
    const b: number | null = r.pity
      ? PITY_LIMIT - 1
      : isTopRarity(r.rarity)
        ? null
        : next === null
          ? null
          : valid(next - 1);
    back[i] = b;
    next = b;
  }
  const out: (number | null)[] = [];
  let current: number | null = valid(before);
  for (let i = 0; i < results.length; i++) {
    const r = results[i]!;
    const value = back[i] ?? current;
    out.push(value);
    current = isTopRarity(r.rarity) ? 0 : value === null ? null : pityAfter(value, r.rarity);
  }
  return out;
}

/**
 * The /fairness verifier for one pull: game 'gacha', its round and nonce, and the params the pull
 * was drawn with (pool, odds, pity before it) when known. The server seed is filled in there once
 * it is revealed by rotating.
 */
export function verifyPullHref(
  result: Pick<GachaResultDto, 'roundId' | 'nonce'>,
  pool: Pick<GachaPool, 'id' | 'odds'>,
  pityBefore: number | null,
): string {
  const query = new URLSearchParams({ game: 'gacha', nonce: String(result.nonce) });
  if (pityBefore !== null)
    query.set('params', JSON.stringify({ pool: pool.id, odds: pool.odds, pityBefore }));
  query.set('round', result.roundId);
  return `/fairness?${query.toString()}#verify`;
}

/** 'Moonfox (Eclipse)': what a pull gave, for lists and labels. */
export const pullName = (r: Pick<GachaResultDto, 'name' | 'variant'>): string =>
  `${r.name} (${r.variant})`;

/** '10 pulls: 1 Legendary, 2 Rare, 7 Common' (highest rarity first), or 'Rare Moonfox (Eclipse)' for one. */
export function pullSummary(
  results: readonly Pick<GachaResultDto, 'rarity' | 'name' | 'variant'>[],
): string {
  if (results.length === 0) return 'No pulls.';
  if (results.length === 1) return `${results[0]!.rarity} ${pullName(results[0]!)}`;
  const counts = new Map<Rarity, number>();
  for (const r of results) counts.set(r.rarity, (counts.get(r.rarity) ?? 0) + 1);
  const parts = [...counts]
    .sort(([a], [b]) => rarityRank(b) - rarityRank(a))
    .map(([rarity, n]) => `${n} ${rarity}`);
  return `${results.length} pulls: ${parts.join(', ')}`;
}

/** The best rarity among the pulls shown, when it deserves a celebration (Legendary or Mythical). */
export function celebrationOf(results: readonly Pick<GachaResultDto, 'rarity'>[]): Rarity | null {
  let best: Rarity | null = null;
  for (const r of results)
    if (isTopRarity(r.rarity) && (best === null || rarityRank(r.rarity) > rarityRank(best)))
      best = r.rarity;
  return best;
}

// ---- reveal sequencing ------------------------------------------------------------------

/** Time between two pulls appearing, and before the first of them. */
export const REVEAL_STEP_MS = 450;
export const REVEAL_FIRST_MS = 250;

/** When each pull appears, in ms after the answer; all at once (0) with reduced motion. */
export function revealPlan(count: number, reducedMotion: boolean): number[] {
  return Array.from({ length: Math.max(0, count) }, (_, i) =>
    reducedMotion ? 0 : REVEAL_FIRST_MS + i * REVEAL_STEP_MS,
  );
}

/** How many pulls of a plan are showing `elapsed` ms after the answer. */
export function revealedCount(plan: readonly number[], elapsed: number): number {
  let n = 0;
  while (n < plan.length && plan[n]! <= elapsed) n++;
  return n;
}

/** The delay until the next pull of a plan appears, or null when all show. */
export function nextRevealIn(plan: readonly number[], elapsed: number): number | null {
  const n = revealedCount(plan, elapsed);
  return n >= plan.length ? null : Math.max(0, plan[n]! - elapsed);
}
