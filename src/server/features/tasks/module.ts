import { defineModule } from '../../platform/module';
import { taskHandlers } from './routes';
import { ensureDefaultTasks } from './seed';

export const tasksModule = defineModule({
  name: 'tasks',
  handlers: (deps) => ({ tasks: taskHandlers(deps) }),
  // Catalogue content every install needs, like the admin (not demo data).
  seed: { first: async (tx) => void (await ensureDefaultTasks(tx)) },
});
