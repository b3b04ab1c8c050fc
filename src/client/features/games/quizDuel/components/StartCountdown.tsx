import { secondsLeft } from '../quizDuelView';

/** The big 3-2-1 before a first question, so both players (or you alone) start together. */
export function StartCountdown({
  until,
  now,
  label,
}: {
  until: number;
  now: number;
  label: string;
}) {
  const seconds = Math.max(1, secondsLeft(until, now));
  return (
    <section
      className="card flex flex-col items-center gap-2 py-10 text-center"
      aria-label="Countdown"
      data-testid="quiz-countdown"
    >
      <p className="text-slate-300">{label}</p>
      <p
        className="font-display text-8xl leading-none font-extrabold text-amber-300"
        aria-hidden="true"
        data-testid="quiz-countdown-number"
      >
        {seconds}
      </p>
      <p className="sr-only" aria-live="polite">
        Starting in {seconds}
      </p>
    </section>
  );
}
