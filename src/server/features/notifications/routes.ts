import type { Deps } from '../../platform/deps';
import { defineHandlers } from '../../platform/routing';
import * as email from './email';
import * as inbox from './inbox';
import * as subscriptions from './subscriptions';
import { vapidKeys } from './vapid';

export const notificationHandlers = (deps: Deps) =>
  defineHandlers('notifications', {
    'GET /api/notifications': async ({ query, user }) => inbox.inbox(deps, user.id, query),
    'POST /api/notifications/read': async ({ body, user }) => inbox.markRead(deps, user.id, body),
    'GET /api/notifications/preferences': async ({ user }) => inbox.preferences(deps.db, user.id),
    'PUT /api/notifications/preferences': async ({ body, user }) =>
      inbox.setPreferences(deps, user.id, body.preferences),
    'DELETE /api/notifications/:id': async ({ params, user }) =>
      inbox.remove(deps, user.id, params.id),
    'GET /api/push/key': async () => ({ publicKey: (await vapidKeys(deps)).publicKey }),
    'POST /api/push/subscriptions': async ({ body, user }) =>
      subscriptions.subscribe(deps, user.id, body),
    'POST /api/push/subscriptions/renew': async ({ body }) => subscriptions.renew(deps, body),
    'DELETE /api/push/subscriptions': async ({ body, user }) =>
      subscriptions.unsubscribe(deps, user.id, body.endpoint),
    'GET /api/user/email': async ({ user }) => email.address(deps, user.id),
    'POST /api/user/email': async ({ body, user }) => email.saveAddress(deps, user, body.email),
    'DELETE /api/user/email': async ({ user }) => email.removeAddress(deps, user.id),
    'GET /api/user/email/confirm': async ({ query }) => email.confirm(deps, query.token),
    'GET /api/notifications/unsubscribe': async ({ query }) =>
      email.describeUnsubscribe(deps, query),
    'POST /api/notifications/unsubscribe': async ({ query }) => email.unsubscribe(deps, query),
  });
