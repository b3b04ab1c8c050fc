import type { Deps } from '../../../platform/deps';
import { defineHandlers } from '../../../platform/routing';
import { flip, submit, today } from './service';

export const puzzleRushHandlers = (deps: Deps) =>
  defineHandlers('puzzleRush', {
    'GET /api/games/puzzle-rush': async ({ user }) => today(deps, user.id),
    'POST /api/games/puzzle-rush': async ({ user, body }) =>
      submit(deps, user.id, body.puzzleId, body.answer),
    'POST /api/games/puzzle-rush/flip': async ({ user, body }) =>
      flip(deps, user.id, body.puzzleId, body.index),
  });
