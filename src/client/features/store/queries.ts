import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';

export const storeKeys = {
  all: ['store'] as const,
  items: () => ['store', 'items'] as const,
  mine: (token: string | null) => ['store', 'mine', token] as const,
  buffs: (token: string | null) => ['store', 'buffs', token] as const,
  admin: () => ['store', 'admin'] as const,
};

/** Sent without a token (spec section 6): the shelf is the same for everyone. */
export function useStoreItems() {
  return useQuery({
    queryKey: storeKeys.items(),
    queryFn: ({ signal }) => api('GET /api/store', { signal }),
  });
}

/** Inventory, purchase history and balance (spec section 7, GET /api/store/user). */
export function useStoreUser() {
  const { token } = useSession();
  return useQuery({
    queryKey: storeKeys.mine(token),
    queryFn: ({ signal }) => api('GET /api/store/user', { signal }),
    enabled: token !== null,
  });
}

/**
 * Running buffs. Refetched each minute so one that ended by its cap (not its clock) leaves the
 * list; the seconds tick on the page between fetches.
 */
export function useActiveBuffs() {
  const { token } = useSession();
  return useQuery({
    queryKey: storeKeys.buffs(token),
    queryFn: async ({ signal }) => ({
      ...(await api('GET /api/store/buffs', { signal })),
      fetchedAt: Date.now(),
    }),
    enabled: token !== null,
    refetchInterval: 60_000,
  });
}

export function useAdminItems() {
  return useQuery({
    queryKey: storeKeys.admin(),
    queryFn: ({ signal }) => api('GET /api/store/items', { signal }),
  });
}
