import { sql } from 'drizzle-orm';
import type { GoalType } from '../../../shared/api/tasks';
import type { Queryable } from '../../db/client';

/**
 * What tasks and achievements measure (DESIGN.md section 3: durable, from rows written in the
 * transactions that earned them). Period counts come from timestamped rows over indexes on
 * (user_id, created_at) and (user_id, settled_at) WHERE status = 'won', so a user's week costs
 * a range scan of that week's rows, never their whole history nor the ledger.
 */
export interface PeriodCounts {
  daily: Record<GoalType, number>;
  weekly: Record<GoalType, number>;
  /** Bonus tasks: since the account began. */
  lifetime: Record<GoalType, number>;
}

interface CountsRow {
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

/** Every goal type's count for the current day, week and lifetime of one user, in one round trip. */
export async function periodCounts(q: Queryable, userId: number, dayStart: Date, weekStart: Date): Promise<PeriodCounts> {
  const d = dayStart.toISOString();
  const w = weekStart.toISOString();
  const [row] = await q.rows<CountsRow>(sql`
    with placed as (
      select created_at as at from wagers where user_id = ${userId} and created_at >= ${w}
      union all select created_at from parlays where user_id = ${userId} and created_at >= ${w}
    ), won as (
      select settled_at as at from wagers where user_id = ${userId} and status = 'won' and settled_at >= ${w}
      union all select settled_at from parlays where user_id = ${userId} and status = 'won' and settled_at >= ${w}
    ), bought as (
      select created_at as at from purchases where user_id = ${userId} and created_at >= ${w}
    ), signed_in as (
      select created_at as at from sessions where user_id = ${userId} and created_at >= ${w}
    )
    select
      (select count(*) filter (where at >= ${d}) from placed)::int as placed_d, (select count(*) from placed)::int as placed_w,
      u.bets_placed as placed_all,
      (select count(*) filter (where at >= ${d}) from won)::int as won_d, (select count(*) from won)::int as won_w,
      u.bets_won as won_all,
      (select count(*) filter (where at >= ${d}) from bought)::int as bought_d, (select count(*) from bought)::int as bought_w,
      (select count(*) from purchases where user_id = ${userId})::int as bought_all,
      (select count(*) filter (where at >= ${d}) from signed_in)::int as logins_d, (select count(*) from signed_in)::int as logins_w,
      (select count(*) from sessions where user_id = ${userId})::int as logins_all
    from users u where u.id = ${userId}`);
  const r = row ?? ({} as Partial<CountsRow>);
  const n = (v: number | undefined) => Number(v ?? 0);
  return {
    daily: { betsPlaced: n(r.placed_d), betsWon: n(r.won_d), storePurchases: n(r.bought_d), logins: n(r.logins_d) },
    weekly: { betsPlaced: n(r.placed_w), betsWon: n(r.won_w), storePurchases: n(r.bought_w), logins: n(r.logins_w) },
    lifetime: { betsPlaced: n(r.placed_all), betsWon: n(r.won_all), storePurchases: n(r.bought_all), logins: n(r.logins_all) },
  };
}

