import { defineModule } from '../../../platform/module';
import { mysteryBoxHandlers } from './routes';

/** Mystery Box (DESIGN.md section 9): boxes whose drops are store collectibles, sold back at published values. */
export const mysteryBoxModule = defineModule({
  name: 'mysteryBox',
  handlers: (deps) => ({ mysteryBox: mysteryBoxHandlers(deps) }),
});
