import { useEffect, useRef } from 'react';
import { serverNow } from './serverClock';

/** Never sooner than this after a read, so a view that stays stale is not read in a tight loop. */
const MIN_DELAY_MS = 500;

/**
 * Reads a view again at server time `at` plus `slackMs`: when a question opens or closes with
 * nothing pushed (a self-paced question, or a live one while the socket is down). `version`
 * (the query's dataUpdatedAt) re-arms the timer after each read.
 */
export function useRefetchAt(
  at: number | null,
  slackMs: number,
  refetch: () => void,
  version: number,
): void {
  const latest = useRef(refetch);
  useEffect(() => {
    latest.current = refetch;
  });
  useEffect(() => {
    if (at === null) return;
    const timer = setTimeout(
      () => latest.current(),
      Math.max(MIN_DELAY_MS, at + slackMs - serverNow()),
    );
    return () => clearTimeout(timer);
  }, [at, slackMs, version]);
}
