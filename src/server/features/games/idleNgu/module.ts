import { defineModule } from '../../../platform/module';
import { idleNguHandlers } from './routes';

/** The idle trainer (DESIGN.md section 9): trainings settled from server time, coins only for first boss kills. */
export const idleNguModule = defineModule({
  name: 'idleNgu',
  handlers: (deps) => ({ idleNgu: idleNguHandlers(deps) }),
});
