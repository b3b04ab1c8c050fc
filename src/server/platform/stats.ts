import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { jsonValue, readPart } from './readParts';
import { GAME_COUNTERS, type GameCounters } from '../../shared/games/index';

/**
 * Per-user lifetime counters (user_stats) that tasks and achievements read (DESIGN.md
 * section 3). Call bumpStat inside the transaction of the action that earns the count, never
 * from an event listener after commit: a crash between the two would lose it. Logins are not
 * a counter: they are counted from sessions, which also answers "since the period started".
 */

type GameCounterDefs = {
  [N in keyof GameCounters]: { key: GameCounters[N]['key']; profile: true; criterion: true };
};
const gameCounters = Object.fromEntries(
  Object.entries(GAME_COUNTERS).map(([name, c]) => [
    name,
    { key: c.key, profile: true, criterion: true },
  ]),
) as GameCounterDefs;

/**
 * The counters, declared once: each user_stats name with the API's name for it, whether the
 * user's own record shows it (UserDto) and whether achievements can be set on it. The types,
 * the zero row, the presenter's fields and achievement progress all derive from this record,
 * and the compiler checks it against the contract (UserDto, AchievementCriteria).
 *
 * Typed in code only (no CHECK): the list grows with every feature, and a CHECK would make each
 * new counter a migration that concurrent feature branches collide on. A figure no other
 * feature reads belongs in the feature's own tables instead (DESIGN.md section 1).
 */
const counters = {
  store_purchases: { key: 'storePurchases', profile: true, criterion: false },
  tasks_completed: { key: 'tasksCompleted', profile: true, criterion: true },
  // Each game's counters (GameDef.counters): on the record, and achievements' criteria.
  ...gameCounters,
  achievements_claimed: { key: 'achievementsClaimed', profile: false, criterion: false },
} as const satisfies Record<string, { key: string; profile: boolean; criterion: boolean }>;

type Counters = typeof counters;
export type StatName = keyof Counters;
const statNames = Object.keys(counters) as StatName[];
type KeyOf<N extends StatName> = Counters[N]['key'];
type Flagged<F extends 'profile' | 'criterion'> = {
  [N in StatName]: Counters[N][F] extends true ? KeyOf<N> : never;
}[StatName];

/** A user's counters under the names the API uses, every one present (zero when never bumped). */
export type UserStats = { [N in StatName as KeyOf<N>]: number } & { logins: number };
/** The counters the user's own record shows (spec: GET /api/user/stats), logins included. */
export type ProfileCounters = Pick<UserStats, Flagged<'profile'> | 'logins'>;
/** The counters achievements read as they are (the other criteria are counted from rows). */
export type CriterionCounters = Pick<UserStats, Flagged<'criterion'> | 'logins'>;

const zeroStats = (): UserStats =>
  Object.fromEntries([...statNames.map((n) => [counters[n].key, 0]), ['logins', 0]]) as UserStats;

const pickFlagged = <T>(stats: UserStats, flag: 'profile' | 'criterion'): T =>
  Object.fromEntries([
    ...statNames
      .filter((n) => counters[n][flag])
      .map((n) => [counters[n].key, stats[counters[n].key]]),
    ['logins', stats.logins],
  ]) as T;

export const profileCounters = (stats: UserStats): ProfileCounters => pickFlagged(stats, 'profile');
export const criterionCounters = (stats: UserStats): CriterionCounters =>
  pickFlagged(stats, 'criterion');

/** Progress toward a goal as a whole percentage, capped at 100 (tasks and achievements). */
export const percentOf = (progress: number, goal: number) =>
  Math.min(100, Math.floor((progress / goal) * 100));

/**
 * Counters of the latest period: a day (UTC) or week (from Monday, UTC) column `mark` and the
 * count in it, kept beside a lifetime counter and bumped in the same write, so "since the day
 * (week) started" is read from one row (tasks) rather than counted from the user's history.
 * Periods are those of tasks/periods.ts, taken from the statement's now(), as created_at is.
 *
 * A bump whose transaction began before one from a newer period that committed first (across
 * midnight) finds the newer mark: it leaves that period's count alone, as a row-based count
 * since that period's start would.
 */
export const PERIOD = {
  day: sql`(now() at time zone 'UTC')::date`,
  week: sql`date_trunc('week', now() at time zone 'UTC')::date`,
};

/** The assignments bumping `count` by `by` in the current `period`, for the row aliased `row`. */
export function bumpPeriodCount(
  row: string,
  mark: string,
  count: string,
  period: SQL,
  by: SQL,
): SQL {
  const [r, m, c] = [sql.raw(row), sql.raw(mark), sql.raw(count)];
  return sql`${c} = case when ${r}.${m} = ${period} then ${r}.${c} + ${by} when ${r}.${m} > ${period} then ${r}.${c} else ${by} end,
      ${m} = greatest(${r}.${m}, ${period})`;
}

/**
 * The count since `periodStart` (an ISO timestamp at 00:00 UTC) from the row aliased `row`. Only
 * the latest period is kept, so an earlier start reads that period's count: exact for the
 * current day and week, which is what tasks ask.
 */
export const periodCountSince = (
  row: string,
  mark: string,
  count: string,
  periodStart: unknown,
): SQL =>
  sql`(case when ${sql.raw(row)}.${sql.raw(mark)} >= (${periodStart}::timestamptz at time zone 'UTC')::date then ${sql.raw(row)}.${sql.raw(count)} else 0 end)`;

