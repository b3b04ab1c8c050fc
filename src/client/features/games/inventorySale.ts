import type { InventoryEntry } from '../../../shared/api/accounts';

/** 'Sell for N' on the store's inventory, for the items a game buys back (its collectibles). */
interface InventorySale {
  sell: (entry: InventoryEntry) => void;
  /** The item being sold now, if any. */
  sellingId: string | null;
}

// A game folder's inventorySale.ts, found by its place (one at most: the store shows one 'Sell'
// button). Apart from the hub's catalog, so its mutations load with the store, not with the app.
const sales = Object.values(
  import.meta.glob<() => InventorySale>('./*/inventorySale.ts', {
    eager: true,
    import: 'useInventorySale',
  }),
);

const noSale = (): InventorySale | null => null;
/** The game's sale as a hook fixed at build time, so calling it is always the same hook. */
export const useInventorySale: () => InventorySale | null = sales[0] ?? noSale;
