import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type {
  QuizChallengeBody,
  QuizChallengeSummary,
  QuizDuelSummary,
} from '../../../../../shared/games/quizDuel/contract';
import {
  QUIZ_DAILY_COINS_PER_RIGHT,
  QUIZ_PRIZE_RULE,
  QUIZ_QUESTIONS,
  QUIZ_SECONDS,
} from '../../../../../shared/games/quizDuel/rules';
import { ErrorBanner, LoadingState } from '../../../../components/States';
import { errorMessage } from '../../../../lib/errorMessages';
import { formatCoins } from '../../../../lib/format';
import { useSession } from '../../../../lib/session';
import { notify } from '../../../../lib/toast';
import { formatHms } from '../../public';
import { ChallengeList } from '../components/ChallengeList';
import { DuelList } from '../components/DuelList';
import { NewDuelForm } from '../components/NewDuelForm';
import { QuizNav } from '../components/QuizNav';
import { useQuizCancelMutation, useQuizChallengeMutation, useQuizJoinMutation } from '../mutations';
import { useQuizLiveUpdates, useQuizLobby } from '../queries';
import {
  CHALLENGE_FAILED,
  DAILY_PATH,
  duelPath,
  isWaitingLive,
  JOIN_FAILED,
  LOAD_FAILED,
  liveWaitLeft,
  QUIZ_BOT_NOTE,
} from '../quizDuelView';
import { useServerNow } from '../serverClock';
import { CalendarDays, CircleQuestionMark } from 'lucide-react';
import { Emoji } from '../../../../components/Emoji';

