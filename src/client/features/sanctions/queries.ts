import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';

export const sanctionKeys = {
  all: ['sanctions'] as const,
  own: (token: string | null) => ['sanctions', 'own', token] as const,
  admin: (username: string, status: 'active' | 'all') =>
    ['sanctions', 'admin', username, status] as const,
  appeals: (status: 'open' | 'decided') => ['sanctions', 'appeals', status] as const,
};

/** A sanction ends by the clock too: the banner reads its list again this often. */
const OWN_POLL_MS = 60_000;

/** The player's sanctions in force (the banner, /sanctions). */
export function useOwnSanctions() {
  const { token } = useSession();
  return useQuery({
    queryKey: sanctionKeys.own(token),
    queryFn: async ({ signal }) => (await api('GET /api/sanctions', { signal })).sanctions,
    enabled: token !== null,
    refetchInterval: OWN_POLL_MS,
  });
}

export function useAdminSanctions(username: string, status: 'active' | 'all') {
  return useInfiniteQuery({
    queryKey: sanctionKeys.admin(username, status),
    queryFn: ({ pageParam, signal }) =>
      api('GET /api/admin/sanctions', {
        query: {
          status,
          ...(username === '' ? {} : { username }),
          ...(pageParam ? { cursor: pageParam } : {}),
        },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useAdminAppeals(status: 'open' | 'decided') {
  return useInfiniteQuery({
    queryKey: sanctionKeys.appeals(status),
    queryFn: ({ pageParam, signal }) =>
      api('GET /api/admin/appeals', {
        query: { status, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
