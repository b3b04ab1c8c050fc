import { defineModule } from '../../platform/module';
import { crittersHandlers, petShopHandlers, sanctuaryHandlers } from './routes';

/** The pet area (DESIGN.md section 8): sanctuary, critters and the pet shop. Critters outlive a closed account, like its ledger rows. */
export const petsModule = defineModule({
  name: 'pets',
  handlers: (deps) => ({ sanctuary: sanctuaryHandlers(deps), critters: crittersHandlers(deps), petShop: petShopHandlers(deps) }),
});
