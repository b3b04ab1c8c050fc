import { sql } from 'drizzle-orm';
import type {
  GameLeaderboardDto,
  LeaderboardSort,
  LeaderboardUserDto,
} from '../../../shared/api/leaderboard';
import type { Deps } from '../../platform/deps';
import { Snapshots } from '../../platform/snapshots';
import { presentLeaderboardUser } from './presenter';
import * as queries from './queries';
import { gameLeaderboards } from '../../platform/module';
import { GAME_BOARDS } from '../../../shared/games/index';

/**
 * A users board on one PostgreSQL process: a parallel plan forks two workers for each refresh
 * and takes every core for a moment, which is when the requests being served stall; alone, the
 * scan leaves the other cores to the server. (PGlite has no parallel plans.)
 */
function topUsersSerially(deps: Deps, sort: LeaderboardSort) {
  if (deps.db.kind !== 'postgres') return queries.topUsers(deps.db, sort);
  return deps.db.tx(async (tx) => {
    await tx.rows(sql`set local max_parallel_workers_per_gather = 0`);
    return queries.topUsers(tx, sort);
  });
}

function makeLeaderboards(deps: Deps) {
  const users = new Snapshots<LeaderboardSort, LeaderboardUserDto[]>(
    deps.clock,
    deps.config.leaderboardCacheMs,
  );
  const games = new Snapshots<'games', GameLeaderboardDto>(
    deps.clock,
    deps.config.leaderboardCacheMs,
  );
  return {
    /** Banned and deleted accounts and admins are left off the public boards. */
    topUsers: (sort: LeaderboardSort) =>
      users.get(sort, async () => (await topUsersSerially(deps, sort)).map(presentLeaderboardUser)),
    /** The games' tables (GameDef.board), each filled by its game's module; empty until played. */
    gameLeaderboard: () =>
      games.get('games', () =>
        gameLeaderboards(
          deps,
          Object.fromEntries(GAME_BOARDS.map((g) => [g.key, []])) as unknown as GameLeaderboardDto,
        ),
      ),
    stop: () => {
      users.stop();
      games.stop();
    },
  };
}

const perApp = new WeakMap<Deps, ReturnType<typeof makeLeaderboards>>();

/**
 * Every board is a snapshot at most deps.config.leaderboardCacheMs old (a second by default),
 * refreshed in the background while it is asked for: a board sorts every active player, which
 * at 300,000 users takes a hundred milliseconds, and the home page asks for one on every visit.
 * One set per app, shared by the routes and the module's start (which stops its timers).
 */
export function leaderboards(deps: Deps) {
  let boards = perApp.get(deps);
  if (!boards) perApp.set(deps, (boards = makeLeaderboards(deps)));
  return boards;
}
