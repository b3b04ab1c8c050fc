import { useInfiniteQuery } from '@tanstack/react-query';
import { useLiveConnected } from '../../lib/liveSocket';
import { PAGE_SIZE } from '../../../shared/constants';
import { api } from '../../lib/api';
import { nextBefore } from '../../lib/paging';
import { useSession } from '../../lib/session';

export const serviceKeys = {
  all: ['services'] as const,
  list: (token: string | null, showAll: boolean) => ['services', 'list', token, showAll] as const,
  purchases: (token: string | null) => ['services', 'purchases', token] as const,
  /** Both sides' pages sit under this prefix (`[...history(token), 'provider' | 'buyer']`). */
  history: (token: string | null) => ['services', 'history', token] as const,
};

/**
 * The other party's steps (a purchase, a finalization) and the marketplace's changes arrive as
 * live events (app/LiveUpdates.tsx); polling only while the live socket is down, as trades do.
 */
const SERVICE_POLL_MS = 10_000;

/** showAll: the marketplace (every listed service plus your own); otherwise only yours. Newest first, PAGE_SIZE at a time. */
export function useServices(showAll: boolean) {
  const { token } = useSession();
  const live = useLiveConnected();
  return useInfiniteQuery({
    queryKey: serviceKeys.list(token, showAll),
    queryFn: ({ pageParam, signal }) =>
      api('GET /api/services', {
        query: {
          ...(showAll ? { showAll: 'true' as const } : {}),
          before: pageParam ?? undefined,
          limit: PAGE_SIZE,
        },
        signal,
      }),
    initialPageParam: null as number | null,
    getNextPageParam: nextBefore,
    enabled: token !== null,
    refetchInterval: live ? false : SERVICE_POLL_MS,
  });
}

/** Services you bought, newest first, PAGE_SIZE at a time. */
export function useServicePurchases() {
  const { token } = useSession();
  const live = useLiveConnected();
  return useInfiniteQuery({
    queryKey: serviceKeys.purchases(token),
    queryFn: ({ pageParam, signal }) =>
      api('GET /api/services/purchases', {
        query: { before: pageParam ?? undefined, limit: PAGE_SIZE },
        signal,
      }),
    initialPageParam: null as number | null,
    getNextPageParam: nextBefore,
    enabled: token !== null,
    refetchInterval: live ? false : SERVICE_POLL_MS,
  });
}

/**
 * One side of the history (services you provided, or bought), most recently closed first,
 * PAGE_SIZE at a time. Each side pages with its own cursor and reads only its own list from
 * the answer (the other side of that answer is its first page again).
 */
export function useServiceHistory(side: 'provider' | 'buyer') {
  const { token } = useSession();
  const live = useLiveConnected();
  return useInfiniteQuery({
    queryKey: [...serviceKeys.history(token), side] as const,
    queryFn: async ({ pageParam, signal }) => {
      const before = pageParam ?? undefined;
      const query =
        side === 'provider'
          ? { providerBefore: before, limit: PAGE_SIZE }
          : { buyerBefore: before, limit: PAGE_SIZE };
      const history = await api('GET /api/services/history', { query, signal });
      return side === 'provider' ? history.asProvider : history.asBuyer;
    },
    initialPageParam: null as number | null,
    getNextPageParam: nextBefore,
    enabled: token !== null,
    refetchInterval: live ? false : SERVICE_POLL_MS,
  });
}
