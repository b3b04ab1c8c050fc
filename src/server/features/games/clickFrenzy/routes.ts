import type { Deps } from '../../../platform/deps';
import { defineHandlers } from '../../../platform/routing';
import { click, frenzyStats } from './service';

export const clickFrenzyHandlers = (deps: Deps) =>
  defineHandlers('clickFrenzy', {
    'GET /api/games/click-frenzy': async ({ user }) => frenzyStats(deps, user.id),
    'POST /api/games/click-frenzy': async ({ user, body }) => click(deps, user.id, body.emoji),
  });
