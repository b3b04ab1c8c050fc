import type { InventoryEntry } from '../../../../shared/api/accounts';
import { CONNECTION_ERROR, errorMessage } from '../../../lib/errorMessages';
import { formatCoins } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useSellCollectibleMutation } from './mutations';

/** 'Sell for N' on a collectible in the store's inventory: one unit back for its published value. */
export function useInventorySale() {
  const sell = useSellCollectibleMutation();
  return {
    sell: (entry: InventoryEntry) =>
      sell.mutate(
        { itemId: entry.item._id, quantity: 1 },
        {
          onSuccess: (answer) =>
            notify.success(`Sold ${entry.item.name} for ${formatCoins(answer.paid)} coins`),
          onError: (error) => notify.error(errorMessage(error, 'Sale failed', CONNECTION_ERROR)),
        },
      ),
    sellingId: sell.isPending ? (sell.variables?.itemId ?? null) : null,
  };
}
