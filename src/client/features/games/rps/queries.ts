import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { gameKeys } from '../public';

/**
 * Rock-paper-scissors lists. Keys start with 'games', so live duel.* events refresh them
 * (app/LiveUpdates.tsx); while the socket is down they poll every 3 s (spec section 9).
 */
const rpsKeys = {
  all: [...gameKeys.all, 'rps'] as const,
  invites: (token: string | null) => [...gameKeys.all, 'rps', 'invites', token] as const,
  challenges: (token: string | null) => [...gameKeys.all, 'rps', 'challenges', token] as const,
  history: (token: string | null) => [...gameKeys.all, 'rps', 'history', token] as const,
};

export function useRpsInvites(pollMs: number | false) {
  const { token } = useSession();
  return useQuery({
    queryKey: rpsKeys.invites(token),
    queryFn: ({ signal }) => api('GET /api/games/rps/invites', { signal }),
    enabled: token !== null,
    refetchInterval: pollMs,
  });
}

export function useRpsChallenges(pollMs: number | false) {
  const { token } = useSession();
  return useQuery({
    queryKey: rpsKeys.challenges(token),
    queryFn: ({ signal }) => api('GET /api/games/rps/challenges', { signal }),
    enabled: token !== null,
    refetchInterval: pollMs,
  });
}

export function useRpsHistory(pollMs: number | false) {
  const { token } = useSession();
  return useQuery({
    queryKey: rpsKeys.history(token),
    queryFn: ({ signal }) => api('GET /api/games/rps/history', { signal }),
    enabled: token !== null,
    refetchInterval: pollMs,
  });
}
