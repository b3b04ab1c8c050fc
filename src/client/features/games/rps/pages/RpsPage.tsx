import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type {
  RpsChallengeDto,
  RpsInviteDto,
  RpsOutcome,
} from '../../../../../shared/games/rps/contract';
import { RPS_MAX_BUY_IN, RPS_MOVES, type RpsMove } from '../../../../../shared/games/rps/rules';
import { CoinInput } from '../../../../components/CoinInput';
import { EmptyState, ErrorBanner, LoadingState } from '../../../../components/States';
import { TextField } from '../../../../components/TextField';
import { errorMessage, INSUFFICIENT_BALANCE } from '../../../../lib/errorMessages';
import { formatCoins } from '../../../../lib/format';
import { useLiveConnected } from '../../../../lib/liveSocket';
import { useSession } from '../../../../lib/session';
import { notify } from '../../../../lib/toast';
import { useActionGuard } from '../../../../lib/useActionGuard';
import { useAfterCoinsMoved } from '../../../../lib/useAfterCoinsMoved';
import { useRpsCancelMutation, useRpsPlayMutation } from '../mutations';
import { useGamesProgress } from '../../public';
import { useRpsChallenges, useRpsHistory, useRpsInvites } from '../queries';
import {
  MatchRow,
  MOVE_ICON,
  MOVE_NAME,
  OUTCOME_CLASS,
  OUTCOME_TEXT,
} from '../components/MatchRow';
import { formatHms } from '../../public';
import { Emoji } from '../../../../components/Emoji';

/** Spec section 5, word for word. */
export const RPS_VALIDATION_TEXT = 'Enter opponent and pick rock/paper/scissors.';

/** Spec section 9: history is polled this often (only while the live socket is down). */
const RPS_POLL_MS = 3000;

interface Result {
  duelId: string;
  opponent: string;
  userPick: RpsMove;
  oppPick: RpsMove;
  outcome: RpsOutcome;
  /** From the play's answer; null when the result came from history (the live balance is shown then). */
  balance: number | null;
}

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

function announce(result: Result) {
  if (result.outcome === 'win') notify.success(`You beat ${result.opponent}!`);
  else if (result.outcome === 'lose') notify.info(`${result.opponent} won this one`);
  else notify.info(`Draw with ${result.opponent}: both buy-ins returned`);
}

