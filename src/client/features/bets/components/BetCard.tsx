import { useId, useState } from 'react';
import type { BetDto, BetOptionDto } from '../../../../shared/api/bets';
import { CONNECTION_ERROR, errorField, errorMessage } from '../../../lib/errorMessages';
import { formatCoins, formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { formatOdds, formatVotes } from '../display';
import { usePlaceWagerMutation } from '../mutations';
import { useFreshBalance } from '../queries';
import { CoinInput } from '../../../components/CoinInput';
import { ReportButton } from '../../reports/public';

interface OptionButtonProps {
  option: BetOptionDto;
  disabled: boolean;
  onPick: () => void;
}

function OptionButton({ option, disabled, onPick }: OptionButtonProps) {
  return (
    <button
      type="button"
      data-testid="bet-option"
      data-option={option.text}
      disabled={disabled}
      onClick={onPick}
      className="flex min-w-0 flex-1 basis-36 flex-col items-start gap-0.5 rounded-xl border border-white/15 bg-white/5 px-3 py-2 text-left transition hover:border-amber-300/60 hover:bg-amber-300/10 disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:border-white/15 disabled:hover:bg-white/5"
    >
      {/* Wrapped, never cut: an option can be 100 characters and the player must read all of it. */}
      <span className="w-full font-semibold wrap-anywhere text-white">{option.text}</span>{' '}
      <span className="flex w-full items-baseline justify-between gap-2 text-sm">
        <span data-testid="option-odds" className="font-mono text-amber-200">
          {formatOdds(option.odds)}
        </span>{' '}
        <span data-testid="option-votes" className="text-xs text-slate-400">
          {formatVotes(option.votes)}
        </span>
      </span>
    </button>
  );
}

/** Coins the player already has riding on each option of this bet, in option order. */
export interface StakeOnOption {
  choice: string;
  amount: number;
}

function MyStakes({ stakes }: { stakes: StakeOnOption[] }) {
  if (stakes.length === 0) return null;
  return (
    <ul aria-label="Your stakes" className="-mt-1 flex flex-col gap-0.5 text-sm text-sky-200">
      {stakes.map((stake) => (
        <li key={stake.choice} data-testid="my-stake" className="wrap-anywhere">
          You have {formatCoins(stake.amount)} on {stake.choice}
        </li>
      ))}
    </ul>
  );
}

/** Descriptions run to 2000 characters; longer than a few lines, they fold behind a toggle. */
const FOLD_DESCRIPTION_AT = 240;

function Description({ id, text }: { id: string; text: string }) {
  const [open, setOpen] = useState(false);
  const long = text.length > FOLD_DESCRIPTION_AT;
  return (
    <div className="-mt-2">
      <p
        id={id}
        className={`wrap-anywhere whitespace-pre-line text-slate-300 ${long && !open ? 'line-clamp-4' : ''}`}
      >
        {text}
      </p>
      {long && (
        <button
          type="button"
          className="mt-1 text-sm font-semibold text-amber-300 hover:underline"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? 'Show less' : 'Show full description'}
        </button>
      )}
    </div>
  );
}

interface Problem {
  text: string;
  /** The wager amount is what is wrong, so its field is marked too. */
  aboutAmount: boolean;
}

interface BetCardProps {
  bet: BetDto;
  closed: boolean;
  stakes: StakeOnOption[];
}

export function BetCard({ bet, closed, stakes }: BetCardProps) {
  const ids = useId();
  const { user } = useSession();
  const freshBalance = useFreshBalance();
  const place = usePlaceWagerMutation();
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [checking, setChecking] = useState(false);

  async function onPick(option: BetOptionDto) {
    const coins = Number(amount);
    if (amount.trim() === '' || !(coins > 0)) {
      setProblem({ text: 'Please enter a valid amount.', aboutAmount: true });
      return;
    }
    setProblem(null);
    if (user && coins > user.balance) {
      setChecking(true);
      const balance = await freshBalance().catch(() => null);
      setChecking(false);
      if (balance === null || coins > balance) {
        setProblem({ text: 'Insufficient balance.', aboutAmount: true });
        return;
      }
    }
    place.mutate(
      { betId: bet._id, choice: option.text, amount: coins },
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

  const busy = place.isPending || checking;
  const problemId = `${ids}-problem`;
  return (
    <li
      data-testid="bet-card"
      aria-labelledby={`${ids}-title`}
      className={`card flex min-w-0 flex-col gap-4 ${closed ? 'opacity-80' : ''}`}
    >
      <div className="flex flex-wrap items-start gap-x-3 gap-y-1">
        <h2 id={`${ids}-title`} className="section-title mr-auto min-w-0 wrap-anywhere">
          {bet.title}
        </h2>
        {closed && (
          <span
            data-testid="bet-closed"
            className="shrink-0 rounded-full border border-rose-400/50 bg-rose-500/15 px-2.5 py-0.5 text-xs font-semibold text-rose-200"
          >
            Closed
          </span>
        )}
        <ReportButton targetType="bet" targetId={bet._id} label={bet.title} />
      </div>
      {bet.description && <Description id={`${ids}-description`} text={bet.description} />}
      <p className="-mt-2 text-sm text-slate-400">
        {closed ? 'Ended' : 'Ends'}{' '}
        <time data-testid="bet-end-time" dateTime={bet.endTime} className="text-slate-200">
          {formatDateTime(bet.endTime)}
        </time>
      </p>

      <CoinInput
        id={`${ids}-amount`}
        className="sm:max-w-48"
        label={
          <>
            Wager<span className="sr-only"> for {bet.title}</span>
          </>
        }
        min={1}
        placeholder="Coins"
        value={amount}
        disabled={closed}
        error={problem?.aboutAmount ?? false}
        aria-describedby={problem ? problemId : undefined}
        onValueChange={(value) => {
          setAmount(value);
          setProblem(null);
        }}
      />

      <div
        role="group"
        aria-label={`Options for ${bet.title}`}
        className="flex min-w-0 flex-wrap gap-2"
      >
        {bet.options.map((option) => (
          <OptionButton
            key={option._id}
            option={option}
            disabled={closed || busy}
            onPick={() => void onPick(option)}
          />
        ))}
      </div>

      <MyStakes stakes={stakes} />

      {problem && (
        <p id={problemId} role="alert" className="text-sm text-rose-300">
          {problem.text}
        </p>
      )}
    </li>
  );
}
