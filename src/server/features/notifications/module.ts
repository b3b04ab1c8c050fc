import { sql } from 'drizzle-orm';
import { defineModule } from '../../platform/module';
import { sendDigests } from './digest';
import { trimInboxes } from './inbox';
import { notificationListeners } from './listeners';
import { closeMail } from './mail';
import { PushSender } from './push';
import { notificationHandlers } from './routes';
import { deliverDue } from './schedule';
import { vapidKeys } from './vapid';

export const notificationsModule = defineModule({
  name: 'notifications',
  handlers: (deps) => ({ notifications: notificationHandlers(deps) }),
  listeners: () => notificationListeners(),
  sweeps: [
    { what: 'delivering scheduled notices', everyMs: 5_000, run: (deps) => deliverDue(deps) },
    { what: 'trimming inboxes', everyMs: 30_000, run: (deps) => trimInboxes(deps) },
    // Does nothing without SMTP_URL. Digests are a day apart: a few minutes' delay is nothing.
    { what: 'sending e-mail digests', everyMs: 3 * 60_000, run: (deps) => sendDigests(deps) },
  ],
  start: (deps, log) => {
    // The key pair exists from the first start (read lazily again if this fails).
    vapidKeys(deps).catch((err: unknown) => log.warn({ err }, 'web push: no VAPID keys yet'));
    const sender = new PushSender(deps, log);
    sender.start();
    return async () => {
      await sender.close();
      closeMail(deps.config);
    };
  },
  // A deleted account's inbox, choices, schedule, browsers and address go with it.
  onAccountClosed: async (tx, userId, reason) => {
    if (reason !== 'deleted') return;
    await tx.rows(sql`delete from notification_emails where user_id = ${userId}`);
    await tx.rows(sql`delete from push_subscriptions where user_id = ${userId}`);
    await tx.rows(sql`delete from notification_schedule where user_id = ${userId}`);
    await tx.rows(sql`delete from notification_preferences where user_id = ${userId}`);
    await tx.rows(sql`delete from notifications where user_id = ${userId}`);
  },
});
