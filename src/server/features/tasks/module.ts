import { defineModule } from '../../platform/module';
import { recordPeriodMark } from './progress';
import { taskHandlers } from './routes';

export const tasksModule = defineModule({
  name: 'tasks',
  handlers: (deps) => ({ tasks: taskHandlers(deps) }),
  sweeps: [{ what: 'recording the period mark of wagers', everyMs: 60_000, run: (deps) => recordPeriodMark(deps.db) }],
  start: (deps, log) => {
    recordPeriodMark(deps.db).catch((err: unknown) => log.warn({ err }, 'recording the period mark of wagers failed'));
    return () => undefined;
  },
});
