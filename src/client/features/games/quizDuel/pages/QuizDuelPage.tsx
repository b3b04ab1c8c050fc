import { Link, useNavigate, useParams } from 'react-router';
import type { QuizDuelDto } from '../../../../../shared/games/quizDuel/contract';
import { EmptyState, ErrorBanner, LoadingState } from '../../../../components/States';
import { ApiError } from '../../../../lib/api';
import { errorMessage } from '../../../../lib/errorMessages';
import { formatCoins } from '../../../../lib/format';
import { useLiveConnected } from '../../../../lib/liveSocket';
import { notify } from '../../../../lib/toast';
import { formatHms } from '../../public';
import { useReducedMotion } from '../../public';
import { DuelResult } from '../components/DuelResult';
import { QuestionSummary } from '../components/QuestionSummary';
import { QuizNav } from '../components/QuizNav';
import { QuizPlay } from '../components/QuizPlay';
import { ScoreBars } from '../components/ScoreBars';
import {
  useQuizAnswerMutation,
  useQuizCancelMutation,
  useQuizChallengeMutation,
  useQuizJoinMutation,
} from '../mutations';
import { isDuelId, useQuizDuel, useQuizLiveUpdates } from '../queries';
import {
  CHALLENGE_FAILED,
  duelPath,
  duelStage,
  JOIN_FAILED,
  LOAD_FAILED,
  NO_SUCH_DUEL,
  nextChangeAt,
  playPhase,
  QUIZ_BASE,
  theirName,
  type DuelStage,
} from '../quizDuelView';
import { useServerNow } from '../serverClock';
import { useAnswerSender } from '../useAnswerSender';
import { useRefetchAt } from '../useRefetchAt';
import { CircleQuestionMark } from 'lucide-react';

const MODE_NAME = { live: 'Live', async: 'Async' } as const;

function Header({ duel }: { duel?: QuizDuelDto }) {
  const them = duel ? (theirName(duel) ?? 'anyone') : null;
  return (
    <header className="flex flex-col gap-3">
      <div>
        <h1 className="font-display text-3xl font-extrabold text-white sm:text-4xl">
          <CircleQuestionMark className="mr-1.5" />
          Quiz Duel
        </h1>
        {duel && them && (
          <p className="mt-1 break-words text-slate-400" data-testid="quiz-duel-line">
            {duel.you === null ? `${duel.challenger}'s challenge` : `You vs ${them}`} ·{' '}
            {formatCoins(duel.stake)} coins each · {MODE_NAME[duel.mode]}
          </p>
        )}
      </div>
      <QuizNav />
    </header>
  );
}

/** Ticks fast while a countdown or a question's clock runs, slowly while a challenge waits. */
const tickFor = (stage: DuelStage | null): number | null =>
  stage === 'play' ? 250 : stage === 'waiting' ? 1000 : null;

/**
 * Issue 23, one quiz duel: joining it, waiting for an opponent, the 3-2-1, each question with its
 * clock and both scores, the reveals, and the result with Rematch. A live duel's views arrive over
 * the socket; a self-paced one's next question (and a live one while the socket is down) is read
 * at the moment it opens.
 */
