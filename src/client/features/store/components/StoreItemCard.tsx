import { useId } from 'react';
import type { StoreItemDto } from '../../../../shared/api/store';
import { itemRule } from '../../../../shared/games/engine/items';
import { formatCoins } from '../../../lib/format';
import { useActionGuard } from '../../../lib/useActionGuard';
import { ItemPicture } from './ItemPicture';
import { Emoji } from '../../../components/Emoji';

const TYPE_LABEL: Record<StoreItemDto['type'], string> = {
  badge: 'Badge',
  'power-up': 'Power-up',
  cosmetic: 'Cosmetic',
};

interface StoreItemCardProps {
  item: StoreItemDto;
  /** This item's purchase is in flight. */
  processing: boolean;
  /** Another purchase is in flight. */
  busy: boolean;
  /** The player's balance; undefined while it loads (the server has the last word anyway). */
  balance: number | undefined;
  onBuy: (item: StoreItemDto) => Promise<void>;
}

/** Spec section 4: 'Sold Out' at stock 0, 'Processing' while the purchase is pending. */
export function StoreItemCard({ item, processing, busy, balance, onBuy }: StoreItemCardProps) {
  const name = item.name || 'Unknown Item';
  const soldOut = item.stock <= 0;
  const short = !soldOut && balance !== undefined && (item.price ?? 0) > balance;
  const shortId = useId();
  // Two clicks 150 ms apart bought twice: the first purchase had finished and re-enabled the button.
  const guard = useActionGuard();
  return (
    <li
      data-testid="store-item"
      data-item-id={item._id}
      className="flex flex-col gap-3 rounded-2xl border border-white/10 bg-slate-900/70 p-4"
    >
      <div className="flex items-start gap-3">
        <ItemPicture image={item.image} emoji={item.emoji} name={name} size="lg" />
        <div className="min-w-0 flex-1">
          <h3
            data-testid="store-item-name"
            className="wrap-anywhere font-display text-lg font-bold text-white"
          >
            {name}
          </h3>
          <p className="text-xs font-semibold tracking-wide text-fuchsia-200 uppercase">
            {TYPE_LABEL[item.type]}
          </p>
        </div>
      </div>
      {item.description && (
        <p className="wrap-anywhere text-sm text-slate-300">{item.description}</p>
      )}
      <p className="text-sm text-emerald-200">{item.effect || 'No effect'}</p>
      {/* What it really does, caps included, whatever the description says (issue 34). */}
      <p data-testid="store-item-rule" className="text-xs text-slate-400">
        {itemRule(item)}
      </p>
      <dl className="mt-auto grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-xs text-slate-400">Price</dt>
          <dd data-testid="store-item-price" className="font-mono font-semibold text-amber-200">
            <Emoji char="🪙" /> {formatCoins(item.price ?? 0)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-400">Stock</dt>
          <dd data-testid="store-item-stock" className="font-mono font-semibold">
            {formatCoins(item.stock)}
          </dd>
        </div>
      </dl>
      <button
        type="button"
        className="btn-primary"
        disabled={soldOut || short || busy || guard.quiet}
        aria-describedby={short ? shortId : undefined}
        onClick={() => void guard.run(() => onBuy(item))}
      >
        {soldOut ? 'Sold Out' : processing ? 'Processing' : 'Buy'}
        <span className="sr-only"> {name}</span>
      </button>
      {short && (
        <p id={shortId} data-testid="store-item-short" className="-mt-2 text-xs text-rose-200">
          Not enough coins.
        </p>
      )}
    </li>
  );
}
