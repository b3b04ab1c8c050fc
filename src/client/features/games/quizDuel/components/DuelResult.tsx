import { Link } from 'react-router';
import type { QuizDuelDto } from '../../../../../shared/games/quizDuel/contract';
import { quizHouseCut } from '../../../../../shared/games/quizDuel/rules';
import { formatCoins } from '../../../../lib/format';
import { useRound } from '../../engine/public';
import { verifyHref } from '../../public';
import {
  OUTCOME_CLASS,
  OUTCOME_TEXT,
  QUIZ_BASE,
  theirName,
  verifyQuestionsHref,
} from '../quizDuelView';
import { QuestionSummary } from './QuestionSummary';
import { ScoreBars } from './ScoreBars';
import { Search } from 'lucide-react';

function payoutText(duel: QuizDuelDto, them: string): string {
  const { outcome, payout } = duel.result!;
  // The pot less the house's cut, said in coins: '95%' was not true of small pots, and the same-address cap can pay less.
  if (outcome === 'won' && payout !== duel.prize)
    return `You won ${formatCoins(payout)} coins (capped between players on one network; the rest went back to ${them}).`;
  if (outcome === 'won')
    return `You won ${formatCoins(payout)} coins (the pot of ${formatCoins(2 * duel.stake)} less ${formatCoins(quizHouseCut(duel.stake))} to the house).`;
  if (outcome === 'tie') return `Equal scores: your stake of ${formatCoins(payout)} coins is back.`;
  return `${them} takes the pot; your stake of ${formatCoins(duel.stake)} coins is gone.`;
}

/** The end of a duel: who won, the payout, both scores, every question, Rematch and the round's check. */
export function DuelResult({
  duel,
  onRematch,
  rematching,
}: {
  duel: QuizDuelDto;
  onRematch: () => void;
  rematching: boolean;
}) {
  const them = theirName(duel) ?? 'Your opponent';
  // The round is the challenger's (drawn from their seed); only they can read it back.
  const round = useRound(duel.you === 'challenger' ? duel.roundId : null);
  const revealed = round.data ? verifyHref(round.data) : null;
  const verify =
    duel.roundId === null
      ? null
      : (revealed ?? verifyQuestionsHref(duel.roundId, round.data ?? null));
  const outcome = duel.result!.outcome;
  return (
    <section
      className="card flex min-w-0 flex-col gap-4"
      aria-labelledby="quiz-result-title"
      data-testid="quiz-result"
    >
      <div className="flex flex-col gap-1">
        <h2
          id="quiz-result-title"
          className={`font-display text-3xl font-extrabold ${OUTCOME_CLASS[outcome]}`}
          data-testid="quiz-outcome"
        >
          {OUTCOME_TEXT[outcome]}
        </h2>
        <p className="text-slate-200" data-testid="quiz-payout">
          {payoutText(duel, them)}
        </p>
      </div>
      <ScoreBars yours={duel.yourScore} theirs={duel.theirScore} theirName={them} />
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-primary"
          onClick={onRematch}
          disabled={rematching}
          data-testid="quiz-rematch"
        >
          {rematching ? 'Challenging…' : 'Rematch'}
        </button>
        <Link to={QUIZ_BASE} className="btn-secondary">
          Back to lobby
        </Link>
        {verify && (
          <Link to={verify} className="btn-secondary" data-testid="quiz-verify">
            <Search />
            Verify questions on /fairness
          </Link>
        )}
      </div>
      <h3 className="section-title">Questions</h3>
      <QuestionSummary questions={duel.questions} theirName={them} />
    </section>
  );
}
