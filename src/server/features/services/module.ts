import { defineModule } from '../../platform/module';
import { serviceHandlers } from './routes';
import { releaseOverdue, retireServicesOf } from './service';

export const servicesModule = defineModule({
  name: 'services',
  handlers: (deps) => ({ services: serviceHandlers(deps) }),
  // Finalized services unaccepted for 7 days are paid to their providers.
  sweeps: [
    { what: 'releasing overdue services', everyMs: 600_000, run: (deps) => releaseOverdue(deps) },
  ],
  // DESIGN.md section 6: listings retired, every escrow the user is a party to back to its buyer.
  onAccountClosed: (tx, userId) => retireServicesOf(tx, userId),
});
