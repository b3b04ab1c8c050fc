// The resource claim's words and clock, free of React so they are tested on their own (claim.test.ts).
import type { ClaimResponse, CritterDto } from '../../../../../shared/games/virtualPet/contract';
import { goodOf } from '../../../../../shared/games/virtualPet/catalog';
import {
  CLAIM_COOLDOWN_CUT_CAP_PCT,
  CLAIM_FOOD_TABLE,
  CLAIM_INTERVAL_MS,
  CLAIM_TOY_TABLE,
  claimTerms,
  drawOdds,
  type ClaimTerms,
} from '../../../../../shared/games/virtualPet/claim';
import { ApiError } from '../../../../lib/api';
import { formatCoins } from '../../../../lib/format';

/** Milliseconds until `nextClaim` (0 when it is null, unreadable or past). */
export function remainingMs(nextClaim: string | null | undefined, now: number): number {
  if (!nextClaim) return 0;
  const at = Date.parse(nextClaim);
  return Number.isNaN(at) ? 0 : Math.max(0, at - now);
}

/** The later of two claim times (null counts as 'now'): the server's word and a refusal's may differ. */
export function laterClaim(
  a: string | null | undefined,
  b: string | null | undefined,
): string | null {
  const at = (t: string | null | undefined) => (t ? Date.parse(t) : Number.NaN);
  if (Number.isNaN(at(a))) return Number.isNaN(at(b)) ? null : b!;
  if (Number.isNaN(at(b))) return a!;
  return at(a) >= at(b) ? a! : b!;
}

/** The claim button's countdown: H:MM:SS, hours not padded ('3:59:12', '0:04:05'), seconds rounded up. */
export function formatClaimCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** '4 h', '3 h 36 min': the claim interval as the terms publish it. */
export function formatInterval(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/**
 * Spec section 8: a claim answered 400 with a nextClaim ({ message, code: 'BAD_REQUEST',
 * details: { nextClaim } }) is 'too soon'; the time it names resets the timer.
 */
export function nextClaimOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const details = error.details as { nextClaim?: unknown } | null | undefined;
  if (typeof details !== 'object' || details === null || Array.isArray(details)) return null;
  return typeof details.nextClaim === 'string' && !Number.isNaN(Date.parse(details.nextClaim))
    ? details.nextClaim
    : null;
}

export const TOO_SOON = 'Too soon — try again later';
export const CLAIM_FAILED = '🚫 Resource claim failed.';

const goodsWords = (added: Record<string, number>): string[] =>
  Object.entries(added)
    .filter(([, n]) => n > 0)
    .map(([key, n]) => {
      const good = goodOf(key);
      return `${n} × ${good ? `${good.emoji} ${good.name}` : key}`;
    });

/** What a claim added, as one line: '+60 pet coins, +5 shards, 2 × 🫐 Berry Bites, 1 × 🧶 Yarn Ball'. */
export function claimSummary(
  answer: Pick<ClaimResponse, 'coinsAdded' | 'shardsAdded' | 'foodAdded' | 'toysAdded'>,
): string {
  const parts = [
    `+${formatCoins(answer.coinsAdded)} pet coins`,
    `+${formatCoins(answer.shardsAdded)} shards`,
    ...goodsWords(answer.foodAdded),
    ...goodsWords(answer.toysAdded),
  ];
  return parts.join(', ');
}

export interface PublishedOdds {
  key: string;
  name: string;
  emoji: string;
  percent: string;
}

export interface ClaimTermsView {
  terms: ClaimTerms;
  food: PublishedOdds[];
  toys: PublishedOdds[];
  /** The base interval and the shortest traits can make it. */
  baseInterval: string;
  bestInterval: string;
}

const named = (rows: { key: string; percent: string }[]): PublishedOdds[] =>
  rows.map((r) => ({
    key: r.key,
    percent: r.percent,
    name: goodOf(r.key)?.name ?? r.key,
    emoji: goodOf(r.key)?.emoji ?? '📦',
  }));

/** What a claim pays this user: the same claimTerms the server applies, over every trait of their critters. */
export function claimTermsView(critters: readonly Pick<CritterDto, 'traits'>[]): ClaimTermsView {
  const traits = critters.flatMap((c) => Object.keys(c.traits));
  return {
    terms: claimTerms(critters.length, traits),
    food: named(drawOdds(CLAIM_FOOD_TABLE)),
    toys: named(drawOdds(CLAIM_TOY_TABLE)),
    baseInterval: formatInterval(CLAIM_INTERVAL_MS),
    bestInterval: formatInterval((CLAIM_INTERVAL_MS * (100 - CLAIM_COOLDOWN_CUT_CAP_PCT)) / 100),
  };
}
