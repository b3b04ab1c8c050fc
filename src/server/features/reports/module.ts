import { defineModule } from '../../platform/module';
import { reportHandlers } from './routes';
import { escalateDue } from './service';

export const reportsModule = defineModule({
  name: 'reports',
  handlers: (deps) => ({ reports: reportHandlers(deps) }),
  sweeps: [
    // A minute late on a 24-hour wait is nothing; the statement is cheap (a partial index).
    { what: 'escalating reports moderators left', everyMs: 60_000, run: escalateDue },
  ],
});
