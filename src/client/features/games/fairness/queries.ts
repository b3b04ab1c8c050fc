import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { gameKeys } from '../queries';

export const fairnessKeys = {
  seeds: (token: string | null) => [...gameKeys.all, 'fairness', token] as const,
  spinnerTables: () => [...gameKeys.all, 'spinner-tables'] as const,
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

/** The published reward tables of the wheels, public like every return on /fairness. */
export function useSpinnerTables() {
  return useQuery({
    queryKey: fairnessKeys.spinnerTables(),
    queryFn: ({ signal }) => api('GET /api/fairness/spinners', { signal }),
  });
}
