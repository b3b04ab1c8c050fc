export type PuzzleType = 'sliding' | 'memory' | 'match-3' | 'logic-grid' | 'n-queens';

/** `question` may go to the browser; `secret` must stay on the server until the day is over. */
export interface Puzzle<T extends PuzzleType, Q, S> {
  id: string;
  type: T;
  question: Q;
  secret: S;
}

/** `reason` is shown to the player as is. */
export type CheckResult = { ok: true } | { ok: false; reason: string };

export const OK: CheckResult = { ok: true };
export const fail = (reason: string): CheckResult => ({ ok: false, reason });

export const puzzleId = (date: string, type: PuzzleType): string => `${date}:${type}`;

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const isIntIn = (value: unknown, min: number, max: number): value is number =>
  Number.isInteger(value) && (value as number) >= min && (value as number) <= max;
