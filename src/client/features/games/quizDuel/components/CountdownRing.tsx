import { QUIZ_QUESTION_MS } from '../../../../../shared/games/quizDuel/rules';
import { secondsLeft } from '../quizDuelView';

const RADIUS = 26;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * A question's clock: a ring that empties over its 15 s with the whole seconds left inside.
 * With reduced motion only the number shows. It never speaks; QuestionCard announces 10 and 5 s.
 */
export function CountdownRing({
  until,
  now,
  reducedMotion,
}: {
  until: number;
  now: number;
  reducedMotion: boolean;
}) {
  const msLeft = Math.max(0, until - now);
  const seconds = secondsLeft(until, now);
  const fraction = Math.min(1, msLeft / QUIZ_QUESTION_MS);
  const urgent = seconds <= 5;
  return (
    <div className="relative size-16 shrink-0" data-testid="quiz-timer">
      {reducedMotion ? (
        <span
          aria-hidden="true"
          className={`absolute inset-0 rounded-full border-4 ${urgent ? 'border-rose-400/70' : 'border-white/20'}`}
        />
      ) : (
        <svg viewBox="0 0 64 64" className="size-16 -rotate-90" aria-hidden="true">
          <circle
            cx="32"
            cy="32"
            r={RADIUS}
            fill="none"
            strokeWidth="6"
            className="stroke-white/10"
          />
          <circle
            cx="32"
            cy="32"
            r={RADIUS}
            fill="none"
            strokeWidth="6"
            strokeLinecap="round"
            strokeDasharray={CIRCUMFERENCE}
            strokeDashoffset={CIRCUMFERENCE * (1 - fraction)}
            className={urgent ? 'stroke-rose-400' : 'stroke-amber-300'}
            style={{ transition: 'stroke-dashoffset 250ms linear' }}
          />
        </svg>
      )}
      <p
        role="timer"
        className={`absolute inset-0 flex items-center justify-center font-mono text-xl font-bold ${urgent ? 'text-rose-200' : 'text-white'}`}
      >
        <span data-testid="quiz-seconds">{seconds}</span>
        <span className="sr-only"> seconds left</span>
      </p>
    </div>
  );
}
