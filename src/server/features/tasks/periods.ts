import type { TaskType } from '../../../shared/api/tasks';

const DAY_MS = 24 * 3600 * 1000;
const BONUS_PERIOD_START = new Date(0);

/**
 * When the current period began (DESIGN.md section 6): daily tasks reset at 00:00 UTC, weekly
 * ones on Monday 00:00 UTC, bonus ones never.
 */
export function periodStart(type: TaskType, now: Date): Date {
  if (type === 'bonus') return BONUS_PERIOD_START;
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  if (type === 'daily') return new Date(midnight);
  const sinceMonday = (now.getUTCDay() + 6) % 7; // Sunday is 0, Monday 1
  return new Date(midnight - sinceMonday * DAY_MS);
}

/** When the period after this one starts; null for bonus tasks. */
export function nextReset(type: TaskType, now: Date): Date | null {
  if (type === 'bonus') return null;
  return new Date(periodStart(type, now).getTime() + (type === 'daily' ? DAY_MS : 7 * DAY_MS));
}
