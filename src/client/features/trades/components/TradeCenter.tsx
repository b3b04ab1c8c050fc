import { useId, useState } from 'react';
import type { TradableItemDto, TradeDto } from '../../../../shared/api/trades';
import { EmptyState, ErrorBanner, LoadingState } from '../../../components/States';
import { errorMessage } from '../../../lib/errorMessages';
import { useTradableInventory, useTrades } from '../queries';
import { isActiveTrade } from '../picks';
import { RequestTradeForm } from './RequestTradeForm';
import { TradeCard, type Direction } from './TradeCard';
import { Handshake } from 'lucide-react';

interface TradeListProps {
  title: string;
  direction: Direction;
  trades: TradeDto[];
  inventory: TradableItemDto[] | undefined;
  onFailure: (message: string | null) => void;
}

function TradeList({ title, direction, trades, inventory, onFailure }: TradeListProps) {
  const ids = useId();
  return (
    <section aria-labelledby={`${ids}-heading`} className="min-w-0">
      <h3 id={`${ids}-heading`} className="mb-2 font-semibold text-white">
        {title}
      </h3>
      {trades.length === 0 ? (
        <EmptyState>No {direction} trades</EmptyState>
      ) : (
        <ul className="flex flex-col gap-3">
          {trades.map((trade) => (
            <TradeCard
              key={trade._id}
              trade={trade}
              direction={direction}
              inventory={inventory}
              onFailure={onFailure}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The dashboard's trade center (spec section 2): a request form, then incoming and outgoing
 * trades, showing only active ones unless the box is cleared. Failures show in one banner.
 */
export function TradeCenter() {
  const ids = useId();
  const [onlyActive, setOnlyActive] = useState(true);
  const [failure, setFailure] = useState<string | null>(null);
  const trades = useTrades();
  const inventory = useTradableInventory();
  const items = inventory.data?.inventory;
  const shown = (list: TradeDto[]) =>
    onlyActive ? list.filter((t) => isActiveTrade(t.status)) : list;

  return (
    <section aria-labelledby={`${ids}-heading`} className="card flex flex-col gap-5">
      <h2 id={`${ids}-heading`} className="section-title">
        <Handshake className="mr-1.5" />
        Trade Center
      </h2>
      {failure && <ErrorBanner>{failure}</ErrorBanner>}
      <RequestTradeForm inventory={items} onFailure={setFailure} />
      <label className="flex items-center gap-2 text-sm text-slate-200">
        <input
          type="checkbox"
          className="size-4 accent-amber-400"
          checked={onlyActive}
          onChange={(event) => setOnlyActive(event.target.checked)}
        />
        Show only active trades
      </label>
      {trades.isPending ? (
        <LoadingState>Loading trades…</LoadingState>
      ) : trades.data ? (
        <div className="grid grid-cols-1 items-start gap-5 xl:grid-cols-2">
          <TradeList
            title="Incoming trades"
            direction="incoming"
            trades={shown(trades.data.incoming)}
            inventory={items}
            onFailure={setFailure}
          />
          <TradeList
            title="Outgoing trades"
            direction="outgoing"
            trades={shown(trades.data.outgoing)}
            inventory={items}
            onFailure={setFailure}
          />
        </div>
      ) : (
        <ErrorBanner>{errorMessage(trades.error, 'Failed to load trades')}</ErrorBanner>
      )}
    </section>
  );
}
