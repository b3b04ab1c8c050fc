import { defineModule } from '../../../platform/module';
import { frenzyHandlers } from './routes';

export const frenzyModule = defineModule({ name: 'frenzy', handlers: (deps) => ({ frenzy: frenzyHandlers(deps) }) });
