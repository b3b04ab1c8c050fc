import type { Deps } from '../../../platform/deps';
import { defineHandlers } from '../../../platform/routing';
import * as minefield from './service';

export const minefieldHandlers = (deps: Deps) =>
  defineHandlers('minefield', {
    'POST /api/games/minefield/start': async ({ user, body }) =>
      minefield.start(deps, user.id, body),
    'POST /api/games/minefield/reveal': async ({ user, body }) =>
      minefield.reveal(deps, user.id, body.sessionId, body.cellIndex),
    'POST /api/games/minefield/cashout': async ({ user, body }) =>
      minefield.cashout(deps, user.id, body.sessionId),
    'GET /api/games/minefield/active': async ({ user }) => minefield.active(deps, user.id),
  });
