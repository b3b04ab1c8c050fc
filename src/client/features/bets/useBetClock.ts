import { useEffect, useState } from 'react';

// setTimeout overflows past 2^31-1 ms (about 24.8 days) and would fire at once.
const MAX_TIMER_MS = 2_147_483_647;

/**
 * The current time, re-read exactly when the nearest future end time passes, so bet cards
 * close on screen without a reload and without a ticking interval re-rendering every second.
 */
export function useBetClock(endTimes: readonly string[]): number {
  const [now, setNow] = useState(() => Date.now());
  // A string key keeps the effect from re-arming on every refetch that returns the same bets.
  const key = endTimes.join('|');

  useEffect(() => {
    const upcoming = key
      .split('|')
      .map((value) => Date.parse(value))
      .filter((time) => Number.isFinite(time) && time > now);
    if (upcoming.length === 0) return;
    const next = Math.min(...upcoming);
    const delay = Math.min(MAX_TIMER_MS, Math.max(0, next - Date.now()));
    const timer = setTimeout(() => setNow(Date.now()), delay);
    return () => clearTimeout(timer);
  }, [key, now]);

  return now;
}

export function hasEnded(endTime: string, now: number): boolean {
  return Date.parse(endTime) <= now;
}
