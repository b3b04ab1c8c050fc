import { useId, useState } from 'react';
import type { BetDto, BetOptionDto } from '../../../../shared/api/bets';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { formatOdds, formatVotes } from '../display';
import { usePlaceWagerMutation } from '../mutations';
import { useFreshBalance } from '../queries';
import { CoinInput } from '../../../components/CoinInput';

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
      <span className="w-full truncate font-semibold text-white">{option.text}</span>{' '}
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

interface BetCardProps {
  bet: BetDto;
  closed: boolean;
}

export function BetCard({ bet, closed }: BetCardProps) {
  const ids = useId();
  const { user } = useSession();
  const freshBalance = useFreshBalance();
  const place = usePlaceWagerMutation();
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  async function onPick(option: BetOptionDto) {
    const coins = Number(amount);
    if (amount.trim() === '' || !(coins > 0)) {
      setProblem('Please enter a valid amount.');
      return;
    }
    setProblem(null);
    if (user && coins > user.balance) {
      setChecking(true);
      const balance = await freshBalance().catch(() => null);
      setChecking(false);
      if (balance === null || coins > balance) {
        setProblem('Insufficient balance.');
        return;
      }
    }
    place.mutate(
      { betId: bet._id, choice: option.text, amount: coins },
      {
        onSuccess: (response) => notify.success(response.message || 'Bet placed!'),
        onError: (error) => setProblem(errorMessage(error, 'Bet placement failed.')),
      },
    );
  }

  const busy = place.isPending || checking;
  return (
    <li
      data-testid="bet-card"
      aria-labelledby={`${ids}-title`}
      className={`card flex flex-col gap-4 ${closed ? 'opacity-80' : ''}`}
    >
      <div className="flex flex-wrap items-start gap-x-3 gap-y-1">
        <h2 id={`${ids}-title`} className="section-title mr-auto min-w-0 break-words">
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
      </div>
      {bet.description && <p className="-mt-2 break-words text-slate-300">{bet.description}</p>}
      <p className="-mt-2 text-sm text-slate-400">
        {closed ? 'Ended' : 'Ends'}{' '}
        <time data-testid="bet-end-time" dateTime={bet.endTime} className="text-slate-200">
          {formatDateTime(bet.endTime)}
        </time>
      </p>

      <div className="sm:max-w-48">
        <CoinInput
          id={`${ids}-amount`}
          label={
            <>
              Wager<span className="sr-only"> for {bet.title}</span>
            </>
          }
          min={1}
          placeholder="Coins"
          value={amount}
          disabled={closed}
          aria-describedby={problem ? `${ids}-problem` : undefined}
          onValueChange={(value) => {
            setAmount(value);
            setProblem(null);
          }}
        />
      </div>

      <div role="group" aria-label={`Options for ${bet.title}`} className="flex flex-wrap gap-2">
        {bet.options.map((option) => (
          <OptionButton
            key={option._id}
            option={option}
            disabled={closed || busy}
            onPick={() => void onPick(option)}
          />
        ))}
      </div>

      {problem && (
        <p id={`${ids}-problem`} role="alert" className="text-sm text-rose-300">
          {problem}
        </p>
      )}
    </li>
  );
}
