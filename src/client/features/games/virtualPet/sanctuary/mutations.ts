import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { gameKeys } from '../../public';
import { usePetCache } from '../mutations';
import { nextClaimOf } from './claim';

/**
 * The claim is a GET that acts (spec section 7), so it is a mutation, called on a click only and
 * never as a background query. Its answer is what is held now; a 400 that names nextClaim resets
 * the timer to it, and what is held is read again (the claim it was refused for was made elsewhere).
 */
export function useClaimMutation() {
  const cache = usePetCache();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('GET /api/sanctuary/resources'),
    onSuccess: (answer) => {
      cache.setResources({ ...answer.newInventory, nextClaim: answer.nextClaim });
      // The claim is a fair round: the rounds lists (this page's and /fairness's) gain it.
      void queryClient.invalidateQueries({ queryKey: gameKeys.all });
      void cache.refresh(['me']);
    },
    onError: (error) => {
      // Too soon means a claim was made elsewhere (another tab): the holdings on screen miss it, so they are read again too.
      const nextClaim = nextClaimOf(error);
      if (nextClaim) cache.setNextClaim(nextClaim);
      void cache.refresh(['me']);
    },
  });
}
