import { useMutation } from '@tanstack/react-query';
import type { CritterDto, PetResourcesDto } from '../../../../../shared/games/virtualPet/contract';
import type { CosmeticSlot } from '../../../../../shared/games/virtualPet/catalog';
import { api } from '../../../../lib/api';
import { usePetCache } from '../mutations';

/**
 * The care actions. Each answer carries the critter as it now is (and, for most, the resources):
 * the page shows them at once, then critters, user/me and cosmetics are read again.
 */
function useCareMutation<
  T,
  R extends { message: string; critter: CritterDto; resources?: PetResourcesDto },
>(mutationFn: (input: T) => Promise<R>) {
  const cache = usePetCache();
  return useMutation({
    mutationFn,
    onSuccess: (answer) => {
      cache.setCritter(answer.critter);
      if (answer.resources) cache.setResources(answer.resources);
    },
    onSettled: () => void cache.refresh(),
  });
}

export function useAdoptMutation() {
  return useCareMutation((species: string) =>
    api('POST /api/critters/adopt', { body: { species } }),
  );
}

export function useFeedMutation() {
  return useCareMutation(({ critterId, foodItem }: { critterId: string; foodItem: string }) =>
    api('POST /api/critters/feed/:id', { params: { id: critterId }, body: { foodItem } }),
  );
}

export function usePlayMutation() {
  return useCareMutation(({ critterId, toyItem }: { critterId: string; toyItem: string }) =>
    api('POST /api/critters/play/:id', { params: { id: critterId }, body: { toyItem } }),
  );
}

export function useEvolveMutation() {
  return useCareMutation((critterId: string) =>
    api('POST /api/critters/evolve', { body: { critterId } }),
  );
}

export function useEquipMutation() {
  return useCareMutation((body: { critterId: string; slot: CosmeticSlot; itemId: string }) =>
    api('POST /api/critters/equip-cosmetic', { body }),
  );
}

/** The answer's newShards is what is held now; its critter carries the new trait. */
export function useUnlockTraitMutation() {
  const cache = usePetCache();
  return useMutation({
    mutationFn: (body: { critterId: string; trait: string }) =>
      api('POST /api/traits/unlock', { body }),
    onSuccess: (answer) => {
      cache.setCritter(answer.critter);
      cache.setShards(answer.newShards);
    },
    onSettled: () => void cache.refresh(),
  });
}
