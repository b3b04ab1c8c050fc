// Power-up arithmetic from DESIGN.md section 6 (Buffs) that touches coins. Which buffs are
// running and how much each has added so far is the server's state; these are the sums and the
// rules, and itemValue.ts prices them from the same numbers.
import type { EffectType, ItemType } from '../../store';
import { SLOTS_MAX_LUCK } from '../casino/slots';

/** A used power-up runs this long. */
export const BUFF_MINUTES = 60;
/** reward-multiplier buffs combine by product, capped here. */
export const REWARD_MULTIPLIER_CAP = 3;
/**
 * What one item can add over its life (a buff's extra coins, a luck buff's re-spun wins, what a
 * game saved by a forgiven click pays) is capped at this many times its price. At 1 no item
 * returns more than it cost to a player who uses it as well as possible (issue 34: at 10 a
 * Golden Goose before a 9,000 coin flip was worth +8,100).
 */
const BUFF_EXTRA_PRICE_MULTIPLE = 1;

/**
 * The free rewards a reward multiplier boosts: coins the site gives, not coins won from a stake.
 * Wager winnings are not boosted (a 100% coin flip would make any multiplier worth its full cap
 * at once), nor the pet area's pet coins (the sanctuary claim, mini-games: another currency,
 * where a gold-priced cap means nothing), nor the idle games' faucets, which publish their own
 * daily caps. The server's applyRewardMultiplier takes one of these keys, so a new call site
 * has to be added here, and /fairness lists this table.
 */
export const BOOSTED_REWARDS = [
  { key: 'spinner', label: 'spinner rewards' },
  { key: 'frenzy', label: 'Click Frenzy clicks' },
  { key: 'puzzle', label: 'Puzzle Rush solves' },
  { key: 'task', label: 'task rewards' },
  { key: 'achievement', label: 'achievement rewards' },
] as const;

/** What a reward multiplier leaves alone, as the fairness page and the store state it. */
export const UNBOOSTED_REWARDS = [
  'wager winnings (coin flip, roulette, slots, Minefield, mystery boxes, duels, Quiz Duel)',
  'sanctuary claims and pet mini-games (pet coins)',
  'the Coin Tycoon dividend, Idle NGU bosses, Merge Lab orders and the daily quiz',
] as const;

/**
 * Product of the running reward-multiplier values in integer hundredths (1.5 -> 150), rounded
 * half up and capped at 3x: hundredths like odds (DESIGN.md section 3), so the server and the
 * page agree to the coin.
 */
export function combinedRewardMultiplierHundredths(values: readonly number[]): number {
  let product = 1n;
  for (const value of values) {
    if (!(value >= 1)) throw new RangeError('a reward multiplier is at least 1');
    product *= BigInt(Math.round(value * 100));
  }
  const scale = 100n ** BigInt(Math.max(0, values.length - 1));
  const rounded = values.length === 0 ? 100n : (product * 2n + scale) / (scale * 2n);
  return Math.min(Number(rounded), REWARD_MULTIPLIER_CAP * 100);
}

/** Coins a multiplier adds to a free reward: floor(amount x (multiplier - 1)). */
export function rewardMultiplierExtra(amount: number, multiplierHundredths: number): number {
  if (!Number.isSafeInteger(amount) || amount <= 0) return 0;
  return Math.floor((amount * (multiplierHundredths - 100)) / 100);
}

/** The most extra coins one buff may add in total before it ends. */
export const buffExtraLimit = (itemPrice: number): number => BUFF_EXTRA_PRICE_MULTIPLE * itemPrice;

/** slots-luck buffs add up, capped at +50%. */
export function combinedSlotsLuck(values: readonly number[]): number {
  const total = values.reduce((sum, value) => sum + Math.max(0, Math.floor(value)), 0);
  return Math.min(total, SLOTS_MAX_LUCK);
}

/**
 * A Minefield game in which a click was forgiven (extra-safe-click) would have been lost without
 * the item, so all it pays is that item's doing: at most the item's price, stake included. A cap
 * of stake + something would let the item's value grow with the stake (a saved game hands the
 * stake back), so the cap does not look at the stake.
 */
export const savedGameCap = (itemPrice: number): number => buffExtraLimit(itemPrice);
export const savedGamePayout = (payout: number, itemPrice: number): number =>
  Math.min(payout, savedGameCap(itemPrice));

/** An item as its rule and value read it: the effect value as the admin form types it (1.5x, 10 percent, 1 click). */
export interface ItemTerms {
  type: ItemType;
  effectType: EffectType | null;
  effectValue: number | null;
  price: number;
  /** A mystery-box collectible's sell-back value (null for store items, which do not sell back). */
  sellBack?: number | null;
}

const coins = (n: number): string => n.toLocaleString('en-US');
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What an item really does, in one sentence: the store card and /fairness show it beside the admin's description. */
export function itemRule(item: ItemTerms): string {
  const value = item.effectValue ?? 0;
  const cap = coins(buffExtraLimit(item.price));
  switch (item.effectType) {
    case 'reward-multiplier':
      return (
        `For ${BUFF_MINUTES} minutes multiplies free rewards by ${value} (${BOOSTED_REWARDS.map((r) => r.label).join(', ')}), ` +
        `adding at most ${cap} coins in all; wager winnings are not boosted. Multipliers combine by product, up to ${REWARD_MULTIPLIER_CAP}x.`
      );
    case 'slots-luck':
      return (
        `For ${BUFF_MINUTES} minutes a losing slots spin is re-spun once with ${value}% probability (luck from several items adds up, ` +
        `to at most +${SLOTS_MAX_LUCK}%); what re-spins win is paid up to ${cap} coins in all.`
      );
    case 'extra-safe-click':
      return `Used by your next Minefield game: ${plural(value, 'mine click')} forgiven; a game it saves pays at most ${cap} coins, stake included.`;
    case 'mine-reduction':
      return `Used by your next Minefield game: ${plural(value, 'mine')} fewer (at least 1 stays); the multiplier is priced on the mines placed, so the return stays as published.`;
    case 'cosmetic':
      return item.sellBack != null
        ? `A collectible: shows beside your name and sells back for ${coins(item.sellBack)} coins.`
        : 'Shows beside your name; no effect on coins.';
    case null:
      return item.type === 'badge'
        ? 'A badge on your profile; no effect on coins.'
        : 'No effect on coins.';
  }
}
