import { defineModule } from '../../../platform/module';
import { casinoHandlers } from './routes';

export const casinoModule = defineModule({
  name: 'casino',
  handlers: (deps) => ({ casino: casinoHandlers(deps) }),
});
