import type { InventoryEntry } from '../../../../../shared/api/accounts';
import { EmptyState, ErrorBanner, LoadingState } from '../../../../components/States';
import { errorMessage } from '../../../../lib/errorMessages';
import { formatCoins } from '../../../../lib/format';
import { notify } from '../../../../lib/toast';
import { useStoreUser } from '../../../store/public';
import { SELL_FAILED, coinsText } from '../mysteryBoxView';
import { useSellCollectibleMutation } from '../mutations';
import { EmojiText } from '../../../../components/Emoji';

/** A collectible is an inventory entry with a sell-back value; store items have none. */
const isCollectible = (entry: InventoryEntry): boolean => entry.item.sellBack !== null;

/**
 * The player's collectibles (from the store inventory, where drops land) with Sell 1 and Sell
 * all; units offered in a trade cannot be sold until the trade closes.
 */
export function Collectibles() {
  const mine = useStoreUser();
  const sell = useSellCollectibleMutation();
  const entries = mine.data?.inventory.filter(isCollectible) ?? [];

  async function onSell(entry: InventoryEntry, quantity: number) {
    try {
      const answer = await sell.mutateAsync({ itemId: entry.item._id, quantity });
      notify.success(
        `Sold ${formatCoins(quantity)} × ${entry.item.name} for ${coinsText(answer.paid)}`,
      );
    } catch (error) {
      notify.error(errorMessage(error, SELL_FAILED));
    }
  }

  return (
    <section
      aria-labelledby="collectibles-title"
      className="card flex min-w-0 flex-col gap-3"
      data-testid="box-collectibles"
    >
      <h2 id="collectibles-title" className="section-title">
        Your collectibles
      </h2>
      {mine.isPending ? (
        <LoadingState>Loading your collectibles…</LoadingState>
      ) : mine.isError ? (
        <ErrorBanner>
          {errorMessage(
            mine.error,
            'Your collectibles could not be loaded. Try again in a moment.',
          )}
        </ErrorBanner>
      ) : entries.length === 0 ? (
        <EmptyState>No collectibles yet. Open a box: whatever you keep shows here.</EmptyState>
      ) : (
        <ul className="flex flex-col divide-y divide-white/5">
          {entries.map((entry) => {
            const { item } = entry;
            const value = item.sellBack ?? 0;
            const free = entry.quantity - entry.locked;
            const busy = sell.isPending && sell.variables?.itemId === item._id;
            return (
              <li
                key={entry._id}
                className="flex flex-wrap items-center gap-x-3 gap-y-2 py-2"
                data-testid="collectible"
                data-item-id={item._id}
              >
                <span aria-hidden="true" className="text-3xl">
                  <EmojiText text={item.emoji ?? '🎁'} />
                </span>
                <div className="flex min-w-0 flex-1 flex-col">
                  <span
                    className="font-semibold wrap-anywhere text-white"
                    data-testid="collectible-name"
                  >
                    {item.name}
                  </span>
                  <span className="text-sm text-slate-400">
                    <span data-testid="collectible-quantity">×{formatCoins(entry.quantity)}</span> ·{' '}
                    {coinsText(value)} each
                  </span>
                  {entry.locked > 0 && (
                    <span className="text-xs text-amber-200" data-testid="collectible-locked">
                      {formatCoins(entry.locked)} offered in a trade
                    </span>
                  )}
                </div>
                <div className="flex gap-2">
                  <button
                    type="button"
                    className="btn-secondary px-3 py-1"
                    disabled={free < 1 || sell.isPending}
                    onClick={() => void onSell(entry, 1)}
                  >
                    {busy && sell.variables?.quantity === 1 ? 'Selling…' : 'Sell 1'}
                    <span className="sr-only">, {item.name}</span>
                  </button>
                  <button
                    type="button"
                    className="btn-secondary px-3 py-1"
                    disabled={free < 1 || sell.isPending}
                    onClick={() => void onSell(entry, free)}
                  >
                    {busy && sell.variables?.quantity !== 1 ? 'Selling…' : 'Sell all'}
                    <span className="sr-only">
                      , {formatCoins(free)} {item.name} for {coinsText(free * value)}
                    </span>
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
