import { useEffect, useState } from 'react';

/**
 * The server's time (this browser's clock plus `offsetMs`), re-read every `tickMs` on animation
 * frames, so a hidden tab does no work. Null until an offset is known.
 */
export function useServerTicks(offsetMs: number | undefined, tickMs: number): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    if (offsetMs === undefined) return;
    // A new answer may have moved the offset: read the clock at once, not a tick later.
    setNow(Date.now() + offsetMs);
    let last = performance.now();
    let frame = requestAnimationFrame(function loop(t) {
      if (t - last >= tickMs) {
        last = t;
        setNow(Date.now() + offsetMs);
      }
      frame = requestAnimationFrame(loop);
    });
    return () => cancelAnimationFrame(frame);
  }, [offsetMs, tickMs]);
  return offsetMs === undefined ? null : (now ?? Date.now() + offsetMs);
}