export function RpsPage() {
  const { user } = useSession();
  const live = useLiveConnected();
  // Spec section 9: a 3 s poll, needed only while live events cannot arrive.
  const poll = live ? false : RPS_POLL_MS;
  const invites = useRpsInvites(poll);
  const challenges = useRpsChallenges(poll);
  const history = useRpsHistory(poll);
  const progress = useGamesProgress();
  const playMutation = useRpsPlayMutation();
  const cancelMutation = useRpsCancelMutation();
  const afterCoinsMoved = useAfterCoinsMoved();

  const [opponent, setOpponent] = useState('');
  const [buyIn, setBuyIn] = useState('10');
  const [move, setMove] = useState<RpsMove | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [betError, setBetError] = useState<string | null>(null);
  /** Why the last challenge was refused (balance, server), beside the Challenge button. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const playGuard = useActionGuard();
  const [accepting, setAccepting] = useState<RpsInviteDto | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const moveRefs = useRef<(HTMLButtonElement | null)[]>([]);
  /** Ids of our challenges seen waiting on this page: when one shows up in history, it resolved. */
  const watching = useRef(new Set<string>());

  useEffect(() => {
    for (const c of challenges.data ?? []) watching.current.add(c._id);
  }, [challenges.data]);

  useEffect(() => {
    const done = (history.data ?? []).find((h) => watching.current.has(h._id));
    if (!done) return;
    for (const h of history.data ?? []) watching.current.delete(h._id);
    const next: Result = {
      duelId: done._id,
      opponent: done.opponent,
      userPick: done.yourPick,
      oppPick: done.theirPick,
      outcome: done.outcome,
      balance: null,
    };
    setResult(next);
    announce(next);
    // The payout may have reached us without a live balance message (socket down): read it again.
    void afterCoinsMoved();
  }, [history.data, afterCoinsMoved]);

  const open = challenges.data ?? [];
  const now = useNow(open.length > 0);

  function focusMove(index: number) {
    moveRefs.current[index]?.focus();
  }

  function onAccept(invite: RpsInviteDto) {
    setOpponent(invite.fromUsername);
    setBuyIn(String(invite.buyIn));
    setAccepting(invite);
    setFormError(null);
    setBetError(null);
    focusMove(Math.max(0, move ? RPS_MOVES.indexOf(move) : 0));
  }

  function onMoveKey(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const step =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? -1
          : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (index + step + RPS_MOVES.length) % RPS_MOVES.length;
    setMove(RPS_MOVES[next]!);
    focusMove(next);
  }

  async function onChallenge(event: FormEvent) {
    event.preventDefault();
    const name = opponent.trim();
    if (!name || !move) {
      setFormError(RPS_VALIDATION_TEXT);
      return;
    }
    const bet = Number(buyIn);
    if (buyIn.trim() === '' || !Number.isInteger(bet) || bet < 1) {
      setBetError('Bet must be at least 1');
      return;
    }
    if (bet > RPS_MAX_BUY_IN) {
      setBetError(`Bet must be at most ${formatCoins(RPS_MAX_BUY_IN)}`);
      return;
    }
    setFormError(null);
    setBetError(null);
    setRefusal(null);
    if (bet > (user?.balance ?? 0)) {
      setRefusal(INSUFFICIENT_BALANCE);
      return;
    }
    await playGuard.run(async () => {
      try {
        const r = await playMutation.mutateAsync({
          opponentUsername: name,
          buyIn: bet,
          userChoice: move,
        });
        setAccepting(null);
        if (r.status === 'resolved') {
          const next: Result = {
            duelId: r.duelId,
            opponent: name,
            userPick: r.userPick,
            oppPick: r.oppPick,
            outcome: r.outcome,
            balance: r.balance,
          };
          setResult(next);
          announce(next);
        } else {
          watching.current.add(r.duelId);
          setResult(null);
          notify.success(`Challenge sent to ${name}`);
        }
      } catch (error) {
        const text = errorMessage(error, 'Error!');
        setRefusal(text);
        notify.error(text);
      }
    });
  }

  async function onCancel(challenge: RpsChallengeDto) {
    try {
      await cancelMutation.mutateAsync(challenge._id);
      watching.current.delete(challenge._id);
      notify.success(
        `Challenge to ${challenge.toUsername} canceled; ${formatCoins(challenge.buyIn)} coins returned`,
      );
    } catch (error) {
      notify.error(errorMessage(error, 'Error!'));
    }
  }

  const stats = progress.data?.rpsStats;
  const shownBalance = user?.balance ?? 0;
  const answering =
    accepting && accepting.fromUsername === opponent.trim() && String(accepting.buyIn) === buyIn
      ? accepting
      : null;

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-end gap-3">
        <div className="mr-auto">
          <h1 className="font-display text-3xl font-extrabold text-white sm:text-4xl">
            Rock Paper Scissors
          </h1>
          <p className="mt-1 text-slate-400">
            Challenge a player for a buy-in. Your move is locked in by a commitment you can check
            afterwards.
          </p>
        </div>
        <p className="text-lg font-semibold text-white" data-testid="rps-stats">
          {/* No figures before they are known: a 0 there read as 'never played'. */}
          Wins: <span data-testid="rps-wins">
            {progress.isPending ? '…' : (stats?.wins ?? 0)}
          </span>{' '}
          / Games:{' '}
          <span data-testid="rps-games">{progress.isPending ? '…' : (stats?.games ?? 0)}</span>
        </p>
      </header>

      <div className="grid gap-6 lg:grid-cols-2">
        <section
          className="card flex min-w-0 flex-col gap-3 lg:self-start"
          aria-labelledby="rps-invites-title"
        >
          <h2 id="rps-invites-title" className="section-title">
            Incoming challenges
          </h2>
          {invites.isPending ? (
            <LoadingState />
          ) : invites.error ? (
            <ErrorBanner>{errorMessage(invites.error, 'Error!')}</ErrorBanner>
          ) : invites.data.length === 0 ? (
            <EmptyState>No challenges for you right now.</EmptyState>
          ) : (
            <ul className="flex flex-col gap-2" aria-label="Incoming challenges">
              {invites.data.map((invite) => (
                <li
                  key={invite._id}
                  className="flex flex-wrap items-center gap-3 rounded-xl border border-white/10 bg-slate-950/40 p-3"
                  data-testid="rps-invite"
                >
                  <div className="min-w-0 flex-1">
                    <p className="break-words text-white">
                      <span className="font-semibold">{invite.fromUsername}</span> challenges you
                      for{' '}
                      <span className="font-semibold text-amber-200">
                        {formatCoins(invite.buyIn)}
                      </span>{' '}
                      coins
                    </p>
                    <p
                      className="break-all font-mono text-xs text-slate-400"
                      title="SHA-256 of their move and a secret salt"
                    >
                      Commitment: {invite.commitment}
                    </p>
                  </div>
                  <button
                    type="button"
                    className="btn-primary"
                    onClick={() => onAccept(invite)}
                    aria-label={`Accept ${invite.fromUsername}'s challenge`}
                  >
                    Accept
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>

        <form
          className="card flex min-w-0 flex-col gap-3"
          onSubmit={(e) => void onChallenge(e)}
          noValidate
          aria-labelledby="rps-form-title"
        >
          <h2 id="rps-form-title" className="section-title">
            Challenge
          </h2>
          <p className="text-sm text-slate-300">
            Balance:{' '}
            <span className="font-semibold text-emerald-300">{formatCoins(shownBalance)}</span>{' '}
            coins
          </p>
          <TextField
            id="rps-opponent"
            label="Opponent username"
            value={opponent}
            onValueChange={(v) => {
              setOpponent(v);
              setFormError(null);
            }}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={20}
            error={formError !== null && opponent.trim() === ''}
            aria-describedby={formError ? 'rps-form-error' : undefined}
          />
          <CoinInput
            id="rps-bet"
            label="Bet amount"
            value={buyIn}
            onValueChange={(v) => {
              setBuyIn(v);
              setBetError(null);
              setRefusal(null);
            }}
            min={1}
            max={RPS_MAX_BUY_IN}
            error={betError}
            aria-describedby={refusal ? 'rps-refusal' : undefined}
          />
          <div>
            <p id="rps-move-label" className="label">
              Your move
            </p>
            <div
              role="radiogroup"
              aria-labelledby="rps-move-label"
              aria-describedby={formError ? 'rps-form-error' : undefined}
              className="grid grid-cols-3 gap-2"
            >
              {RPS_MOVES.map((m, index) => {
                const checked = move === m;
                return (
                  <button
                    key={m}
                    ref={(el) => {
                      moveRefs.current[index] = el;
                    }}
                    type="button"
                    role="radio"
                    aria-checked={checked}
                    aria-label={MOVE_NAME[m]}
                    tabIndex={checked || (move === null && index === 0) ? 0 : -1}
                    onClick={() => {
                      setMove(m);
                      setFormError(null);
                    }}
                    onKeyDown={(e) => onMoveKey(e, index)}
                    data-testid={`rps-move-${m}`}
                    className={`flex flex-col items-center gap-1 rounded-2xl border-2 px-2 py-3 text-sm font-semibold transition ${
                      checked
                        ? 'border-amber-300 bg-amber-400/15 text-white'
                        : 'border-white/10 bg-slate-950/40 text-slate-300 hover:border-white/30'
                    }`}
                  >
                    <span aria-hidden="true" className="text-4xl leading-none sm:text-5xl">
                      <Emoji char={MOVE_ICON[m]} />
                    </span>
                    {MOVE_NAME[m]}
                  </button>
                );
              })}
            </div>
          </div>
          {answering && (
            <p className="break-all text-xs text-slate-400" data-testid="rps-answering">
              Answering {answering.fromUsername}&apos;s challenge. Their move is locked in:{' '}
              {answering.commitment}
            </p>
          )}
          {formError && (
            <p id="rps-form-error" role="alert" className="text-sm text-rose-300">
              {formError}
            </p>
          )}
          <button
            type="submit"
            className="btn-primary"
            disabled={playMutation.isPending || playGuard.quiet}
          >
            {playMutation.isPending ? 'Challenging…' : 'Challenge'}
          </button>
          {refusal && (
            <p
              id="rps-refusal"
              role="alert"
              className="text-sm font-semibold text-rose-300"
              data-testid="rps-refusal"
            >
              {refusal}
            </p>
          )}
        </form>
      </div>

      <section
        aria-label="Result"
        aria-live="polite"
        className={result ? 'card' : 'sr-only'}
        data-testid="rps-result"
      >
        {result && (
          <div className="flex flex-wrap items-center gap-4">
            <p
              className={`font-display text-2xl font-bold ${OUTCOME_CLASS[result.outcome]}`}
              data-testid="rps-outcome"
            >
              {OUTCOME_TEXT[result.outcome]}
            </p>
            <p className="text-slate-200">
              You:{' '}
              <span aria-hidden="true">
                <Emoji char={MOVE_ICON[result.userPick]} />
              </span>{' '}
              {MOVE_NAME[result.userPick]} · <span className="break-all">{result.opponent}</span>:{' '}
              <span aria-hidden="true">
                <Emoji char={MOVE_ICON[result.oppPick]} />
              </span>{' '}
              {MOVE_NAME[result.oppPick]}
            </p>
            <p className="text-slate-300">
              Balance:{' '}
              <span className="font-semibold text-emerald-300">
                {formatCoins(result.balance ?? shownBalance)}
              </span>
            </p>
          </div>
        )}
      </section>

      {open.length > 0 && (
        <section className="card flex flex-col gap-2" aria-labelledby="rps-waiting-title">
          <h2 id="rps-waiting-title" className="section-title">
            Your open challenges
          </h2>
          <ul className="flex flex-col gap-2">
            {open.map((c) => (
              <li
                key={c._id}
                className="flex flex-wrap items-center gap-3 rounded-xl border border-white/10 bg-slate-950/40 p-3"
                data-testid="rps-waiting"
              >
                <div className="min-w-0 flex-1">
                  <p className="break-words font-semibold text-white">Waiting for {c.toUsername}</p>
                  <p className="text-sm text-slate-400">
                    {formatCoins(c.buyIn)} coins · you picked{' '}
                    <span aria-hidden="true">
                      <Emoji char={MOVE_ICON[c.userPick]} />
                    </span>{' '}
                    {MOVE_NAME[c.userPick]} · expires in{' '}
                    <span className="font-mono" data-testid="rps-expiry">
                      {formatHms(Math.max(0, new Date(c.expiresAt).getTime() - now))}
                    </span>
                  </p>
                </div>
                <button
                  type="button"
                  className="btn-secondary"
                  disabled={cancelMutation.isPending}
                  onClick={() => void onCancel(c)}
                  aria-label={`Cancel challenge to ${c.toUsername}`}
                >
                  Cancel
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className="card flex flex-col gap-3" aria-labelledby="rps-history-title">
        <h2 id="rps-history-title" className="section-title">
          Recent Matches
        </h2>
        {history.isPending ? (
          <LoadingState />
        ) : history.error ? (
          <ErrorBanner>{errorMessage(history.error, 'Error!')}</ErrorBanner>
        ) : history.data.length === 0 ? (
          <EmptyState>No matches yet.</EmptyState>
        ) : (
          <ul className="flex flex-col gap-2" aria-label="Recent matches">
            {history.data.map((match) => (
              <MatchRow key={match._id} match={match} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
