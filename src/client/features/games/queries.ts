import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';

export const gameKeys = {
  all: ['games'] as const,
  progress: (token: string | null) => ['games', 'progress', token] as const,
  rounds: (token: string | null, limit: number) => ['games', 'rounds', token, limit] as const,
  fairness: (token: string | null) => ['games', 'fairness', token] as const,
  spinnerTables: () => ['games', 'spinner-tables'] as const,
  puzzleRush: (token: string | null) => ['games', 'puzzle-rush', token] as const,
};

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

export function useFairness() {
  const { token } = useSession();
  return useQuery({
    queryKey: gameKeys.fairness(token),
    queryFn: ({ signal }) => api('GET /api/fairness', { signal }),
    enabled: token !== null,
  });
}

export function useSpinnerTables() {
  return useQuery({
    queryKey: gameKeys.spinnerTables(),
    queryFn: ({ signal }) => api('GET /api/fairness/spinners', { signal }),
  });
}

export function useFrenzyStats() {
  const { token } = useSession();
  return useQuery({
    queryKey: [...gameKeys.all, 'frenzy', token] as const,
    queryFn: ({ signal }) => api('GET /api/games/click-frenzy', { signal }),
    enabled: token !== null,
  });
}

/** Today's five puzzles (questions only) and your solves. */
export function usePuzzleRush() {
  const { token } = useSession();
  return useQuery({
    queryKey: gameKeys.puzzleRush(token),
    queryFn: ({ signal }) => api('GET /api/games/puzzle-rush', { signal }),
    enabled: token !== null,
  });
}

/**
 * Rock-paper-scissors lists. Keys start with 'games', so live duel.* events refresh them
 * (app/LiveUpdates.tsx); while the socket is down they poll every 3 s (spec section 9).
 */
export const rpsKeys = {
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
