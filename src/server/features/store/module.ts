import { defineModule } from '../../platform/module';
import { userCollections } from './queries';
import { storeHandlers } from './routes';

export const storeModule = defineModule({
  name: 'store',
  handlers: (deps) => ({ store: storeHandlers(deps) }),
  profile: userCollections,
});
