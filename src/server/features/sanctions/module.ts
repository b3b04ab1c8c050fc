import { sql } from 'drizzle-orm';
import { defineModule } from '../../platform/module';
import { sanctionHandlers } from './routes';
import { endSuspensions, suspensionOf } from './service';

export const sanctionsModule = defineModule({
  name: 'sanctions',
  handlers: (deps) => ({ sanctions: sanctionHandlers(deps) }),
  suspension: (deps, q, userId) => suspensionOf(deps, q, userId),
  sweeps: [
    {
      what: 'ending suspensions that ran out',
      everyMs: 30_000,
      run: (deps) => endSuspensions(deps),
    },
  ],
  // A deleted account's record goes with it; a banned one's stays (it is the ban).
  onAccountClosed: async (tx, userId, reason) => {
    if (reason !== 'deleted') return;
    await tx.rows(sql`
      delete from sanction_appeals where sanction_id in (select id from sanctions where user_id = ${userId})`);
    await tx.rows(sql`delete from sanctions where user_id = ${userId}`);
  },
});
