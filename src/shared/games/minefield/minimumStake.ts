// What Minefield really returns at a real stake (issue 34): the multiplier is 0.99 x the fair
// odds, but a payout is floored to whole coins and a game's profit is capped, so the published
// line is made true by two rules, both computed here and used by the server, the page and
// /fairness alike:
//
// 1. A minimum stake per grid and mines placed. Flooring loses less than one coin of a payout
//    of s x M(k), so a cash-out after k reveals returns more than 0.99 x (1 - 1 / (s x M(k))).
//    M(k) grows with k, and M(1) = 0.99 x N / (N - m); a stake with s x M(1) >= 0.99 / FLOOR_COST
//    (= 99 coins of first payout) keeps every cash-out above 0.99 - FLOOR_COST = 98%. That is
//    s >= (N - m) / (N x FLOOR_COST) = 100 x safe cells / cells: 1 to 100 coins.
//    Rounding up instead would pay above fair odds (at stake 1 a 1.27x cash-out would pay 2).
// 2. The profit cap is stated, not hidden: at a cash-out point where stake x (M(k) - 1) passes
//    MINEFIELD_MAX_PROFIT the payout is stake + MINEFIELD_MAX_PROFIT, and the page shows that
//    return (and the largest stake that avoids it) before the cell is clicked.
import {
  MINEFIELD_MAX_PROFIT,
  MINEFIELD_MAX_SIDE,
  MINEFIELD_MIN_SIDE,
  MINEFIELD_MIN_PLACED_MINES,
  MINEFIELD_RTP,
  minefieldDisplayMultiplier,
  minefieldPayout,
  minefieldSurvival,
  minefieldUncappedStakeLimit,
  minesPlaced,
} from './rules';
import { mul, rational, sub, toPercentString, type Rational } from '../engine/rational';

/** The most whole-coin flooring may take from a cash-out's return at an accepted stake: 1 point. */
const MINEFIELD_FLOOR_COST: Rational = rational(1, 100);
/** Every cash-out under the profit cap returns more than this at an accepted stake (98%). */
export const MINEFIELD_LOWEST_RETURN: Rational = sub(MINEFIELD_RTP, MINEFIELD_FLOOR_COST);

/** The smallest stake on `cells` cells with `placed` mines really placed: ceil(100 x (cells - placed) / cells). */
export function minefieldMinStake(cells: number, placed: number): number {
  if (!Number.isInteger(cells) || !Number.isInteger(placed) || placed < 1 || placed >= cells)
    throw new RangeError('need 1 <= mines < cells');
  // (N - m) / (N x FLOOR_COST), rounded up, exactly.
  const num = BigInt(cells - placed) * MINEFIELD_FLOOR_COST.den;
  const den = BigInt(cells) * MINEFIELD_FLOOR_COST.num;
  return Number((num + den - 1n) / den);
}

export interface MinefieldSetting {
  rows: number;
  cols: number;
  /** The mines the player chose. */
  mines: number;
  /** Mines a mine-reduction item removes; the rule uses the mines really placed. */
  mineReduction?: number;
}

/** The minimum stake of a setting, on the mines really placed. */
export const minefieldSettingMinStake = (s: MinefieldSetting): number =>
  minefieldMinStake(s.rows * s.cols, minesPlaced(s.mines, s.mineReduction));

/** The refusal the server sends and the page shows for a stake below the setting's minimum. */
export function minefieldMinStakeMessage(s: MinefieldSetting): string {
  const placed = minesPlaced(s.mines, s.mineReduction);
  const mines =
    placed === s.mines
      ? `${s.mines} mines`
      : `${placed} ${placed === 1 ? 'mine' : 'mines'} placed (${s.mines - placed} removed by your item)`;
  return `Bet must be ≥ ${minefieldSettingMinStake(s)} for ${s.rows}x${s.cols} with ${mines}: a smaller stake loses more than 1% of its return to whole-coin rounding.`;
}

/** Percent text rounded down, so a shown return is never above the real one: 0.98739 -> '98.73%'. */
export function percentRoundedDown(r: Rational, digits = 2): string {
  const scale = 10n ** BigInt(digits);
  const scaled = (r.num * 100n * scale) / r.den;
  const whole = (scaled / scale).toString();
  return `${whole}${digits > 0 ? '.' + (scaled % scale).toString().padStart(digits, '0') : ''}%`;
}

