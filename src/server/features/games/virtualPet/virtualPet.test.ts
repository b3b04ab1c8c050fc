import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ManualClock } from '../../../platform/clock';
import { balanceOf, registerUser, useTestServer, type TestUser } from '../../../testing/harness';
import { expectBadField, expectError } from '../../../testing/expectations';
import { callRoute, callRouteRaw } from '../../../testing/callRoute';
import { sanctuaryClaimRound } from '../../../../shared/games/virtualPet/claimRound';
import { CLAIM_INTERVAL_MS } from '../../../../shared/games/virtualPet/claim';
import { EVOLVE_MIN_EXPERIENCE } from '../../../../shared/games/virtualPet/growth';
import { grantGood, grantPetCurrency, raiseCritter } from './builders';
import { catalogItemIds } from './catalogItems';

const clock = new ManualClock('2026-06-01T12:00:00Z');
const server = useTestServer({}, { clock });

async function adopted(species = 'sproutling'): Promise<{ user: TestUser; critterId: string }> {
  const user = await registerUser(server);
  const res = await callRoute(server, 'POST /api/critters/adopt', {
    token: user.token,
    body: { species },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { user, critterId: res.body.critter._id };
}

const mine = async (user: TestUser) =>
  (await callRoute(server, 'GET /api/critters/mine', { token: user.token })).body.critters;
const me = async (user: TestUser) =>
  (await callRoute(server, 'GET /api/user/me', { token: user.token })).body;
const claim = (user: TestUser) =>
  callRouteRaw(server, 'GET /api/sanctuary/resources', { token: user.token });

describe('starters and adoption', () => {
  it('lists three starters and adopts one, only while the user has no critter', async () => {
    const user = await registerUser(server);
    const starters = await callRoute(server, 'GET /api/critters/starters', { token: user.token });
    expect(starters.body.map((s) => s.species)).toEqual(['sproutling', 'emberpup', 'puddlefin']);
    expect(starters.body.every((s) => s.description.length > 10 && s.rarity === 'Common')).toBe(
      true,
    );
    expect(await mine(user)).toEqual([]);

    const res = await callRoute(server, 'POST /api/critters/adopt', {
      token: user.token,
      body: { species: 'emberpup' },
    });
    expect(res.status).toBe(201);
    expect(res.body.critter).toMatchObject({
      species: 'emberpup',
      name: 'Emberpup',
      variant: 'Classic',
      rarity: 'Common',
      generation: 1,
      level: 1,
      experience: 0,
      affection: 20,
      traits: {},
      evolvedTo: 'blazehound',
      canEvolve: false,
      equippedCosmetics: {},
      breeding: { hatchAt: null },
    });
    expect(res.body.critter.evolveCondition).toContain('level 10');
    expect((await mine(user)).map((c) => c._id)).toEqual([res.body.critter._id]);

    expectError(
      await callRouteRaw(server, 'POST /api/critters/adopt', {
        token: user.token,
        body: { species: 'puddlefin' },
      }),
      409,
      { message: 'already have a critter' },
    );
    expect(await mine(user)).toHaveLength(1);
  });

  it('refuses a species that is not a starter, a missing body and no token', async () => {
    const user = await registerUser(server);
    expectBadField(
      await callRouteRaw(server, 'POST /api/critters/adopt', {
        token: user.token,
        body: { species: 'starwyrm' },
      }),
      'species',
    );
    expectBadField(
      await callRouteRaw(server, 'POST /api/critters/adopt', {
        token: user.token,
        body: { species: 'dragon' },
      }),
      'species',
    );
    expectBadField(
      await callRouteRaw(server, 'POST /api/critters/adopt', { token: user.token, body: {} }),
      'species',
    );
    expectError(
      await callRouteRaw(server, 'POST /api/critters/adopt', { body: { species: 'sproutling' } }),
      401,
    );
    expectError(await callRouteRaw(server, 'GET /api/critters/mine', {}), 401);
    expectError(await callRouteRaw(server, 'GET /api/critters/starters', {}), 401);
    expect(await mine(user)).toEqual([]);
  });
});

describe('the resource claim', () => {
  it('pays pet coins, shards, foods and toys as a verifiable round, then waits four hours', async () => {
    const { user } = await adopted();
    const before = await me(user);
    expect(before.resources).toEqual({
      coins: 0,
      shards: 0,
      food: {},
      toys: {},
      cosmetics: {},
      nextClaim: null,
    });

    const res = await claim(user);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({
      coinsAdded: 50,
      shardsAdded: 5,
      nextClaim: new Date(clock.now().getTime() + CLAIM_INTERVAL_MS).toISOString(),
    });
    const units = (m: Record<string, number>) => Object.values(m).reduce((a, b) => a + b, 0);
    expect(units(res.body.foodAdded)).toBe(2);
    expect(units(res.body.toysAdded)).toBe(1);
    expect(res.body.newInventory).toMatchObject({
      coins: 50,
      shards: 5,
      food: res.body.foodAdded,
      toys: res.body.toysAdded,
      nextClaim: res.body.nextClaim,
    });

    // The round replays to the same draw from its seeds (the server seed read here as /fairness would after a rotation).
    const [round] = await server.db.rows<{
      game: string;
      nonce: number;
      client_seed: string;
      server_seed: string;
      params: Record<string, unknown>;
      outcome: Record<string, unknown>;
    }>(sql`
      select r.game, r.nonce, r.client_seed, s.server_seed, r.params, r.outcome from game_rounds r join fairness_seeds s on s.id = r.seed_id where r.id = ${Number(res.body.roundId)}`);
    expect(round?.game).toBe('sanctuary-claim');
    expect(
      sanctuaryClaimRound.replay(
        round!.server_seed,
        round!.client_seed,
        Number(round!.nonce),
        round!.params,
      ),
    ).toEqual({ food: res.body.foodAdded, toys: res.body.toysAdded });
    expect(round?.outcome).toMatchObject({ coins: 50, shards: 5 });

    const again = await claim(user);
    const body = expectError(again, 400, { code: 'BAD_REQUEST', message: 'too soon' });
    expect(body.details).toEqual({ nextClaim: res.body.nextClaim });
    expect((await me(user)).resources.coins).toBe(50);

    clock.advance(CLAIM_INTERVAL_MS);
    const later = await claim(user);
    expect(later.status).toBe(200);
    expect(later.body.newInventory.coins).toBe(100);
    clock.advance(CLAIM_INTERVAL_MS);
  });

  it('waits three hours with a 25% cooldown trait, and pays more coins with more critters and coin traits', async () => {
    const { user, critterId } = await adopted();
    await server.db.rows(
      sql`update virtual_pet_critters set traits = '{quantumLeap,hoarder}' where id = ${Number(critterId)}`,
    );
    await grantPetCurrency(server.db, user.id, 'pet_coins', 400);
    expect(
      (
        await callRoute(server, 'POST /api/shop/buy-pet', {
          token: user.token,
          body: { species: 'pebblepaw' },
        })
      ).status,
    ).toBe(201);
    const res = await claim(user);
    expect(res.status).toBe(200);
    // 40 + 10 x 2 critters = 60, +10% (hoarder) = 66.
    expect(res.body.coinsAdded).toBe(66);
    expect(res.body.nextClaim).toBe(new Date(clock.now().getTime() + 3 * 3600_000).toISOString());
  });

  it('needs a critter and a token', async () => {
    const user = await registerUser(server);
    expectError(await claim(user), 409, { message: 'adopt a critter' });
    expectError(await callRouteRaw(server, 'GET /api/sanctuary/resources', {}), 401);
    expectError(await callRouteRaw(server, 'GET /api/user/me', {}), 401);
  });
});

describe('care: feeding and playing', () => {
  it('feeding takes one unit and adds its experience and affection; playing takes a toy', async () => {
    const { user, critterId } = await adopted();
    await grantGood(server.db, user.id, 'honey-cake', 2);
    await grantGood(server.db, user.id, 'squeaky-bone', 1);
    const fed = await callRoute(server, 'POST /api/critters/feed/:id', {
      token: user.token,
      params: { id: critterId },
      body: { foodItem: 'honey-cake' },
    });
    expect(fed.status, JSON.stringify(fed.body)).toBe(200);
    expect(fed.body.critter).toMatchObject({
      experience: 80,
      affection: 25,
      level: 2,
      levelStart: 50,
      nextLevelAt: 200,
    });
    expect(fed.body.resources.food).toEqual({ 'honey-cake': 1 });
    const played = await callRoute(server, 'POST /api/critters/play/:id', {
      token: user.token,
      params: { id: critterId },
      body: { toyItem: 'squeaky-bone' },
    });
    expect(played.status).toBe(200);
    expect(played.body.critter).toMatchObject({ experience: 85, affection: 33 });
    expect(played.body.resources.toys).toEqual({});
    expectError(
      await callRouteRaw(server, 'POST /api/critters/play/:id', {
        token: user.token,
        params: { id: critterId },
        body: { toyItem: 'squeaky-bone' },
      }),
      409,
      { message: 'no Squeaky Bone left' },
    );
    const [counters] = await server.db.rows<{ fed: number; played: number }>(
      sql`select fed, played from virtual_pet_profiles where user_id = ${user.id}`,
    );
    expect(counters).toEqual({ fed: 1, played: 1 });
  });

  it('an affection trait adds its share, and affection stops at 100', async () => {
    const { user, critterId } = await adopted();
    await server.db.rows(
      sql`update virtual_pet_critters set traits = '{moonlight}', affection = 90 where id = ${Number(critterId)}`,
    );
    await grantGood(server.db, user.id, 'bubble-wand', 1);
    const played = await callRoute(server, 'POST /api/critters/play/:id', {
      token: user.token,
      params: { id: critterId },
      body: { toyItem: 'bubble-wand' },
    });
    expect(played.body.critter.affection).toBe(100);
  });

  it("refuses a bad food, a toy given as food, another user's critter and no token, changing nothing", async () => {
    const { user, critterId } = await adopted();
    const other = await adopted();
    await grantGood(server.db, user.id, 'berry-bites', 1);
    expectBadField(
      await callRouteRaw(server, 'POST /api/critters/feed/:id', {
        token: user.token,
        params: { id: critterId },
        body: { foodItem: 'pizza' },
      }),
      'foodItem',
    );
    expectBadField(
      await callRouteRaw(server, 'POST /api/critters/feed/:id', {
        token: user.token,
        params: { id: critterId },
        body: { foodItem: 'yarn-ball' },
      }),
      'foodItem',
    );
    expectBadField(
      await callRouteRaw(server, 'POST /api/critters/feed/:id', {
        token: user.token,
        params: { id: critterId },
        body: {},
      }),
      'foodItem',
    );
    expectBadField(
      await callRouteRaw(server, 'POST /api/critters/play/:id', {
        token: user.token,
        params: { id: critterId },
        body: { toyItem: '' },
      }),
      'toyItem',
    );
    expectBadField(
      await callRouteRaw(server, 'POST /api/critters/feed/:id', {
        token: user.token,
        params: { id: 'abc' },
        body: { foodItem: 'berry-bites' },
      }),
      'id',
    );
    expectError(
      await callRouteRaw(server, 'POST /api/critters/feed/:id', {
        token: user.token,
        params: { id: other.critterId },
        body: { foodItem: 'berry-bites' },
      }),
      404,
    );
    expectError(
      await callRouteRaw(server, 'POST /api/critters/play/:id', {
        token: user.token,
        params: { id: other.critterId },
        body: { toyItem: 'yarn-ball' },
      }),
      404,
    );
    expectError(
      await callRouteRaw(server, 'POST /api/critters/feed/:id', {
        params: { id: critterId },
        body: { foodItem: 'berry-bites' },
      }),
      401,
    );
    expect((await me(user)).resources.food).toEqual({ 'berry-bites': 1 });
    expect((await mine(other.user))[0]).toMatchObject({ experience: 0, affection: 20 });
  });
});

describe('evolution', () => {
  it('evolves into the next form at level 10 and affection 50, keeping level, traits and cosmetics', async () => {
    const { user, critterId } = await adopted('sproutling');
    const early = expectError(
      await callRouteRaw(server, 'POST /api/critters/evolve', {
        token: user.token,
        body: { critterId },
      }),
      409,
      { message: 'not ready' },
    );
    expect(early.message).toContain('level 1/10');
    await raiseCritter(server.db, critterId, EVOLVE_MIN_EXPERIENCE, 49);
    expectError(
      await callRouteRaw(server, 'POST /api/critters/evolve', {
        token: user.token,
        body: { critterId },
      }),
      409,
      { message: 'affection 49/50' },
    );
    await raiseCritter(server.db, critterId, EVOLVE_MIN_EXPERIENCE, 50);
    await server.db.rows(
      sql`update virtual_pet_critters set traits = '{forager}', equipped_cosmetics = '{"hat":"party-hat"}' where id = ${Number(critterId)}`,
    );
    expect((await mine(user))[0]?.canEvolve).toBe(true);
    const res = await callRoute(server, 'POST /api/critters/evolve', {
      token: user.token,
      body: { critterId },
    });
    expect(res.status).toBe(200);
    expect(res.body.critter).toMatchObject({
      species: 'bloomback',
      name: 'Bloomback',
      level: 10,
      affection: 50,
      traits: { forager: true },
      equippedCosmetics: { hat: 'party-hat' },
      evolvedTo: 'elderoak',
      canEvolve: true,
    });
    await server.db.rows(
      sql`update virtual_pet_critters set species = 'elderoak' where id = ${Number(critterId)}`,
    );
    expectError(
      await callRouteRaw(server, 'POST /api/critters/evolve', {
        token: user.token,
        body: { critterId },
      }),
      409,
      { message: 'final form' },
    );
  });

  it("refuses another user's critter, a bad id and no token", async () => {
    const { user } = await adopted();
    const other = await adopted();
    expectError(
      await callRouteRaw(server, 'POST /api/critters/evolve', {
        token: user.token,
        body: { critterId: other.critterId },
      }),
      404,
    );
    expectBadField(
      await callRouteRaw(server, 'POST /api/critters/evolve', {
        token: user.token,
        body: { critterId: 'x' },
      }),
      'critterId',
    );
    expectError(
      await callRouteRaw(server, 'POST /api/critters/evolve', {
        body: { critterId: other.critterId },
      }),
      401,
    );
  });
});

describe('traits', () => {
  it('unlocks a trait for its shards once, after buying shards with gold', async () => {
    const { user, critterId } = await adopted();
    expectError(
      await callRouteRaw(server, 'POST /api/traits/unlock', {
        token: user.token,
        body: { critterId, trait: 'forager' },
      }),
      409,
      { message: 'Not enough shards! (30 required)' },
    );
    const bought = await callRoute(server, 'POST /api/shop/buy', {
      token: user.token,
      body: { itemId: 'shards-25', quantity: 2 },
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect(bought.body).toMatchObject({ balance: 500, resources: { shards: 50 } });
    const res = await callRoute(server, 'POST /api/traits/unlock', {
      token: user.token,
      body: { critterId, trait: 'forager' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ newShards: 20, critter: { traits: { forager: true } } });
    expectError(
      await callRouteRaw(server, 'POST /api/traits/unlock', {
        token: user.token,
        body: { critterId, trait: 'forager' },
      }),
      409,
      { message: 'already has Forager' },
    );
    expect((await me(user)).resources.shards).toBe(20);
  });

  it("refuses an unknown trait, another user's critter and no token", async () => {
    const { user } = await adopted();
    const other = await adopted();
    await grantPetCurrency(server.db, user.id, 'shards', 300);
    expectBadField(
      await callRouteRaw(server, 'POST /api/traits/unlock', {
        token: user.token,
        body: { critterId: other.critterId, trait: 'flying' },
      }),
      'trait',
    );
    expectError(
      await callRouteRaw(server, 'POST /api/traits/unlock', {
        token: user.token,
        body: { critterId: other.critterId, trait: 'forager' },
      }),
      404,
    );
    expectError(
      await callRouteRaw(server, 'POST /api/traits/unlock', {
        body: { critterId: other.critterId, trait: 'forager' },
      }),
      401,
    );
    expect((await me(user)).resources.shards).toBe(300);
  });
});

describe('cosmetics', () => {
  it('buys, equips and moves a held cosmetic; refuses what does not fit, is not held or is already worn', async () => {
    const { user, critterId } = await adopted('emberpup');
    await grantPetCurrency(server.db, user.id, 'pet_coins', 1000);
    const list = await callRoute(server, 'GET /api/cosmetics', { token: user.token });
    expect(list.body.cosmetics.find((c) => c._id === 'party-hat')).toMatchObject({
      slot: 'hat',
      availableTo: 'any',
      owned: 0,
      equippedOn: [],
    });
    expectError(
      await callRouteRaw(server, 'POST /api/critters/equip-cosmetic', {
        token: user.token,
        body: { critterId, slot: 'hat', itemId: 'party-hat' },
      }),
      409,
      { message: 'do not own Party Hat' },
    );

    const bought = await callRoute(server, 'POST /api/shop/buy-cosmetic', {
      token: user.token,
      body: { itemId: 'party-hat' },
    });
    expect(bought.status).toBe(200);
    expect(bought.body.resources).toMatchObject({ coins: 850, cosmetics: { 'party-hat': 1 } });
    expectBadField(
      await callRouteRaw(server, 'POST /api/critters/equip-cosmetic', {
        token: user.token,
        body: { critterId, slot: 'neck', itemId: 'party-hat' },
      }),
      'slot',
    );
    expectBadField(
      await callRouteRaw(server, 'POST /api/critters/equip-cosmetic', {
        token: user.token,
        body: { critterId, slot: 'hat', itemId: 'berry-bites' },
      }),
      'itemId',
    );
    const worn = await callRoute(server, 'POST /api/critters/equip-cosmetic', {
      token: user.token,
      body: { critterId, slot: 'hat', itemId: 'party-hat' },
    });
    expect(worn.status).toBe(200);
    expect(worn.body.critter.equippedCosmetics).toEqual({ hat: 'party-hat' });
    expectError(
      await callRouteRaw(server, 'POST /api/critters/equip-cosmetic', {
        token: user.token,
        body: { critterId, slot: 'hat', itemId: 'party-hat' },
      }),
      409,
      { message: 'Already equipped.' },
    );

    // One unit, a second critter: the hat moves.
    const second = await callRoute(server, 'POST /api/shop/buy-pet', {
      token: user.token,
      body: { species: 'sproutling' },
    });
    const secondId = second.body.critter._id;
    const moved = await callRoute(server, 'POST /api/critters/equip-cosmetic', {
      token: user.token,
      body: { critterId: secondId, slot: 'hat', itemId: 'party-hat' },
    });
    expect(moved.body.message).toContain('moved');
    const critters = await mine(user);
    expect(critters.find((c) => c._id === critterId)?.equippedCosmetics).toEqual({});
    expect(critters.find((c) => c._id === secondId)?.equippedCosmetics).toEqual({
      hat: 'party-hat',
    });
    expect(
      (await callRoute(server, 'GET /api/cosmetics', { token: user.token })).body.cosmetics.find(
        (c) => c._id === 'party-hat',
      )?.equippedOn,
    ).toEqual([secondId]);

    // A species-only cosmetic fits only its species.
    await grantGood(server.db, user.id, 'flower-crown', 1);
    expectError(
      await callRouteRaw(server, 'POST /api/critters/equip-cosmetic', {
        token: user.token,
        body: { critterId, slot: 'hat', itemId: 'flower-crown' },
      }),
      409,
      { message: 'made for Sproutling' },
    );
    expect(
      (
        await callRoute(server, 'POST /api/critters/equip-cosmetic', {
          token: user.token,
          body: { critterId: secondId, slot: 'hat', itemId: 'flower-crown' },
        })
      ).body.critter.equippedCosmetics,
    ).toEqual({ hat: 'flower-crown' });
  });

  it("refuses another user's critter and no token", async () => {
    const { user } = await adopted();
    const other = await adopted();
    await grantGood(server.db, user.id, 'red-scarf', 1);
    expectError(
      await callRouteRaw(server, 'POST /api/critters/equip-cosmetic', {
        token: user.token,
        body: { critterId: other.critterId, slot: 'neck', itemId: 'red-scarf' },
      }),
      404,
    );
    expectError(
      await callRouteRaw(server, 'POST /api/critters/equip-cosmetic', {
        body: { critterId: other.critterId, slot: 'neck', itemId: 'red-scarf' },
      }),
      401,
    );
    expectError(await callRouteRaw(server, 'GET /api/cosmetics', {}), 401);
  });
});

describe('the pet shop', () => {
  it('lists every tab with prices and currencies, and the trait catalogue', async () => {
    const user = await registerUser(server);
    const res = await callRoute(server, 'GET /api/shop/items', { token: user.token });
    const tabs = new Set(res.body.items.map((i) => i.tab));
    expect([...tabs]).toEqual(['pets', 'foods', 'toys', 'cosmetics', 'shards']);
    expect(res.body.items.find((i) => i._id === 'berry-bites')).toMatchObject({
      type: 'other',
      price: 10,
      coinType: 'pet',
      effect: { expBonus: 20, affectionBonus: 2 },
    });
    expect(res.body.items.find((i) => i._id === 'pet:bloomback')).toMatchObject({
      type: 'pet',
      coinType: 'user',
      rarity: 'Uncommon',
    });
    expect(
      res.body.items
        .filter((i) => i.tab === 'pets')
        .every((i) => i.rarity === 'Common' || i.rarity === 'Uncommon'),
    ).toBe(true);
    expect(res.body.traits).toHaveLength(29);
    expect(res.body.traits.find((t) => t.key === 'voidwalker')).toMatchObject({
      rarity: 'mythical',
      cost: 250,
    });
    expectError(await callRouteRaw(server, 'GET /api/shop/items', {}), 401);
  });

  it('sells foods and toys in quantities of 1 to 99 for pet coins, and pets for pet coins or gold', async () => {
    const user = await registerUser(server);
    await grantPetCurrency(server.db, user.id, 'pet_coins', 500);
    const food = await callRoute(server, 'POST /api/shop/buy', {
      token: user.token,
      body: { itemId: 'berry-bites', quantity: 3 },
    });
    expect(food.status).toBe(200);
    expect(food.body).toMatchObject({
      balance: 1000,
      resources: { coins: 470, food: { 'berry-bites': 3 } },
    });
    const gold = await callRoute(server, 'POST /api/shop/buy', {
      token: user.token,
      body: { itemId: 'puzzle-cube', quantity: 1 },
    });
    expect(gold.body).toMatchObject({
      balance: 700,
      resources: { coins: 470, toys: { 'puzzle-cube': 1 } },
    });
    expect(await balanceOf(server, user.id)).toBe(700);
    const pet = await callRoute(server, 'POST /api/shop/buy-pet', {
      token: user.token,
      body: { species: 'pebblepaw' },
    });
    expect(pet.status).toBe(201);
    expect(pet.body).toMatchObject({
      resources: { coins: 70 },
      critter: { species: 'pebblepaw', rarity: 'Common', generation: 1 },
    });
    expectError(
      await callRouteRaw(server, 'POST /api/shop/buy-pet', {
        token: user.token,
        body: { species: 'bloomback' },
      }),
      409,
      { code: 'INSUFFICIENT_FUNDS', message: 'Not enough gold' },
    );
    expectError(
      await callRouteRaw(server, 'POST /api/shop/buy', {
        token: user.token,
        body: { itemId: 'honey-cake', quantity: 2 },
      }),
      409,
      { message: 'Not enough pet coins' },
    );
    const [purchases] = await server.db.rows<{ n: number }>(
      sql`select count(*)::int as n from virtual_pet_purchases where user_id = ${user.id}`,
    );
    expect(purchases?.n).toBe(3);
  });

  it('refuses bad quantities, unknown or misrouted items, shop-less species and no token, changing nothing', async () => {
    const user = await registerUser(server);
    await grantPetCurrency(server.db, user.id, 'pet_coins', 500);
    for (const quantity of [0, 100, 1.5, '2']) {
      expectBadField(
        await callRouteRaw(server, 'POST /api/shop/buy', {
          token: user.token,
          body: { itemId: 'berry-bites', quantity },
        }),
        'quantity',
      );
    }
    expectBadField(
      await callRouteRaw(server, 'POST /api/shop/buy', {
        token: user.token,
        body: { itemId: 'nope', quantity: 1 },
      }),
      'itemId',
    );
    expectBadField(
      await callRouteRaw(server, 'POST /api/shop/buy', {
        token: user.token,
        body: { itemId: 'party-hat', quantity: 1 },
      }),
      'itemId',
    );
    expectBadField(
      await callRouteRaw(server, 'POST /api/shop/buy-cosmetic', {
        token: user.token,
        body: { itemId: 'berry-bites' },
      }),
      'itemId',
    );
    expectBadField(
      await callRouteRaw(server, 'POST /api/shop/buy-pet', {
        token: user.token,
        body: { species: 'starwyrm' },
      }),
      'species',
    );
    expectError(
      await callRouteRaw(server, 'POST /api/shop/buy', {
        body: { itemId: 'berry-bites', quantity: 1 },
      }),
      401,
    );
    expectError(
      await callRouteRaw(server, 'POST /api/shop/buy-cosmetic', { body: { itemId: 'party-hat' } }),
      401,
    );
    expectError(
      await callRouteRaw(server, 'POST /api/shop/buy-pet', { body: { species: 'sproutling' } }),
      401,
    );
    expect((await me(user)).resources).toMatchObject({ coins: 500, food: {}, cosmetics: {} });
    expect(await balanceOf(server, user.id)).toBe(1000);
  });

  it('keeps pet goods out of the store, the store inventory and trades', async () => {
    const user = await registerUser(server);
    const friend = await registerUser(server);
    const hatId = await grantGood(server.db, user.id, 'top-hat', 1);
    const store = await callRoute(server, 'GET /api/store', {});
    expect(store.body.some((i) => i._id === String(hatId))).toBe(false);
    const held = await callRoute(server, 'GET /api/store/user', { token: user.token });
    expect(held.body.inventory).toEqual([]);
    expectError(
      await callRouteRaw(server, 'POST /api/store/purchase', {
        token: user.token,
        body: { itemId: hatId },
      }),
      404,
    );
    const trade = await callRouteRaw(server, 'POST /api/trades/request', {
      token: user.token,
      body: { toUsername: friend.username, fromItems: [{ itemId: hatId, quantity: 1 }] },
    });
    expectError(trade, 409, { message: 'cannot be traded' });
    expect((await me(user)).inventory).toEqual([]);
    expect((await me(user)).resources.cosmetics).toEqual({ 'top-hat': 1 });
    expect((await catalogItemIds(server.db)).get('top-hat')).toBe(hatId);
  });
});
