import { useCallback, useEffect, useRef, useState } from 'react';
import type { Allocations } from '../../../../shared/games/idleNgu/rules';
import { sameAllocations } from './idleNguView';

/** Long enough for a few presses of + or a typed number to go as one request. */
const SAVE_DELAY_MS = 400;

export type SavePhase = 'saved' | 'pending' | 'saving';

export interface AllocationDraft {
  /** What the rows show: the player's unsent or unanswered choice, else the server's. */
  shown: Allocations;
  phase: SavePhase;
  change: (next: Allocations) => void;
  /** Drops an unsent choice (before a rebirth, which clears the allocations anyway). */
  discard: () => void;
}

/**
 * The allocation rows edit a local draft; SAVE_DELAY_MS after the last change it goes to the
 * server as one allocate intent. One request at a time: a change made while one is on its way
 * is sent when it returns. A refusal drops the draft, so the rows show the server's allocation.
 */
export function useAllocationDraft(
  server: Allocations,
  save: (allocations: Allocations) => Promise<unknown>,
): AllocationDraft {
  const [draft, setDraft] = useState<Allocations | null>(null);
  const [saving, setSaving] = useState(false);
  // Refs, since the timer and the answer run outside the render that scheduled them.
  const latest = useRef<Allocations | null>(null);
  const inFlight = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const serverRef = useRef(server);
  const saveRef = useRef(save);
  useEffect(() => {
    serverRef.current = server;
    saveRef.current = save;
  });

  const settleDraft = useCallback((next: Allocations | null) => {
    latest.current = next;
    setDraft(next);
  }, []);

  const flush = useCallback(async () => {
    const sending = latest.current;
    if (sending === null || inFlight.current) return;
    if (sameAllocations(sending, serverRef.current)) {
      settleDraft(null);
      return;
    }
    inFlight.current = true;
    setSaving(true);
    let failed = false;
    try {
      await saveRef.current(sending);
    } catch {
      failed = true;
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
    if (failed || latest.current === sending) settleDraft(null);
    else timer.current = setTimeout(() => void flush(), SAVE_DELAY_MS);
  }, [settleDraft]);

  const change = useCallback(
    (next: Allocations) => {
      settleDraft(next);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), SAVE_DELAY_MS);
    },
    [flush, settleDraft],
  );

  const discard = useCallback(() => {
    clearTimeout(timer.current);
    if (!inFlight.current) settleDraft(null);
  }, [settleDraft]);

  // Leaving the page inside the delay still sends the last choice.
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      const pending = latest.current;
      if (pending !== null && !inFlight.current && !sameAllocations(pending, serverRef.current))
        void saveRef.current(pending).catch(() => undefined);
    },
    [],
  );

  return {
    shown: draft ?? server,
    phase: saving ? 'saving' : draft !== null ? 'pending' : 'saved',
    change,
    discard,
  };
}
