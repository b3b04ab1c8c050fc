import { useDndContext, useDroppable } from '@dnd-kit/core';
import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router';
import type { OddsChangedDetails } from '../../../../../shared/api/bets';
import {
  oddsToHundredths,
  PARLAY_MAX_LEGS,
  PARLAY_MAX_PAYOUT,
  PARLAY_MIN_LEGS,
  parlayPayoutPreview,
  parlayPayoutWithinLimit,
  parlayProgressPercent,
} from '../../../../../shared/odds';
import { formatCoins } from '../../../../lib/format';
import { CONNECTION_ERROR, errorField, errorMessage } from '../../../../lib/errorMessages';
import { useSession } from '../../../../lib/session';
import { notify } from '../../../../lib/toast';
import { formatTotalOdds } from '../../display';
import { oddsChangedDetails, usePlaceParlayMutation } from '../../mutations';
import { parlayRequest, parlayTotalOdds, type ParlayPick } from '../../parlay';
import { PARLAY_DROP_ZONE_ID } from '../../parlayDrag';
import { CoinInput } from '../../../../components/CoinInput';
import { Ticket } from 'lucide-react';
import { Emoji } from '../../../../components/Emoji';
import { PickRow } from './PickRow';

/**
 * True once a drag can be steered with the arrow keys. dnd-kit measures the zone and the dragged
 * chip a render or two after pick-up (an arrow before that only nudges the chip 25 px), and its
 * keyboard sensor starts listening for keys in a timeout; one more timeout runs after that one.
 */
function useReadyForArrowKeys(dragging: boolean): boolean {
  const { droppableRects, collisions, activatorEvent } = useDndContext();
  // The pick-up event stands for this drag, so readiness never carries over to the next one.
  const measuredDrag =
    dragging && collisions !== null && droppableRects.has(PARLAY_DROP_ZONE_ID)
      ? activatorEvent
      : null;
  const [readyDrag, setReadyDrag] = useState<Event | null>(null);
  useEffect(() => {
    if (!measuredDrag) return;
    const timer = setTimeout(() => setReadyDrag(measuredDrag));
    return () => clearTimeout(timer);
  }, [measuredDrag]);
  return measuredDrag !== null && readyDrag === measuredDrag;
}

function DropZone({ picks, onRemove }: { picks: ParlayPick[]; onRemove: (betId: string) => void }) {
  const { setNodeRef, isOver, active } = useDroppable({ id: PARLAY_DROP_ZONE_ID });
  const ready = useReadyForArrowKeys(active !== null);
  return (
    <div
      ref={setNodeRef}
      data-testid="parlay-dropzone"
      // Hooks for scripted drags: wait for data-dragging after pick-up, data-over before the drop.
      data-dragging={ready || undefined}
      data-over={isOver || undefined}
      className={`flex min-h-36 flex-col gap-2 rounded-2xl border-2 border-dashed p-3 transition ${
        isOver
          ? 'border-emerald-400 bg-emerald-400/10'
          : active
            ? 'border-amber-300/70 bg-amber-300/5'
            : 'border-white/15 bg-slate-950/40'
      }`}
    >
      {picks.length === 0 ? (
        <p className="m-auto max-w-56 text-center text-slate-400">
          Drag bets here to add to your parlay.
        </p>
      ) : (
        <ul aria-label="Parlay picks" className="flex flex-col gap-2">
          {picks.map((pick) => (
            <PickRow key={pick.betId} pick={pick} onRemove={() => onRemove(pick.betId)} />
          ))}
        </ul>
      )}
    </div>
  );
}

interface ParlaySlipProps {
  picks: ParlayPick[];
  onRemove: (betId: string) => void;
  onOddsChanged: (current: OddsChangedDetails['currentOdds']) => void;
}

