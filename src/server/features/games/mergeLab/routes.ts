import type { Deps } from '../../../platform/deps';
import { defineHandlers } from '../../../platform/routing';
import * as service from './service';

export const mergeLabHandlers = (deps: Deps) =>
  defineHandlers('mergeLab', {
    'GET /api/games/merge-lab': async ({ user }) => service.view(deps, user.id),
    'POST /api/games/merge-lab/tap': async ({ user }) => service.tap(deps, user.id),
    'POST /api/games/merge-lab/merge': async ({ user, body }) =>
      service.merge(deps, user.id, body.from, body.to),
    'POST /api/games/merge-lab/move': async ({ user, body }) =>
      service.move(deps, user.id, body.from, body.to),
    'POST /api/games/merge-lab/sell': async ({ user, body }) =>
      service.sell(deps, user.id, body.cell),
    'POST /api/games/merge-lab/deliver': async ({ user, body }) =>
      service.deliver(deps, user.id, body.order, body.cell),
  });
