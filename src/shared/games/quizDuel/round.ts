import { defineRoundGame, numberList } from '../engine/roundGame';
import { drawQuiz, QUIZ_CHOICES, QUIZ_QUESTIONS } from './rules';

const ordersText = (orders: unknown): string =>
  Array.isArray(orders)
    ? `; each question's answers as shown, by their index in the bank: ${orders.map((o, q) => `q${q + 1} [${numberList(o, 'orders').join(', ')}]`).join(', ')}`
    : '';

/**
 * A quiz duel's questions and the order of each one's answers: seven distinct positions in the
 * question bank, then a shuffle of each question's four answers, from the challenger's stream.
 */
export const quizDuelRound = defineRoundGame({
  game: 'quiz-duel',
  label: 'Quiz duel questions',
  example: { bankSize: 1000, count: QUIZ_QUESTIONS, choices: QUIZ_CHOICES },
  replay: (serverSeed, clientSeed, nonce, params) => ({
    ...drawQuiz(serverSeed, clientSeed, nonce, params),
  }),
  describe: (replay) =>
    `questions at positions ${numberList(replay.questions, 'questions').join(', ')} of the bank${ordersText(replay.orders)}`,
  summary: (round) =>
    `${Array.isArray(round.outcome.questions) ? round.outcome.questions.length : '?'} questions drawn`,
  paidFrom: 'the duel is decided by the answers; the round only draws the questions',
});
