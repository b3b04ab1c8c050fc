import { useCallback } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserDto } from '../../../shared/api/accounts';
import { PAGE_SIZE } from '../../../shared/constants';
import { api } from '../../lib/api';
import { sessionKeys, useSession } from '../../lib/session';
import { nextBefore } from '../../lib/paging';

export const betKeys = {
  all: ['bets'] as const,
  active: () => ['bets', 'active'] as const,
  mine: (token: string | null) => ['bets', 'mine', token] as const,
  admin: () => ['bets', 'admin'] as const,
};

/** Open bets, including ones past their end time that the admin has not settled yet. */
export function useActiveBets() {
  return useQuery({
    queryKey: betKeys.active(),
    queryFn: ({ signal }) => api('GET /api/bets/active', { signal }),
  });
}

export function useMyBets() {
  const { token } = useSession();
  return useQuery({
    queryKey: betKeys.mine(token),
    queryFn: ({ signal }) => api('GET /api/bets/mine', { signal }),
    enabled: token !== null,
  });
}

/** Every bet with its totals, open ones first, then newest, PAGE_SIZE at a time. */
export function useAdminBets() {
  return useInfiniteQuery({
    queryKey: betKeys.admin(),
    queryFn: ({ pageParam, signal }) =>
      api('GET /api/admin/bets', {
        query: { before: pageParam ?? undefined, limit: PAGE_SIZE },
        signal,
      }),
    initialPageParam: null as number | null,
    getNextPageParam: nextBefore,
  });
}

/**
 * Spec section 5: a wager above the known balance re-reads the user before refusing, since
 * the stored balance may be stale (coins received in another tab). Resolves to the fresh one.
 */
export function useFreshBalance(): () => Promise<number | null> {
  const queryClient = useQueryClient();
  const { token, refreshUser } = useSession();
  return useCallback(async () => {
    await refreshUser();
    return queryClient.getQueryData<UserDto>(sessionKeys.me(token))?.balance ?? null;
  }, [queryClient, token, refreshUser]);
}
