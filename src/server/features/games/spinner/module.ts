import { defineModule } from '../../../platform/module';
import { spinnerHandlers } from './routes';

export const spinnerModule = defineModule({ name: 'spinner', handlers: (deps) => ({ spinner: spinnerHandlers(deps) }) });
