import { sql, type SQL } from 'drizzle-orm';
import { bumpPeriodCount, PERIOD, periodCountSince } from './stats';

/**
 * Wagers and parlays placed, counted on the users row (accounts/tables.ts): for all time, and for
 * the day and the week of the latest placement (platform/stats.ts bumpPeriodCount).
 */

/** Assignments for the UPDATE of the placing user's row (alias u), e.g. the stake's posting. */
export const countPlacement: SQL = sql.join(
  [
    sql`bets_placed = u.bets_placed + 1`,
    bumpPeriodCount('u', 'placed_day', 'placed_in_day', PERIOD.day, sql`1`),
    bumpPeriodCount('u', 'placed_week', 'placed_in_week', PERIOD.week, sql`1`),
  ],
  sql`, `,
);

/** Placements since `periodStart` (the ISO start of the current day or week), from the row aliased u. */
export const placedSince = (periodStart: unknown, of: 'day' | 'week'): SQL =>
  of === 'day'
    ? periodCountSince('u', 'placed_day', 'placed_in_day', periodStart)
    : periodCountSince('u', 'placed_week', 'placed_in_week', periodStart);
