import { useEffect, useState } from 'react';

/**
 * The server's time (this browser's clock plus `offsetMs`), re-read every `tickMs`. Null until an
 * offset is known. The page settles the trainer to this time with the server's own rule, so the
 * levels on screen are the ones the server will settle.
 */
export function useServerNow(offsetMs: number | undefined, tickMs: number): number | null {
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
