import { defineModule } from '../../../platform/module';
import { spinnerHandlers } from './routes';
import { spinnerProgress, spinnerTablesDto } from './service';

export const spinnerModule = defineModule({
  name: 'spinner',
  handlers: (deps) => ({ spinner: spinnerHandlers(deps) }),
  gamesProgress: spinnerProgress,
  publishedInput: async (q) => ({ spinner: await spinnerTablesDto(q) }),
});
