import type { InventoryEntry } from '../../../../shared/api/accounts';
import { CONNECTION_ERROR, errorMessage } from '../../../lib/errorMessages';
import { notify } from '../../../lib/toast';
import { formatCoins } from '../../../lib/format';
import { useSellCollectibleMutation } from '../../games/mysteryBox/public';
import { useUseItemMutation } from '../mutations';
import { InventoryGrid } from './InventoryGrid';

/**
 * The inventory with 'Use' on power-ups (one unit becomes a 60-minute buff) and 'Sell for N' on
 * mystery-box collectibles (one unit back for its published value).
 */
export function UsableInventory({ inventory }: { inventory: InventoryEntry[] }) {
  const use = useUseItemMutation();
  const sell = useSellCollectibleMutation();
  const onSell = (entry: InventoryEntry) =>
    sell.mutate(
      { itemId: entry.item._id, quantity: 1 },
      {
        onSuccess: (answer) => notify.success(`Sold ${entry.item.name} for ${formatCoins(answer.paid)} coins`),
        onError: (error) => notify.error(errorMessage(error, 'Sale failed', CONNECTION_ERROR)),
      },
    );
  const onUse = (entry: InventoryEntry) =>
    use.mutate(entry.item._id, {
      onSuccess: (answer) => notify.success(answer.message),
      onError: (error) => notify.error(errorMessage(error, 'Could not use the item', CONNECTION_ERROR)),
    });
  return (
    <InventoryGrid
      inventory={inventory}
      onUse={onUse}
      usingId={use.isPending ? (use.variables ?? null) : null}
      onSell={onSell}
      sellingId={sell.isPending ? (sell.variables?.itemId ?? null) : null}
    />
  );
}