/** A counter's upsert from `source` (a VALUES or SELECT of user_id, stat, by): the first bump creates the row. */
const upsertStat = (source: SQL): SQL => sql`
    insert into user_stats (user_id, stat, value, day, in_day, week, in_week) ${source}
    on conflict (user_id, stat) do update set value = user_stats.value + excluded.value,
      ${bumpPeriodCount('user_stats', 'day', 'in_day', PERIOD.day, sql`excluded.value`)},
      ${bumpPeriodCount('user_stats', 'week', 'in_week', PERIOD.week, sql`excluded.value`)}`;

/** Adds `by` to a user's counter (for all time, today and this week). */
export async function bumpStat(
  q: Queryable,
  userId: number,
  stat: StatName,
  by = 1,
): Promise<void> {
  if (!Number.isSafeInteger(by)) throw new Error(`bumpStat: by must be an integer, got ${by}`);
  await q.rows(
    upsertStat(
      sql`values (${userId}, ${stat}, ${by}, ${PERIOD.day}, ${by}, ${PERIOD.week}, ${by})`,
    ),
  );
}

/**
 * bumpStat as a CTE named `name`, for one-statement hot paths: adds 1 to the counter when
 * `when` (over the statement's earlier CTEs) holds.
 */
export function statBumpCte(name: string, userId: number | SQL, stat: StatName, when: SQL): SQL {
  if (!/^[a-z_]+$/.test(name)) throw new Error(`statBumpCte: bad CTE name ${name}`);
  return sql`${sql.raw(name)} as (
      ${upsertStat(sql`select ${userId}, ${stat}, 1, ${PERIOD.day}, 1, ${PERIOD.week}, 1 where ${when}`)}
      returning value
    )`;
}

/** statBumpCte for many users at once: adds 1 to each (user_id, stat) row of `source` (one per user). */
export function statBumpRowsCte(name: string, source: SQL): SQL {
  if (!/^[a-z_]+$/.test(name)) throw new Error(`statBumpRowsCte: bad CTE name ${name}`);
  return sql`${sql.raw(name)} as (
      ${upsertStat(sql`select s.user_id, s.stat, 1, ${PERIOD.day}, 1, ${PERIOD.week}, 1 from (${source}) s`)}
      returning value
    )`;
}

/** Every counter of one user, logins included, in one round trip. */
export async function readStats(q: Queryable, userId: number): Promise<UserStats> {
  const [row] = await q.rows<StatsRow>(
    sql`select ${statsJson(userId)} as stats, ${loginsCount(userId)} as logins`,
  );
  return statsOf(row);
}

/** readStats as two columns of a caller's statement (stats, logins), read back with statsOf. */
export interface StatsRow {
  stats: Record<string, number | string>;
  logins: number | string;
}
export const statsJson = (userId: unknown): SQL =>
  sql`(select coalesce(json_object_agg(stat, value), '{}'::json) from user_stats where user_id = ${userId})`;
/**
 * A login counts once per UTC day (issue 34): thirty sign-ins in a minute are one day, so
 * tasks and achievements on logins measure days signed in, not requests.
 */
export const UTC_DAY = (column: string): SQL => sql.raw(`((${column}) at time zone 'UTC')::date`);

/** One counter of a user as a scalar subquery: null when never bumped. */
export const statValue = (userId: unknown, stat: StatName): SQL =>
  sql`(select value from user_stats where user_id = ${userId} and stat = ${stat})`;

/**
 * Every user's row of one counter (user_id, value and the period columns), as a FROM item to
 * join or filter by user: a plain subquery, which PostgreSQL flattens into the caller's join.
 */
export const statRows = (stat: StatName): SQL =>
  sql`(select user_id, value, day, in_day, week, in_week from user_stats where stat = ${stat})`;

/** The sign-ins (sessions' created_at, as `at`) of a user since `since`. */
export const signInsSince = (userId: unknown, since: unknown): SQL =>
  sql`select created_at as at from sessions where user_id = ${userId} and created_at >= ${since}`;

export const loginsCount = (userId: unknown): SQL =>
  sql`(select count(distinct ${UTC_DAY('created_at')}) from sessions where user_id = ${userId})::int`;

/** readStats as two parts of a composed read (platform/readParts.ts), read back with statsOf. */
export const statsParts = {
  stats: readPart({
    expr: ({ userId }) => statsJson(userId),
    decode: (value) => jsonValue<StatsRow['stats']>(value, {}),
  }),
  logins: readPart({
    expr: ({ userId }) => loginsCount(userId),
    decode: (value) => Number(value ?? 0),
  }),
};

export function statsOf(row: StatsRow | undefined): UserStats {
  const stats = zeroStats();
  for (const [stat, value] of Object.entries(row?.stats ?? {})) {
    if (stat in counters) stats[counters[stat as StatName].key] = Number(value);
  }
  stats.logins = Number(row?.logins ?? 0);
  return stats;
}

/** UTC days with a sign-in or registration of a user since `since` (a task period's start). */
export async function loginsSince(q: Queryable, userId: number, since: Date): Promise<number> {
  const [row] = await q.rows<{ n: number }>(
    sql`select count(distinct ${UTC_DAY('created_at')})::int as n from sessions where user_id = ${userId} and created_at >= ${since.toISOString()}`,
  );
  return row?.n ?? 0;
}
