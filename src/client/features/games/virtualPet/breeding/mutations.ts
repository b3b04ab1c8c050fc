import { useCallback } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { useSession } from '../../../../lib/session';
import { useAfterGamePlayed } from '../../public';
import { usePetCache } from '../mutations';
import { breedingKeys, type EggsView } from './queries';
import type { PaymentMethod } from './breedingView';

/** After a breed or a hatch: critters, eggs and user/me are read again (spec section 7). */
function useBreedingRefresh() {
  const queryClient = useQueryClient();
  const { token } = useSession();
  const cache = usePetCache();
  return useCallback(async () => {
    await Promise.all([
      cache.refresh(['critters', 'me']),
      queryClient.invalidateQueries({ queryKey: breedingKeys.eggs(token) }),
    ]);
  }, [cache, queryClient, token]);
}

/**
 * A breed answers with the egg and what is held now: the egg and the balances show at once.
 * The price may be gold, and the child was drawn as a round, so the balance everywhere and the
 * round lists are read again too.
 */
export function useBreedMutation() {
  const queryClient = useQueryClient();
  const { token } = useSession();
  const cache = usePetCache();
  const refresh = useBreedingRefresh();
  const afterGamePlayed = useAfterGamePlayed();
  return useMutation({
    mutationFn: (body: { parentA: string; parentB: string; paymentMethod: PaymentMethod }) =>
      api('POST /api/breeding/critters/breed', { body }),
    onSuccess: (answer) => {
      cache.setResources(answer.resources, answer.balance);
      queryClient.setQueryData<EggsView>(breedingKeys.eggs(token), (data) =>
        data && !data.eggs.some((e) => e._id === answer.egg._id)
          ? { ...data, eggs: [...data.eggs, answer.egg] }
          : data,
      );
      void afterGamePlayed();
    },
    onSettled: () => void refresh(),
  });
}

/** A hatch answers with the new critter: it joins the list at once and the egg leaves it. */
export function useHatchMutation() {
  const queryClient = useQueryClient();
  const { token } = useSession();
  const cache = usePetCache();
  const refresh = useBreedingRefresh();
  return useMutation({
    mutationFn: (eggId: string) =>
      api('POST /api/breeding/eggs/:id/hatch', { params: { id: eggId } }),
    onSuccess: (answer, eggId) => {
      cache.setCritter(answer.critter);
      queryClient.setQueryData<EggsView>(breedingKeys.eggs(token), (data) =>
        data ? { ...data, eggs: data.eggs.filter((e) => e._id !== eggId) } : data,
      );
    },
    onSettled: () => void refresh(),
  });
}
