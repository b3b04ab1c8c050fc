import type { PurchaseHistoryEntry } from '../../../../shared/api/store';
import { EmptyState } from '../../../components/States';
import { formatCoins, formatDateTime } from '../../../lib/format';
import { ItemPicture } from './ItemPicture';
import { Emoji } from '../../../components/Emoji';

export function PurchaseHistory({ purchases }: { purchases: PurchaseHistoryEntry[] }) {
  if (purchases.length === 0) return <EmptyState>No purchases yet</EmptyState>;
  return (
    <ul className="flex flex-col gap-2" data-testid="purchase-history">
      {purchases.map((purchase) => {
        const name = purchase.item.name || 'Unknown Item';
        return (
          <li
            key={purchase._id}
            data-testid="purchase-entry"
            className="flex items-center gap-3 rounded-xl border border-white/10 bg-white/5 p-2"
          >
            <ItemPicture image={purchase.item.image} emoji={purchase.item.emoji} name={name} />
            <div className="min-w-0 flex-1">
              <p className="wrap-anywhere font-semibold text-white">{name}</p>
              <p className="text-xs text-slate-400">{formatDateTime(purchase.purchasedAt)}</p>
            </div>
            <span className="shrink-0 font-mono text-sm text-amber-200">
              <Emoji char="🪙" /> {formatCoins(purchase.price ?? 0)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
