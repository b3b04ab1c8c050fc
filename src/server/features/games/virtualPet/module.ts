import { defineModule } from '../../../platform/module';
import { virtualPetHandlers } from './routes';

/** The pet area (DESIGN.md section 8): sanctuary, critters, the pet shop, gacha, breeding and mini-games. Critters outlive a closed account, like its ledger rows. */
export const virtualPetModule = defineModule({
  name: 'virtualPet',
  handlers: (deps) => ({ virtualPet: virtualPetHandlers(deps) }),
});
