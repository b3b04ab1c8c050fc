import { useEffect, useState } from 'react';
import { PARLAY_MAX_LEGS } from '../../../shared/odds';
import { addPick, type ParlayPick } from '../bets/public';

/** Per community and per browser tab: a slip follows its community, and a reload keeps it. */
const storageKey = (slug: string) => `community-parlay:${slug.toLowerCase()}`;

function isPick(value: unknown): value is ParlayPick {
  if (typeof value !== 'object' || value === null) return false;
  const { betId, betTitle, choice, odds } = value as Record<string, unknown>;
  return (
    typeof betId === 'string' &&
    typeof betTitle === 'string' &&
    typeof choice === 'string' &&
    typeof odds === 'number'
  );
}

function readPicks(key: string): ParlayPick[] {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(key) ?? '[]');
    return Array.isArray(stored) ? stored.filter(isPick).slice(0, PARLAY_MAX_LEGS) : [];
  } catch {
    return [];
  }
}

function writePicks(key: string, picks: readonly ParlayPick[]): void {
  try {
    if (picks.length === 0) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(picks));
  } catch {
    // Storage off (a private window's quota): the slip lasts until the tab is left, nothing worse.
  }
}

export interface ParlayPicks {
  picks: ParlayPick[];
  /** Adds the pick (replacing another option of its bet) or, if already picked, takes it off; false when the slip is full. */
  toggle: (pick: ParlayPick) => boolean;
  remove: (betId: string) => void;
  /** Changes the picks from the latest ones (a reply may come after the member changed them). */
  update: (change: (picks: ParlayPick[]) => ParlayPick[]) => void;
}

/** A member's parlay picks on one community's bets, kept in sessionStorage so tab switches keep them. */
export function useParlayPicks(slug: string): ParlayPicks {
  const key = storageKey(slug);
  const [state, setState] = useState(() => ({ key, picks: readPicks(key) }));
  // Another community in the same component (a link from one to the other): its own slip.
  if (state.key !== key) setState({ key, picks: readPicks(key) });
  const picks = state.key === key ? state.picks : [];

  useEffect(() => writePicks(state.key, state.picks), [state]);

  const update = (change: (picks: ParlayPick[]) => ParlayPick[]) =>
    setState((current) => ({ key: current.key, picks: change(current.picks) }));

  return {
    picks,
    toggle: (pick) => {
      const same = picks.some((p) => p.betId === pick.betId && p.choice === pick.choice);
      if (same) {
        update((current) => current.filter((p) => p.betId !== pick.betId));
        return true;
      }
      const added = addPick(picks, pick);
      if (!added.full) update((current) => addPick(current, pick).picks);
      return !added.full;
    },
    remove: (betId) => update((current) => current.filter((p) => p.betId !== betId)),
    update,
  };
}
