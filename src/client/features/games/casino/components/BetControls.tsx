import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { CoinInput } from '../../../../components/CoinInput';
import { TextField } from '../../../../components/TextField';
import { formatCoins } from '../../../../lib/format';
import { MAX_AUTO_REPEAT, parseBet } from '../useCasinoPlay';

interface BetControlsProps {
  idPrefix: string;
  balance: number;
  running: boolean;
  roundsDone: number;
  /** Roulette and coin flip offer auto-repeat; slots does not. */
  autoRepeat: boolean;
  submitLabel: string;
  /** The game's own choices (colour, side), above the bet. */
  children?: ReactNode;
  onPlay: (bet: number, count: number) => void;
  onStop: () => void;
}

/** Balance, bet box with Max, optional auto-repeat with a count and Stop, and the submit button. */
export function BetControls({ idPrefix, balance, running, roundsDone, autoRepeat, submitLabel, children, onPlay, onStop }: BetControlsProps) {
  const [bet, setBet] = useState('10');
  const [repeat, setRepeat] = useState(false);
  const [count, setCount] = useState('5');
  const [error, setError] = useState<string | null>(null);
  const checkboxId = useId();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const amount = parseBet(bet);
    if (amount === null) {
      setError('Enter a valid bet');
      return;
    }
    const times = repeat ? Number(count) : 1;
    if (repeat && (!Number.isInteger(times) || times < 1 || times > MAX_AUTO_REPEAT)) {
      setError(`Auto-repeat runs 1 to ${MAX_AUTO_REPEAT} times`);
      return;
    }
    setError(null);
    onPlay(amount, times);
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
      <p className="text-sm text-slate-300">
        Balance: <span className="font-semibold text-emerald-300" data-testid={`${idPrefix}-balance`}>{formatCoins(balance)}</span> coins
      </p>
      {children}
      <div className="flex flex-wrap items-end gap-2">
        <CoinInput id={`${idPrefix}-bet`} label="Bet" value={bet} onValueChange={setBet} min={1} error={error} className="min-w-0 flex-1 basis-36" disabled={running} />
        <button type="button" className="btn-secondary" disabled={running} onClick={() => setBet(String(Math.max(0, balance)))}>
          Max
        </button>
      </div>
      {autoRepeat && (
        <div className="flex flex-wrap items-end gap-3">
          <label htmlFor={checkboxId} className="flex items-center gap-2 text-sm text-slate-200">
            <input id={checkboxId} type="checkbox" checked={repeat} onChange={(e) => setRepeat(e.target.checked)} disabled={running} className="size-4" />
            Auto-repeat
          </label>
          <TextField
            id={`${idPrefix}-count`}
            label="Times"
            type="number"
            min={1}
            max={MAX_AUTO_REPEAT}
            value={count}
            onValueChange={setCount}
            disabled={!repeat || running}
            className="w-24"
          />
        </div>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <button type="submit" className="btn-primary" disabled={running}>
          {running ? 'Playing…' : submitLabel}
        </button>
        {autoRepeat && (
          <button type="button" className="btn-secondary" disabled={!running} onClick={onStop}>
            Stop
          </button>
        )}
        {running && repeat && (
          <span className="text-sm text-slate-400" data-testid={`${idPrefix}-progress`}>
            {roundsDone} / {count}
          </span>
        )}
      </div>
    </form>
  );
}
