import { useEffect, useId, useState, type ReactNode, type SubmitEvent } from 'react';
import type { BetStatus } from '../../../../shared/api/bets';
import type { CommunityBetDto } from '../../../../shared/api/communityBets';
import { ConfirmDialog } from '../../../components/Modal';
import { SelectField } from '../../../components/TextField';
import { CONNECTION_ERROR, errorMessage } from '../../../lib/errorMessages';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { formatOdds, formatVotes, OddsForm } from '../../bets/public';
import { useBetOddsMutation, useFinalizeBetMutation, useVoidBetMutation } from '../mutations';

const STATUS_TEXT: Record<BetStatus, string> = {
  open: 'Open',
  finalized: 'Settled',
  voided: 'Void',
};
const STATUS_TONE: Record<BetStatus, string> = {
  open: 'border-emerald-400/50 bg-emerald-400/15 text-emerald-200',
  finalized: 'border-amber-300/50 bg-amber-300/15 text-amber-200',
  voided: 'border-slate-400/40 bg-slate-400/10 text-slate-300',
};

export function StatusBadge({ status }: { status: BetStatus }) {
  return (
    <span
      data-testid="bet-status"
      data-status={status}
      className={`shrink-0 rounded-full border px-2.5 py-0.5 text-xs font-semibold ${STATUS_TONE[status]}`}
    >
      {STATUS_TEXT[status]}
    </span>
  );
}

/** The current time, re-read each minute: a countdown in minutes needs no faster tick. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function timeLeft(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${minutes % 60} min`;
  return minutes > 0 ? `${minutes} min` : 'under a minute';
}

/**
 * "Closes in 2 h 5 min", "Betting closed, waiting for the result", or the outcome without the
 * closing time, which no longer matters once a bet is settled (often before it).
 */
export function BetTiming({ bet }: { bet: CommunityBetDto }) {
  const now = useMinuteClock();
  const left = Date.parse(bet.endTime) - now;
  const time = (
    <time dateTime={bet.endTime} className="text-slate-200">
      {formatDateTime(bet.endTime)}
    </time>
  );
  if (bet.status === 'finalized')
    return (
      <p data-testid="bet-outcome" className="text-sm text-slate-300">
        Won by <span className="font-semibold text-amber-200">{bet.result}</span>
      </p>
    );
  if (bet.status === 'voided')
    return (
      <p data-testid="bet-outcome" className="text-sm text-slate-300">
        Void: every stake went back
      </p>
    );
  return (
    <p data-testid="bet-countdown" className="text-sm text-slate-400">
      {left > 0 ? (
        <>
          Closes in <span className="font-semibold text-white">{timeLeft(left)}</span> · {time}
        </>
      ) : (
        <>Betting closed {time}, waiting for the result</>
      )}
    </p>
  );
}

type BetOption = CommunityBetDto['options'][number];

/**
 * Each option with its odds ('2.5x') and number of bets; the winner marked once settled.
 * `action` adds a control to an option's row (the Bets tab's parlay picks).
 */
export function BetOptions({
  bet,
  action,
}: {
  bet: CommunityBetDto;
  action?: (option: BetOption) => ReactNode;
}) {
  return (
    <ul aria-label={`Options of ${bet.title}`} className="grid gap-2 sm:grid-cols-2">
      {bet.options.map((option) => {
        const won = bet.resultOptionId === option._id;
        return (
          <li
            key={option._id}
            data-testid="community-bet-option"
            data-option={option.text}
            className={`flex min-w-0 flex-wrap items-baseline justify-between gap-x-3 rounded-xl border px-3 py-2 ${won ? 'border-amber-300/60 bg-amber-300/10' : 'border-white/15 bg-white/5'}`}
          >
            <span className="min-w-0 font-semibold wrap-anywhere text-white">
              {option.text}
              {won && <span className="ml-2 text-xs text-amber-200">Winner</span>}
            </span>
            {/* With a control after them, the figures sit beside it rather than mid-row. */}
            <span className={`flex items-baseline gap-3 text-sm ${action ? 'ml-auto' : ''}`}>
              <span data-testid="option-odds" className="font-mono text-amber-200">
                {formatOdds(option.odds)}
              </span>
              <span data-testid="option-votes" className="text-xs text-slate-400">
                {formatVotes(option.votes)}
              </span>
            </span>
            {action?.(option)}
          </li>
        );
      })}
    </ul>
  );
}

