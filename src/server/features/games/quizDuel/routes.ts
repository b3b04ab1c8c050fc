import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../../platform/deps';
import { defineHandlers } from '../../../platform/routing';
import { recordAddress } from '../engine/public';
import { answerDaily, daily, startDaily } from './daily';
import * as quiz from './service';

export const quizDuelHandlers = (deps: Deps) => {
  // Every call that can start or join a duel, and the lobby, notes the caller's address (hashed)
  // for the same-address cap; answers and reads of one duel do not need to.
  const seen = (userId: number, request: FastifyRequest) => recordAddress(deps, userId, request.ip);
  return defineHandlers('quizDuel', {
    'GET /api/games/quiz-duel': async ({ user, request }) => {
      await seen(user.id, request);
      return quiz.lobby(deps, user.id);
    },
    'POST /api/games/quiz-duel/challenge': async ({ user, body, request }) => {
      await seen(user.id, request);
      return quiz.challenge(deps, user.id, body);
    },
    'POST /api/games/quiz-duel/:id/join': async ({ user, params, request }) => {
      await seen(user.id, request);
      return quiz.join(deps, user.id, params.id);
    },
    'POST /api/games/quiz-duel/:id/cancel': async ({ user, params }) =>
      quiz.cancel(deps, user.id, params.id),
    'GET /api/games/quiz-duel/:id': async ({ user, params }) =>
      quiz.duelView(deps, user.id, params.id),
    'POST /api/games/quiz-duel/:id/answer': async ({ user, params, body }) =>
      quiz.answer(deps, user.id, params.id, body),
    'GET /api/games/quiz-duel/daily': async ({ user }) => daily(deps, user.id),
    'POST /api/games/quiz-duel/daily/start': async ({ user }) => startDaily(deps, user.id),
    'POST /api/games/quiz-duel/daily/answer': async ({ user, body }) =>
      answerDaily(deps, user.id, body),
  });
};
