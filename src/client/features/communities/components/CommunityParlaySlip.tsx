import { Ticket } from 'lucide-react';
import { useId, useState, type SubmitEvent } from 'react';
import type { OddsChangedDetails } from '../../../../shared/api/bets';
import {
  oddsToHundredths,
  PARLAY_MAX_LEGS,
  PARLAY_MAX_PAYOUT,
  PARLAY_MIN_LEGS,
  parlayPayoutWithinLimit,
} from '../../../../shared/odds';
import { CoinInput } from '../../../components/CoinInput';
import { Emoji } from '../../../components/Emoji';
import { CONNECTION_ERROR, parlayErrorField, parlayErrorMessage } from '../../../lib/errorMessages';
import { formatCoins } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import {
  formatTotalOdds,
  oddsChangedDetails,
  parlayRequest,
  parlayTotalOdds,
  PickRow,
  type ParlayPick,
} from '../../bets/public';
import { useParlayMutation } from '../mutations';

interface Problem {
  text: string;
  /** The stake is what is wrong (none, too many coins, more than the treasury covers): mark it. */
  aboutStake: boolean;
}

interface CommunityParlaySlipProps {
  picks: ParlayPick[];
  onRemove: (betId: string) => void;
  onOddsChanged: (current: OddsChangedDetails['currentOdds']) => void;
  onPlaced: () => void;
  className?: string;
}

/**
 * The Bets tab's parlay slip: the member's picks on this community's open bets, their total odds,
 * a stake and what it would pay. The treasury pays it, so it may refuse a stake the site would take.
 */
export function CommunityParlaySlip({
  picks,
  onRemove,
  onOddsChanged,
  onPlaced,
  className = '',
}: CommunityParlaySlipProps) {
  const ids = useId();
  const place = useParlayMutation();
  const balance = useSession().user?.balance;
  const [stake, setStake] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);

  const totalOdds = parlayTotalOdds(picks);
  const coins = Number(stake);
  const entered = stake.trim() !== '' && coins > 0 && Number.isSafeInteger(coins);
  // floor(stake x total odds), exactly as the server pays it; null past the parlays' cap.
  const payout = entered
    ? parlayPayoutWithinLimit(
        coins,
        picks.map((pick) => oddsToHundredths(pick.odds)),
      )
    : null;
  const overLimit = entered && payout === null;
  const overBalance = entered && balance !== undefined && coins > balance;
  const tooFew = picks.length < PARLAY_MIN_LEGS;
  const stakeProblem = problem?.aboutStake ? problem.text : null;
  const problemId = `${ids}-problem`;

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    if (tooFew || place.isPending || overLimit || overBalance) return;
    if (!entered) return setProblem({ text: 'Enter a stake in whole coins.', aboutStake: true });
    place.mutate(parlayRequest(picks, coins), {
      onSuccess: (response) => {
        notify.success(response.message || 'Parlay placed!');
        setStake('');
        onPlaced();
      },
      onError: (error) => {
        // The slip takes the new odds at once, so placing again is a deliberate second click.
        const changed = oddsChangedDetails(error);
        if (changed) onOddsChanged(changed.currentOdds);
        setProblem({
          text: parlayErrorMessage(error, 'The parlay was not placed.', CONNECTION_ERROR),
          aboutStake: parlayErrorField(error) === 'amount',
        });
      },
    });
  }

  const alert = (text: string, id = problemId) => (
    <p id={id} role="alert" className="text-sm text-rose-300">
      {text}
    </p>
  );

  return (
    <section
      aria-labelledby={`${ids}-heading`}
      data-testid="community-parlay-slip"
      className={`card flex min-w-0 flex-col gap-4 ${className}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id={`${ids}-heading`} className="section-title">
          <Ticket className="mr-1.5" aria-hidden="true" />
          Your parlay
        </h2>
        <span data-testid="parlay-count" className="text-sm text-slate-400">
          {picks.length}/{PARLAY_MAX_LEGS} picks
        </span>
      </div>
      <ul aria-label="Parlay picks" className="flex flex-col gap-2">
        {picks.map((pick) => (
          <PickRow key={pick.betId} pick={pick} onRemove={() => onRemove(pick.betId)} />
        ))}
      </ul>
      {tooFew && (
        <p className="text-sm text-slate-400">
          Add a pick from another bet: a parlay needs at least {PARLAY_MIN_LEGS}, every one to win.
        </p>
      )}

      <form onSubmit={onSubmit} className="flex flex-col gap-3" noValidate>
        <p className="flex items-baseline justify-between gap-3 text-slate-300">
          Total odds
          <strong data-testid="parlay-total-odds" className="font-mono text-xl text-amber-200">
            {formatTotalOdds(totalOdds)}
          </strong>
        </p>
        <CoinInput
          id={`${ids}-stake`}
          label="Parlay stake"
          min={1}
          max={balance}
          placeholder="Coins"
          value={stake}
          error={stakeProblem !== null || overBalance}
          aria-describedby={stakeProblem ? problemId : overBalance ? `${ids}-balance` : undefined}
          onValueChange={(value) => {
            setStake(value);
            setProblem(null);
          }}
        />
        {stakeProblem && alert(stakeProblem)}
        {overBalance && (
          <p id={`${ids}-balance`} role="alert" className="text-sm text-rose-300">
            You have <Emoji char="🪙" /> {formatCoins(balance)}: stake at most that.
          </p>
        )}
        {payout !== null && (
          <p className="flex items-baseline justify-between gap-3 text-slate-300">
            <span className="shrink-0">Potential payout</span>
            <strong
              data-testid="parlay-payout"
              className="min-w-0 text-right font-mono text-lg wrap-anywhere text-emerald-300"
            >
              <Emoji char="🪙" /> {formatCoins(payout)}
            </strong>
          </p>
        )}
        {overLimit &&
          alert(
            `This parlay would pay more than ${formatCoins(PARLAY_MAX_PAYOUT)} coins: lower the stake or drop a long shot.`,
            `${ids}-limit`,
          )}
        {problem && !problem.aboutStake && alert(problem.text)}
        <button
          type="submit"
          className="btn-primary min-h-11 py-2.5"
          disabled={tooFew || place.isPending}
        >
          {place.isPending ? 'Placing…' : 'Place parlay'}
        </button>
        <p className="text-xs text-slate-400">
          The community’s treasury pays it, and may refuse a stake it cannot cover.
        </p>
      </form>
    </section>
  );
}
