// The box page's words, numbers, reel strips and verify links, free of React so they are tested
// on their own (mysteryBoxView.test.ts). The maths is the shared one the server opens boxes with.
import type { LiveEventPayloads } from '../../../../shared/api/live';
import type {
  MysteryBoxDto,
  OpenBoxesResponse,
} from '../../../../shared/games/mysteryBox/contract';
import { BOX_OPEN_COUNTS, BOX_WEIGHT_TOTAL } from '../../../../shared/games/mysteryBox/rules';
import { formatCoins } from '../../../lib/format';

/** Fallbacks when a failure carries no message of the server's. */
export const OPEN_FAILED = 'Opening failed';
export const SELL_FAILED = 'Sale failed';
export const LOAD_FAILED = 'The boxes could not be loaded. Try again in a moment.';

export type OpenCount = (typeof BOX_OPEN_COUNTS)[number];
export type BoxResult = OpenBoxesResponse['results'][number];
export type Drop = LiveEventPayloads['mysteryBox.drop'];

/** '1 coin', '1,000 coins'. */
export const coinsText = (n: number): string => `${formatCoins(n)} ${n === 1 ? 'coin' : 'coins'}`;

/** A tier's weight as a share of all openings: '79.92%', '0.26%'. */
export const chanceText = (weight: number): string =>
  `${((100 * weight) / BOX_WEIGHT_TOTAL).toFixed(2)}%`;

/** '7,992 / 10,000'. */
export const weightText = (weight: number): string =>
  `${formatCoins(weight)} / ${formatCoins(BOX_WEIGHT_TOTAL)}`;

export interface OpenOption {
  count: OpenCount;
  cost: number;
  /** False when the known balance is below the cost; an unknown balance leaves the server to decide. */
  affordable: boolean;
  label: string;
}

export function openOptions(price: number, balance: number | undefined): OpenOption[] {
  return BOX_OPEN_COUNTS.map((count) => {
    const cost = price * count;
    return {
      count,
      cost,
      affordable: balance === undefined || balance >= cost,
      label: `Open ×${count}`,
    };
  });
}

/** Why an open button is off, for the line under the buttons (null when both are on). */
export function openBlockedText(
  options: readonly OpenOption[],
  balance: number | undefined,
): string | null {
  if (balance === undefined) return null;
  const single = options.find((o) => o.count === 1);
  const more = options.find((o) => o.count !== 1);
  if (single && !single.affordable)
    return `Not enough coins: a box costs ${formatCoins(single.cost)} and you have ${formatCoins(balance)}.`;
  if (more && !more.affordable)
    return `×${more.count} needs ${formatCoins(more.cost)} coins; you have ${formatCoins(balance)}.`;
  return null;
}

/**
 * The params a round of this box records: its id and published tiers, each drop as the
 * catalogue has it (the items row id the page also gets is not part of the draw).
 */
export function roundParams(box: Pick<MysteryBoxDto, 'id' | 'tiers'>) {
  return {
    box: box.id,
    tiers: box.tiers.map((t) => ({
      name: t.name,
      weight: t.weight,
      notable: t.notable,
      drops: t.drops.map((d) => ({ key: d.key, name: d.name, emoji: d.emoji, value: d.value })),
    })),
  };
}

/**
 * The /fairness verifier for one opening: game 'mystery-box', its nonce and params, and its round
 * id so the page compares with the record. The seeds are filled in there once the server seed
 * is revealed by rotating.
 */
export function verifyDropHref(
  result: Pick<BoxResult, 'roundId' | 'nonce'>,
  box: Pick<MysteryBoxDto, 'id' | 'tiers'>,
): string {
  const query = new URLSearchParams({
    game: 'mystery-box',
    nonce: String(result.nonce),
    params: JSON.stringify(roundParams(box)),
    round: result.roundId,
  });
  return `/fairness?${query.toString()}#verify`;
}

/** Cells in a reel strip, and the one it stops on: far enough along for a few seconds of spin. */
export const REEL_CELLS = 36;
export const REEL_STOP = 30;

/**
 * A reel's strip: the box's collectibles in a scrambled order, with the server's drop at
 * REEL_STOP. The order comes from the round id, so a re-render draws the same strip. It is only
 * decoration: what was won is decided by the round, never by this.
 */
export function reelStrip(
  box: Pick<MysteryBoxDto, 'tiers'>,
  dropEmoji: string,
  seedText: string,
): string[] {
  const emojis = box.tiers.flatMap((t) => t.drops.map((d) => d.emoji));
  if (emojis.length === 0) return Array.from({ length: REEL_CELLS }, () => dropEmoji);
  let seed = 0;
  for (const ch of seedText) seed = (Math.imul(seed, 31) + ch.charCodeAt(0)) >>> 0;
  const next = () => {
    // xorshift32: enough to scramble a strip.
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    seed >>>= 0;
    return seed;
  };
  seed = seed || 1;
  const cells = Array.from({ length: REEL_CELLS }, () => emojis[next() % emojis.length]!);
  cells[REEL_STOP] = dropEmoji;
  return cells;
}

/** How long reel `index` of an opening spins: five reels stop one after another. */
export const reelDurationMs = (index: number): number => 1800 + index * 450;

/** The recent-drops feed keeps this many, newest first. */
export const FEED_LIMIT = 20;

export function addToFeed<T>(feed: readonly T[], drop: T): T[] {
  return [drop, ...feed].slice(0, FEED_LIMIT);
}

/** '3 drops: 1 Rare, 2 Common' (best tier first by the box's order), or 'Rare Old Compass' for one. */
export function openSummary(
  results: readonly { tier: string; item: Pick<BoxResult['item'], 'name' | 'value'> }[],
  tierOrder: readonly string[],
): string {
  if (results.length === 0) return 'Nothing dropped.';
  if (results.length === 1)
    return `${results[0]!.tier} ${results[0]!.item.name}, worth ${coinsText(results[0]!.item.value)}`;
  const counts = new Map<string, number>();
  for (const r of results) counts.set(r.tier, (counts.get(r.tier) ?? 0) + 1);
  const rank = (tier: string) => tierOrder.indexOf(tier);
  const parts = [...counts]
    .sort(([a], [b]) => rank(b) - rank(a))
    .map(([tier, n]) => `${n} ${tier}`);
  const worth = results.reduce((sum, r) => sum + r.item.value, 0);
  return `${results.length} drops: ${parts.join(', ')}, worth ${coinsText(worth)} in all`;
}

/** Colours per tier name; a tier the page does not know reads as Common. */
const TIER_STYLES: Record<string, string> = {
  Common: 'bg-slate-700 text-slate-100',
  Uncommon: 'bg-emerald-800 text-emerald-50',
  Rare: 'bg-sky-800 text-sky-50',
  Epic: 'bg-fuchsia-800 text-fuchsia-50',
  Legendary: 'bg-amber-300 text-slate-950',
};

export const tierStyle = (tier: string): string => TIER_STYLES[tier] ?? TIER_STYLES.Common!;
