import { useEffect, useState } from 'react';

/**
 * The server's clock as this tab last heard it. Every quiz answer carries `serverTime`, and the
 * windows a question may be answered in are the server's, so countdowns run on its time: a
 * browser clock that is a few seconds off must not show time that the server has already spent.
 */
let offsetMs = 0;

/** Notes a reply's `serverTime`, received just now (the one-way delay is small next to a 15 s question). */
export function syncServerClock(serverTime: string): void {
  const at = Date.parse(serverTime);
  if (Number.isFinite(at)) offsetMs = at - Date.now();
}

export const serverNow = (): number => Date.now() + offsetMs;

/** The server's time, re-read every `tickMs` while it is given (null: no ticking). */
export function useServerNow(tickMs: number | null): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    if (tickMs === null) return;
    // The clock may have moved since the last tick (a new reply re-synced it): read it at once.
    setNow(serverNow());
    const timer = setInterval(() => setNow(serverNow()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  return now;
}
