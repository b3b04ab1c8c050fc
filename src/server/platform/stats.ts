import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/client';

/**
 * Per-user lifetime counters (user_stats) that tasks and achievements read (DESIGN.md
 * section 3). Call bumpStat inside the transaction of the action that earns the count, never
 * from an event listener after commit: a crash between the two would lose it. Logins are not
 * a counter: they are counted from sessions, which also answers "since the period started".
 */

/**
 * The counters, a closed list. Typed in code only (no CHECK): the list grows with every
 * feature, and a CHECK would make each new counter a migration that concurrent feature
 * branches collide on.
 */
export const statNames = [
  'store_purchases',
  'tasks_completed',
  'minefield_wins',
  'puzzle_wins',
  'rps_wins',
  'frenzy_clicks',
  'casino_wins',
  'achievements_claimed',
] as const;
export type StatName = (typeof statNames)[number];

/** Adds `by` to a user's counter (an upsert; the first bump creates the row). */
export async function bumpStat(q: Queryable, userId: number, stat: StatName, by = 1): Promise<void> {
  if (!Number.isSafeInteger(by)) throw new Error(`bumpStat: by must be an integer, got ${by}`);
  await q.rows(sql`
    insert into user_stats (user_id, stat, value) values (${userId}, ${stat}, ${by})
    on conflict (user_id, stat) do update set value = user_stats.value + excluded.value`);
}

/**
 * bumpStat as a CTE named `name`, for one-statement hot paths: adds 1 to the counter when
 * `when` (over the statement's earlier CTEs) holds.
 */
export function statBumpCte(name: string, userId: number, stat: StatName, when: SQL): SQL {
  if (!/^[a-z_]+$/.test(name)) throw new Error(`statBumpCte: bad CTE name ${name}`);
  return sql`${sql.raw(name)} as (
      insert into user_stats (user_id, stat, value) select ${userId}, ${stat}, 1 where ${when}
      on conflict (user_id, stat) do update set value = user_stats.value + excluded.value
      returning value
    )`;
}

/** A user's counters under the names the API uses, every one present (zero when never bumped). */
export interface UserStats {
  storePurchases: number;
  tasksCompleted: number;
  minefieldWins: number;
  puzzleWins: number;
  rpsWins: number;
  frenzyClicks: number;
  casinoWins: number;
  achievementsClaimed: number;
  logins: number;
}

const statKeys = {
  store_purchases: 'storePurchases',
  tasks_completed: 'tasksCompleted',
  minefield_wins: 'minefieldWins',
  puzzle_wins: 'puzzleWins',
  rps_wins: 'rpsWins',
  frenzy_clicks: 'frenzyClicks',
  casino_wins: 'casinoWins',
  achievements_claimed: 'achievementsClaimed',
} as const satisfies Record<StatName, Exclude<keyof UserStats, 'logins'>>;

const zeroStats = (): UserStats => ({
  storePurchases: 0,
  tasksCompleted: 0,
  minefieldWins: 0,
  puzzleWins: 0,
  rpsWins: 0,
  frenzyClicks: 0,
  casinoWins: 0,
  achievementsClaimed: 0,
  logins: 0,
});

/** Every counter of one user, logins included, in one round trip. */
export async function readStats(q: Queryable, userId: number): Promise<UserStats> {
  const rows = await q.rows<{ stat: StatName | 'logins'; value: number }>(sql`
    select stat, value from user_stats where user_id = ${userId}
    union all
    select 'logins', count(*)::bigint from sessions where user_id = ${userId}`);
  const stats = zeroStats();
  for (const row of rows) {
    if (row.stat === 'logins') stats.logins = Number(row.value);
    else stats[statKeys[row.stat]] = Number(row.value);
  }
  return stats;
}

/** Sign-ins and registrations of a user since `since` (a task period's start). */
export async function loginsSince(q: Queryable, userId: number, since: Date): Promise<number> {
  const [row] = await q.rows<{ n: number }>(
    sql`select count(*)::int as n from sessions where user_id = ${userId} and created_at >= ${since.toISOString()}`,
  );
  return row?.n ?? 0;
}
