import type { Deps } from '../../platform/deps';
import { defineHandlers } from '../../platform/routing';
import * as achievements from '../achievements/service';
import * as service from './service';

export const taskHandlers = (deps: Deps) => defineHandlers('tasks', {
  'GET /api/tasks': async ({ user }) => service.listTasks(deps, user.id),
  'POST /api/tasks/complete': async ({ body, user }) => service.completeTask(deps, user.id, body.taskId),
  'POST /api/tasks/create': async ({ body, user }) => service.createTask(deps, user.id, body),
  'POST /api/tasks/:id/retire': async ({ params, user }) => service.retireTask(deps, user.id, params.id),
  'GET /api/achievements': async ({ user }) => achievements.listAchievements(deps, user.id),
  'POST /api/achievements/complete': async ({ body, user }) => achievements.claimAchievement(deps, user.id, body.achievementId),
  'POST /api/achievements/create': async ({ body, user }) => achievements.createAchievement(deps, user.id, body),
  'POST /api/achievements/:id/retire': async ({ params, user }) => achievements.retireAchievement(deps, user.id, params.id),
});
