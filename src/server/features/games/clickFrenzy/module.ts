import { defineModule } from '../../../platform/module';
import { clickFrenzyHandlers } from './routes';

export const clickFrenzyModule = defineModule({
  name: 'clickFrenzy',
  handlers: (deps) => ({ clickFrenzy: clickFrenzyHandlers(deps) }),
});
