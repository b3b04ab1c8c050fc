import { resolveImageUrl } from '../../../lib/images';
import { EmojiText } from '../../../components/Emoji';

/** An item's picture, its emoji, or the package emoji when it has neither (spec section 3). */
export function ItemIcon({ image, emoji }: { image: string | null; emoji: string | null }) {
  const src = resolveImageUrl(image);
  if (src) return <img src={src} alt="" className="size-7 shrink-0 rounded-md object-cover" />;
  return (
    <span aria-hidden="true" className="grid size-7 shrink-0 place-items-center text-xl">
      <EmojiText text={emoji || '📦'} />
    </span>
  );
}

export interface ShownItem {
  itemId: string;
  name: string;
  image: string | null;
  emoji: string | null;
  quantity: number;
}

/** The entries of one side of a trade: icon, name and quantity each. */
export function TradeItemList({ items, testId }: { items: ShownItem[]; testId: string }) {
  if (items.length === 0) return <p className="text-sm text-slate-400">No items</p>;
  return (
    <ul data-testid={testId} className="flex flex-col gap-1">
      {items.map((item) => (
        <li key={item.itemId} className="flex items-center gap-2 text-sm">
          <ItemIcon image={item.image} emoji={item.emoji} />
          <span className="min-w-0 flex-1 break-words text-slate-100">
            {item.name || 'Unknown Item'}
          </span>
          <span className="font-mono text-amber-200">×{item.quantity}</span>
        </li>
      ))}
    </ul>
  );
}
