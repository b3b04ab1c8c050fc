import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { gameKeys } from '../public';

const frenzyKeys = {
  stats: (token: string | null) => [...gameKeys.all, 'frenzy', token] as const,
};

/** This hour's catches and when the next hour starts. */
export function useFrenzyStats() {
  const { token } = useSession();
  return useQuery({
    queryKey: frenzyKeys.stats(token),
    queryFn: ({ signal }) => api('GET /api/games/click-frenzy', { signal }),
    enabled: token !== null,
  });
}
