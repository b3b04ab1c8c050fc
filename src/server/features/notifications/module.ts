import { sql } from 'drizzle-orm';
import { defineModule } from '../../platform/module';
import { notificationListeners } from './listeners';
import { notificationHandlers } from './routes';
import { deliverDue } from './schedule';

export const notificationsModule = defineModule({
  name: 'notifications',
  handlers: (deps) => ({ notifications: notificationHandlers(deps) }),
  listeners: () => notificationListeners(),
  sweeps: [
    { what: 'delivering scheduled notices', everyMs: 5_000, run: (deps) => deliverDue(deps) },
  ],
  // A deleted account's inbox, choices and schedule go with it.
  onAccountClosed: async (tx, userId, reason) => {
    if (reason !== 'deleted') return;
    await tx.rows(sql`delete from notification_schedule where user_id = ${userId}`);
    await tx.rows(sql`delete from notification_preferences where user_id = ${userId}`);
    await tx.rows(sql`delete from notifications where user_id = ${userId}`);
  },
});
