import { defineModule } from '../module';
import { liveHandlers } from './routes';

/** The live socket's ticket route; the socket itself is registered by app.ts. */
export const liveModule = defineModule({
  name: 'live',
  handlers: (deps) => ({ live: liveHandlers(deps) }),
});
