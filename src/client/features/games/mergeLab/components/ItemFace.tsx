import type { MergeItem } from '../../../../../shared/games/mergeLab/rules';
import { itemInfo } from '../../../../../shared/games/mergeLab/rules';
import { EmojiText } from '../../../../components/Emoji';

const CHAIN_TINT: Record<MergeItem['c'], string> = {
  potion: 'bg-fuchsia-500/15',
  crystal: 'bg-sky-500/15',
  plant: 'bg-emerald-500/15',
};

/** An item as a cell, a card or the dragged copy shows it: its emoji and tier (the name is the label's). */
export function ItemFace({
  item,
  size = 'cell',
  lifted = false,
}: {
  item: MergeItem;
  size?: 'cell' | 'small';
  lifted?: boolean;
}) {
  const info = itemInfo(item);
  return (
    <span
      aria-hidden="true"
      className={`relative flex size-full items-center justify-center rounded-lg ${CHAIN_TINT[item.c]} ${lifted ? 'scale-110 shadow-xl ring-2 shadow-black/50 ring-amber-300' : ''}`}
    >
      <span
        className={size === 'cell' ? 'text-2xl leading-none sm:text-3xl' : 'text-xl leading-none'}
      >
        <EmojiText text={info.emoji} />
      </span>
      <span className="absolute right-0.5 bottom-0 font-mono text-[0.65rem] font-bold text-slate-200">
        {item.t}
      </span>
    </span>
  );
}