function OddsEditor({
  slug,
  bet,
  option,
}: {
  slug: string;
  bet: CommunityBetDto;
  option: BetOption;
}) {
  const setOdds = useBetOddsMutation(slug, bet._id);
  return (
    <OddsForm
      option={option}
      mutation={setOdds}
      save={(odds, handlers) => setOdds.mutate({ optionId: option._id, odds }, handlers)}
      className="flex flex-wrap items-center gap-2"
      leading={
        <span className="min-w-0 flex-1 basis-24 text-sm wrap-anywhere text-white">
          {option.text}
        </span>
      }
    />
  );
}

/** A moderator's controls on an open bet: odds per option, settle with a winner, or void. */
export function ManageBet({ slug, bet }: { slug: string; bet: CommunityBetDto }) {
  const ids = useId();
  const finalize = useFinalizeBetMutation(slug, bet._id);
  const voidBet = useVoidBetMutation(slug, bet._id);
  const [winnerId, setWinnerId] = useState(bet.options[0]?._id ?? '');
  const [confirming, setConfirming] = useState<'finalize' | 'void' | null>(null);
  const winner = bet.options.find((option) => option._id === winnerId);
  const busy = finalize.isPending || voidBet.isPending;
  if (bet.status !== 'open') return null;

  function onFinalize(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!winner) return notify.error('Choose the winning option first');
    setConfirming('finalize');
  }

  function finalizeNow() {
    setConfirming(null);
    if (!winner) return;
    finalize.mutate(winner._id, {
      onSuccess: (response) => notify.success(response.message),
      onError: (error) => notify.error(errorMessage(error, 'Finalize failed', CONNECTION_ERROR)),
    });
  }

  function voidNow() {
    setConfirming(null);
    voidBet.mutate(undefined, {
      onSuccess: (response) => notify.success(response.message),
      onError: (error) => notify.error(errorMessage(error, 'Void failed', CONNECTION_ERROR)),
    });
  }

  return (
    <details className="rounded-xl border border-white/10 p-3">
      <summary className="cursor-pointer text-sm font-semibold text-amber-300">
        Manage this bet<span className="sr-only">: {bet.title}</span>
      </summary>
      <div className="mt-3 flex flex-col gap-3">
        <fieldset className="flex flex-col gap-2">
          <legend className="label">Odds for later wagers</legend>
          {bet.options.map((option) => (
            // Re-keyed by the saved odds, so a save (or another moderator's) resets the draft.
            <OddsEditor
              key={`${option._id}:${option.odds}`}
              slug={slug}
              bet={bet}
              option={option}
            />
          ))}
        </fieldset>
        <div className="flex flex-col gap-2 border-t border-white/10 pt-3 sm:flex-row sm:items-end">
          <form onSubmit={onFinalize} className="flex min-w-0 flex-1 items-end gap-2">
            <SelectField
              id={`${ids}-winner`}
              className="min-w-0 flex-1"
              label="Winning option"
              value={winnerId}
              onValueChange={setWinnerId}
            >
              {bet.options.map((option) => (
                <option key={option._id} value={option._id}>
                  {option.text}
                </option>
              ))}
            </SelectField>
            <button type="submit" className="btn-primary shrink-0 py-2.5" disabled={busy}>
              {finalize.isPending ? 'Settling…' : 'Settle'}
            </button>
          </form>
          <button
            type="button"
            className="btn-danger py-2.5"
            onClick={() => setConfirming('void')}
            disabled={busy}
          >
            {voidBet.isPending ? 'Voiding…' : 'Void'}
          </button>
        </div>
      </div>
      <ConfirmDialog
        open={confirming === 'finalize'}
        question={`Settle "${bet.title}" with "${winner?.text ?? ''}" winning?`}
        details="The treasury pays the winners at the odds they locked; this cannot be undone."
        confirmLabel="Settle"
        onConfirm={finalizeNow}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'void'}
        question={`Void "${bet.title}" and give every stake back?`}
        details="The treasury refunds every wager; this cannot be undone."
        confirmLabel="Void"
        tone="danger"
        onConfirm={voidNow}
        onCancel={() => setConfirming(null)}
      />
    </details>
  );
}
