import { useState, type FormEvent } from 'react';
import type { QuizChallengeBody } from '../../../../../shared/games/quizDuel/contract';
import {
  QUIZ_MAX_STAKE,
  QUIZ_MIN_STAKE,
  quizPayout,
  type QuizMode,
} from '../../../../../shared/games/quizDuel/rules';
import { CoinInput } from '../../../../components/CoinInput';
import { TextField } from '../../../../components/TextField';
import { INSUFFICIENT_BALANCE } from '../../../../lib/errorMessages';
import { formatCoins } from '../../../../lib/format';
import { stakeError } from '../quizDuelView';

const MODES: { value: QuizMode; label: string; hint: string }[] = [
  { value: 'live', label: 'Live', hint: 'Both online, the same question at the same moment.' },
  {
    value: 'async',
    label: 'Async',
    hint: 'Play now; they play the same questions within 24 hours.',
  },
];

const USERNAME_REQUIRED = 'Enter the username of the player to challenge.';

interface NewDuelFormProps {
  balance: number | undefined;
  busy: boolean;
  onChallenge: (body: QuizChallengeBody) => void;
}

/**
 * Stake and mode, then either anyone (Find opponent live, an open challenge async) or a named
 * player. Both buttons submit the one form; Enter submits with its first button, so the username
 * field sends its own Enter to 'Challenge a user'.
 */
export function NewDuelForm({ balance, busy, onChallenge }: NewDuelFormProps) {
  const [stake, setStake] = useState('10');
  const [mode, setMode] = useState<QuizMode>('live');
  const [opponent, setOpponent] = useState('');
  const [stakeProblem, setStakeProblem] = useState<string | null>(null);
  const [nameProblem, setNameProblem] = useState<string | null>(null);

  function submit(named: boolean) {
    const problem =
      stakeError(stake) ??
      (balance !== undefined && Number(stake) > balance ? INSUFFICIENT_BALANCE : null);
    const name = opponent.trim();
    const missingName = named && name === '' ? USERNAME_REQUIRED : null;
    setStakeProblem(problem);
    setNameProblem(missingName);
    if (problem || missingName) return;
    onChallenge({ stake: Number(stake), mode, ...(named ? { opponentUsername: name } : {}) });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    submit(submitter?.getAttribute('data-named') !== 'false');
  }

  const stakeNumber = Number(stake);
  return (
    <form
      className="card flex min-w-0 flex-col gap-4"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="quiz-new-title"
      data-testid="quiz-new-duel"
    >
      <h2 id="quiz-new-title" className="section-title">
        New duel
      </h2>
      <CoinInput
        id="quiz-stake"
        label="Stake (coins)"
        value={stake}
        onValueChange={(v) => {
          setStake(v);
          setStakeProblem(null);
        }}
        min={QUIZ_MIN_STAKE}
        max={QUIZ_MAX_STAKE}
        error={stakeProblem}
        hint={
          stakeError(stake) === null
            ? `Both stakes go into escrow; the winner takes ${formatCoins(quizPayout(stakeNumber))}, a tie refunds both.`
            : `${formatCoins(QUIZ_MIN_STAKE)} to ${formatCoins(QUIZ_MAX_STAKE)} coins.`
        }
      />
      <fieldset className="min-w-0">
        <legend className="label">Mode</legend>
        <div className="grid grid-cols-2 gap-2">
          {MODES.map((m) => (
            <label
              key={m.value}
              className="flex cursor-pointer flex-col rounded-xl border-2 border-white/10 bg-slate-950/40 px-3 py-2 has-checked:border-amber-300 has-checked:bg-amber-400/15 has-focus-visible:ring-2 has-focus-visible:ring-amber-300"
            >
              <span className="flex items-center gap-2 font-semibold text-white">
                <input
                  type="radio"
                  name="quiz-mode"
                  value={m.value}
                  checked={mode === m.value}
                  onChange={() => setMode(m.value)}
                  className="accent-amber-400"
                />
                {m.label}
              </span>
              <span className="text-xs text-slate-400">{m.hint}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <button
        type="submit"
        className="btn-primary"
        data-named="false"
        disabled={busy}
        data-testid="quiz-find"
      >
        {mode === 'live' ? 'Find opponent' : 'Post open challenge'}
      </button>
      <div className="flex min-w-0 flex-col gap-2 border-t border-white/10 pt-4">
        <TextField
          id="quiz-opponent"
          label="Opponent username"
          value={opponent}
          onValueChange={(v) => {
            setOpponent(v);
            setNameProblem(null);
          }}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={100}
          error={nameProblem}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            if (!busy) submit(true);
          }}
        />
        <button
          type="submit"
          className="btn-secondary"
          data-named="true"
          disabled={busy}
          data-testid="quiz-challenge-user"
        >
          Challenge a user
        </button>
      </div>
    </form>
  );
}
