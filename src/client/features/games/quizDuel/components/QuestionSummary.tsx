import type { QuizQuestionDto } from '../../../../../shared/games/quizDuel/contract';
import { Emoji, EmojiText } from '../../../../components/Emoji';

const pick = (q: QuizQuestionDto, choice: number | null, points: number | null) =>
  choice === null ? 'no answer' : `${q.choices[choice]}${points === null ? '' : ` (+${points})`}`;

/** Every question once played: your pick and whether it was right; the right answer and their pick once the duel is over. */
export function QuestionSummary({
  questions,
  theirName,
}: {
  questions: readonly QuizQuestionDto[];
  theirName?: string | null;
}) {
  return (
    <ol className="flex flex-col gap-2" aria-label="Questions" data-testid="quiz-summary">
      {questions.map((q) => {
        const right = q.yourCorrect === true;
        return (
          <li
            key={q.index}
            className="rounded-xl border border-white/10 bg-slate-950/40 p-3 text-sm"
            data-testid="quiz-summary-row"
          >
            <p className="font-semibold break-words text-white">
              <span aria-hidden="true">
                <Emoji char={right ? '🟩' : '🟥'} />{' '}
              </span>
              {q.index + 1}. {q.prompt}
              {q.subject !== null && (
                <span className="text-slate-300">
                  {' '}
                  (<EmojiText text={q.subject} />)
                </span>
              )}
            </p>
            {q.answer !== null && (
              <p className="break-words text-slate-300">
                Answer:{' '}
                <span className="font-semibold text-emerald-300">{q.choices[q.answer]}</span>
              </p>
            )}
            <p className="break-words text-slate-300">
              You:{' '}
              <span className={right ? 'text-emerald-200' : 'text-rose-200'}>
                {pick(q, q.yourChoice, q.yourPoints)}
              </span>
              {theirName !== undefined && (
                <>
                  {' · '}
                  <span className="break-all">{theirName ?? 'Them'}</span>:{' '}
                  {pick(q, q.theirChoice, q.theirPoints)}
                </>
              )}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
