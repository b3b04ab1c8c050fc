import { useCallback } from 'react';
import { replaceEqualDeep, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MergeLabDto } from '../../../../shared/games/mergeLab/contract';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { labViewOf, newerView, type LabView } from './mergeLabView';

/**
 * Not under gameKeys.all: a round played elsewhere changes nothing on this board, and every
 * action here answers with the whole board, so it is never read again after one.
 */
export const mergeLabKeys = {
  all: ['merge-lab'] as const,
  lab: (token: string | null) => ['merge-lab', 'lab', token] as const,
};

/** A read that crossed an action's answer must not put the older board back. */
function keepNewer(old: unknown, next: unknown): unknown {
  const current = old as LabView | undefined;
  const kept = newerView(current, next as LabView);
  return kept === current ? current : replaceEqualDeep(old, next);
}

/** GET /api/games/merge-lab: the board, energy settled to the server's now, and the order cards. */
export function useMergeLab() {
  const { token } = useSession();
  return useQuery({
    queryKey: mergeLabKeys.lab(token),
    queryFn: async ({ signal }) => labViewOf(await api('GET /api/games/merge-lab', { signal })),
    enabled: token !== null,
    structuralSharing: keepNewer,
  });
}

/** Puts an action's answer in the cache as the board to show, unless a newer one is there. */
export function usePutLab() {
  const queryClient = useQueryClient();
  const { token } = useSession();
  return useCallback(
    (dto: MergeLabDto) =>
      queryClient.setQueryData<LabView>(mergeLabKeys.lab(token), (current) =>
        newerView(current, labViewOf(dto)),
      ),
    [queryClient, token],
  );
}
