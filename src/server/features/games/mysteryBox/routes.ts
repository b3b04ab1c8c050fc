import type { Deps } from '../../../platform/deps';
import { defineHandlers } from '../../../platform/routing';
import { boxes, open, sell } from './service';

export const mysteryBoxHandlers = (deps: Deps) =>
  defineHandlers('mysteryBox', {
    'GET /api/games/mystery-box': async () => boxes(deps),
    'POST /api/games/mystery-box/open': async ({ user, body }) =>
      open(deps, user.id, user.username, body.boxId, body.count),
    'POST /api/games/mystery-box/sell': async ({ user, body }) =>
      sell(deps, user.id, body.itemId, body.quantity),
  });
