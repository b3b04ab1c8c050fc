import { useMutation } from '@tanstack/react-query';
import type { ShopPurchaseResponse } from '../../../../../shared/games/virtualPet/contract';
import { api } from '../../../../lib/api';
import { useAfterCoinsMoved } from '../../../../lib/useAfterCoinsMoved';
import { usePetCache } from '../mutations';

/**
 * A purchase answers with the gold balance and the resources as they now are: the figures at the
 * top of the shop change at once. Gold may have moved, so the balance everywhere is read again.
 */
function usePurchase<T, R extends ShopPurchaseResponse>(
  mutationFn: (input: T) => Promise<R>,
  onBought?: (answer: R) => void,
) {
  const cache = usePetCache();
  const afterCoinsMoved = useAfterCoinsMoved();
  return useMutation({
    mutationFn,
    onSuccess: (answer) => {
      cache.setResources(answer.resources, answer.balance);
      onBought?.(answer);
      void afterCoinsMoved();
    },
    // A refusal (price changed, not enough coins) may mean the figures on screen are stale.
    onError: () => void cache.refresh(['me']),
  });
}

/** Foods, toys and shard bundles, 1 to 99 at a time. */
export function useBuyMutation() {
  return usePurchase((body: { itemId: string; quantity: number }) =>
    api('POST /api/shop/buy', { body }),
  );
}

export function useBuyCosmeticMutation() {
  const cache = usePetCache();
  return usePurchase(
    (itemId: string) => api('POST /api/shop/buy-cosmetic', { body: { itemId } }),
    () => void cache.refresh(['cosmetics']),
  );
}

export function useBuyPetMutation() {
  const cache = usePetCache();
  return usePurchase(
    (species: string) => api('POST /api/shop/buy-pet', { body: { species } }),
    (answer) => {
      cache.setCritter(answer.critter);
      void cache.refresh(['critters']);
    },
  );
}
