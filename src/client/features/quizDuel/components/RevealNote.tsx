import type { QuizQuestionDto } from '../../../../shared/api/quizDuel';

/** What a closed question meant for you (and, live, for the other side): the reveal's words. */
export function RevealNote({ question, theirName, showTheirs }: { question: QuizQuestionDto; theirName?: string | null; showTheirs: boolean }) {
  const answer = question.answer === null ? null : question.choices[question.answer];
  const right = question.yourChoice !== null && question.yourChoice === question.answer;
  return (
    <>
      <p className={`font-semibold ${right ? 'text-emerald-300' : 'text-rose-300'}`} data-testid="quiz-reveal">
        {question.yourChoice === null
          ? `Time's up — the answer was ${answer}.`
          : right
            ? `Right! +${question.yourPoints ?? 0} points`
            : `Wrong — the answer was ${answer}.`}
      </p>
      {showTheirs && (
        <p className="text-slate-300" data-testid="quiz-their-reveal">
          {question.theirChoice === null
            ? `${theirName ?? 'Your opponent'} did not answer.`
            : `${theirName ?? 'Your opponent'} picked ${question.choices[question.theirChoice]} (+${question.theirPoints ?? 0}).`}
        </p>
      )}
    </>
  );
}
