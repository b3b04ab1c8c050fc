import { FairStream } from '../engine/fairness';
import { binomial, floorOf, mul, rational, type Rational } from '../engine/rational';
import { assertStake } from '../engine/stake';

// Spec games.md sections 5 and 9.
export const MINEFIELD_MIN_SIDE = 3;
export const MINEFIELD_MAX_SIDE = 12;
export const MINEFIELD_MIN_MINES = 2;
/** The largest stake a game accepts. */
export const MINEFIELD_MAX_BET = 1_000_000;
/** Published cap on what one game can win beyond its stake, in coins. */
export const MINEFIELD_MAX_PROFIT = 1_000_000;
/** The house keeps 1%: every multiplier is 0.99 x the fair odds of surviving so far. */
export const MINEFIELD_RTP: Rational = rational(99, 100);
/** At least one mine stays on the board whatever mine-reduction removes. */
export const MINEFIELD_MIN_PLACED_MINES = 1;

export interface MinefieldParams {
  rows: number;
  cols: number;
  /** Mines chosen by the player: 2 to rows x cols - 1. */
  mines: number;
  /** Mines removed by a mine-reduction item; the multiplier uses the mines really placed. */
  mineReduction?: number;
}

export interface MinefieldBoard {
  cells: number;
  /** Mines really placed: max(1, mines - mineReduction). */
  placed: number;
  /** Mine cells, ascending; cell index = row x cols + col. */
  positions: number[];
}

const isIntegerIn = (value: number, low: number, high: number): boolean =>
  Number.isInteger(value) && value >= low && value <= high;

function assertMinefieldParams(params: MinefieldParams): void {
  const { rows, cols, mines, mineReduction = 0 } = params;
  if (
    !isIntegerIn(rows, MINEFIELD_MIN_SIDE, MINEFIELD_MAX_SIDE) ||
    !isIntegerIn(cols, MINEFIELD_MIN_SIDE, MINEFIELD_MAX_SIDE)
  ) {
    throw new RangeError('rows and cols must be whole numbers from 3 to 12');
  }
  if (!isIntegerIn(mines, MINEFIELD_MIN_MINES, rows * cols - 1))
    throw new RangeError('mines must be from 2 to cells - 1');
  if (!Number.isSafeInteger(mineReduction) || mineReduction < 0)
    throw new RangeError('mine reduction must be a whole number >= 0');
}

export const minesPlaced = (mines: number, mineReduction = 0): number =>
  Math.max(MINEFIELD_MIN_PLACED_MINES, mines - mineReduction);

/**
 * Stake's Mines placement, as a partial Fisher-Yates: the i-th float picks index
 * floor(f x (N - i)) among the cells not yet mined, kept in ascending order. One float per
 * mine placed, 8 per HMAC round, so ceil(placed / 8) HMACs.
 */
export function minefieldBoard(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  params: MinefieldParams,
): MinefieldBoard {
  assertMinefieldParams(params);
  const cells = params.rows * params.cols;
  const placed = minesPlaced(params.mines, params.mineReduction);
  const stream = new FairStream(serverSeed, clientSeed, nonce);
  // At most 144 cells: bytes, with removal by shifting the tail, as Array.splice would.
  const remaining = new Uint8Array(cells);
  for (let cell = 0; cell < cells; cell++) remaining[cell] = cell;
  const positions = new Array<number>(placed);
  for (let i = 0; i < placed; i++) {
    const index = stream.nextIndex(cells - i);
    positions[i] = remaining[index] ?? -1;
    remaining.copyWithin(index, index + 1, cells - i);
  }
  positions.sort((a, b) => a - b);
  return { cells, placed, positions };
}

function assertReveals(cells: number, mines: number, safeReveals: number): void {
  if (
    !Number.isInteger(cells) ||
    cells < 2 ||
    !Number.isInteger(mines) ||
    mines < 1 ||
    mines >= cells
  ) {
    throw new RangeError('need 1 <= mines < cells');
  }
  if (!isIntegerIn(safeReveals, 0, cells - mines))
    throw new RangeError('safe reveals must be from 0 to cells - mines');
}

