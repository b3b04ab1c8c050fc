/**
 * Issue 19: a second click that lands just after a money action finished (the button is enabled
 * again by then) must not pay twice. The clock is injected so the rule is testable without waiting.
 */
export const ACTION_QUIET_MS = 1000;

export interface ActionGuard {
  /** Starts an action and says true, unless one is running or the last one finished under quietMs ago. */
  tryBegin(): boolean;
  /** Ends the running action; the quiet time starts now. */
  end(): void;
  /** Milliseconds left before a click is taken again (0 while an action runs or when ready). */
  quietLeft(): number;
}

export function createActionGuard(
  now: () => number,
  quietMs: number = ACTION_QUIET_MS,
): ActionGuard {
  let running = false;
  let finishedAt: number | null = null;
  const quietLeft = () =>
    running || finishedAt === null ? 0 : Math.max(0, quietMs - (now() - finishedAt));
  return {
    tryBegin() {
      if (running || quietLeft() > 0) return false;
      running = true;
      return true;
    },
    end() {
      running = false;
      finishedAt = now();
    },
    quietLeft,
  };
}
