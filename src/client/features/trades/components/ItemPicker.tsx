import type { TradableItemDto } from '../../../../shared/api/trades';
import { EmptyState, LoadingState } from '../../../components/States';
import { TextField } from '../../../components/TextField';
import { clampQuantity, type Picks } from '../picks';
import { ItemIcon } from './ItemBadge';

interface ItemPickerProps {
  idPrefix: string;
  legend: string;
  inventory: TradableItemDto[] | undefined;
  picks: Picks;
  onChange: (picks: Picks) => void;
  disabled?: boolean;
}

/**
 * The user's own items with a quantity field each, clamped to the unlocked units (spec
 * section 5). An item whose every unit is offered in active trades is greyed out (section 4).
 */
export function ItemPicker({
  idPrefix,
  legend,
  inventory,
  picks,
  onChange,
  disabled = false,
}: ItemPickerProps) {
  return (
    <fieldset className="min-w-0" disabled={disabled}>
      <legend className="label">{legend}</legend>
      {inventory === undefined ? (
        <LoadingState>Loading your items…</LoadingState>
      ) : inventory.length === 0 ? (
        <EmptyState>You have no items to trade yet.</EmptyState>
      ) : (
        <ul className="flex flex-col gap-2">
          {inventory.map((item) => {
            const locked = item.available <= 0;
            const id = `${idPrefix}-${item.itemId}`;
            return (
              <li
                key={item.itemId}
                data-testid="trade-pick-item"
                data-item-id={item.itemId}
                data-locked={locked ? 'true' : 'false'}
                // Greyed by colour rather than opacity, so the texts keep their contrast.
                className={`flex items-center gap-2 rounded-xl border p-2 ${locked ? 'border-dashed border-white/10 bg-slate-950/60' : 'border-white/10 bg-white/5'}`}
              >
                <span className={locked ? 'opacity-40 grayscale' : ''}>
                  <ItemIcon image={item.image} emoji={item.emoji} />
                </span>
                <div className="min-w-0 flex-1">
                  <p
                    className={`break-words text-sm font-semibold ${locked ? 'text-slate-400' : 'text-white'}`}
                  >
                    {item.name || 'Unknown Item'}
                  </p>
                  <p className="text-xs text-slate-400">
                    {locked
                      ? 'All offered in active trades'
                      : `${item.available} of ${item.quantity} free`}
                  </p>
                </div>
                <TextField
                  id={id}
                  label={`Quantity of ${item.name || 'Unknown Item'}`}
                  hideLabel
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={item.available}
                  step={1}
                  className="w-20 shrink-0"
                  placeholder="0"
                  disabled={locked}
                  value={picks[item.itemId] ?? ''}
                  onValueChange={(typed) =>
                    onChange({ ...picks, [item.itemId]: clampQuantity(typed, item.available) })
                  }
                />
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
