import { useQuery } from '@tanstack/react-query';
import type { LeaderboardSort, LeaderboardUserDto } from '../../../shared/api/leaderboard';
import { api } from '../../lib/api';

export const leaderboardKeys = {
  all: ['leaderboard'] as const,
  users: (sort: LeaderboardSort) => ['leaderboard', 'users', sort] as const,
};

/**
 * Boards change with every game anyone plays, and the server keeps each one fresh and cheap (a
 * shared snapshot at most LEADERBOARD_CACHE_MS old): a page that shows one asks again each time
 * it is shown (mount, route visit, window focus) rather than showing what it had for a while.
 */
const boardFreshness = { staleTime: 0 } as const;

/** Sent without a token: spec section 6 lists this call as public. */
function fetchLeaderboardUsers(
  sort: LeaderboardSort,
  signal?: AbortSignal,
): Promise<LeaderboardUserDto[]> {
  return api('GET /api/leaderboard/users', { query: { sort }, signal });
}

export function useLeaderboardUsers<T = LeaderboardUserDto[]>(
  sort: LeaderboardSort,
  select?: (users: LeaderboardUserDto[]) => T,
) {
  return useQuery({
    queryKey: leaderboardKeys.users(sort),
    queryFn: ({ signal }) => fetchLeaderboardUsers(sort, signal),
    select,
    ...boardFreshness,
  });
}

/** Sent with a token (spec section 6); a failure is silent (spec section 8). */
export function useGameLeaderboard() {
  return useQuery({
    queryKey: [...leaderboardKeys.all, 'games'] as const,
    queryFn: ({ signal }) => api('GET /api/games/leaderboard', { signal }),
    ...boardFreshness,
  });
}
