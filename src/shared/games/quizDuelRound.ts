import { defineRoundGame, numberList } from './roundGame';
import { pickQuestions, QUIZ_QUESTIONS } from './quizDuel';

/** A quiz duel's questions: seven distinct positions in the question bank, from the challenger's stream. */
export const quizDuelRound = defineRoundGame({
  game: 'quiz-duel',
  label: 'Quiz duel questions',
  example: { bankSize: 1000, count: QUIZ_QUESTIONS },
  replay: (serverSeed, clientSeed, nonce, params) => ({ questions: pickQuestions(serverSeed, clientSeed, nonce, params) }),
  describe: (replay) => `questions at positions ${numberList(replay.questions, 'questions').join(', ')} of the bank`,
  summary: (round) => `${Array.isArray(round.outcome.questions) ? round.outcome.questions.length : '?'} questions drawn`,
  paidFrom: 'the duel is decided by the answers; the round only draws the questions',
});
