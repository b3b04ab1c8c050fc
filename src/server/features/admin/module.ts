import { defineModule } from '../../platform/module';
import { adminHandlers } from './routes';

export const adminModule = defineModule({
  name: 'admin',
  handlers: (deps) => ({ admin: adminHandlers(deps) }),
});
