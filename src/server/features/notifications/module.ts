import { sql } from 'drizzle-orm';
import { defineModule } from '../../platform/module';
import { notificationListeners } from './listeners';
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
  ],
  start: (deps, log) => {
    // The key pair exists from the first start (read lazily again if this fails).
    vapidKeys(deps).catch((err: unknown) => log.warn({ err }, 'web push: no VAPID keys yet'));
    const sender = new PushSender(deps, log);
    sender.start();
    return () => sender.close();
  },
  // A deleted account's inbox, choices, schedule and browsers go with it.
  onAccountClosed: async (tx, userId, reason) => {
    if (reason !== 'deleted') return;
    await tx.rows(sql`delete from push_subscriptions where user_id = ${userId}`);
    await tx.rows(sql`delete from notification_schedule where user_id = ${userId}`);
    await tx.rows(sql`delete from notification_preferences where user_id = ${userId}`);
    await tx.rows(sql`delete from notifications where user_id = ${userId}`);
  },
});
