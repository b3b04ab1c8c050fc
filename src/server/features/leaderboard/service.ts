import type { GameLeaderboardDto, LeaderboardSort, LeaderboardUserDto } from '../../../shared/api/leaderboard';
import type { Deps } from '../../platform/deps';
import { Snapshots } from '../../platform/snapshots';
import { presentLeaderboardUser } from './presenter';
import * as queries from './queries';
import { gameLeaderboards } from '../../platform/module';

/**
 * Every board is a snapshot at most deps.config.leaderboardCacheMs old (a second by default):
 * a board sorts every active player, which at 300,000 users takes tens of milliseconds, and the
 * home page asks for one on every visit.
 */
export function leaderboards(deps: Deps) {
  const users = new Snapshots<LeaderboardSort, LeaderboardUserDto[]>(deps.clock, deps.config.leaderboardCacheMs);
  const games = new Snapshots<'games', GameLeaderboardDto>(deps.clock, deps.config.leaderboardCacheMs);
  return {
    /** Banned and deleted accounts and admins are left off the public boards. */
    topUsers: (sort: LeaderboardSort) => users.get(sort, async () => (await queries.topUsers(deps.db, sort)).map(presentLeaderboardUser)),
    /** The game tables: rock-paper-scissors by wins, then games; Puzzle Rush by solves. */
    gameLeaderboard: () => games.get('games', () => gameLeaderboards(deps, { rps: [], puzzleRush: [], quizDuel: [] })),
  };
}
