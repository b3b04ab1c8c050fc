import type { LeaderboardUserDto } from '../../../shared/api/leaderboard';
import { TOP_PLAYERS_ON_HOME } from '../../../shared/constants';
import { useLeaderboardUsers } from '../leaderboard/public';

function topPlayers(users: LeaderboardUserDto[]): LeaderboardUserDto[] {
  return users.slice(0, TOP_PLAYERS_ON_HOME);
}

/** Spec section 2: the first five users by balance, sharing the leaderboard's cache entry. */
export function useTopPlayers() {
  return useLeaderboardUsers('balance', topPlayers);
}
