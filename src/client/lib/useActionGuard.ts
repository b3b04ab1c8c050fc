import { useCallback, useEffect, useRef, useState } from 'react';
import { ACTION_QUIET_MS, createActionGuard, type ActionGuard } from './actionGuard';

export interface ActionGuardHandle {
  /** Runs the action unless the guard refuses it (then resolves undefined without calling it). */
  run: <T>(action: () => Promise<T>) => Promise<T | undefined>;
  /** True during the quiet time after an action: the control shows itself disabled meanwhile. */
  quiet: boolean;
}

/**
 * One guard per control (a Buy button, a Spin button). The refusal itself is synchronous, so two
 * clicks inside one frame are caught before React re-renders the control as disabled.
 */
export function useActionGuard(quietMs: number = ACTION_QUIET_MS): ActionGuardHandle {
  const guard = useRef<ActionGuard | null>(null);
  guard.current ??= createActionGuard(() => performance.now(), quietMs);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [quiet, setQuiet] = useState(false);

  useEffect(() => () => clearTimeout(timer.current), []);

  const run = useCallback(async <T>(action: () => Promise<T>): Promise<T | undefined> => {
    const g = guard.current!;
    if (!g.tryBegin()) return undefined;
    try {
      return await action();
    } finally {
      g.end();
      setQuiet(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setQuiet(false), g.quietLeft());
    }
  }, []);

  return { run, quiet };
}
