import { defineModule } from '../../platform/module';
import { taskHandlers } from './routes';

export const tasksModule = defineModule({
  name: 'tasks',
  handlers: (deps) => ({ tasks: taskHandlers(deps) }),
});
