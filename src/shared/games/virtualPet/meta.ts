import { defineGame } from '../game';
import { sanctuaryClaimRound } from './claimRound';
import { gachaRound } from './gachaRound';
import { breedingRound } from './breedingRound';

/** The pet family: one game on the hub, one route table (spec games.md section 2). */
export const virtualPet = defineGame({
  key: 'virtualPet',
  slug: 'virtual-pet',
  name: 'Virtual Pet',
  description: 'Adopt, feed and breed critters in your sanctuary.',
  contract: async () => ({ virtualPet: (await import('./contract')).virtualPetRoutes }),
  ledger: {
    pet_shop: 'Pet shop',
    pet_claim: 'Sanctuary claim',
    shards_bought: 'Shards bought',
    trait_unlock: 'Trait unlocked',
    gacha_pull: 'Gacha pull',
    breeding: 'Breeding',
    minigame_reward: 'Mini-game reward',
  },
  /**
   * What ledger.ref_id names for each:
   * - pet_purchase: a pet shop purchase (virtual_pet_purchases.id)
   * - critter: a trait unlocked on a critter (virtual_pet_critters.id)
   * - gacha_spin: a gacha spin of 1 or 10 pulls (virtual_pet_gacha_spins.id)
   * - egg: a breeding's payment (virtual_pet_eggs.id)
   * - minigame_run: a mini-game's pet coins (virtual_pet_minigame_runs.id)
   */
  refTypes: ['pet_purchase', 'critter', 'gacha_spin', 'egg', 'minigame_run'],
  rounds: [sanctuaryClaimRound, gachaRound, breedingRound],
  published: async () => (await import('./published')).virtualPetPublished,
});
