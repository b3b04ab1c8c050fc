import { QUIZ_MAX_SCORE } from '../../../../../shared/games/quizDuel/rules';

function Bar({
  label,
  score,
  testId,
  tone,
}: {
  label: string;
  score: number | null;
  testId: string;
  tone: string;
}) {
  const width = score === null ? 0 : Math.min(100, (100 * score) / QUIZ_MAX_SCORE);
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,7rem)_1fr_auto] items-center gap-2 sm:grid-cols-[minmax(0,10rem)_1fr_auto]">
      <span className="truncate text-sm font-semibold text-slate-200" title={label}>
        {label}
      </span>
      <span aria-hidden="true" className="h-3 overflow-hidden rounded-full bg-white/10">
        <span className={`block h-full rounded-full ${tone}`} style={{ width: `${width}%` }} />
      </span>
      <span className="font-mono text-sm text-white" data-testid={testId}>
        {score === null ? 'hidden' : score}
      </span>
    </div>
  );
}

/**
 * Both players' points so far. The other side's stay hidden in an asynchronous duel until it is
 * over, so nobody learns the score to beat; a solo quiz has only yours.
 */
export function ScoreBars({
  yours,
  theirs,
  theirName,
}: {
  yours: number;
  theirs?: number | null;
  theirName?: string;
}) {
  return (
    <section
      aria-label="Scores"
      className="flex flex-col gap-2 rounded-xl border border-white/10 bg-slate-950/40 p-3"
      data-testid="quiz-scores"
    >
      <Bar label="You" score={yours} testId="quiz-your-score" tone="bg-amber-300" />
      {theirName !== undefined && (
        <Bar label={theirName} score={theirs ?? null} testId="quiz-their-score" tone="bg-sky-400" />
      )}
    </section>
  );
}
