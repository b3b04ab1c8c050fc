import { sql, type SQL } from 'drizzle-orm';
import type { RankedCommunityDto, SeasonDto, SeasonStandingDto } from '../../../shared/api/seasons';
import {
  SEASON_MIN_ACTIVE,
  SEASON_TABLE_SIZE,
  SEASON_TOP_NOTIFIED,
  seasonBounds,
  type SeasonChoice,
  type SeasonSort,
} from '../../../shared/seasons';
import type { Queryable } from '../../db/client';
import type { Deps } from '../../platform/deps';
import { Snapshots } from '../../platform/snapshots';
import { accountsSql } from '../accounts/public';
import { communityProfitRows, wageredBetween } from '../bets/public';
import { roundCountsBetween } from '../games/engine/public';
import { communityFor } from './access';

/*
 * Weekly seasons (DESIGN.md section 11). A season is an ISO week by the app's clock. Its tables
 * are counted from the rows that record what members did (settled wagers on the community's
 * bets, game rounds), live while the season runs; once it has ended, the first sweep of any
 * process records every community's table and the ranking of communities, and later reads
 * serve those rows: the week as it ended, whoever joined or left since.
 */

/** A season's time window as timestamptz text: all time runs from -infinity to infinity. */
interface Window {
  from: string;
  to: string;
}

function windowOf(choice: SeasonChoice, now: Date): Window & { start: string | null } {
  const { start, end } = seasonBounds(choice, now);
  return start
    ? { start: start.toISOString(), from: start.toISOString(), to: end.toISOString() }
    : { start: null, from: '-infinity', to: 'infinity' };
}

/**
 * Every member's figures in the season, one row per membership of the open communities `which`
 * selects (a condition on `c`): community_id, user_id, profit, wins, and `active` (played a
 * game or placed a wager in it) when `withActive`, else false. A player in several communities
 * is counted once.
 */
function memberFigures(w: Window, which: SQL, withActive: boolean): SQL {
  const active = withActive
    ? sql`(r.played > 0 or ${wageredBetween(sql`p.user_id`, w.from, w.to)})`
    : sql`false`;
  return sql`
    with memberships as (
      select m.community_id, m.user_id
      from communities c join community_members m on m.community_id = c.id
      where c.closed_at is null and ${which}
    ),
    players as (
      select p.user_id, r.won as wins, ${active} as active
      from (select distinct user_id from memberships) p
      cross join lateral (${roundCountsBetween(sql`p.user_id`, w.from, w.to)}) r
    ),
    profits as (
      select c.id as community_id, x.user_id, x.profit
      from communities c cross join lateral (${communityProfitRows(sql`c.id`, sql`c.treasury_account_id`, w.from, w.to)}) x
      where c.closed_at is null and ${which}
    )
    select m.community_id, m.user_id, coalesce(x.profit, 0)::bigint as profit, p.wins, p.active
    from memberships m join players p on p.user_id = m.user_id
    left join profits x on x.community_id = m.community_id and x.user_id = m.user_id`;
}

/** The table's order: profit first (the season's default), or wins first. */
const standingOrder = (sort: SeasonSort, t: string): SQL =>
  sort === 'wins'
    ? sql.raw(`${t}.wins desc, ${t}.profit desc, ${t}.user_id`)
    : sql.raw(`${t}.profit desc, ${t}.wins desc, ${t}.user_id`);

/** A ranking's order: profit per active member, then the livelier community. */
const RANKING_ORDER = sql.raw(`r.profit::numeric / r.active desc, r.active desc, r.community_id`);

/** The members' figures of the communities `which` selects, as the ranking of communities needs them. */
const rankingRows = (w: Window, which: SQL): SQL => sql`
  select f.community_id, count(*) filter (where f.active)::int as active, sum(f.profit)::bigint as profit
  from (${memberFigures(w, which, true)}) f
  group by f.community_id having count(*) filter (where f.active) >= ${SEASON_MIN_ACTIVE}`;

interface StandingRow {
  username: string;
  profile_image: string | null;
  profit: string | number;
  wins: number;
}

type Table = { season: SeasonDto; members: SeasonStandingDto[] };
type Ranking = { season: SeasonDto; communities: RankedCommunityDto[] };

/**
 * How old a season's table or ranking may be when served. Counting a season reads every
 * member's rounds and wagers of the week, and the ranking does it for every public community:
 * far more than the site's leaderboards, for figures of a week-long contest, so they are
 * recounted at most this often rather than every LEADERBOARD_CACHE_MS (0 stays 0 for tests).
 */
