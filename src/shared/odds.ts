// Odds are integer hundredths everywhere money is computed (DESIGN.md section 3): 2.35 -> 235.

export const MIN_ODDS = 1.01;
export const MAX_ODDS = 1000;

export const oddsToHundredths = (odds: number): number => Math.round(odds * 100);
export const hundredthsToOdds = (hundredths: number): number => hundredths / 100;

/** True when the number has at most two decimals (2.35 yes, 2.355 no), tolerant of float noise. */
export const hasAtMostTwoDecimals = (odds: number): boolean =>
  Math.abs(odds * 100 - Math.round(odds * 100)) < 1e-6;

/** floor(stake x odds), computed exactly on integers. */
export const payoutFor = (stake: number, oddsHundredths: number): number =>
  Math.floor((stake * oddsHundredths) / 100);

/**
 * Product of the legs' odds rounded to 2 decimals (half up), exact: BigInt keeps a 10-leg
 * product of hundredths (up to 10^50) free of float error, so client and server agree.
 */
export function totalOddsHundredths(legs: readonly number[]): number {
  return Number(totalOddsHundredthsExact(legs));
}

/** The same product as a BigInt: ten legs at 1000x (10^30) is past what a Number holds exactly. */
function totalOddsHundredthsExact(legs: readonly number[]): bigint {
  if (legs.length === 0) return 100n;
  let product = 1n;
  for (const leg of legs) product *= BigInt(leg);
  const scale = 100n ** BigInt(legs.length - 1);
  return (product * 2n + scale) / (scale * 2n);
}

/**
 * The most one parlay can pay (published on the builder). Bounding the payout bounds the
 * stored odds too: total odds in hundredths <= PARLAY_MAX_PAYOUT x 100 / stake.
 */
export const PARLAY_MAX_PAYOUT = 10_000_000;

/** The exact payout of a parlay, or null if it would be above PARLAY_MAX_PAYOUT. */
export function parlayPayoutWithinLimit(stake: number, legs: readonly number[]): number | null {
  const payout = (BigInt(stake) * totalOddsHundredthsExact(legs)) / 100n;
  return payout > BigInt(PARLAY_MAX_PAYOUT) ? null : Number(payout);
}

export const PARLAY_MIN_LEGS = 2;
export const PARLAY_MAX_LEGS = 10;

/** Spec section 5: progress bar is min(100, total odds x 10) percent. */
export const parlayProgressPercent = (totalOdds: number): number => Math.min(100, totalOdds * 10);

/** Spec section 5: preview = wager x total odds to 2 decimals, only when both make sense. */
export function parlayPayoutPreview(wager: number, totalOdds: number): string | null {
  if (!(wager > 0) || !(totalOdds > 1)) return null;
  return (wager * totalOdds).toFixed(2);
}
