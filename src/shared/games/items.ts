// Power-up arithmetic from DESIGN.md section 6 (Buffs) that touches game returns. Which buffs
// are running and how much each has added so far is the server's state; these are the sums.
import { SLOTS_MAX_LUCK } from './slots';

/** reward-multiplier buffs combine by product, capped here. */
export const REWARD_MULTIPLIER_CAP = 3;
/** The extra coins one buff adds over its life are capped at this many times its item's price. */
export const BUFF_EXTRA_PRICE_MULTIPLE = 10;

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

/**
 * Coins a multiplier adds to a free reward or to the profit of a won stake (never to the stake
 * itself, never to a loss): floor(amount x (multiplier - 1)).
 */
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
 * the item, so its profit is that item's doing: capped at 10x the item's price, the same per-use
 * cap as a reward multiplier's. Without a cap the item's value is unbounded (see rtp.ts).
 */
export const savedGamePayout = (payout: number, stake: number, itemPrice: number): number =>
  Math.min(payout, stake + buffExtraLimit(itemPrice));
