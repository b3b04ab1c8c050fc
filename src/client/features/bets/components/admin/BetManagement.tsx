import { ShowMore } from '../../../../components/ShowMore';
import { useId, useState, type SubmitEvent } from 'react';
import type { AdminBetDto, BetOptionDto, BetStatus } from '../../../../../shared/api/bets';
import { EmptyState, ErrorBanner, LoadingState } from '../../../../components/States';
import { CONNECTION_ERROR, errorMessage } from '../../../../lib/errorMessages';
import { ConfirmDialog } from '../../../../components/Modal';
import { formatCoins, formatDateTime } from '../../../../lib/format';
import { notify } from '../../../../lib/toast';
import { formatOdds, formatVotes } from '../../display';
import { useFinalizeBetMutation, useSetOddsMutation, useVoidBetMutation } from '../../mutations';
import { OddsForm } from './OddsForm';
import { useAdminBets } from '../../queries';
import { SelectField } from '../../../../components/TextField';
import { Cherry, Trophy } from 'lucide-react';
import { Emoji } from '../../../../components/Emoji';

const STATUS_TONE: Record<BetStatus, string> = {
  open: 'border-emerald-400/50 bg-emerald-400/15 text-emerald-200',
  finalized: 'border-amber-300/50 bg-amber-300/15 text-amber-200',
  voided: 'border-slate-400/40 bg-slate-400/10 text-slate-300',
};

const FILTERS = ['all', 'open', 'finalized', 'voided'] as const;
type Filter = (typeof FILTERS)[number];

function OddsEditor({ bet, option }: { bet: AdminBetDto; option: BetOptionDto }) {
  const setOdds = useSetOddsMutation();
  return (
    <OddsForm
      option={option}
      about={` on ${bet.title}`}
      mutation={setOdds}
      save={(odds, handlers) =>
        setOdds.mutate({ betTitle: bet.title, optionId: option._id, odds }, handlers)
      }
    />
  );
}

function OptionRow({ bet, option }: { bet: AdminBetDto; option: BetOptionDto }) {
  const winner = bet.resultOptionId === option._id;
  return (
    <li data-testid="admin-bet-option" className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
      <span className="min-w-0 flex-1 basis-32 break-words text-white">
        {option.text}
        {winner && (
          <span className="ml-2 rounded-full bg-amber-300/20 px-2 py-0.5 text-xs font-semibold text-amber-200">
            <Trophy className="mr-1.5" />
            Winner
          </span>
        )}
      </span>
      <span data-testid="admin-option-votes" className="text-xs text-slate-400">
        {formatVotes(option.votes)}
      </span>
      {bet.status === 'open' ? (
        // Re-keyed by the saved odds, so a successful save (or another admin's) resets the draft.
        <OddsEditor key={option.odds} bet={bet} option={option} />
      ) : (
        <span data-testid="admin-option-odds" className="font-mono text-amber-200">
          {formatOdds(option.odds)}
        </span>
      )}
    </li>
  );
}

function OpenBetControls({ bet }: { bet: AdminBetDto }) {
  const ids = useId();
  const finalize = useFinalizeBetMutation();
  const voidBet = useVoidBetMutation();
  const [winnerId, setWinnerId] = useState(bet.options[0]?._id ?? '');
  const busy = finalize.isPending || voidBet.isPending;

  const [confirming, setConfirming] = useState<'finalize' | 'void' | null>(null);
  const winner = bet.options.find((option) => option._id === winnerId);

  function onFinalize(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!winner) {
      notify.error('Choose the winning option first');
      return;
    }
    setConfirming('finalize');
  }

  function finalizeNow() {
    setConfirming(null);
    if (!winner) return;
    finalize.mutate(
      { betId: bet._id, optionId: winner._id },
      {
        onSuccess: (response) => notify.success(response.message),
        onError: (error) => notify.error(errorMessage(error, 'Finalize failed', CONNECTION_ERROR)),
      },
    );
  }

  function voidNow() {
    setConfirming(null);
    voidBet.mutate(bet._id, {
      onSuccess: (response) => notify.success(response.message),
      onError: (error) => notify.error(errorMessage(error, 'Void failed', CONNECTION_ERROR)),
    });
  }

  return (
    <div className="flex flex-col gap-2 border-t border-white/10 pt-3 sm:flex-row sm:items-end">
      <form onSubmit={onFinalize} className="flex flex-1 items-end gap-2">
        <SelectField
          id={`${ids}-winner`}
          className="min-w-0 flex-1"
          label={
            <>
              Winner<span className="sr-only"> for {bet.title}</span>
            </>
          }
          value={winnerId}
          onValueChange={setWinnerId}
        >
          {bet.options.map((option) => (
            <option key={option._id} value={option._id}>
              {option.text}
            </option>
          ))}
        </SelectField>
        <button
          type="submit"
          className="btn-primary shrink-0 py-2.5"
          disabled={busy}
          aria-label={`Finalize ${bet.title}`}
        >
          {finalize.isPending ? 'Finalizing…' : 'Finalize'}
        </button>
      </form>
      <button
        type="button"
        className="btn-danger py-2.5"
        onClick={() => setConfirming('void')}
        disabled={busy}
        aria-label={`Void ${bet.title}`}
      >
        {voidBet.isPending ? 'Voiding…' : 'Void'}
      </button>
      <ConfirmDialog
        open={confirming === 'finalize'}
        question={`Finalize "${bet.title}" with winner "${winner?.text ?? ''}"?`}
        details="Winners are paid at the odds they locked; this cannot be undone."
        confirmLabel="Finalize"
        onConfirm={finalizeNow}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'void'}
        question={`Void "${bet.title}" and refund every stake?`}
        confirmLabel="Void"
        tone="danger"
        onConfirm={voidNow}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}

