import { defineModule } from '../../platform/module';
import { collectionsPart } from './queries';
import { storeHandlers } from './routes';
import { ensureDemoItems } from './seed';

export const storeModule = defineModule({
  name: 'store',
  handlers: (deps) => ({ store: storeHandlers(deps) }),
  profile: collectionsPart,
  // A stocked store, so the demo's players have something to buy.
  seed: { first: async (tx, demo) => void (demo && (await ensureDemoItems(tx))) },
});
