import { sql, type SQL } from 'drizzle-orm';

/**
 * Wagers and parlays placed, counted on the users row (accounts/tables.ts): for all time, for
 * the UTC day and for the week of the latest placement. Periods start at 00:00 UTC and on
 * Monday (tasks/periods.ts), the day and week of the statement's now(), as created_at is.
 *
 * A placement whose transaction began before a later one that committed first (across
 * midnight) finds a newer day on the row: it counts for all time but leaves the newer day's
 * count alone, as a row-based count since that day would.
 */
const DAY = sql`(now() at time zone 'UTC')::date`;
const WEEK = sql`date_trunc('week', now() at time zone 'UTC')::date`;

function rolling(mark: string, count: string, period: SQL): SQL {
  const [m, c] = [sql.raw(mark), sql.raw(count)];
  return sql`${c} = case when u.${m} = ${period} then u.${c} + 1 when u.${m} > ${period} then u.${c} else 1 end, ${m} = greatest(u.${m}, ${period})`;
}

/** Assignments for the UPDATE of the placing user's row (alias u), e.g. the stake's posting. */
export const countPlacement: SQL = sql.join(
  [sql`bets_placed = u.bets_placed + 1`, rolling('placed_day', 'placed_in_day', DAY), rolling('placed_week', 'placed_in_week', WEEK)],
  sql`, `,
);

/**
 * Placements since `since` (a period's start, an ISO timestamp at 00:00 UTC) read from the row
 * aliased u. Only the latest day and week are kept, so a start before them reads that period's
 * count: exact for today and this week, which is what tasks ask.
 */
export const placedSince = (periodStart: unknown, of: 'day' | 'week'): SQL =>
  of === 'day'
    ? sql`(case when u.placed_day >= (${periodStart}::timestamptz at time zone 'UTC')::date then u.placed_in_day else 0 end)`
    : sql`(case when u.placed_week >= (${periodStart}::timestamptz at time zone 'UTC')::date then u.placed_in_week else 0 end)`;
