import { useSyncExternalStore } from 'react';

/**
 * A round's outcome reaches the balance (the live socket's push, the refetch) before its
 * animation shows it: a pill moving 400 ms into a 2-second spin tells the player the result
 * (issue 33). A page holds the balance it shows from the call until the reveal; while any hold
 * is on, the session's user keeps that balance. A hold that is never released (a page torn
 * down mid-spin) ends by itself.
 */
const MAX_HOLD_MS = 15_000;

let frozen: number | null = null;
const holds = new Set<symbol>();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((notify) => notify());

/** Keeps `shown` as the balance until the returned function (idempotent) is called. */
export function holdBalance(shown: number): () => void {
  const id = Symbol('balance hold');
  if (holds.size === 0) {
    frozen = shown;
    emit();
  }
  holds.add(id);
  const release = () => {
    clearTimeout(timer);
    if (!holds.delete(id) || holds.size > 0) return;
    frozen = null;
    emit();
  };
  const timer = setTimeout(release, MAX_HOLD_MS);
  return release;
}

/** The balance to show while a round is being revealed, or null when none is. */
export function useHeldBalance(): number | null {
  return useSyncExternalStore(
    (notify) => {
      listeners.add(notify);
      return () => listeners.delete(notify);
    },
    () => frozen,
    () => null,
  );
}
