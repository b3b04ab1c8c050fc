import type { Deps } from '../../../platform/deps';
import { defineHandlers } from '../../../platform/routing';
import * as service from './service';

export const coinTycoonHandlers = (deps: Deps) =>
  defineHandlers('coinTycoon', {
    'GET /api/games/coin-tycoon': async ({ user }) => service.view(deps, user.id),
    'POST /api/games/coin-tycoon/buy': async ({ user, body }) =>
      service.buy(deps, user.id, body.business, body.count),
    'POST /api/games/coin-tycoon/manager': async ({ user, body }) =>
      service.hireManager(deps, user.id, body.business),
    'POST /api/games/coin-tycoon/start': async ({ user, body }) =>
      service.startCycle(deps, user.id, body.business),
    'POST /api/games/coin-tycoon/prestige': async ({ user }) => service.prestige(deps, user.id),
    'POST /api/games/coin-tycoon/claim': async ({ user }) => service.claim(deps, user.id),
    'POST /api/games/coin-tycoon/boost': async ({ user }) => service.boost(deps, user.id),
  });
