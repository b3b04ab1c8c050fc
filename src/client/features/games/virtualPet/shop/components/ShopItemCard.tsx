import { useId, useState } from 'react';
import type { ShopItemDto } from '../../../../../../shared/games/virtualPet/contract';
import { SHOP_MAX_QUANTITY } from '../../../../../../shared/games/virtualPet/catalog';
import { TextField } from '../../../../../components/TextField';
import { formatCoins } from '../../../../../lib/format';
import { useActionGuard } from '../../../../../lib/useActionGuard';
import { RarityBadge } from '../../components/RarityBadge';
import { canAfford, currencyOf, effectText, hasQuantity, parseQuantity } from '../shopView';
import { EmojiText } from '../../../../../components/Emoji';

interface ShopItemCardProps {
  item: ShopItemDto;
  /** What the user holds of this item's currency; undefined while it loads. */
  funds: number | undefined;
  /** Units of it held (foods, toys, cosmetics), when known. */
  held?: number;
  /** Another purchase is in flight. */
  busy: boolean;
  /** This item's purchase is in flight. */
  processing: boolean;
  onBuy: (item: ShopItemDto, quantity: number) => Promise<void>;
}

export function ShopItemCard({ item, funds, held, busy, processing, onBuy }: ShopItemCardProps) {
  const id = useId();
  const guard = useActionGuard();
  const [quantityText, setQuantityText] = useState('1');
  const withQuantity = hasQuantity(item);
  const quantity = withQuantity ? parseQuantity(quantityText) : 1;
  const total = item.price * (quantity ?? 1);
  const affordable = canAfford(total, funds);
  const currency = currencyOf(item.coinType);

  return (
    <li
      className="flex flex-col gap-3 rounded-2xl border border-white/10 bg-slate-900/70 p-4"
      data-testid="pet-shop-item"
      data-item-id={item._id}
    >
      <div className="flex items-start gap-3">
        <span aria-hidden="true" className="text-4xl">
          <EmojiText text={item.emoji} />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="wrap-anywhere font-display text-lg font-bold text-white">{item.name}</h3>
          <RarityBadge rarity={item.rarity} />
        </div>
      </div>
      <p className="text-sm text-emerald-200">{effectText(item)}</p>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-xs text-slate-400">Price</dt>
          <dd className="font-mono font-semibold text-amber-200" data-testid="pet-shop-price">
            {formatCoins(item.price)} {currency}
          </dd>
        </div>
        {held !== undefined && (
          <div>
            <dt className="text-xs text-slate-400">You hold</dt>
            <dd className="font-mono font-semibold">{formatCoins(held)}</dd>
          </div>
        )}
      </dl>
      <form
        className="mt-auto flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (quantity !== null && affordable) void guard.run(() => onBuy(item, quantity));
        }}
      >
        {withQuantity && (
          <TextField
            id={`${id}-quantity`}
            label="Quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={SHOP_MAX_QUANTITY}
            step={1}
            className="w-24"
            value={quantityText}
            onValueChange={setQuantityText}
            error={quantity === null ? `1 to ${SHOP_MAX_QUANTITY}` : null}
          />
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          {withQuantity && quantity !== null && quantity > 1 && (
            <p className="text-xs text-slate-300">
              Total: <span className="font-mono">{formatCoins(total)}</span> {currency}
            </p>
          )}
          <button
            type="submit"
            className="btn-primary"
            disabled={busy || guard.quiet || quantity === null || !affordable}
            aria-describedby={affordable ? undefined : `${id}-short`}
          >
            {processing ? 'Buying…' : 'Buy'}
            <span className="sr-only"> {item.name}</span>
          </button>
          {!affordable && (
            <p id={`${id}-short`} className="text-xs text-rose-200">
              Not enough {currency}.
            </p>
          )}
        </div>
      </form>
    </li>
  );
}
