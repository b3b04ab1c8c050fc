import type { Deps } from '../../platform/deps';
import { defineHandlers } from '../../platform/routing';
import * as service from './service';

export const achievementHandlers = (deps: Deps) =>
  defineHandlers('achievements', {
    'GET /api/achievements': async ({ user }) => service.listAchievements(deps, user.id),
    'POST /api/achievements/complete': async ({ body, user }) =>
      service.claimAchievement(deps, user.id, body.achievementId),
    'POST /api/achievements/create': async ({ body, user }) =>
      service.createAchievement(deps, user.id, body),
    'POST /api/achievements/:id/retire': async ({ params, user }) =>
      service.retireAchievement(deps, user.id, params.id),
  });