export interface MinefieldCashoutPoint {
  safeReveals: number;
  /** The multiplier as shown, 3 decimals. */
  multiplier: number;
  /** Coins the cash-out pays before any reward buff: minefieldPayout, floors and cap included. */
  payout: number;
  /** The exact return per coin staked of revealing this many safe cells, then cashing out. */
  rtp: Rational;
  /** `rtp` rounded down to 2 decimals. */
  percent: string;
  /** Whether the profit cap lowers this payout. */
  capped: boolean;
  /** The largest stake paid the full multiplier here (Infinity when there is no profit to cap). */
  uncappedStakeLimit: number;
}

/**
 * Cashing out after `safeReveals` safe cells at this stake, as the server pays it (the same
 * minefieldPayout) and with its exact return P(survive) x payout / stake.
 */
export function minefieldCashoutPoint(
  stake: number,
  cells: number,
  placed: number,
  safeReveals: number,
): MinefieldCashoutPoint {
  const payout = minefieldPayout(stake, cells, placed, safeReveals);
  const rtp = mul(minefieldSurvival(cells, placed, safeReveals), rational(payout, stake));
  const uncappedStakeLimit = minefieldUncappedStakeLimit(cells, placed, safeReveals);
  return {
    safeReveals,
    multiplier: minefieldDisplayMultiplier(cells, placed, safeReveals),
    payout,
    rtp,
    percent: percentRoundedDown(rtp),
    capped: stake > uncappedStakeLimit,
    uncappedStakeLimit,
  };
}

export interface MinefieldPublishedReturn {
  /** 99/100 before flooring, at every grid, mines and cash-out point. */
  rtp: Rational;
  percent: string;
  /** The most flooring costs at an accepted stake, and the return every uncapped cash-out beats. */
  floorCost: Rational;
  floorCostPercent: string;
  lowest: Rational;
  lowestPercent: string;
  /** The minimum stake's range over every grid and mines the page offers (items included). */
  minStake: { lowest: number; highest: number };
  maxProfit: number;
  /** The rule in one sentence, as /fairness states it. */
  rule: string;
}

/** The Minefield row of /fairness: the published return, its precision and its stake bounds. */
export function minefieldPublishedReturn(): MinefieldPublishedReturn {
  let lowest = Infinity;
  let highest = 0;
  for (let rows = MINEFIELD_MIN_SIDE; rows <= MINEFIELD_MAX_SIDE; rows++) {
    for (let cols = MINEFIELD_MIN_SIDE; cols <= MINEFIELD_MAX_SIDE; cols++) {
      // Fewest placed (a mine-reduction item) needs the most; most placed the least.
      highest = Math.max(highest, minefieldMinStake(rows * cols, MINEFIELD_MIN_PLACED_MINES));
      lowest = Math.min(lowest, minefieldMinStake(rows * cols, rows * cols - 1));
    }
  }
  const cap = MINEFIELD_MAX_PROFIT.toLocaleString('en-US');
  const lowestPercent = toPercentString(MINEFIELD_LOWEST_RETURN);
  return {
    rtp: MINEFIELD_RTP,
    percent: toPercentString(MINEFIELD_RTP),
    floorCost: MINEFIELD_FLOOR_COST,
    floorCostPercent: toPercentString(MINEFIELD_FLOOR_COST),
    lowest: MINEFIELD_LOWEST_RETURN,
    lowestPercent,
    minStake: { lowest, highest },
    maxProfit: MINEFIELD_MAX_PROFIT,
    rule:
      `Every cash-out returns more than ${lowestPercent} and at most ${toPercentString(MINEFIELD_RTP)}: the multiplier is 0.99 x the fair odds, ` +
      `payouts are floored to whole coins, and the minimum stake, 100 x safe cells / cells rounded up (${lowest} to ${highest} coins), ` +
      `keeps that flooring under ${toPercentString(MINEFIELD_FLOOR_COST)}; except where stake x (multiplier - 1) passes the ${cap}-coin profit cap, ` +
      `where the payout is stake + ${cap} and the return P(survive) x (stake + ${cap}) / stake, shown on the page before the cell is clicked.`,
  };
}
