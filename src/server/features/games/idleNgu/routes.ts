import type { Deps } from '../../../platform/deps';
import { defineHandlers } from '../../../platform/routing';
import * as service from './service';

export const idleNguHandlers = (deps: Deps) =>
  defineHandlers('idleNgu', {
    'GET /api/games/idle-ngu': async ({ user }) => service.view(deps, user.id),
    'POST /api/games/idle-ngu/allocate': async ({ user, body }) =>
      service.allocate(deps, user.id, body.allocations),
    'POST /api/games/idle-ngu/fight': async ({ user, body }) =>
      service.fight(deps, user.id, body.boss),
    'POST /api/games/idle-ngu/rebirth': async ({ user }) => service.rebirth(deps, user.id),
  });
