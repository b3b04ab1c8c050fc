import type { GameLeaderboardDto, LeaderboardSort, LeaderboardUserDto } from '../../../shared/api/leaderboard';
import type { Deps } from '../../platform/deps';
import { presentLeaderboardUser, presentPuzzleSolver } from './presenter';
import * as queries from './queries';
import { rpsLeaderboard } from '../games/rps/service';

/** Banned and deleted accounts are left off the public boards. */
export async function topUsers(deps: Deps, sort: LeaderboardSort): Promise<LeaderboardUserDto[]> {
  return (await queries.topUsers(deps.db, sort)).map(presentLeaderboardUser);
}

/** The game tables: rock-paper-scissors by wins, then games; Puzzle Rush by solves. */
export async function gameLeaderboard(deps: Deps): Promise<GameLeaderboardDto> {
  const [rps, solvers] = await Promise.all([rpsLeaderboard(deps.db), queries.topPuzzleSolvers(deps.db)]);
  return { rps, puzzleRush: solvers.map(presentPuzzleSolver) };
}
