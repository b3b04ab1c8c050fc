import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';

export const serviceKeys = {
  all: ['services'] as const,
  list: (token: string | null, showAll: boolean) => ['services', 'list', token, showAll] as const,
  purchases: (token: string | null) => ['services', 'purchases', token] as const,
  history: (token: string | null) => ['services', 'history', token] as const,
};

/** The other party's steps (a purchase, a finalization) arrive by polling, as trades do. */
const SERVICE_POLL_MS = 10_000;

/** showAll: the marketplace (every listed service plus your own); otherwise only yours. */
export function useServices(showAll: boolean) {
  const { token } = useSession();
  return useQuery({
    queryKey: serviceKeys.list(token, showAll),
    queryFn: ({ signal }) => api('GET /api/services', { query: showAll ? { showAll: 'true' } : {}, signal }),
    enabled: token !== null,
    refetchInterval: SERVICE_POLL_MS,
  });
}

export function useServicePurchases() {
  const { token } = useSession();
  return useQuery({
    queryKey: serviceKeys.purchases(token),
    queryFn: ({ signal }) => api('GET /api/services/purchases', { signal }),
    enabled: token !== null,
    refetchInterval: SERVICE_POLL_MS,
  });
}

export function useServiceHistory() {
  const { token } = useSession();
  return useQuery({
    queryKey: serviceKeys.history(token),
    queryFn: ({ signal }) => api('GET /api/services/history', { signal }),
    enabled: token !== null,
  });
}
