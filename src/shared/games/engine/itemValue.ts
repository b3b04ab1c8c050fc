// The most an item can be worth (issue 34): the rise in a player's expected coins from owning and
// using it, over playing as well as possible without it, computed from the caps and returns the
// paying code uses (items.ts, slots.ts, minefield.ts). A test holds every item of the store's
// seed and of a running store to at most its price.
import { buffExtraLimit, savedGameCap, type ItemTerms } from './items';
import { MINEFIELD_RTP } from '../minefield/rules';
import {
  compare,
  div,
  mul,
  rational,
  sub,
  toPercentString,
  ONE,
  ZERO,
  type Rational,
} from './rational';
import { SLOTS_MAX_LUCK, slotsRtp, slotsRtpWithLuck } from '../casino/slots';

export interface ItemValue {
  /** Coins: the largest expected gain when `exact`, otherwise a bound it stays below or at. */
  coins: Rational;
  exact: boolean;
  /** How the figure comes about, for /fairness. */
  reason: string;
}

/**
 * Slot luck's bound. A spin at stake s returns RTP0 x s before luck, and luck adds g x s in
 * expectation, g = RTP(L) - RTP0, but a buff pays re-spun wins only up to its cap C. Over any
 * way of playing, with S the coins staked in all: E[gain] <= min(C, g x E[S]) - h x E[S], h the
 * house edge 1 - RTP0, which is largest at g x E[S] = C: C x (1 - h/g). L is the +50% cap,
 * whatever else runs beside the item (its share of a stack is within the same bound).
 */
function slotsLuckValueShare(): Rational {
  const rtp0 = slotsRtp();
  const gain = sub(slotsRtpWithLuck(SLOTS_MAX_LUCK), rtp0);
  const edge = sub(ONE, rtp0);
  if (compare(gain, edge) <= 0) return ZERO;
  return sub(ONE, div(edge, gain));
}

const coinsText = (n: number): string => n.toLocaleString('en-US');

export function itemMaxExpectedValue(item: ItemTerms): ItemValue {
  const cap = buffExtraLimit(item.price);
  switch (item.effectType) {
    case 'reward-multiplier':
      return {
        coins: rational(cap),
        exact: false,
        reason: `its extra coins stop at ${coinsText(cap)}, which a player who saves enough task and achievement claims for its hour reaches`,
      };
    case 'slots-luck':
      return {
        coins: mul(rational(cap), slotsLuckValueShare()),
        exact: false,
        reason:
          `re-spun wins are paid up to ${coinsText(cap)}, and the spins that earn them pay the house edge: ` +
          `at most ${coinsText(cap)} x (1 - edge / luck's gain at +${SLOTS_MAX_LUCK}%)`,
      };
    case 'extra-safe-click': {
      // A game the item saves would have been lost, and pays at most the cap; the games it does
      // not save return what they would without it, at most 99%. So the gain is below
      // P(saved) x cap, and a save is never certain.
      const saved = savedGameCap(item.price);
      return {
        coins: rational(saved),
        exact: false,
        reason: `a game it saves pays at most ${coinsText(saved)}, stake included, and other games return at most ${toPercentString(MINEFIELD_RTP, 0)}: below ${coinsText(saved)}`,
      };
    }
    case 'mine-reduction':
      return {
        coins: ZERO,
        exact: true,
        reason:
          "every Minefield setting returns at most 99% with or without it (with a safe-click item, that item's figure counts it)",
      };
    case 'cosmetic':
      return item.sellBack != null
        ? { coins: rational(item.sellBack), exact: true, reason: 'it sells back for that' }
        : { coins: ZERO, exact: true, reason: 'it pays nothing' };
    case null:
      return { coins: ZERO, exact: true, reason: 'it pays nothing' };
  }
}

/** Whether an item's maximum expected value is at most its price: the rule a test holds every item to. */
export const worthAtMostItsPrice = (item: ItemTerms): boolean =>
  compare(itemMaxExpectedValue(item).coins, rational(item.price)) <= 0;
