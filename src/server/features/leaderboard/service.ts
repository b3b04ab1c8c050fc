import type { GameLeaderboardDto, LeaderboardSort, LeaderboardUserDto } from '../../../shared/api/leaderboard';
import type { Deps } from '../../platform/deps';
import { presentLeaderboardUser } from './presenter';
import * as queries from './queries';
import { rpsLeaderboard } from '../games/rps/service';

/** Banned and deleted accounts are left off the public boards. */
export async function topUsers(deps: Deps, sort: LeaderboardSort): Promise<LeaderboardUserDto[]> {
  return (await queries.topUsers(deps.db, sort)).map(presentLeaderboardUser);
}

/**
 * The game tables. Puzzle Rush has not landed yet: it fills its list here from its own rows
 * when it does (ranked by solves). Rock-paper-scissors: by wins, then games.
 */
export async function gameLeaderboard(deps: Deps): Promise<GameLeaderboardDto> {
  return { rps: await rpsLeaderboard(deps.db), puzzleRush: [] };
}
