import type { Deps } from '../../../platform/deps';
import { defineHandlers } from '../../../platform/routing';
import { recordAddress } from '../engine/public';
import * as rps from './service';

export const rpsHandlers = (deps: Deps) =>
  defineHandlers('rps', {
    // The caller's address (hashed) for the same-address cap, as Quiz Duel records it.
    'POST /api/games/rps': async ({ user, body, request }) => {
      await recordAddress(deps, user.id, request.ip);
      return rps.play(deps, user.id, body);
    },
    'GET /api/games/rps/invites': async ({ user }) => rps.invites(deps, user.id),
    'GET /api/games/rps/challenges': async ({ user }) => rps.challenges(deps, user.id),
    'POST /api/games/rps/:id/cancel': async ({ user, params }) =>
      rps.cancel(deps, user.id, params.id),
    'GET /api/games/rps/history': async ({ user }) => rps.history(deps, user.id),
  });
