import { useCallback, useEffect, useState } from 'react';
import { nextRevealIn, revealPlan, revealedCount } from './gachaView';

export interface Reveal {
  /** How many pulls show now. */
  shown: number;
  done: boolean;
  /** Shows every pull at once. */
  skip: () => void;
}

/**
 * The pulls of the answer named `key` appear one after another (revealPlan); with reduced motion,
 * or after skip(), all at once. A new key starts again from none.
 */
export function useReveal(key: string | null, count: number, reducedMotion: boolean): Reveal {
  const [state, setState] = useState<{ key: string | null; shown: number }>({
    key: null,
    shown: 0,
  });
  const shown =
    key === null ? 0 : reducedMotion ? count : state.key === key ? Math.min(count, state.shown) : 0;

  useEffect(() => {
    if (key === null || reducedMotion) return;
    const plan = revealPlan(count, false);
    const start = performance.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const step = () => {
      const elapsed = performance.now() - start;
      const n = revealedCount(plan, elapsed);
      // Never fewer than shown: skip() may have shown them all already.
      setState((s) => (s.key === key && s.shown >= n ? s : { key, shown: n }));
      const wait = nextRevealIn(plan, elapsed);
      if (wait !== null) timer = setTimeout(step, wait);
    };
    timer = setTimeout(step, nextRevealIn(plan, 0) ?? 0);
    return () => clearTimeout(timer);
  }, [key, count, reducedMotion]);

  const skip = useCallback(() => setState({ key, shown: count }), [key, count]);
  return { shown, done: shown >= count, skip };
}
