import type { OddsChangedDetails } from '../../../shared/api/bets';
import {
  hundredthsToOdds,
  oddsToHundredths,
  PARLAY_MAX_LEGS,
  totalOddsHundredths,
} from '../../../shared/odds';

/** Spec section 3 'Parlay pick', plus the title so the slip can say which bet a pick is on. */
export interface ParlayPick {
  betId: string;
  betTitle: string;
  choice: string;
  odds: number;
}

export interface AddPickResult {
  picks: ParlayPick[];
  /** True when the pick was refused because the slip already holds PARLAY_MAX_LEGS bets. */
  full: boolean;
}

/** Spec section 4: one pick per bet, a later pick on the same bet replaces the earlier one in place. */
export function addPick(picks: readonly ParlayPick[], pick: ParlayPick): AddPickResult {
  const index = picks.findIndex((existing) => existing.betId === pick.betId);
  if (index >= 0)
    return { picks: picks.map((existing, i) => (i === index ? pick : existing)), full: false };
  if (picks.length >= PARLAY_MAX_LEGS) return { picks: [...picks], full: true };
  return { picks: [...picks, pick], full: false };
}

/** After a 409 'odds changed' the slip takes the server's odds so the next submit matches them. */
export function withCurrentOdds(
  picks: readonly ParlayPick[],
  current: OddsChangedDetails['currentOdds'],
): ParlayPick[] {
  return picks.map((pick) => {
    const fresh = current.find((leg) => leg.betId === pick.betId && leg.choice === pick.choice);
    return fresh ? { ...pick, odds: fresh.odds } : pick;
  });
}

/** The same rounding as the server's check, so a submitted total is never rejected as stale. */
export function parlayTotalOdds(picks: readonly ParlayPick[]): number {
  return hundredthsToOdds(totalOddsHundredths(picks.map((pick) => oddsToHundredths(pick.odds))));
}

/** The parlay request of a slip: each leg at the odds the slip shows, and their total. */
export function parlayRequest(picks: readonly ParlayPick[], amount: number) {
  return {
    amount,
    bets: picks.map(({ betId, choice, odds }) => ({ betId, choice, odds })),
    totalOdds: parlayTotalOdds(picks),
  };
}