function AdminBetItem({ bet }: { bet: AdminBetDto }) {
  const ids = useId();
  return (
    <li
      data-testid="admin-bet"
      data-status={bet.status}
      aria-labelledby={`${ids}-title`}
      className="flex flex-col gap-2 rounded-xl border border-white/10 bg-white/5 p-3 sm:p-4"
    >
      <div className="flex flex-wrap items-start gap-2">
        <h3 id={`${ids}-title`} className="mr-auto min-w-0 font-semibold break-words text-white">
          {bet.title}
        </h3>
        <span
          data-testid="bet-status"
          className={`shrink-0 rounded-full border px-2.5 py-0.5 text-xs font-semibold capitalize ${STATUS_TONE[bet.status]}`}
        >
          {bet.status}
        </span>
      </div>
      <p className="text-xs text-slate-400">
        Ends <time dateTime={bet.endTime}>{formatDateTime(bet.endTime)}</time> ·{' '}
        {formatVotes(bet.wagerCount)} · <Emoji char="🪙" /> {formatCoins(bet.totalStaked)} staked
        {bet.status === 'finalized' && bet.result && (
          <>
            {' '}
            · Winner: <span className="font-semibold text-amber-200">{bet.result}</span>
          </>
        )}
      </p>
      <ul aria-label={`Options of ${bet.title}`} className="divide-y divide-white/5">
        {bet.options.map((option) => (
          <OptionRow key={option._id} bet={bet} option={option} />
        ))}
      </ul>
      {bet.status === 'open' && <OpenBetControls bet={bet} />}
    </li>
  );
}

export function BetManagement() {
  const ids = useId();
  const bets = useAdminBets();
  const [filter, setFilter] = useState<Filter>('all');
  const loaded = bets.data?.pages.flat() ?? [];
  const shown = loaded.filter((bet) => filter === 'all' || bet.status === filter);
  // A filter may match nothing loaded yet while later pages hold some, so 'Show more' stays offered.
  const more = bets.hasNextPage;

  return (
    <section aria-labelledby={`${ids}-heading`} className="card flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <h2 id={`${ids}-heading`} className="section-title mr-auto">
          <Cherry className="mr-1.5" />
          Bet Management
        </h2>
        <SelectField
          id={`${ids}-filter`}
          label="Show"
          inputClassName="py-1.5"
          value={filter}
          onValueChange={(value) => setFilter(value as Filter)}
        >
          {FILTERS.map((value) => (
            <option key={value} value={value}>
              {value === 'all' ? 'All bets' : value[0]!.toUpperCase() + value.slice(1)}
            </option>
          ))}
        </SelectField>
      </div>

      {bets.isPending ? (
        <LoadingState>Loading bets…</LoadingState>
      ) : bets.isError && loaded.length === 0 ? (
        <ErrorBanner>{errorMessage(bets.error, 'Failed to load bets')}</ErrorBanner>
      ) : shown.length === 0 && !more ? (
        <EmptyState>
          {filter === 'all' ? 'No bets yet. Create one above.' : `No ${filter} bets.`}
        </EmptyState>
      ) : (
        <>
          {shown.length === 0 ? (
            <EmptyState>{`No ${filter} bets among those loaded so far.`}</EmptyState>
          ) : (
            <ul aria-label="All bets" className="grid grid-cols-1 items-start gap-3 lg:grid-cols-2">
              {shown.map((bet) => (
                <AdminBetItem key={bet._id} bet={bet} />
              ))}
            </ul>
          )}
          <ShowMore query={bets} what="bets" shown={more} />
        </>
      )}
    </section>
  );
}
