import type { GameLeaderboardDto, LeaderboardSort, LeaderboardUserDto } from '../../../shared/api/leaderboard';
import type { Deps } from '../../platform/deps';
import { presentLeaderboardUser } from './presenter';
import * as queries from './queries';

/** Banned and deleted accounts are left off the public boards. */
export async function topUsers(deps: Deps, sort: LeaderboardSort): Promise<LeaderboardUserDto[]> {
  return (await queries.topUsers(deps.db, sort)).map(presentLeaderboardUser);
}

/**
 * The game tables. Rock-paper-scissors and Puzzle Rush have not landed yet: each fills its
 * list here from its own rows when it does (ranked by wins, then games; by solves).
 */
export function gameLeaderboard(): Promise<GameLeaderboardDto> {
  return Promise.resolve({ rps: [], puzzleRush: [] });
}
