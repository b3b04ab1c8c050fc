import type { GameLeaderboardDto, LeaderboardSort, LeaderboardUserDto } from '../../../shared/api/leaderboard';
import type { Deps } from '../../platform/deps';
import { presentLeaderboardUser } from './presenter';
import * as queries from './queries';
import { gameLeaderboards } from '../../platform/module';

/** Banned and deleted accounts are left off the public boards. */
export async function topUsers(deps: Deps, sort: LeaderboardSort): Promise<LeaderboardUserDto[]> {
  return (await queries.topUsers(deps.db, sort)).map(presentLeaderboardUser);
}

/** The game tables: rock-paper-scissors by wins, then games; Puzzle Rush by solves. */
export async function gameLeaderboard(deps: Deps): Promise<GameLeaderboardDto> {
  return gameLeaderboards(deps, { rps: [], puzzleRush: [] });
}
