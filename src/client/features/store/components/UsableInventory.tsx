import type { InventoryEntry } from '../../../../shared/api/accounts';
import { CONNECTION_ERROR, errorMessage } from '../../../lib/errorMessages';
import { notify } from '../../../lib/toast';
import { useInventorySale } from '../../games/public';
import { useUseItemMutation } from '../mutations';
import { InventoryGrid } from './InventoryGrid';

/**
 * The inventory with 'Use' on power-ups (one unit becomes a 60-minute buff) and 'Sell for N' on
 * what a game buys back (mystery-box collectibles, for their published value).
 */
export function UsableInventory({ inventory }: { inventory: InventoryEntry[] }) {
  const use = useUseItemMutation();
  const sale = useInventorySale();
  const onUse = (entry: InventoryEntry) =>
    use.mutate(entry.item._id, {
      onSuccess: (answer) => notify.success(answer.message),
      onError: (error) =>
        notify.error(errorMessage(error, 'Could not use the item', CONNECTION_ERROR)),
    });
  return (
    <InventoryGrid
      inventory={inventory}
      onUse={onUse}
      usingId={use.isPending ? (use.variables ?? null) : null}
      onSell={sale?.sell}
      sellingId={sale?.sellingId ?? null}
    />
  );
}
