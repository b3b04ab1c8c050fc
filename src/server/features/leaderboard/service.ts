import type { LeaderboardSort, LeaderboardUserDto } from '../../../shared/api/leaderboard';
import type { Deps } from '../../platform/deps';
import { presentLeaderboardUser } from './presenter';
import * as queries from './queries';

/** Banned and deleted accounts are left off the public boards. */
export async function topUsers(deps: Deps, sort: LeaderboardSort): Promise<LeaderboardUserDto[]> {
  return (await queries.topUsers(deps.db, sort)).map(presentLeaderboardUser);
}