function Stat({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className="min-w-0 rounded-xl border border-white/10 bg-slate-950/40 px-3 py-2">
      <dt className="text-xs font-medium tracking-wide text-slate-400 uppercase">{label}</dt>
      <dd className="font-display text-xl font-bold break-words text-white" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/**
 * Issue 23, the Quiz Duel lobby: a new duel (stake, mode, anyone or a named player), your live
 * challenges waiting for an opponent, invites to you, open challenges, your duels, stats and
 * limits, and the daily quiz. A waiting live challenge that someone joins opens its duel at once.
 */
export function QuizLobbyPage() {
  const navigate = useNavigate();
  const { user } = useSession();
  const lobby = useQuizLobby();
  const challenge = useQuizChallengeMutation();
  const join = useQuizJoinMutation();
  const cancel = useQuizCancelMutation();
  const [joining, setJoining] = useState<string | null>(null);
  const [canceling, setCanceling] = useState<string | null>(null);
  const now = useServerNow(1000);

  const data = lobby.data;
  const inviteIds = useMemo(
    () => new Set((data?.invites ?? []).map((i) => i._id)),
    [data?.invites],
  );
  const waiting = useMemo(
    () => (data?.duels ?? []).filter((d) => isWaitingLive(d, inviteIds)),
    [data?.duels, inviteIds],
  );

  // Live challenges of ours seen waiting: when one starts (pushed, or seen in a poll), its duel opens.
  const watched = useRef(new Set<string>());
  useEffect(() => {
    for (const d of waiting) watched.current.add(d._id);
  }, [waiting]);
  const started = (data?.duels ?? []).find(
    (d) => d.state === 'playing' && watched.current.has(d._id),
  );
  useEffect(() => {
    if (started) void navigate(duelPath(started._id));
  }, [started, navigate]);
  useQuizLiveUpdates((duel) => {
    if (duel.mode === 'live' && duel.state === 'playing' && watched.current.has(duel._id))
      void navigate(duelPath(duel._id));
  });

  async function onChallenge(body: QuizChallengeBody) {
    try {
      const made = await challenge.mutateAsync(body);
      if (made.matched) {
        notify.success(`Matched with ${made.duel.challenger}!`);
        void navigate(duelPath(made.duel._id));
      } else if (body.mode === 'live') {
        watched.current.add(made.duel._id);
        notify.success(
          body.opponentUsername
            ? `Challenge sent to ${made.duel.opponent ?? body.opponentUsername}`
            : 'Waiting for an opponent…',
        );
      } else {
        // An asynchronous challenger plays at once; the opponent plays the same questions later.
        void navigate(duelPath(made.duel._id));
      }
    } catch (error) {
      notify.error(errorMessage(error, CHALLENGE_FAILED));
    }
  }

  async function onJoin(c: QuizChallengeSummary) {
    setJoining(c._id);
    try {
      await join.mutateAsync(c._id);
      void navigate(duelPath(c._id));
    } catch (error) {
      notify.error(errorMessage(error, JOIN_FAILED));
    } finally {
      setJoining(null);
    }
  }

  async function onCancel(d: Pick<QuizDuelSummary, '_id' | 'stake'>) {
    setCanceling(d._id);
    try {
      await cancel.mutateAsync(d._id);
      watched.current.delete(d._id);
      notify.success(`Challenge canceled; ${formatCoins(d.stake)} coins returned`);
    } catch (error) {
      notify.error(errorMessage(error, 'Cancel failed'));
    } finally {
      setCanceling(null);
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-3">
        <div className="flex flex-wrap items-end gap-3">
          <div className="mr-auto min-w-0">
            <h1 className="font-display text-3xl font-extrabold text-white sm:text-4xl">
              <CircleQuestionMark className="mr-1.5" />
              Quiz Duel
            </h1>
            <p className="mt-1 text-slate-400">
              {QUIZ_QUESTIONS} questions, {QUIZ_SECONDS} s each: a right answer scores 10 plus up to
              10 for speed, the last counts double. Answer faster than your opponent.
            </p>
            <p className="mt-1 text-sm text-slate-400" data-testid="quiz-bot-note">
              {QUIZ_BOT_NOTE}
            </p>
          </div>
          {user && (
            <p className="text-lg text-slate-300">
              Balance:{' '}
              <strong className="font-mono text-emerald-300" data-testid="quiz-balance">
                <Emoji char="🪙" /> {formatCoins(user.balance)}
              </strong>
            </p>
          )}
        </div>
        <QuizNav />
      </header>

      {lobby.isError && !data ? (
        <ErrorBanner>{errorMessage(lobby.error, LOAD_FAILED)}</ErrorBanner>
      ) : !data ? (
        <LoadingState>Loading the lobby…</LoadingState>
      ) : (
        <>
          {waiting.length > 0 && (
            <section
              className="card flex flex-col gap-2 border-amber-300/40"
              aria-labelledby="quiz-waiting-title"
            >
              <h2 id="quiz-waiting-title" className="section-title">
                Waiting for an opponent…
              </h2>
              <ul className="flex flex-col gap-2">
                {waiting.map((d) => (
                  <li
                    key={d._id}
                    className="flex flex-wrap items-center gap-3 rounded-xl border border-white/10 bg-slate-950/40 p-3"
                    data-testid="quiz-waiting"
                    data-duel={d._id}
                  >
                    <p className="min-w-0 flex-1 break-words text-white">
                      {d.opponent ? `Waiting for ${d.opponent}` : 'Waiting for an opponent…'} ·{' '}
                      {formatCoins(d.stake)} coins · time left{' '}
                      <span className="font-mono" data-testid="quiz-waiting-left">
                        {formatHms(liveWaitLeft(d, now))}
                      </span>
                    </p>
                    <button
                      type="button"
                      className="btn-secondary"
                      disabled={canceling !== null}
                      onClick={() => void onCancel(d)}
                      aria-label={
                        d.opponent
                          ? `Cancel your challenge to ${d.opponent}`
                          : 'Cancel finding an opponent'
                      }
                    >
                      Cancel
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
            <NewDuelForm
              balance={user?.balance}
              busy={challenge.isPending}
              onChallenge={(body) => void onChallenge(body)}
            />
            <div className="flex min-w-0 flex-col gap-6">
              <section
                className="card flex flex-col gap-3"
                aria-labelledby="quiz-daily-title"
                data-testid="quiz-daily-card"
              >
                <h2 id="quiz-daily-title" className="section-title">
                  <CalendarDays className="mr-1.5" />
                  Daily quiz
                </h2>
                <p className="text-slate-300">
                  {QUIZ_QUESTIONS} questions drawn for you today; {QUIZ_DAILY_COINS_PER_RIGHT} coins
                  per right answer on your first play.
                </p>
                <Link to={DAILY_PATH} className="btn-primary self-start">
                  Play the daily quiz
                </Link>
              </section>
              <section className="card flex flex-col gap-3" aria-labelledby="quiz-stats-title">
                <h2 id="quiz-stats-title" className="section-title">
                  Your stats
                </h2>
                <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
                  <Stat label="Wins" testId="quiz-wins">
                    {data.stats.wins}
                  </Stat>
                  <Stat label="Games" testId="quiz-games">
                    {data.stats.games}
                  </Stat>
                  <Stat label="Daily best" testId="quiz-daily-best">
                    {data.stats.dailyBest ?? '—'}
                  </Stat>
                </dl>
                <p className="text-sm text-slate-400" data-testid="quiz-limits">
                  {QUIZ_PRIZE_RULE} Won today: {formatCoins(data.limits.wonToday)} of a daily cap of{' '}
                  {formatCoins(data.limits.dailyWinCap)} coins. Stakes from{' '}
                  {formatCoins(data.limits.minStake)} to {formatCoins(data.limits.maxStake)}.
                  Players on one network may duel each other, but win at most{' '}
                  {formatCoins(data.limits.sameAddressWinCap)} coins a day from each other; the rest
                  of the pot goes back to the loser.
                </p>
              </section>
            </div>
          </div>
          <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
            <ChallengeList
              title="Invites to you"
              testId="quiz-invite"
              challenges={data.invites}
              empty="No invites right now."
              now={now}
              joining={joining}
              onJoin={(c) => void onJoin(c)}
            />
            <ChallengeList
              title="Open challenges"
              testId="quiz-open-challenge"
              challenges={data.openChallenges}
              empty="No open challenges. Post one!"
              now={now}
              joining={joining}
              onJoin={(c) => void onJoin(c)}
            />
          </div>
          <DuelList
            duels={data.duels}
            inviteIds={inviteIds}
            now={now}
            canceling={canceling}
            onCancel={(d) => void onCancel(d)}
          />
        </>
      )}
    </div>
  );
}
