import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TycoonDto } from '../../../../shared/games/coinTycoon/contract';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { gameKeys } from '../public';
import { newerView, withOffset, type TycoonView } from './coinTycoonView';

/** Under gameKeys.all, so a round played anywhere reads the company again too. */
export const tycoonKeys = {
  all: [...gameKeys.all, 'coin-tycoon'] as const,
  company: (token: string | null) => [...gameKeys.all, 'coin-tycoon', 'company', token] as const,
};

/**
 * GET /api/games/coin-tycoon: the company settled to the server's now, stamped with the clock
 * offset at receipt so the page can settle it forward on the server's time.
 */
export function useTycoon() {
  const { token } = useSession();
  return useQuery({
    queryKey: tycoonKeys.company(token),
    queryFn: async ({ signal }) =>
      withOffset(await api('GET /api/games/coin-tycoon', { signal }), Date.now()),
    enabled: token !== null,
    // An open page reads every 30 s (not while hidden), which the server saves: the away summary
    // is then for time really away, not for time spent watching.
    refetchInterval: 30_000,
    structuralSharing: (old, next) => newerView(old as TycoonView | undefined, next as TycoonView),
  });
}

/** Puts the company from an action's answer into the cache, unless a newer read is there. */
export function usePutTycoon() {
  const queryClient = useQueryClient();
  const { token } = useSession();
  return useCallback(
    (dto: TycoonDto) => {
      const view = withOffset(dto, Date.now());
      queryClient.setQueryData<TycoonView>(tycoonKeys.company(token), (current) =>
        newerView(current, view),
      );
    },
    [queryClient, token],
  );
}
