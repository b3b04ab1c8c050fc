import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { CoinInput } from '../../../../components/CoinInput';
import { TextField } from '../../../../components/TextField';
import { formatCoins } from '../../../../lib/format';
import {
  MAX_AUTO_REPEAT,
  SLOTS_MAX_AUTO_SPINS,
  parseBet,
  tallyText,
  type RunTally,
} from '../useCasinoPlay';

interface BetControlsProps {
  idPrefix: string;
  balance: number;
  running: boolean;
  roundsDone: number;
  /** Spec section 2: roulette and coin flip repeat a chosen count; slots repeats until Stop (at most SLOTS_MAX_AUTO_SPINS). */
  repeatMode: 'count' | 'until-stop';
  /** The running or last auto-repeat run. */
  tally: RunTally;
  /** Why the last play did not start or stopped early; shown beside the submit button. */
  notice: string | null;
  /** True for the quiet second after a play, when a second click is ignored. */
  quiet: boolean;
  onBetChange: () => void;
  submitLabel: string;
  /** The game's own choices (colour, side), above the bet. */
  children?: ReactNode;
  onPlay: (bet: number, count: number) => void;
  onStop: () => void;
}

/** Balance, bet box with Max, optional auto-repeat with a count and Stop, and the submit button. */
export function BetControls({
  idPrefix,
  balance,
  running,
  roundsDone,
  repeatMode,
  tally,
  notice,
  quiet,
  onBetChange,
  submitLabel,
  children,
  onPlay,
  onStop,
}: BetControlsProps) {
  const [bet, setBet] = useState('10');
  const [repeat, setRepeat] = useState(false);
  const [count, setCount] = useState('5');
  // Each field keeps its own error, cleared once its value is valid again: a fixed bet stayed marked invalid.
  const [betError, setBetError] = useState<string | null>(null);
  const [countError, setCountError] = useState<string | null>(null);
  const checkboxId = useId();
  const noticeId = `${idPrefix}-notice`;
  const counted = repeatMode === 'count';
  const [repeatedRun, setRepeatedRun] = useState(false);

  function changeBet(value: string) {
    setBet(value);
    if (parseBet(value) !== null) setBetError(null);
    onBetChange();
  }

  const countValid = (value: string) =>
    Number.isInteger(Number(value)) && Number(value) >= 1 && Number(value) <= MAX_AUTO_REPEAT;

  function changeCount(value: string) {
    setCount(value);
    if (value.trim() !== '' && countValid(value)) setCountError(null);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const amount = parseBet(bet);
    if (amount === null) {
      setBetError('Enter a valid bet');
      return;
    }
    setBetError(null);
    const times = !repeat ? 1 : counted ? Number(count) : SLOTS_MAX_AUTO_SPINS;
    if (repeat && counted && (count.trim() === '' || !countValid(count))) {
      setCountError(`Auto-repeat runs 1 to ${MAX_AUTO_REPEAT} times`);
      return;
    }
    setCountError(null);
    setRepeatedRun(repeat);
    onPlay(amount, times);
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
      <p className="text-sm text-slate-300">
        Balance:{' '}
        <span className="font-semibold text-emerald-300" data-testid={`${idPrefix}-balance`}>
          {formatCoins(balance)}
        </span>{' '}
        coins
      </p>
      {children}
      <div className="flex flex-wrap items-end gap-2">
        <CoinInput
          id={`${idPrefix}-bet`}
          label="Bet"
          value={bet}
          onValueChange={changeBet}
          min={1}
          error={betError}
          className="min-w-0 flex-1 basis-36"
          disabled={running}
          aria-describedby={notice ? noticeId : undefined}
        />
        <button
          type="button"
          className="btn-secondary"
          disabled={running}
          onClick={() => changeBet(String(Math.max(0, balance)))}
        >
          Max
        </button>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <label htmlFor={checkboxId} className="flex items-center gap-2 text-sm text-slate-200">
          <input
            id={checkboxId}
            type="checkbox"
            checked={repeat}
            onChange={(e) => setRepeat(e.target.checked)}
            disabled={running}
            className="size-4"
          />
          Auto-repeat
        </label>
        {counted ? (
          <TextField
            id={`${idPrefix}-count`}
            label="Times"
            type="number"
            min={1}
            max={MAX_AUTO_REPEAT}
            value={count}
            onValueChange={changeCount}
            error={countError}
            disabled={!repeat || running}
            className="w-24"
          />
        ) : (
          <p className="text-sm text-slate-400">
            Spins until Stop, at most {SLOTS_MAX_AUTO_SPINS} spins.
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <button type="submit" className="btn-primary" disabled={running || quiet}>
          {running ? 'Playing…' : submitLabel}
        </button>
        <button type="button" className="btn-secondary" disabled={!running} onClick={onStop}>
          Stop
        </button>
        {running && repeatedRun && (
          <span className="text-sm text-slate-400" data-testid={`${idPrefix}-progress`}>
            {roundsDone} / {counted ? count : SLOTS_MAX_AUTO_SPINS}
          </span>
        )}
      </div>
      {notice && (
        <p
          id={noticeId}
          role="alert"
          className="text-sm font-semibold text-rose-300"
          data-testid={noticeId}
        >
          {notice}
        </p>
      )}
      {repeatedRun && tally.rounds > 0 && (
        <p className="text-sm text-slate-300" data-testid={`${idPrefix}-tally`}>
          {tallyText(tally)}
        </p>
      )}
    </form>
  );
}
