import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { gameKeys } from '../public';

const fairnessKeys = {
  seeds: (token: string | null) => [...gameKeys.all, 'fairness', token] as const,
  published: () => [...gameKeys.all, 'published'] as const,
  round: (token: string | null, id: string) => [...gameKeys.all, 'round', token, id] as const,
};

/** Your active seed pair (the server seed only as its hash) and the nonce. */
export function useFairness() {
  const { token } = useSession();
  return useQuery({
    queryKey: fairnessKeys.seeds(token),
    queryFn: ({ signal }) => api('GET /api/fairness', { signal }),
    enabled: token !== null,
  });
}

/** Every published figure of /fairness, as rows the server builds from the code that pays (public). */
export function usePublished() {
  return useQuery({
    queryKey: fairnessKeys.published(),
    queryFn: ({ signal }) => api('GET /api/fairness/published', { signal }),
  });
}

/** One of your rounds by id (null when it is not yours): the rounds list's page that starts at it. */
export function useRound(id: string | null) {
  const { token } = useSession();
  return useQuery({
    queryKey: fairnessKeys.round(token, id ?? ''),
    queryFn: async ({ signal }) => {
      const page = await api('GET /api/games/rounds', {
        query: { before: Number(id) + 1, limit: 1 },
        signal,
      });
      return page.rounds.find((r) => r._id === id) ?? null;
    },
    enabled: token !== null && id !== null && /^\d{1,15}$/.test(id),
  });
}
