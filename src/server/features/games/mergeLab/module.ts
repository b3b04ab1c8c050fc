import { defineModule } from '../../../platform/module';
import { mergeLabHandlers } from './routes';

/** Merge Lab (DESIGN.md section 9): a merge board fed by fair generator taps, paying at most 0.5 coin per energy. */
export const mergeLabModule = defineModule({
  name: 'mergeLab',
  handlers: (deps) => ({ mergeLab: mergeLabHandlers(deps) }),
});