const SEASON_SNAPSHOT_MS = 30_000;

/** Each app's season tables and rankings (tests run several apps in one process). */
const shared = new WeakMap<Deps, Snapshots<string, Table | Ranking>>();

function snapshotsOf(deps: Deps): Snapshots<string, Table | Ranking> {
  let snapshots = shared.get(deps);
  const ttl = deps.config.leaderboardCacheMs;
  if (!snapshots)
    shared.set(
      deps,
      (snapshots = new Snapshots(deps.clock, ttl > 0 ? Math.max(ttl, SEASON_SNAPSHOT_MS) : 0)),
    );
  return snapshots;
}

/** Stops the snapshots' timers (the server is closing). */
export const stopSeasonSnapshots = (deps: Deps): void => shared.get(deps)?.stop();

/**
 * A community's table of a season, its best SEASON_TABLE_SIZE members by `sort`: members with
 * a profit or a win only. Active accounts only. A private community's to its members only (404 to
 * others, as for no community). Shared by every caller who may see it, as a snapshot at most
 * SEASON_SNAPSHOT_MS old.
 */
export async function communityTable(
  deps: Deps,
  slug: string,
  userId: number | null,
  query: { season: SeasonChoice; sort: SeasonSort },
): Promise<{ value: Table; at: Date }> {
  const c = await communityFor(deps.db, slug, userId);
  const w = windowOf(query.season, deps.clock.now());
  const key = `table|${c.id}|${w.start ?? 'all'}|${query.sort}`;
  return (await snapshotsOf(deps).get(key, () =>
    readTable(deps.db, c.id, w, query.season, query.sort),
  )) as { value: Table; at: Date };
}

async function readTable(
  q: Queryable,
  communityId: number,
  w: Window & { start: string | null },
  choice: SeasonChoice,
  sort: SeasonSort,
): Promise<Table> {
  // A finished season reads its recorded table once the sweep wrote it.
  const recorded =
    choice === 'previous'
      ? (
          await q.rows<{ one: number }>(sql`
            select 1 as one from community_seasons
            where community_id = ${communityId} and season_start = ${w.from}::timestamptz`)
        ).length > 0
      : false;
  const source = recorded
    ? sql`select (x->>'u')::bigint as user_id, (x->>'p')::bigint as profit, (x->>'w')::int as wins
        from community_seasons s cross join lateral jsonb_array_elements(s.standings) x
        where s.community_id = ${communityId} and s.season_start = ${w.from}::timestamptz`
    : sql`select f.user_id, f.profit, f.wins
        from (${memberFigures(w, sql`c.id = ${communityId}`, false)}) f
        where f.wins > 0 or f.profit <> 0`;
  const rows = await q.rows<StandingRow>(sql`
    select u.username, u.profile_image, t.profit, t.wins
    from (${source}) t join ${accountsSql.users} u on u.id = t.user_id and u.status = 'active'
    order by ${standingOrder(sort, 't')} limit ${SEASON_TABLE_SIZE}`);
  return {
    season: { start: w.start, end: w.start ? w.to : null, final: recorded },
    members: rows.map((r, i) => ({
      rank: i + 1,
      username: r.username,
      profileImage: r.profile_image,
      profit: Number(r.profit),
      wins: r.wins,
    })),
  };
}

interface RankingRow {
  slug: string;
  name: string;
  icon: string;
  active: number;
  profit: string | number;
}

/**
 * Public communities ranked by the season's profit per active member, those with at least
 * SEASON_MIN_ACTIVE active members: the same for everyone, so a snapshot at most
 * SEASON_SNAPSHOT_MS old. A finished season reads the ranking recorded at its close.
 */
export async function ranking(
  deps: Deps,
  season: 'current' | 'previous',
): Promise<{ value: Ranking; at: Date }> {
  const w = windowOf(season, deps.clock.now());
  return (await snapshotsOf(deps).get(`ranking|${w.from}`, () =>
    readRanking(deps.db, w, season),
  )) as { value: Ranking; at: Date };
}

