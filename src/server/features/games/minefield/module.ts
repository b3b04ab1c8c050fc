import { defineModule } from '../../../platform/module';
import { minefieldHandlers } from './routes';

export const minefieldModule = defineModule({
  name: 'minefield',
  handlers: (deps) => ({ minefield: minefieldHandlers(deps) }),
});
