import type { InventoryEntry } from '../../../../shared/api/accounts';
import { buffEffectTypes } from '../../../../shared/store';
import { EmptyState } from '../../../components/States';
import { formatCoins } from '../../../lib/format';
import { ItemPicture } from './ItemPicture';

/** A power-up that 'Use' turns into a buff (DESIGN.md section 6); Minefield items work by themselves. */
const isUsable = (entry: InventoryEntry) =>
  entry.item.type === 'power-up' &&
  (buffEffectTypes as readonly (string | null)[]).includes(entry.item.effectType);

interface InventoryGridProps {
  inventory: InventoryEntry[];
  /** Shows 'Use' on usable power-ups when given. */
  onUse?: (entry: InventoryEntry) => void;
  /** The item whose 'Use' is in flight. */
  usingId?: string | null;
  /** Shows 'Sell for N' on collectibles (entries with a sell-back value) when given: one unit. */
  onSell?: (entry: InventoryEntry) => void;
  /** The item whose sale is in flight. */
  sellingId?: string | null;
}

/** Spec section 3 inventory entries with their defaults ('Unknown Item', 'No effect', quantity 1). */
export function InventoryGrid({
  inventory,
  onUse,
  usingId = null,
  onSell,
  sellingId = null,
}: InventoryGridProps) {
  if (inventory.length === 0) return <EmptyState>No items yet</EmptyState>;
  return (
    <ul
      className="grid grid-cols-1 gap-2 sm:grid-cols-2 xl:grid-cols-3"
      data-testid="inventory-grid"
    >
      {inventory.map((entry) => {
        const name = entry.item.name || 'Unknown Item';
        const quantity = entry.quantity ?? 1;
        const free = quantity - (entry.locked ?? 0);
        return (
          <li
            key={entry._id}
            data-testid="inventory-entry"
            className="flex items-center gap-3 rounded-xl border border-white/10 bg-white/5 p-3"
          >
            <ItemPicture image={entry.item.image} emoji={entry.item.emoji} name={name} />
            <div className="min-w-0 flex-1">
              <p className="wrap-anywhere font-semibold text-white">{name}</p>
              <p className="wrap-anywhere text-sm text-slate-400">
                {entry.item.effect || 'No effect'}
              </p>
              {entry.locked > 0 && (
                <p className="text-xs text-amber-200">
                  {formatCoins(entry.locked)} locked in trades
                </p>
              )}
            </div>
            <div className="flex shrink-0 flex-col items-end gap-1">
              <span
                data-testid="inventory-quantity"
                className="rounded-full bg-slate-800 px-2 py-0.5 text-sm font-semibold"
                aria-label={`Quantity ${quantity}`}
              >
                ×{formatCoins(quantity)}
              </span>
              {onUse && isUsable(entry) && (
                <button
                  type="button"
                  className="btn-secondary px-3 py-1"
                  disabled={free < 1 || usingId !== null}
                  onClick={() => onUse(entry)}
                >
                  {usingId === entry.item._id ? 'Using…' : 'Use'}
                  <span className="sr-only"> {name}</span>
                </button>
              )}
              {onSell && entry.item.sellBack !== null && (
                <button
                  type="button"
                  className="btn-secondary px-3 py-1"
                  disabled={free < 1 || sellingId !== null}
                  onClick={() => onSell(entry)}
                >
                  {sellingId === entry.item._id
                    ? 'Selling…'
                    : `Sell for ${formatCoins(entry.item.sellBack)}`}
                  <span className="sr-only">, one {name}</span>
                </button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
