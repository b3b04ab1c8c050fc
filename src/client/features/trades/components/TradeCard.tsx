import { useId, useState } from 'react';
import type { TradableItemDto, TradeDto } from '../../../../shared/api/trades';
import { CONNECTION_ERROR, errorMessage } from '../../../lib/errorMessages';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useActionGuard } from '../../../lib/useActionGuard';
import {
  useCancelTradeMutation,
  useFinalizeTradeMutation,
  useRespondTradeMutation,
} from '../mutations';
import { isActiveTrade, pickedEntries, type Picks } from '../picks';
import { ItemPicker } from './ItemPicker';
import { TradeItemList } from './ItemBadge';

export type Direction = 'incoming' | 'outgoing';

interface TradeCardProps {
  trade: TradeDto;
  direction: Direction;
  inventory: TradableItemDto[] | undefined;
  /** Shows a failure in the Trade Center's banner (spec section 8); null clears it. */
  onFailure: (message: string | null) => void;
}

const STATUS_TONE: Record<TradeDto['status'], string> = {
  pending: 'text-sky-200',
  responded: 'text-amber-200',
  accepted: 'text-emerald-300',
  denied: 'text-rose-300',
  canceled: 'text-slate-300',
};

/**
 * One trade with the actions spec section 4 allows: the response picker with Accept and Deny
 * on a pending incoming trade, Cancel on any active one, Finalize on a responded outgoing one.
 */
export function TradeCard({ trade, direction, inventory, onFailure }: TradeCardProps) {
  const ids = useId();
  const [picks, setPicks] = useState<Picks>({});
  const respond = useRespondTradeMutation();
  const cancel = useCancelTradeMutation();
  const finalize = useFinalizeTradeMutation();
  // One request per click: a double click's second click lands before the re-render disables
  // the button, and its refusal ('already answered') replaced the first one's success toast.
  const guard = useActionGuard();
  const busy = respond.isPending || cancel.isPending || finalize.isPending || guard.quiet;
  const active = isActiveTrade(trade.status);
  const canRespond = direction === 'incoming' && trade.status === 'pending';
  const canFinalize = direction === 'outgoing' && trade.status === 'responded';
  const other = direction === 'incoming' ? trade.fromUser : trade.toUser;

  const fail = (fallback: string) => (error: unknown) =>
    onFailure(errorMessage(error, fallback, CONNECTION_ERROR));

  const once = (action: () => Promise<unknown>, onSuccess: () => void, fallback: string) =>
    void guard.run(() => {
      onFailure(null);
      return action().then(onSuccess, fail(fallback));
    });

  function answer(action: 'accept' | 'deny') {
    once(
      () =>
        respond.mutateAsync({
          tradeId: trade._id,
          action,
          toItems: action === 'accept' ? pickedEntries(picks) : [],
        }),
      () => {
        setPicks({});
        notify.success(
          action === 'accept' ? `Trade accepted; ${other} can now finalize it` : 'Trade denied',
        );
      },
      'Response failed',
    );
  }

  const doCancel = () =>
    once(
      () => cancel.mutateAsync(trade._id),
      () => notify.success('Trade canceled'),
      'Cancel failed',
    );

  const doFinalize = () =>
    once(
      () => finalize.mutateAsync(trade._id),
      () => notify.success('Trade complete: items swapped'),
      'Finalize failed',
    );

  return (
    <li
      data-testid="trade"
      data-trade-id={trade._id}
      data-status={trade.status}
      aria-labelledby={`${ids}-title`}
      className="flex flex-col gap-3 rounded-xl border border-white/10 bg-white/5 p-3"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p id={`${ids}-title`} className="min-w-0 font-semibold wrap-anywhere text-white">
          {direction === 'incoming' ? `From @${trade.fromUser}` : `To @${trade.toUser}`}
        </p>
        <p
          data-testid="trade-status"
          className={`text-sm font-semibold ${STATUS_TONE[trade.status]}`}
        >
          Status: {trade.status}
        </p>
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <div className="min-w-0">
          <p className="mb-1 text-xs tracking-wide text-slate-400 uppercase">
            {direction === 'incoming' ? 'They offer' : 'You offer'}
          </p>
          <TradeItemList items={trade.fromItems} testId="trade-from-items" />
        </div>
        {trade.status !== 'pending' && (
          <div className="min-w-0">
            <p className="mb-1 text-xs tracking-wide text-slate-400 uppercase">
              {direction === 'incoming' ? 'You answered' : 'They answered'}
            </p>
            {trade.respondedAt === null ? (
              // Canceled before any answer: 'No items' read as an answer that offered nothing.
              <p data-testid="trade-to-items" className="text-sm text-slate-400">
                Not answered yet
              </p>
            ) : (
              <TradeItemList items={trade.toItems} testId="trade-to-items" />
            )}
          </div>
        )}
      </div>
      {canRespond && (
        <ItemPicker
          idPrefix={`${ids}-answer`}
          legend="Items to give in return (optional)"
          inventory={inventory}
          picks={picks}
          onChange={setPicks}
          disabled={busy}
        />
      )}
      {active && (
        <div className="flex flex-wrap gap-2">
          {canRespond && (
            <>
              <button
                type="button"
                className="btn-primary"
                disabled={busy}
                onClick={() => answer('accept')}
              >
                Accept
              </button>
              <button
                type="button"
                className="btn-secondary"
                disabled={busy}
                onClick={() => answer('deny')}
              >
                Deny
              </button>
            </>
          )}
          {canFinalize && (
            <button type="button" className="btn-primary" disabled={busy} onClick={doFinalize}>
              {finalize.isPending ? 'Finalizing…' : 'Finalize'}
            </button>
          )}
          <button type="button" className="btn-danger" disabled={busy} onClick={doCancel}>
            Cancel
          </button>
        </div>
      )}
      <p className="text-xs text-slate-400">
        <time dateTime={trade.createdAt}>{formatDateTime(trade.createdAt)}</time>
      </p>
    </li>
  );
}
