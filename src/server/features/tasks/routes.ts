import type { Deps } from '../../platform/deps';
import { defineHandlers } from '../../platform/routing';
import * as service from './service';

export const taskHandlers = (deps: Deps) =>
  defineHandlers('tasks', {
    'GET /api/tasks': async ({ user }) => service.listTasks(deps, user.id),
    'POST /api/tasks/complete': async ({ body, user }) =>
      service.completeTask(deps, user.id, body.taskId),
    'POST /api/tasks/create': async ({ body, user }) => service.createTask(deps, user.id, body),
    'POST /api/tasks/:id/retire': async ({ params, user }) =>
      service.retireTask(deps, user.id, params.id),
  });
