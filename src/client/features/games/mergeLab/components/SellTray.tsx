import { useDroppable } from '@dnd-kit/core';
import { sellPayout, type MergeItem } from '../../../../../shared/games/mergeLab/rules';
import { SELL_DROP_ID } from '../dnd';
import { coinsText, itemName } from '../mergeLabView';
import { Emoji } from '../../../../components/Emoji';

interface SellTrayProps {
  /** The selected item, which Sell would sell; null when none is selected. */
  selected: MergeItem | null;
  /** The item being dragged, whose price the tray shows while it could be dropped here. */
  dragged: MergeItem | null;
  onSell: () => void;
}

/** Drop an item here, or select it and press Sell: it leaves the board for a little (tiers 1-4 for nothing). */
export function SellTray({ selected, dragged, onSell }: SellTrayProps) {
  const drop = useDroppable({ id: SELL_DROP_ID });
  return (
    <div
      ref={drop.setNodeRef}
      data-testid="lab-sell"
      data-over={drop.isOver ? 'true' : undefined}
      className={`flex flex-wrap items-center gap-3 rounded-xl border border-dashed p-3 transition-colors ${drop.isOver ? 'border-rose-300 bg-rose-950/40' : 'border-white/15 bg-slate-950/40'}`}
    >
      <span aria-hidden="true" className="text-2xl">
        <Emoji char="🗑️" />
      </span>
      <p className="min-w-48 flex-1 text-sm text-slate-300">
        <span className="font-semibold text-white">Sell tray.</span>{' '}
        {dragged
          ? `Drop here to sell ${itemName(dragged)} for ${coinsText(sellPayout(dragged.t))}.`
          : 'Drop an item here, or select one and press Sell, to clear its cell.'}
      </p>
      <button
        type="button"
        className="btn-secondary"
        onClick={onSell}
        disabled={selected === null}
        data-testid="lab-sell-button"
      >
        {selected ? `Sell ${itemName(selected)} for ${coinsText(sellPayout(selected.t))}` : 'Sell'}
      </button>
    </div>
  );
}
