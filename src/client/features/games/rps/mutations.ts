import { useMutation } from '@tanstack/react-query';
import type { RpsPlayBody } from '../../../../shared/games/rps/contract';
import { api } from '../../../lib/api';
import { useAfterGamePlayed } from '../public';

/** A duel play or cancel moves coins: the balance, the duel lists and the counters refresh. */
export function useRpsPlayMutation() {
  const afterGamePlayed = useAfterGamePlayed();
  return useMutation({
    mutationFn: (body: RpsPlayBody) => api('POST /api/games/rps', { body }),
    onSuccess: () => void afterGamePlayed(),
  });
}

export function useRpsCancelMutation() {
  const afterGamePlayed = useAfterGamePlayed();
  return useMutation({
    mutationFn: (id: string) => api('POST /api/games/rps/:id/cancel', { params: { id } }),
    onSuccess: () => void afterGamePlayed(),
  });
}
