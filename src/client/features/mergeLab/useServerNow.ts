import { useEffect, useState } from 'react';

/**
 * The server's time (this browser's clock plus `offsetMs`), re-read every `tickMs`. A quarter
 * second keeps an mm:ss countdown from skipping a second, which a 1 s timer drifting against the
 * clock would do now and then.
 */
export function useServerNow(offsetMs: number, tickMs = 250): number {
  const [now, setNow] = useState(() => Date.now() + offsetMs);
  useEffect(() => {
    // A new answer may have moved the offset: read the clock at once, not a tick later.
    setNow(Date.now() + offsetMs);
    const timer = setInterval(() => setNow(Date.now() + offsetMs), tickMs);
    return () => clearInterval(timer);
  }, [offsetMs, tickMs]);
  return now;
}