/** C(N - m, k) / C(N, k): the chance that k cells revealed one by one are all safe. */
export function minefieldSurvival(cells: number, mines: number, safeReveals: number): Rational {
  assertReveals(cells, mines, safeReveals);
  return rational(binomial(cells - mines, safeReveals), binomial(cells, safeReveals));
}

/** 0.99 x C(N, k) / C(N - m, k), exact; m is the number of mines really placed. */
export function minefieldMultiplier(cells: number, mines: number, safeReveals: number): Rational {
  assertReveals(cells, mines, safeReveals);
  return mul(
    MINEFIELD_RTP,
    rational(binomial(cells, safeReveals), binomial(cells - mines, safeReveals)),
  );
}

/** The multiplier to show, rounded half up to 3 decimals (1.2857... -> 1.286). */
export function minefieldDisplayMultiplier(
  cells: number,
  mines: number,
  safeReveals: number,
): number {
  const { num, den } = minefieldMultiplier(cells, mines, safeReveals);
  return Number((num * 2000n + den) / (den * 2n)) / 1000;
}

/**
 * Coins for cashing out after k safe reveals: floor(stake x multiplier), with the profit capped
 * at MINEFIELD_MAX_PROFIT. At k = 0 that is 99% of the stake, so a server should not offer it.
 */
export function minefieldPayout(
  stake: number,
  cells: number,
  mines: number,
  safeReveals: number,
): number {
  assertStake(stake, 1);
  const uncapped = floorOf(mul(rational(stake), minefieldMultiplier(cells, mines, safeReveals)));
  const capped = BigInt(stake + MINEFIELD_MAX_PROFIT);
  return Number(uncapped < capped ? uncapped : capped);
}

/**
 * The exact return of "reveal k cells, then cash out" at this stake: P(survive) x payout / stake.
 * 0.99 except where flooring to whole coins or the profit cap bites.
 */
export function minefieldRtpForStake(
  stake: number,
  cells: number,
  mines: number,
  safeReveals: number,
): Rational {
  const payout = minefieldPayout(stake, cells, mines, safeReveals);
  return mul(minefieldSurvival(cells, mines, safeReveals), rational(payout, stake));
}

/**
 * The largest stake whose cash-out after k reveals the profit cap leaves untouched: the largest
 * s with floor(s x (multiplier - 1)) <= MINEFIELD_MAX_PROFIT. Above it that strategy returns
 * less than 99%. Infinity when the multiplier is at most 1 (no profit to cap).
 */
export function minefieldUncappedStakeLimit(
  cells: number,
  mines: number,
  safeReveals: number,
): number {
  const { num, den } = minefieldMultiplier(cells, mines, safeReveals);
  const profitNum = num - den;
  if (profitNum <= 0n) return Infinity;
  // s x profitNum / den < MAX + 1  <=>  s < (MAX + 1) x den / profitNum
  const bound = BigInt(MINEFIELD_MAX_PROFIT + 1) * den;
  return Number((bound + profitNum - 1n) / profitNum - 1n);
}

/**
 * Extra-safe-click, as this module prices it: a forgiven click on a mine shows that mine, does
 * not explode, does not count as a safe reveal, and leaves the multiplier where it was (the
 * multiplier depends only on cells, mines placed and safe reveals). With `forgiven` such clicks
 * and the strategy "reveal until k cells are safe, then cash out", the game is won when at most
 * `forgiven` mines lie among the first min(k + forgiven, N) cells clicked, so the exact return
 * (before any cap on saved games) is multiplier(k) x P(hypergeometric(N, m, k + forgiven) <= forgiven).
 */
export function minefieldRtpWithForgiveness(
  cells: number,
  mines: number,
  safeReveals: number,
  forgiven: number,
): Rational {
  assertReveals(cells, mines, safeReveals);
  if (!Number.isSafeInteger(forgiven) || forgiven < 0)
    throw new RangeError('forgiven clicks must be a whole number >= 0');
  const draws = Math.min(safeReveals + forgiven, cells);
  let ways = 0n;
  for (let hits = 0; hits <= Math.min(forgiven, mines); hits++)
    ways += binomial(mines, hits) * binomial(cells - mines, draws - hits);
  return mul(
    minefieldMultiplier(cells, mines, safeReveals),
    rational(ways, binomial(cells, draws)),
  );
}
