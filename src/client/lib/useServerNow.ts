import { useEffect, useState } from 'react';

/**
 * The server's time (this browser's clock plus `offsetMs`, taken when an answer arrived), re-read
 * every `tickMs`; null until an offset is known. Idle games settle their state to this time with
 * the server's own shared rule, so what the page shows is what the server will settle. A quarter
 * second by default keeps an mm:ss countdown from skipping a second, which a 1 s timer drifting
 * against the clock would do now and then.
 */
export function useServerNow(offsetMs: number, tickMs?: number): number;
export function useServerNow(offsetMs: number | undefined, tickMs?: number): number | null;
export function useServerNow(offsetMs: number | undefined, tickMs = 250): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    if (offsetMs === undefined) return;
    // A new answer may have moved the offset: read the clock at once, not a tick later.
    setNow(Date.now() + offsetMs);
    const timer = setInterval(() => setNow(Date.now() + offsetMs), tickMs);
    return () => clearInterval(timer);
  }, [offsetMs, tickMs]);
  return offsetMs === undefined ? null : (now ?? Date.now() + offsetMs);
}
