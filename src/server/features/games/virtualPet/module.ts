import { defineModule } from '../../../platform/module';
import { breedingHandlers, crittersHandlers, gachaHandlers, minigamesHandlers, petShopHandlers, sanctuaryHandlers } from './routes';

/** The pet area (DESIGN.md section 8): sanctuary, critters, the pet shop, gacha, breeding and mini-games. Critters outlive a closed account, like its ledger rows. */
export const petsModule = defineModule({
  name: 'pets',
  handlers: (deps) => ({ sanctuary: sanctuaryHandlers(deps), critters: crittersHandlers(deps), petShop: petShopHandlers(deps), gacha: gachaHandlers(deps), breeding: breedingHandlers(deps), minigames: minigamesHandlers(deps) }),
});
