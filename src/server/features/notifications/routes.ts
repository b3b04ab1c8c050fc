import type { Deps } from '../../platform/deps';
import { defineHandlers } from '../../platform/routing';
import * as inbox from './inbox';

export const notificationHandlers = (deps: Deps) =>
  defineHandlers('notifications', {
    'GET /api/notifications': async ({ query, user }) => inbox.inbox(deps, user.id, query),
    'POST /api/notifications/read': async ({ body, user }) => inbox.markRead(deps, user.id, body),
    'GET /api/notifications/preferences': async ({ user }) => inbox.preferences(deps.db, user.id),
    'PUT /api/notifications/preferences': async ({ body, user }) =>
      inbox.setPreferences(deps, user.id, body.preferences),
    'DELETE /api/notifications/:id': async ({ params, user }) =>
      inbox.remove(deps, user.id, params.id),
  });
