import { WithCommunity } from '../components/WithCommunity';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { WagerDto } from '../../../../shared/api/bets';
import type { CommunityDetailDto } from '../../../../shared/api/communities';
import type { CommunityBetDto } from '../../../../shared/api/communityBets';
import { CoinInput } from '../../../components/CoinInput';
import { ErrorBanner, LoadingState } from '../../../components/States';
import { ApiError } from '../../../lib/api';
import { CONNECTION_ERROR, errorField, errorMessage } from '../../../lib/errorMessages';
import { formatCoins } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { formatOdds } from '../../bets/public';
import { BetComments } from '../components/BetComments';
import { BetOptions, BetTiming, ManageBet, StatusBadge } from '../components/BetParts';
import { useWagerMutation } from '../mutations';
import { useCommunityBet } from '../queries';
import { JoinFirst } from '../components/JoinFirst';

interface Problem {
  text: string;
  /** The amount is what is wrong (too many coins, more than the treasury covers): mark its field. */
  aboutAmount: boolean;
}

/** The spec's wager input: an amount, then the option to put it on. */
function WagerBox({ bet }: { bet: CommunityBetDto }) {
  const ids = useId();
  const place = useWagerMutation();
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);

  function onPick(choice: string) {
    const coins = Number(amount);
    if (amount.trim() === '' || !(coins > 0))
      return setProblem({ text: 'Please enter a valid amount.', aboutAmount: true });
    setProblem(null);
    place.mutate(
      { betId: bet._id, choice, amount: coins },
      {
        onSuccess: (response) => {
          notify.success(response.message || 'Bet placed!');
          // The next wager is a new decision; an old amount left in the field invites a double bet.
          setAmount('');
        },
        onError: (error) =>
          setProblem({
            text: errorMessage(error, 'Bet placement failed.', CONNECTION_ERROR),
            aboutAmount: errorField(error) === 'amount',
          }),
      },
    );
  }

  const problemId = `${ids}-problem`;
  return (
    <section aria-labelledby={`${ids}-heading`} className="flex flex-col gap-3">
      <h2 id={`${ids}-heading`} className="section-title">
        Place a wager
      </h2>
      <CoinInput
        id={`${ids}-amount`}
        className="sm:max-w-48"
        label="Wager"
        min={1}
        placeholder="Coins"
        value={amount}
        error={problem?.aboutAmount ?? false}
        aria-describedby={problem ? problemId : undefined}
        onValueChange={(value) => {
          setAmount(value);
          setProblem(null);
        }}
      />
      <div role="group" aria-label="Bet on" className="flex min-w-0 flex-wrap gap-2">
        {bet.options.map((option) => (
          <button
            key={option._id}
            type="button"
            data-testid="wager-option"
            className="btn-secondary min-w-0 flex-1 basis-36 wrap-anywhere"
            disabled={place.isPending}
            onClick={() => onPick(option.text)}
          >
            Bet on {option.text} · {formatOdds(option.odds)}
          </button>
        ))}
      </div>
      {problem && (
        <p id={problemId} role="alert" className="text-sm text-rose-300">
          {problem.text}
        </p>
      )}
    </section>
  );
}

function MyWagers({ wagers }: { wagers: WagerDto[] }) {
  if (wagers.length === 0) return null;
  return (
    <section aria-labelledby="my-wagers-heading" className="flex flex-col gap-2">
      <h2 id="my-wagers-heading" className="section-title">
        Your wagers
      </h2>
      <ul className="flex flex-col gap-1 text-sm">
        {wagers.map((w) => (
          <li key={w._id} data-testid="my-wager" className="wrap-anywhere text-sky-100">
            {formatCoins(w.stake)} on {w.choice} at {formatOdds(w.odds)} ·{' '}
            {w.status === 'open'
              ? `pays ${formatCoins(w.potentialPayout)} if it wins`
              : `${w.status}${w.payout > 0 ? `, paid ${formatCoins(w.payout)}` : ''}`}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Who may wager: a member, while the bet is open and before it ends. */
function WagerPart({ community, bet }: { community: CommunityDetailDto; bet: CommunityBetDto }) {
  if (bet.status !== 'open' || Date.parse(bet.endTime) <= Date.now()) return null;
  if (community.membership) return <WagerBox bet={bet} />;
  return <JoinFirst act="wager" signedInAct="wager on its bets" />;
}

function BetView({ community, betId }: { community: CommunityDetailDto; betId: string }) {
  const detail = useCommunityBet(community.slug, betId);
  const moderates = community.membership !== null && community.membership.role !== 'member';
  const back = (
    <Link
      to={`/c/${encodeURIComponent(community.slug)}?tab=bets`}
      className="self-start text-sm font-semibold text-amber-300 hover:underline"
    >
      ← {community.name}’s bets
    </Link>
  );
  if (detail.isPending) return <LoadingState>Loading the bet…</LoadingState>;
  if (detail.error instanceof ApiError && detail.error.status === 404)
    return (
      <div className="flex flex-col gap-4">
        {back}
        <ErrorBanner>There is no such bet in this community.</ErrorBanner>
      </div>
    );
  if (detail.error)
    return (
      <div className="flex flex-col items-start gap-3">
        {back}
        <ErrorBanner>{errorMessage(detail.error, 'Failed to load this bet')}</ErrorBanner>
        <button type="button" className="btn-secondary" onClick={() => void detail.refetch()}>
          Try again
        </button>
      </div>
    );
  const { bet, myWagers } = detail.data;
  return (
    <div className="flex flex-col gap-6">
      {back}
      <article aria-labelledby="bet-title" className="card flex min-w-0 flex-col gap-4">
        <div className="flex flex-wrap items-start gap-2">
          <h1
            id="bet-title"
            className="mr-auto min-w-0 font-display text-2xl font-bold wrap-anywhere text-white"
          >
            {bet.title}
          </h1>
          <StatusBadge status={bet.status} />
        </div>
        {bet.description && (
          <p className="wrap-anywhere whitespace-pre-line text-slate-300">{bet.description}</p>
        )}
        <BetTiming bet={bet} />
        <BetOptions bet={bet} />
        <p className="text-xs text-slate-400">
          {formatCoins(bet.totalStaked)} coins staked · paid from the {community.name} treasury
        </p>
        <WagerPart community={community} bet={bet} />
        <MyWagers wagers={myWagers} />
        {moderates && <ManageBet slug={community.slug} bet={bet} />}
      </article>
      <BetComments community={community} betId={bet._id} />
    </div>
  );
}

/** /c/{slug}/bets/{betId}: one of a community's bets, its wager box and its discussion. */
export function CommunityBetPage() {
  const { betId = '' } = useParams();
  return (
    <WithCommunity>{(community) => <BetView community={community} betId={betId} />}</WithCommunity>
  );
}
