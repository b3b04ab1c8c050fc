import { sql, type SQL } from 'drizzle-orm';
import type { GoalType } from '../../../shared/api/tasks';
import type { Db, Queryable } from '../../db/client';
import {
  loginsCount,
  periodCountSince,
  signInsSince,
  statRows,
  UTC_DAY,
} from '../../platform/stats';
import { placedSince } from '../../platform/placements';
import { parlaysWonSince, wagerWinsSince } from '../bets/public';
import { accountsSql } from '../accounts/public';

const isDb = (q: Queryable): q is Db => 'compiled' in q;

/**
 * What tasks and achievements measure (DESIGN.md section 3: durable, from rows written in the
 * transactions that earned them), at a cost that does not grow with the user's history:
 * placements from the day and week counters on the users row (platform/placements.ts),
 * purchases from those of their user_stats row (platform/stats.ts), wagers won from
 * wager_wins_daily (at most 8 rows), and parlays won and sign-ins from their indexes on
 * (user_id, time) over the period alone.
 *
 * Periods start at 00:00 UTC (periods.ts), so a day's rows in wager_wins_daily fall wholly
 * inside or outside each period.
 */
export interface PeriodCounts {
  daily: Record<GoalType, number>;
  weekly: Record<GoalType, number>;
  /** Bonus tasks: since the account began. */
  lifetime: Record<GoalType, number>;
}

export interface CountsRow {
  placed_d: number;
  placed_w: number;
  placed_all: number;
  won_d: number;
  won_w: number;
  won_all: number;
  bought_d: number;
  bought_w: number;
  bought_all: number;
  logins_d: number;
  logins_w: number;
  logins_all: number;
}

/** The counts as one statement over the users row; `also` adds columns (the task list's page read). */
export const countsQuery = (userId: unknown, d: unknown, w: unknown, also?: SQL): SQL => sql`
    with won as (${parlaysWonSince(userId, w)}), wagers_won as (${wagerWinsSince(userId, w)}), bought as (
      select ${periodCountSince('s', 'day', 'in_day', d)} as d, ${periodCountSince('s', 'week', 'in_week', w)} as w, s.value as all
      from ${statRows('store_purchases')} s where s.user_id = ${userId}
    ), signed_in as (
      ${signInsSince(userId, w)}
    )
    select
      ${placedSince(d, 'day')}::int as placed_d, ${placedSince(w, 'week')}::int as placed_w,
      u.bets_placed as placed_all,
      ((select count(*) filter (where at >= ${d}) from won)
        + (select coalesce(sum(wins) filter (where day >= (${d}::timestamptz at time zone 'UTC')::date), 0) from wagers_won))::int as won_d,
      ((select count(*) from won) + (select coalesce(sum(wins), 0) from wagers_won))::int as won_w,
      u.bets_won as won_all,
      coalesce((select d from bought), 0)::int as bought_d, coalesce((select w from bought), 0)::int as bought_w,
      coalesce((select "all" from bought), 0)::int as bought_all,
      (select count(distinct ${UTC_DAY('at')}) filter (where at >= ${d}) from signed_in)::int as logins_d,
      (select count(distinct ${UTC_DAY('at')}) from signed_in)::int as logins_w,
      ${loginsCount(userId)} as logins_all${also ? sql`, ${also}` : sql``}
    from ${accountsSql.users} u where u.id = ${userId}`;

/** The same, built once with placeholders: planning it costs more than running it. */
const COUNTS = countsQuery(sql.placeholder('userId'), sql.placeholder('d'), sql.placeholder('w'));

/** Every goal type's count for the current day, week and lifetime of one user, in one round trip. */
export async function periodCounts(
  q: Queryable,
  userId: number,
  dayStart: Date,
  weekStart: Date,
): Promise<PeriodCounts> {
  const d = dayStart.toISOString();
  const w = weekStart.toISOString();
  // Outside a transaction the statement and its plan are kept (Db.compiled); inside one, sent whole.
  const [row] = isDb(q)
    ? await q.compiled<CountsRow>('period_counts', COUNTS, { userId, d, w })
    : await q.rows<CountsRow>(countsQuery(userId, d, w));
  return countsOf(row);
}

export function countsOf(row: Partial<CountsRow> | undefined): PeriodCounts {
  const r = row ?? {};
  const n = (v: number | undefined) => Number(v ?? 0);
  return {
    daily: {
      betsPlaced: n(r.placed_d),
      betsWon: n(r.won_d),
      storePurchases: n(r.bought_d),
      logins: n(r.logins_d),
    },
    weekly: {
      betsPlaced: n(r.placed_w),
      betsWon: n(r.won_w),
      storePurchases: n(r.bought_w),
      logins: n(r.logins_w),
    },
    lifetime: {
      betsPlaced: n(r.placed_all),
      betsWon: n(r.won_all),
      storePurchases: n(r.bought_all),
      logins: n(r.logins_all),
    },
  };
}