async function readRanking(
  q: Queryable,
  w: Window & { start: string | null },
  season: 'current' | 'previous',
): Promise<Ranking> {
  const [row] =
    season === 'previous'
      ? await q.rows<{ ranking: unknown }>(sql`
          select ranking from community_season_rankings where season_start = ${w.from}::timestamptz`)
      : [];
  // Recorded: in the order it was ranked, leaving out what has closed or gone private since.
  const source = row
    ? sql`select (x->>'c')::bigint as community_id, (x->>'a')::int as active, (x->>'p')::bigint as profit, n
        from community_season_rankings s cross join lateral jsonb_array_elements(s.ranking) with ordinality e(x, n)
        where s.season_start = ${w.from}::timestamptz`
    : sql`select r.*, row_number() over (order by ${RANKING_ORDER}) as n
        from (${rankingRows(w, sql`c.visibility = 'public'`)}) r`;
  const rows = await q.rows<RankingRow>(sql`
    select c.slug, c.name, c.icon, t.active, t.profit
    from (${source}) t join communities c on c.id = t.community_id
    where c.closed_at is null and c.visibility = 'public'
    order by t.n`);
  return {
    season: { start: w.start, end: w.to, final: row !== undefined },
    communities: rows.map((r, i) => ({
      rank: i + 1,
      slug: r.slug,
      name: r.name,
      icon: r.icon,
      activeMembers: r.active,
      profit: Number(r.profit),
      profitPerActive: Math.round((Number(r.profit) / r.active) * 100) / 100,
    })),
  };
}

/**
 * A round's row carries the time its transaction began, so one begun just before Monday 00:00
 * may commit just after: the close waits this long for such stragglers.
 */
const SEASON_CLOSE_GRACE_MS = 60_000;

/**
 * The sweep: records the season that ended last (by the app's clock, SEASON_CLOSE_GRACE_MS ago) once, in one transaction:
 * inserting the season's ranking row claims the close (a second process's insert waits on it,
 * then finds it and stops), then every open community's table, the ranking, and a SeasonEnded
 * event per community for its best SEASON_TOP_NOTIFIED members with a profit or a win. True
 * when this call closed it.
 */
export async function closeSeason(deps: Deps): Promise<boolean> {
  const w = windowOf('previous', new Date(deps.clock.now().getTime() - SEASON_CLOSE_GRACE_MS));
  const [done] = await deps.db.rows<{ one: number }>(sql`
    select 1 as one from community_season_rankings where season_start = ${w.from}::timestamptz`);
  if (done) return false;
  const closed = await deps.db.tx(async (tx) => {
    const [claimed] = await tx.rows<{ one: number }>(sql`
      insert into community_season_rankings (season_start, ranking)
      values (${w.from}::timestamptz, '[]'::jsonb) on conflict do nothing returning 1 as one`);
    if (!claimed) return false;
    await tx.rows(sql`
      with f as materialized (${memberFigures(w, sql`true`, true)}),
      tables as (
        insert into community_seasons (community_id, season_start, standings)
        select c.id, ${w.from}::timestamptz, coalesce((
          select jsonb_agg(jsonb_build_object('u', f.user_id, 'p', f.profit, 'w', f.wins)
            order by ${standingOrder('profit', 'f')})
          from f where f.community_id = c.id and (f.wins > 0 or f.profit <> 0)), '[]'::jsonb)
        from communities c where c.closed_at is null
        on conflict do nothing
        returning community_id, standings
      ),
      ranked as (
        update community_season_rankings set ranking = (
          select coalesce(jsonb_agg(jsonb_build_object('c', r.community_id, 'a', r.active, 'p', r.profit)
            order by ${RANKING_ORDER}), '[]'::jsonb)
          from (
            select f.community_id, count(*) filter (where f.active)::int as active, sum(f.profit)::bigint as profit
            from f join communities c on c.id = f.community_id and c.visibility = 'public'
            group by f.community_id having count(*) filter (where f.active) >= ${SEASON_MIN_ACTIVE}
          ) r)
        where season_start = ${w.from}::timestamptz
      ),
      ${deps.events.recording(
        'ended',
        'SeasonEnded',
        {
          communityId: sql`t.community_id`,
          slug: sql`c.slug`,
          name: sql`c.name`,
          seasonStart: sql`${w.from}::text`,
          top: sql`t.top`,
        },
        sql`from (
          select tb.community_id, jsonb_agg(jsonb_build_object('userId', (e.x->>'u')::bigint,
            'rank', e.n, 'profit', (e.x->>'p')::bigint, 'wins', (e.x->>'w')::int) order by e.n) as top
          from tables tb cross join lateral jsonb_array_elements(tb.standings) with ordinality e(x, n)
          where e.n <= ${SEASON_TOP_NOTIFIED} and ((e.x->>'p')::bigint > 0 or (e.x->>'w')::int > 0)
          group by tb.community_id
        ) t join communities c on c.id = t.community_id`,
      )}
      select 1`);
    return true;
  });
  if (closed) deps.events.nudge();
  return closed;
}