export function QuizDuelPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const duelQuery = useQuizDuel(id);
  useQuizLiveUpdates();
  const live = useLiveConnected();
  const reducedMotion = useReducedMotion();
  const answer = useQuizAnswerMutation(id ?? '');
  const { sending, onAnswer } = useAnswerSender(answer.mutateAsync, () => void duelQuery.refetch());
  const rematch = useQuizChallengeMutation();
  const join = useQuizJoinMutation();
  const cancel = useQuizCancelMutation();

  const duel = duelQuery.data;
  const stage = duel ? duelStage(duel) : null;
  const now = useServerNow(tickFor(stage));
  const phase = duel && stage === 'play' ? playPhase(duel.startsAt, duel.questions, now) : null;
  const changeAt =
    duel && stage === 'play' ? nextChangeAt(duel.startsAt, duel.questions, duel.serverTime) : null;
  // A live duel's changes are pushed: its read is only the backstop for a lost push.
  useRefetchAt(
    changeAt,
    duel?.mode === 'live' && live ? 1500 : 300,
    () => void duelQuery.refetch(),
    duelQuery.dataUpdatedAt,
  );

  if (!isDuelId(id)) {
    return (
      <div className="flex flex-col gap-6">
        <Header />
        <EmptyState>{NO_SUCH_DUEL}</EmptyState>
      </div>
    );
  }

  async function onJoin() {
    try {
      await join.mutateAsync(id!);
    } catch (error) {
      notify.error(errorMessage(error, JOIN_FAILED));
    }
  }

  async function onCancel(current: QuizDuelDto) {
    try {
      await cancel.mutateAsync(current._id);
      notify.success(`Challenge canceled; ${formatCoins(current.stake)} coins returned`);
    } catch (error) {
      notify.error(errorMessage(error, 'Cancel failed'));
    }
  }

  async function onRematch(current: QuizDuelDto) {
    const them = theirName(current);
    if (!them) return;
    try {
      const made = await rematch.mutateAsync({
        opponentUsername: them,
        stake: current.stake,
        mode: current.mode,
      });
      notify.success(`Rematch sent to ${them}`);
      void navigate(duelPath(made.duel._id));
    } catch (error) {
      notify.error(errorMessage(error, CHALLENGE_FAILED));
    }
  }

  if (duelQuery.isPending) {
    return (
      <div className="flex flex-col gap-6">
        <Header />
        <LoadingState>Loading the duel…</LoadingState>
      </div>
    );
  }
  if (duelQuery.isError || !duel) {
    return (
      <div className="flex flex-col gap-6">
        <Header />
        {duelQuery.error instanceof ApiError && duelQuery.error.status === 404 ? (
          <EmptyState>{NO_SUCH_DUEL}</EmptyState>
        ) : (
          <ErrorBanner>{errorMessage(duelQuery.error, LOAD_FAILED)}</ErrorBanner>
        )}
        <Link to={QUIZ_BASE} className="btn-secondary self-start">
          Back to lobby
        </Link>
      </div>
    );
  }

  const them = theirName(duel);
  const scores = (
    <ScoreBars yours={duel.yourScore} theirs={duel.theirScore} theirName={them ?? 'Opponent'} />
  );

  return (
    <div className="flex flex-col gap-6">
      <Header duel={duel} />
      {stage === 'join' && (
        <section
          className="card flex flex-col gap-3"
          aria-labelledby="quiz-join-title"
          data-testid="quiz-join"
        >
          <h2 id="quiz-join-title" className="section-title">
            {duel.opponent
              ? `${duel.challenger} challenges you`
              : `${duel.challenger}'s open challenge`}
          </h2>
          <p className="text-slate-300">
            A {MODE_NAME[duel.mode].toLowerCase()} duel of 7 questions for {formatCoins(duel.stake)}{' '}
            coins each; the winner takes {formatCoins(duel.prize)}.
          </p>
          <button
            type="button"
            className="btn-primary self-start"
            onClick={() => void onJoin()}
            disabled={join.isPending}
          >
            {join.isPending ? 'Joining…' : `Join for ${formatCoins(duel.stake)} coins`}
          </button>
        </section>
      )}
      {stage === 'waiting' && (
        <section
          className="card flex flex-col gap-3"
          aria-labelledby="quiz-wait-title"
          data-testid="quiz-waiting"
        >
          <h2 id="quiz-wait-title" className="section-title">
            Waiting for {duel.opponent ?? 'an opponent'}…
          </h2>
          <p className="text-slate-300">
            The duel starts as soon as they join. Time left:{' '}
            <span className="font-mono text-white">
              {formatHms(Date.parse(duel.expiresAt) - now)}
            </span>
          </p>
          <button
            type="button"
            className="btn-secondary self-start"
            onClick={() => void onCancel(duel)}
            disabled={cancel.isPending}
          >
            Cancel
          </button>
        </section>
      )}
      {stage === 'closed' && (
        <EmptyState>
          This challenge was {duel.state === 'canceled' ? 'canceled' : 'not joined in time'}; the
          stake went back.{' '}
          <Link to={QUIZ_BASE} className="text-amber-300 underline">
            Back to lobby
          </Link>
        </EmptyState>
      )}
      {stage === 'play' && phase && (
        <>
          <QuizPlay
            phase={phase}
            now={now}
            reducedMotion={reducedMotion}
            sending={sending}
            onAnswer={(q, choice) => void onAnswer(q, choice)}
            live={duel.mode === 'live' ? { theirName: them ?? 'your opponent' } : undefined}
            answersWhen="when the duel ends"
          />
          {scores}
        </>
      )}
      {stage === 'played' && (
        <section
          className="card flex flex-col gap-3"
          aria-labelledby="quiz-played-title"
          data-testid="quiz-played"
        >
          <h2 id="quiz-played-title" className="section-title">
            Your part is done: {duel.yourScore} points
          </h2>
          <p className="text-slate-300">
            {duel.state === 'open'
              ? 'The result shows once someone joins and plays the same questions.'
              : `The result shows once ${them ?? 'your opponent'} has played the same questions.`}{' '}
            So do the right answers.
          </p>
          {scores}
          <QuestionSummary questions={duel.questions} />
          <Link to={QUIZ_BASE} className="btn-secondary self-start">
            Back to lobby
          </Link>
        </section>
      )}
      {stage === 'finished' && (
        <DuelResult
          duel={duel}
          onRematch={() => void onRematch(duel)}
          rematching={rematch.isPending}
        />
      )}
    </div>
  );
}
