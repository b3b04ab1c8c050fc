import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { IdleDto } from '../../../../shared/games/idleNgu/contract';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { gameKeys } from '../public';
import { newerView, withOffset, type IdleView } from './idleNguView';

/** Under gameKeys.all, so a round played anywhere reads the trainer again too. */
export const idleKeys = {
  all: [...gameKeys.all, 'idle-ngu'] as const,
  trainer: (token: string | null) => [...gameKeys.all, 'idle-ngu', 'trainer', token] as const,
};

/**
 * GET /api/games/idle-ngu: the trainer as stored, stamped with the clock offset at receipt so
 * the page can settle it forward on the server's time.
 */
export function useIdleTrainer() {
  const { token } = useSession();
  return useQuery({
    queryKey: idleKeys.trainer(token),
    queryFn: async ({ signal }) =>
      withOffset(await api('GET /api/games/idle-ngu', { signal }), Date.now()),
    enabled: token !== null,
    structuralSharing: (old, next) => newerView(old as IdleView | undefined, next as IdleView),
  });
}

/** Puts the trainer from an action's answer into the cache, unless a newer read is there. */
export function usePutIdle() {
  const queryClient = useQueryClient();
  const { token } = useSession();
  return useCallback(
    (dto: IdleDto) => {
      const view = withOffset(dto, Date.now());
      queryClient.setQueryData<IdleView>(idleKeys.trainer(token), (current) =>
        newerView(current, view),
      );
    },
    [queryClient, token],
  );
}
