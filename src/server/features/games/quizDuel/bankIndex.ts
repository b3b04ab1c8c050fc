import { QUIZ_BANK, type QuizQuestion } from '../../../../shared/games/quizDuel/bank/bank';

/** The bank by id: a duel stores its questions' ids, which stay valid when the bank is rebuilt with more. */
const byId = new Map<string, QuizQuestion>(QUIZ_BANK.questions.map((q) => [q.id, q]));

export const bankSize = (): number => QUIZ_BANK.questions.length;

export function questionAt(position: number): QuizQuestion {
  const q = QUIZ_BANK.questions[position];
  if (!q) throw new Error(`quiz: no question at position ${position}`);
  return q;
}

export function questionById(id: string): QuizQuestion {
  const q = byId.get(id);
  if (!q) throw new Error(`quiz: question ${id} is not in the bank`);
  return q;
}
