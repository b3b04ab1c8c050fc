import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { gameKeys } from '../public';

/** A new seed changes every game's next outcome and the rounds' verify links: all games refresh. */
export function useSetClientSeedMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientSeed: string) =>
      api('POST /api/fairness/client-seed', { body: { clientSeed } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: gameKeys.all }),
  });
}

export function useRotateSeedMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('POST /api/fairness/rotate'),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: gameKeys.all }),
  });
}
