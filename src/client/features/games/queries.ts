import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';

/**
 * What every game reads. Each game's keys start with gameKeys.all, so a round played anywhere
 * (and live duel.* events, app/LiveUpdates.tsx) refreshes every game's lists at once.
 */
export const gameKeys = {
  all: ['games'] as const,
  progress: (token: string | null) => ['games', 'progress', token] as const,
  rounds: (token: string | null, limit: number) => ['games', 'rounds', token, limit] as const,
};

/** Wheels, cooldowns, buffs and the server's clock: the hub's one read for every game. */
export function useGamesProgress() {
  const { token } = useSession();
  return useQuery({
    queryKey: gameKeys.progress(token),
    queryFn: ({ signal }) => api('GET /api/games/progress', { signal }),
    enabled: token !== null,
  });
}

export function useRounds(limit = 10) {
  const { token } = useSession();
  return useQuery({
    queryKey: gameKeys.rounds(token, limit),
    queryFn: ({ signal }) => api('GET /api/games/rounds', { query: { limit }, signal }),
    enabled: token !== null,
  });
}
