import { useEffect, useState } from 'react';
import { remainingMs } from './claim';

/**
 * Milliseconds left until `target`, re-rendered once a second while any are left; at zero the
 * tick stops until a new target arrives.
 */
export function useCountdown(target: string | null | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  const remaining = remainingMs(target, now);
  const running = remaining > 0;

  useEffect(() => {
    if (!running) return;
    // A new target: the clock on screen may be as old as the last tick, so read it again now.
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running, target]);

  return remaining;
}
