import { defineModule } from '../../../platform/module';
import { fairnessHandlers } from './routes';

export const fairnessModule = defineModule({
  name: 'fairness',
  handlers: (deps) => ({ fairness: fairnessHandlers(deps) }),
});
