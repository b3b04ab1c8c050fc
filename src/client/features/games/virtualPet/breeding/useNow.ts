import { useEffect, useState } from 'react';

/** This browser's clock, re-read once a second: the page's countdowns and who may breed follow it. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
