import type { Deps } from '../../../platform/deps';
import { defineHandlers } from '../../../platform/routing';
import * as critters from './critters/service';
import * as sanctuary from './sanctuary/service';
import * as shop from './shop/service';
import * as gacha from './gacha/service';
import * as breeding from './breeding/service';
import * as minigames from './minigames/service';

/** Every pet route, in the contract's groups (shared/games/virtualPet/contract.ts). */
export const virtualPetHandlers = (deps: Deps) =>
  defineHandlers('virtualPet', {
    // The sanctuary
    'GET /api/user/me': async ({ user }) => sanctuary.gamesUser(deps, user.id),
    'GET /api/sanctuary/resources': async ({ user, reply }) => {
      // A GET that acts (the spec's claim): never from a cache.
      void reply.header('cache-control', 'no-store');
      return sanctuary.claim(deps, user.id);
    },
    // Critters
    'GET /api/critters/starters': async () => critters.starters(),
    'POST /api/critters/adopt': async ({ user, body }) =>
      critters.adopt(deps, user.id, body.species),
    'GET /api/critters/mine': async ({ user }) => critters.myCritters(deps, user.id),
    'POST /api/critters/feed/:id': async ({ user, params, body }) =>
      critters.feed(deps, user.id, params.id, body.foodItem),
    'POST /api/critters/play/:id': async ({ user, params, body }) =>
      critters.play(deps, user.id, params.id, body.toyItem),
    'POST /api/critters/evolve': async ({ user, body }) =>
      critters.evolve(deps, user.id, body.critterId),
    'POST /api/traits/unlock': async ({ user, body }) =>
      critters.unlockTrait(deps, user.id, body.critterId, body.trait),
    'GET /api/cosmetics': async ({ user }) => critters.cosmetics(deps, user.id),
    'POST /api/critters/equip-cosmetic': async ({ user, body }) =>
      critters.equip(deps, user.id, body.critterId, body.slot, body.itemId),
    // The pet shop
    'GET /api/shop/items': async () => shop.shopItems(),
    'POST /api/shop/buy': async ({ user, body }) =>
      shop.buy(deps, user.id, body.itemId, body.quantity),
    'POST /api/shop/buy-cosmetic': async ({ user, body }) =>
      shop.buyCosmetic(deps, user.id, body.itemId),
    'POST /api/shop/buy-pet': async ({ user, body }) => shop.buyPet(deps, user.id, body.species),
    // Gacha
    'GET /api/gacha/pools': async ({ user }) => gacha.pools(deps, user.id),
    'POST /api/gacha/spin': async ({ user, body }) =>
      gacha.spin(deps, user.id, body.pool, body.count),
    // Breeding
    'GET /api/breeding/eggs': async ({ user }) => breeding.eggsOf(deps, user.id),
    'POST /api/breeding/critters/breed': async ({ user, body }) =>
      breeding.breed(deps, user.id, body.parentA, body.parentB, body.paymentMethod),
    'POST /api/breeding/eggs/:id/hatch': async ({ user, params }) =>
      breeding.hatch(deps, user.id, params.id),
    // Mini-games
    'POST /api/sanctuary/minigame/start': async ({ user, body }) =>
      minigames.startRun(deps, user.id, body.critterId, body.game),
    'POST /api/sanctuary/minigame/complete': async ({ user, body }) =>
      minigames.completeRun(deps, user.id, body),
  });