export function ParlaySlip({ picks, onRemove, onOddsChanged }: ParlaySlipProps) {
  const ids = useId();
  const navigate = useNavigate();
  const place = usePlaceParlayMutation();
  const { user } = useSession();
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [amountRefused, setAmountRefused] = useState(false);
  const [triedIncomplete, setTriedIncomplete] = useState(false);

  const totalOdds = parlayTotalOdds(picks);
  const coins = Number(amount);
  const incomplete = picks.length < PARLAY_MIN_LEGS || amount.trim() === '' || !(coins > 0);
  // Derived rather than stored: the hint disappears as soon as the slip becomes placeable.
  const shownProblem =
    problem ??
    (triedIncomplete && incomplete ? 'Select at least two bets and enter an amount' : null);
  const preview = parlayPayoutPreview(amount.trim() === '' ? 0 : coins, totalOdds);
  const overLimit =
    !incomplete &&
    Number.isSafeInteger(coins) &&
    parlayPayoutWithinLimit(
      coins,
      picks.map((pick) => oddsToHundredths(pick.odds)),
    ) === null;
  // A wager above the balance is refused here, in the player's own figures (the server's limit
  // for any amount, 9,007,199,254,740,991, meant nothing to someone holding 20,730).
  const balance = user?.balance;
  const overBalance = !incomplete && balance !== undefined && coins > balance;
  // Past the cap the exact product is no payout anyone gets: say the cap instead.
  const previewOverCap = preview !== null && Number(preview) > PARLAY_MAX_PAYOUT;
  // Rounded so float noise (2.53 x 10 = 25.299999999999997) stays out of aria-valuenow.
  const percent = Number(parlayProgressPercent(totalOdds).toFixed(2));

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    setAmountRefused(false);
    if (incomplete) {
      setTriedIncomplete(true);
      return;
    }
    if (overLimit || overBalance) return;
    place.mutate(parlayRequest(picks, coins), {
      onSuccess: (response) => {
        notify.success(response.message || 'Parlay placed!');
        void navigate('/bets');
      },
      onError: (error) => {
        // The slip takes the new odds at once, so placing again is a deliberate second click.
        const changed = oddsChangedDetails(error);
        if (changed) onOddsChanged(changed.currentOdds);
        setProblem(errorMessage(error, 'An unexpected error occurred.', CONNECTION_ERROR));
        setAmountRefused(errorField(error) === 'amount');
      },
    });
  }

  return (
    <section
      aria-labelledby={`${ids}-heading`}
      className="card flex flex-col gap-4 lg:sticky lg:top-20"
    >
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={`${ids}-heading`} className="section-title">
          <Ticket className="mr-1.5" />
          Your Parlay
        </h2>
        <span data-testid="parlay-count" className="text-sm text-slate-400">
          {picks.length}/{PARLAY_MAX_LEGS} picks
        </span>
      </div>

      <DropZone picks={picks} onRemove={onRemove} />

      <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
        <p className="flex items-baseline justify-between gap-3 text-slate-300">
          Total odds
          <strong data-testid="parlay-total-odds" className="font-mono text-2xl text-amber-200">
            {formatTotalOdds(totalOdds)}
          </strong>
        </p>
        <div
          role="progressbar"
          aria-label="Parlay odds meter"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${percent}%`}
          className="h-3 overflow-hidden rounded-full bg-white/10"
        >
          <div
            className="h-full rounded-full bg-linear-to-r from-amber-400 via-fuchsia-500 to-emerald-400 transition-[width] duration-300"
            style={{ width: `${percent}%` }}
          />
        </div>

        <CoinInput
          id={`${ids}-amount`}
          label="Parlay wager"
          min={1}
          placeholder="Coins"
          value={amount}
          max={balance}
          error={
            overBalance ||
            amountRefused ||
            (shownProblem !== null && problem === null && !(coins > 0))
          }
          aria-describedby={
            shownProblem ? `${ids}-problem` : overBalance ? `${ids}-balance` : undefined
          }
          onValueChange={(value) => {
            setAmount(value);
            setProblem(null);
            setAmountRefused(false);
          }}
        />

        {preview !== null && (
          <p className="flex items-baseline justify-between gap-3 text-slate-300">
            <span className="shrink-0">Potential payout</span>
            <strong
              data-testid="parlay-payout"
              className="min-w-0 text-right font-mono text-lg wrap-anywhere text-emerald-300"
            >
              {previewOverCap ? (
                <>
                  over <Emoji char="🪙" /> {formatCoins(PARLAY_MAX_PAYOUT)}
                </>
              ) : (
                <>
                  <Emoji char="🪙" /> {preview}
                </>
              )}
            </strong>
          </p>
        )}

        <p className="text-xs text-slate-400">
          A parlay pays at most <Emoji char="🪙" /> {formatCoins(PARLAY_MAX_PAYOUT)}.
        </p>
        {overLimit && (
          <p data-testid="parlay-over-limit" role="alert" className="text-sm text-rose-300">
            This parlay would pay more than <Emoji char="🪙" /> {formatCoins(PARLAY_MAX_PAYOUT)}:
            lower the wager or drop a long shot.
          </p>
        )}

        {overBalance && (
          <p
            id={`${ids}-balance`}
            data-testid="parlay-over-balance"
            role="alert"
            className="text-sm text-rose-300"
          >
            You have <Emoji char="🪙" /> {formatCoins(balance)}: wager at most that.
          </p>
        )}

        {shownProblem && (
          <p id={`${ids}-problem`} role="alert" className="text-sm text-rose-300">
            {shownProblem}
          </p>
        )}

        <button type="submit" className="btn-primary min-h-11 py-2.5" disabled={place.isPending}>
          {place.isPending ? 'Placing…' : 'Place Parlay'}
        </button>
      </form>
    </section>
  );
}
