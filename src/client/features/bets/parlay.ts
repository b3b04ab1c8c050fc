import {
  pointerWithin,
  rectIntersection,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import type { OddsChangedDetails } from '../../../shared/api/bets';
import {
  hundredthsToOdds,
  oddsToHundredths,
  PARLAY_MAX_LEGS,
  totalOddsHundredths,
} from '../../../shared/odds';

export const PARLAY_DROP_ZONE_ID = 'parlay-drop-zone';

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

/** A mouse or finger counts where it is; a keyboard drag has no pointer, so its rectangle decides. */
export const parlayCollisionDetection: CollisionDetection = (args) => {
  const underPointer = pointerWithin(args);
  return underPointer.length > 0 ? underPointer : rectIntersection(args);
};

const KEYBOARD_STEP_PX = 25;
const DIRECTIONS: Record<string, { x: number; y: number }> = {
  ArrowRight: { x: 1, y: 0 },
  ArrowLeft: { x: -1, y: 0 },
  ArrowDown: { x: 0, y: 1 },
  ArrowUp: { x: 0, y: -1 },
};

/**
 * dnd-kit's sortable getter only targets sortable items, and the default one crawls 25 px a
 * press. With a single target, an arrow pointing toward the slip jumps straight onto it (right
 * on wide screens, down when the columns stack); any other arrow nudges as usual.
 */
export const parlayKeyboardCoordinates: KeyboardCoordinateGetter = (
  event,
  { context, currentCoordinates },
) => {
  const direction = DIRECTIONS[event.code];
  if (!direction) return undefined;
  event.preventDefault();
  const { collisionRect, droppableRects } = context;
  const zone = droppableRects.get(PARLAY_DROP_ZONE_ID);
  if (collisionRect && zone) {
    const dx = zone.left + zone.width / 2 - (collisionRect.left + collisionRect.width / 2);
    const dy = zone.top + zone.height / 2 - (collisionRect.top + collisionRect.height / 2);
    if (direction.x * dx + direction.y * dy > 0) {
      return { x: currentCoordinates.x + dx, y: currentCoordinates.y + dy };
    }
  }
  return {
    x: currentCoordinates.x + direction.x * KEYBOARD_STEP_PX,
    y: currentCoordinates.y + direction.y * KEYBOARD_STEP_PX,
  };
};
