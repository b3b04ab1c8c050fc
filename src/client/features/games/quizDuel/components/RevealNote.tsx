import type { QuizQuestionDto } from '../../../../../shared/games/quizDuel/contract';

/**
 * What a closed question meant for you (and, live, the other side's points). The right answer is
 * not said: it shows when the duel (or today's quiz) is over, so it cannot be passed on meanwhile.
 */
export function RevealNote({
  question,
  theirName,
  showTheirs,
  answersWhen,
}: {
  question: QuizQuestionDto;
  theirName?: string | null;
  showTheirs: boolean;
  answersWhen: string;
}) {
  const right = question.yourCorrect === true;
  const them = theirName ?? 'Your opponent';
  return (
    <>
      <p
        className={`font-semibold ${right ? 'text-emerald-300' : 'text-rose-300'}`}
        data-testid="quiz-reveal"
      >
        {question.yourChoice === null
          ? `Time's up.`
          : right
            ? `Right! +${question.yourPoints ?? 0} points`
            : 'Wrong.'}
        {!right && (
          <span className="font-normal text-slate-400"> The answers show {answersWhen}.</span>
        )}
      </p>
      {showTheirs && question.theirPoints !== null && (
        <p className="text-slate-300" data-testid="quiz-their-reveal">
          {question.theirPoints > 0
            ? `${them} got it right (+${question.theirPoints}).`
            : `${them} scored nothing.`}
        </p>
      )}
    </>
  );
}
