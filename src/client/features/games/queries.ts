import { useQuery } from '@tanstack/react-query';
import type { RoundGame } from '../../../shared/games/engine/roundGames';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';

/**
 * What every game reads. Each game's keys start with gameKeys.all, so a round played anywhere
 * (and live duel.* events, app/LiveUpdates.tsx) refreshes every game's lists at once.
 */
export const gameKeys = {
  all: ['games'] as const,
  progress: (token: string | null) => ['games', 'progress', token] as const,
  rounds: (token: string | null, limit: number, games: readonly RoundGame[] = []) =>
    ['games', 'rounds', token, limit, games.join(',')] as const,
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

/** Your last rounds, of `games` only when given (a game's page lists its own). */
export function useRounds(limit = 10, games: readonly RoundGame[] = []) {
  const { token } = useSession();
  return useQuery({
    queryKey: gameKeys.rounds(token, limit, games),
    queryFn: ({ signal }) =>
      api('GET /api/games/rounds', {
        query: { limit, game: games.length > 0 ? games.join(',') : undefined },
        signal,
      }),
    enabled: token !== null,
  });
}
