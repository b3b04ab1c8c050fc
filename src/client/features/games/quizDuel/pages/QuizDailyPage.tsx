import { QUIZ_QUESTIONS } from '../../../../../shared/games/quizDuel/rules';
import { ErrorBanner, LoadingState } from '../../../../components/States';
import { errorMessage } from '../../../../lib/errorMessages';
import { formatCoins, formatDay } from '../../../../lib/format';
import { notify } from '../../../../lib/toast';
import { useReducedMotion } from '../../public';
import { QuestionSummary } from '../components/QuestionSummary';
import { QuizNav } from '../components/QuizNav';
import { QuizPlay } from '../components/QuizPlay';
import { ScoreBars } from '../components/ScoreBars';
import { SeedCheck } from '../components/SeedCheck';
import { ShareCard } from '../components/ShareCard';
import { useDailyAnswerMutation, useDailyStartMutation } from '../mutations';
import { useQuizDaily } from '../queries';
import { LOAD_FAILED, nextChangeAt, playPhase } from '../quizDuelView';
import { useServerNow } from '../serverClock';
import { useAnswerSender } from '../useAnswerSender';
import { useRefetchAt } from '../useRefetchAt';
import { CalendarDays } from 'lucide-react';

export const DAILY_RULES =
  '7 questions drawn for you today (UTC). 5 coins per right answer on your first play.';

/**
 * Issues 23 and 34, the daily quiz: seven questions drawn for each player on a UTC day, self-paced
 * like an asynchronous duel, then the score, the answers, the reward, the personal best and a
 * share card to copy.
 */
export function QuizDailyPage() {
  const daily = useQuizDaily();
  const start = useDailyStartMutation();
  const answer = useDailyAnswerMutation();
  const { sending, onAnswer } = useAnswerSender(answer.mutateAsync, () => void daily.refetch());
  const reducedMotion = useReducedMotion();

  const data = daily.data;
  const playing = data !== undefined && data.startAt !== null && !data.done;
  const now = useServerNow(playing ? 250 : null);
  const phase = playing ? playPhase(data.startAt, data.questions, now) : null;
  const changeAt = playing ? nextChangeAt(data.startAt, data.questions, data.serverTime) : null;
  useRefetchAt(changeAt, 300, () => void daily.refetch(), daily.dataUpdatedAt);

  async function onStart() {
    try {
      await start.mutateAsync();
    } catch (error) {
      notify.error(errorMessage(error, LOAD_FAILED));
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-3">
        <div>
          <h1 className="font-display text-3xl font-extrabold text-white sm:text-4xl">
            <CalendarDays className="mr-1.5" />
            Daily quiz
          </h1>
          <p className="mt-1 text-slate-400" data-testid="quiz-daily-rules">
            {DAILY_RULES}
          </p>
        </div>
        <QuizNav />
      </header>
      {daily.isError && !data ? (
        <ErrorBanner>{errorMessage(daily.error, LOAD_FAILED)}</ErrorBanner>
      ) : !data ? (
        <LoadingState>Loading today&apos;s quiz…</LoadingState>
      ) : data.startAt === null ? (
        <section
          className="card flex flex-col items-start gap-3"
          aria-labelledby="quiz-daily-start-title"
        >
          <h2 id="quiz-daily-start-title" className="section-title">
            Today&apos;s quiz · {formatDay(data.day)}
          </h2>
          <p className="text-slate-300">
            {QUIZ_QUESTIONS} questions, 15 seconds each. The first opens 3 seconds after you press
            Start; each next one 3 seconds after you answer.
          </p>
          <button
            type="button"
            className="btn-primary"
            onClick={() => void onStart()}
            disabled={start.isPending}
            data-testid="quiz-daily-start"
          >
            {start.isPending ? 'Starting…' : 'Start'}
          </button>
          {data.best !== null && (
            <p className="text-sm text-slate-400">Your best: {data.best} points</p>
          )}
        </section>
      ) : data.done ? (
        <section
          className="card flex min-w-0 flex-col gap-4"
          aria-labelledby="quiz-daily-done-title"
          data-testid="quiz-daily-result"
        >
          <h2 id="quiz-daily-done-title" className="section-title">
            Today&apos;s score: <span data-testid="quiz-daily-score">{data.score}</span> points
          </h2>
          <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-slate-300 sm:grid-cols-3">
            <div>
              <dt className="inline">Right: </dt>
              <dd className="inline font-semibold text-white" data-testid="quiz-daily-right">
                {data.right}/{QUIZ_QUESTIONS}
              </dd>
            </div>
            <div>
              <dt className="inline">Reward: </dt>
              <dd className="inline font-semibold text-emerald-300" data-testid="quiz-daily-reward">
                {formatCoins(data.reward)} coins
              </dd>
            </div>
            <div>
              <dt className="inline">Personal best: </dt>
              <dd className="inline font-semibold text-white" data-testid="quiz-daily-best">
                {data.best ?? data.score} points
              </dd>
            </div>
          </dl>
          {data.shareCard && <ShareCard text={data.shareCard} />}
          <h3 className="section-title">Questions</h3>
          <QuestionSummary questions={data.questions} />
          <SeedCheck daily={data} />
        </section>
      ) : (
        <>
          {phase && (
            <QuizPlay
              phase={phase}
              now={now}
              reducedMotion={reducedMotion}
              sending={sending}
              onAnswer={(q, choice) => void onAnswer(q, choice)}
              answersWhen="when you finish"
            />
          )}
          <ScoreBars yours={data.score} />
        </>
      )}
      {data && !data.done && <SeedCheck daily={data} />}
    </div>
  );
}
