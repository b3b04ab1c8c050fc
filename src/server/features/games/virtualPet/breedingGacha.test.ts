import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ManualClock } from '../../../platform/clock';
import { balanceOf, registerUser, useTestServer, type TestUser } from '../../../testing/harness';
import { expectBadField, expectError } from '../../../testing/expectations';
import { callRoute, callRouteRaw } from '../../../testing/callRoute';
import { gachaRound } from '../../../../shared/games/virtualPet/gachaRound';
import { breedingRound } from '../../../../shared/games/virtualPet/breedingRound';
import {
  BREED_COOLDOWN_MS,
  breedPrice,
  HATCH_MS,
} from '../../../../shared/games/virtualPet/breeding';
import {
  COUNTDOWN_MS,
  CRITTER_MATCH_MIN_MS,
  DAILY_MINIGAME_COIN_CAP,
} from '../../../../shared/games/virtualPet/minigames';
import { grantGold, grantPetCurrency, raiseCritter } from './builders';
import { insertCritter } from './critters/queries';

const clock = new ManualClock('2026-06-01T12:00:00Z');
const server = useTestServer({}, { clock });

async function keeper(
  species: string[] = ['sproutling', 'emberpup'],
): Promise<{ user: TestUser; ids: string[] }> {
  const user = await registerUser(server);
  const ids: string[] = [];
  const first = await callRoute(server, 'POST /api/critters/adopt', {
    token: user.token,
    body: { species: species[0]! },
  });
  ids.push(first.body.critter._id);
  for (const s of species.slice(1)) {
    await grantPetCurrency(server.db, user.id, 'pet_coins', 300);
    const res = await callRoute(server, 'POST /api/shop/buy-pet', {
      token: user.token,
      body: { species: s },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    ids.push(res.body.critter._id);
  }
  return { user, ids };
}

const seedsOf = async (roundId: string) =>
  (
    await server.db.rows<{
      server_seed: string;
      client_seed: string;
      nonce: number;
      params: Record<string, unknown>;
      outcome: Record<string, unknown>;
      game: string;
    }>(sql`
    select s.server_seed, r.client_seed, r.nonce, r.params, r.outcome, r.game from game_rounds r join fairness_seeds s on s.id = r.seed_id where r.id = ${Number(roundId)}`)
  )[0]!;

describe('gacha', () => {
  it('lists two pools with odds and pity, and an x10 spin takes ten pulls for ten times the cost as ten verifiable rounds', async () => {
    const user = await registerUser(server);
    const pools = await callRoute(server, 'GET /api/gacha/pools', { token: user.token });
    expect(pools.body.pools.map((p) => p.id)).toEqual(['starlight', 'mythic']);
    expect(pools.body.pools[0]).toMatchObject({
      cost: 500,
      pityCount: 0,
      odds: { Common: 6000, Legendary: 250, Mythical: 50 },
    });
    await grantGold(server.db, user.id, 9000);
    const res = await callRoute(server, 'POST /api/gacha/spin', {
      token: user.token,
      body: { pool: 'starlight', count: 10 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.newBalance).toBe(5000);
    expect(res.body.results).toHaveLength(10);
    const tops = res.body.results.filter(
      (r) => r.rarity === 'Legendary' || r.rarity === 'Mythical',
    ).length;
    expect(res.body.pityCount).toBe(
      tops === 0
        ? 10
        : res.body.results.length -
            1 -
            res.body.results
              .map((r) => r.rarity === 'Legendary' || r.rarity === 'Mythical')
              .lastIndexOf(true),
    );
    const nonces = res.body.results.map((r) => r.nonce);
    expect(nonces).toEqual(nonces.map((_, i) => nonces[0]! + i));
    let pity = 0;
    for (const r of res.body.results) {
      const round = await seedsOf(r.roundId);
      expect(round.game).toBe('gacha');
      expect(round.params.pityBefore).toBe(pity);
      expect(
        gachaRound.replay(round.server_seed, round.client_seed, Number(round.nonce), round.params),
      ).toMatchObject({
        rarity: r.rarity,
        species: r.species,
        variant: r.variant,
        traits: r.traits,
      });
      pity = r.rarity === 'Legendary' || r.rarity === 'Mythical' ? 0 : pity + 1;
    }
    // The round lists say what each pull cost (issue 33: they said 'stake 0').
    const listed = await callRoute(server, 'GET /api/games/rounds', {
      token: user.token,
      query: { limit: 10 },
    });
    expect(listed.body.rounds.map((r) => [r.game, r.stake])).toEqual(
      Array.from({ length: 10 }, () => ['gacha', 500]),
    );
    const critters = (await callRoute(server, 'GET /api/critters/mine', { token: user.token })).body
      .critters;
    expect(critters.map((c) => c._id)).toEqual(res.body.results.map((r) => r.critterId));
    const [ledgerRows] = await server.db.rows<{ n: number }>(
      sql`select count(*)::int as n from ledger where user_id = ${user.id} and category = 'gacha_pull'`,
    );
    expect(ledgerRows?.n).toBe(1);
    expect(
      (await callRoute(server, 'GET /api/gacha/pools', { token: user.token })).body.pools[0]!
        .pityCount,
    ).toBe(res.body.pityCount);
  });

  it('the 100th pull since a Legendary-or-better is one', async () => {
    const user = await registerUser(server);
    await server.db.rows(
      sql`insert into virtual_pet_gacha_pity (user_id, pool, count) values (${user.id}, 'starlight', 99)`,
    );
    const res = await callRoute(server, 'POST /api/gacha/spin', {
      token: user.token,
      body: { pool: 'starlight', count: 1 },
    });
    expect(res.body.results[0]).toMatchObject({ pity: true });
    expect(['Legendary', 'Mythical']).toContain(res.body.results[0]!.rarity);
    expect(res.body.pityCount).toBe(0);
  });

  it('refuses a short balance, a bad pool or count and no token, changing nothing', async () => {
    const user = await registerUser(server);
    expectError(
      await callRouteRaw(server, 'POST /api/gacha/spin', {
        token: user.token,
        body: { pool: 'starlight', count: 10 },
      }),
      409,
      { code: 'INSUFFICIENT_FUNDS' },
    );
    expectBadField(
      await callRouteRaw(server, 'POST /api/gacha/spin', {
        token: user.token,
        body: { pool: 'nope', count: 1 },
      }),
      'pool',
    );
    expectBadField(
      await callRouteRaw(server, 'POST /api/gacha/spin', {
        token: user.token,
        body: { pool: 'starlight', count: 5 },
      }),
      'count',
    );
    expectError(
      await callRouteRaw(server, 'POST /api/gacha/spin', { body: { pool: 'starlight', count: 1 } }),
      401,
    );
    expectError(await callRouteRaw(server, 'GET /api/gacha/pools', {}), 401);
    expect(await balanceOf(server, user.id)).toBe(1000);
    const [rounds] = await server.db.rows<{ n: number }>(
      sql`select count(*)::int as n from game_rounds where user_id = ${user.id}`,
    );
    expect(rounds?.n).toBe(0);
  });
});

describe('breeding', () => {
  it('breeds two critters into an egg drawn now, hatches it once when ready, then the parents rest a day', async () => {
    const { user, ids } = await keeper();
    await grantPetCurrency(server.db, user.id, 'pet_coins', 500);
    const bred = await callRoute(server, 'POST /api/breeding/critters/breed', {
      token: user.token,
      body: { parentA: ids[0]!, parentB: ids[1]!, paymentMethod: 'pet' },
    });
    expect(bred.status, JSON.stringify(bred.body)).toBe(201);
    const egg = bred.body.egg;
    expect(egg.child).toMatchObject({ rarity: 'Common', generation: 2 });
    expect(['sproutling', 'emberpup']).toContain(egg.child.species);
    expect(egg.hatchAt).toBe(new Date(clock.now().getTime() + HATCH_MS.Common).toISOString());
    expect(bred.body.resources.coins).toBe(0);
    const round = await seedsOf(egg.roundId);
    expect(
      breedingRound.replay(round.server_seed, round.client_seed, Number(round.nonce), round.params),
    ).toMatchObject({
      species: egg.child.species,
      variant: egg.child.variant,
      rarity: 'Common',
      generation: 2,
      traits: egg.child.traits,
    });
    const critters = (await callRoute(server, 'GET /api/critters/mine', { token: user.token })).body
      .critters;
    expect(critters.every((c) => c.breeding.hatchAt === egg.hatchAt)).toBe(true);
    expect(
      (await callRoute(server, 'GET /api/breeding/eggs', { token: user.token })).body.eggs,
    ).toEqual([expect.objectContaining({ _id: egg._id, ready: false })]);

    // Breeding parents can neither breed again nor evolve.
    await grantPetCurrency(server.db, user.id, 'pet_coins', 500);
    expectError(
      await callRouteRaw(server, 'POST /api/breeding/critters/breed', {
        token: user.token,
        body: { parentA: ids[0]!, parentB: ids[1]!, paymentMethod: 'pet' },
      }),
      409,
      { message: 'is breeding' },
    );
    await raiseCritter(server.db, ids[0]!, 5000, 80);
    expectError(
      await callRouteRaw(server, 'POST /api/critters/evolve', {
        token: user.token,
        body: { critterId: ids[0]! },
      }),
      409,
      { message: 'breeding' },
    );
    expectError(
      await callRouteRaw(server, 'POST /api/breeding/eggs/:id/hatch', {
        token: user.token,
        params: { id: egg._id },
      }),
      409,
      { message: 'not ready' },
    );

    clock.advance(HATCH_MS.Common);
    const hatched = await callRoute(server, 'POST /api/breeding/eggs/:id/hatch', {
      token: user.token,
      params: { id: egg._id },
    });
    expect(hatched.status).toBe(200);
    expect(hatched.body.critter).toMatchObject({
      species: egg.child.species,
      variant: egg.child.variant,
      generation: 2,
    });
    expectError(
      await callRouteRaw(server, 'POST /api/breeding/eggs/:id/hatch', {
        token: user.token,
        params: { id: egg._id },
      }),
      409,
      { message: 'already hatched' },
    );
    const after = (await callRoute(server, 'GET /api/critters/mine', { token: user.token })).body
      .critters;
    expect(after).toHaveLength(3);
    // The parents and the child itself rest from the hatch (issue 34: a child no longer breeds at once).
    expect(
      after
        .filter((c) => c.lastHatchedAt !== null)
        .map((c) => c._id)
        .sort(),
    ).toEqual([...ids, hatched.body.critter._id].sort());
    expectError(
      await callRouteRaw(server, 'POST /api/breeding/critters/breed', {
        token: user.token,
        body: { parentA: ids[0]!, parentB: ids[1]!, paymentMethod: 'pet' },
      }),
      409,
      { message: 'resting' },
    );
    clock.advance(BREED_COOLDOWN_MS);
    await grantGold(server.db, user.id, 5000);
    const again = await callRoute(server, 'POST /api/breeding/critters/breed', {
      token: user.token,
      body: { parentA: ids[0]!, parentB: ids[1]!, paymentMethod: 'gold' },
    });
    expect(again.status).toBe(201);
    expect(again.body.balance).toBe(1000);
    expect(await balanceOf(server, user.id)).toBe(1000);
  });

  it("prices a breeding by the child's rarity, never below the gacha's expected cost of one, and a hatched child rests a day (issue 34)", async () => {
    const user = await registerUser(server);
    // Two Mythicals, as the gacha could give them.
    const [a, b] = await Promise.all(
      ['starwyrm', 'phoenixling'].map((species) =>
        insertCritter(server.db, {
          userId: user.id,
          species,
          variant: 'Classic',
          rarity: 'Mythical',
          affection: 50,
        }),
      ),
    );
    const mythical = breedPrice('Mythical');
    expect(mythical).toMatchObject({ gold: 66_700, petCoins: 6670, gachaPool: 'mythic' });
    const body = { parentA: String(a!.id), parentB: String(b!.id), paymentMethod: 'gold' as const };
    // The old price of 5,000 gold (and 1,000 more) no longer buys a Mythical.
    await grantGold(server.db, user.id, 5000);
    expectError(
      await callRouteRaw(server, 'POST /api/breeding/critters/breed', { token: user.token, body }),
      409,
      { code: 'INSUFFICIENT_FUNDS', message: 'breeding a Mythical costs 66,700' },
    );
    await grantPetCurrency(server.db, user.id, 'pet_coins', 500);
    expectError(
      await callRouteRaw(server, 'POST /api/breeding/critters/breed', {
        token: user.token,
        body: { ...body, paymentMethod: 'pet' },
      }),
      409,
      { message: 'breeding a Mythical costs 6,670' },
    );
    expect(await balanceOf(server, user.id)).toBe(6000);
    const [before] = await server.db.rows<{ n: number }>(
      sql`select count(*)::int as n from virtual_pet_eggs where user_id = ${user.id}`,
    );
    expect(before?.n).toBe(0);

    await grantGold(server.db, user.id, mythical.gold - 6000);
    const bred = await callRoute(server, 'POST /api/breeding/critters/breed', {
      token: user.token,
      body,
    });
    expect(bred.status, JSON.stringify(bred.body)).toBe(201);
    expect(bred.body.egg.child.rarity).toBe('Mythical');
    expect(await balanceOf(server, user.id)).toBe(0);
    const [egg] = await server.db.rows<{ price: number; currency: string }>(
      sql`select price, currency from virtual_pet_eggs where id = ${Number(bred.body.egg._id)}`,
    );
    expect(egg).toMatchObject({ price: mythical.gold, currency: 'gold' });

    clock.advance(HATCH_MS.Mythical);
    const child = (
      await callRoute(server, 'POST /api/breeding/eggs/:id/hatch', {
        token: user.token,
        params: { id: bred.body.egg._id },
      })
    ).body.critter;
    // A third Mythical that could breed at once made the pair self-multiplying: it rests a day like its parents.
    const third = await insertCritter(server.db, {
      userId: user.id,
      species: 'starwyrm',
      variant: 'Classic',
      rarity: 'Mythical',
      affection: 50,
    });
    await grantGold(server.db, user.id, mythical.gold);
    expectError(
      await callRouteRaw(server, 'POST /api/breeding/critters/breed', {
        token: user.token,
        body: { ...body, parentA: child._id, parentB: String(third.id) },
      }),
      409,
      { message: 'resting' },
    );
    clock.advance(BREED_COOLDOWN_MS);
    expect(
      (
        await callRoute(server, 'POST /api/breeding/critters/breed', {
          token: user.token,
          body: { ...body, parentA: child._id, parentB: String(third.id) },
        })
      ).status,
    ).toBe(201);
  });

  it("refuses the same parent twice, another user's critter or egg, a short balance, bad input and no token", async () => {
    const { user, ids } = await keeper();
    const other = await keeper();
    expectBadField(
      await callRouteRaw(server, 'POST /api/breeding/critters/breed', {
        token: user.token,
        body: { parentA: ids[0]!, parentB: ids[0]!, paymentMethod: 'pet' },
      }),
      'parentB',
    );
    expectBadField(
      await callRouteRaw(server, 'POST /api/breeding/critters/breed', {
        token: user.token,
        body: { parentA: ids[0]!, parentB: ids[1]!, paymentMethod: 'gems' },
      }),
      'paymentMethod',
    );
    expectError(
      await callRouteRaw(server, 'POST /api/breeding/critters/breed', {
        token: user.token,
        body: { parentA: ids[0]!, parentB: other.ids[0]!, paymentMethod: 'pet' },
      }),
      404,
    );
    expectError(
      await callRouteRaw(server, 'POST /api/breeding/critters/breed', {
        token: user.token,
        body: { parentA: ids[0]!, parentB: ids[1]!, paymentMethod: 'gold' },
      }),
      409,
      { message: 'Not enough gold' },
    );
    expectError(
      await callRouteRaw(server, 'POST /api/breeding/critters/breed', {
        token: user.token,
        body: { parentA: ids[0]!, parentB: ids[1]!, paymentMethod: 'pet' },
      }),
      409,
      { message: 'Not enough pet coins' },
    );
    expectError(
      await callRouteRaw(server, 'POST /api/breeding/critters/breed', {
        body: { parentA: ids[0]!, parentB: ids[1]!, paymentMethod: 'pet' },
      }),
      401,
    );
    await grantPetCurrency(server.db, other.user.id, 'pet_coins', 500);
    const egg = (
      await callRoute(server, 'POST /api/breeding/critters/breed', {
        token: other.user.token,
        body: { parentA: other.ids[0]!, parentB: other.ids[1]!, paymentMethod: 'pet' },
      })
    ).body.egg;
    expectError(
      await callRouteRaw(server, 'POST /api/breeding/eggs/:id/hatch', {
        token: user.token,
        params: { id: egg._id },
      }),
      404,
    );
    expectError(
      await callRouteRaw(server, 'POST /api/breeding/eggs/:id/hatch', { params: { id: egg._id } }),
      401,
    );
    expectError(await callRouteRaw(server, 'GET /api/breeding/eggs', {}), 401);
    expect(
      (await callRoute(server, 'GET /api/breeding/eggs', { token: user.token })).body.eggs,
    ).toEqual([]);
    const [rounds] = await server.db.rows<{ n: number }>(
      sql`select count(*)::int as n from game_rounds where user_id = ${user.id}`,
    );
    expect(rounds?.n).toBe(0);
  });
});

describe('mini-games', () => {
  it('pays a completed run once, clamped to its length, within the daily cap', async () => {
    const { user, ids } = await keeper(['puddlefin']);
    const start = await callRoute(server, 'POST /api/sanctuary/minigame/start', {
      token: user.token,
      body: { critterId: ids[0]!, game: 'dodge-n-dash' },
    });
    expect(start.status).toBe(201);
    expect(start.body.serverTime).toBe(clock.now().toISOString());
    clock.advance(COUNTDOWN_MS + 20_000);
    const done = await callRoute(server, 'POST /api/sanctuary/minigame/complete', {
      token: user.token,
      body: {
        critterId: ids[0]!,
        game: 'dodge-n-dash',
        actualScore: 5000,
        runId: start.body.runId,
      },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({
      score: 51,
      clamped: true,
      experienceEarned: 51,
      coinsEarned: 5,
      coinsCapped: 0,
      critter: { experience: 51 },
    });
    expect(done.body.message).toContain('score counted as 51');
    expectError(
      await callRouteRaw(server, 'POST /api/sanctuary/minigame/complete', {
        token: user.token,
        body: {
          critterId: ids[0]!,
          game: 'dodge-n-dash',
          actualScore: 10,
          runId: start.body.runId,
        },
      }),
      409,
      { message: 'already completed' },
    );
    expect(
      (await callRoute(server, 'GET /api/user/me', { token: user.token })).body.resources.coins,
    ).toBe(5);

    // Critter Match pays 100 only after a person could have finished.
    const fast = await callRoute(server, 'POST /api/sanctuary/minigame/start', {
      token: user.token,
      body: { critterId: ids[0]!, game: 'critter-match' },
    });
    clock.advance(2000);
    expect(
      (
        await callRoute(server, 'POST /api/sanctuary/minigame/complete', {
          token: user.token,
          body: {
            critterId: ids[0]!,
            game: 'critter-match',
            actualScore: 100,
            runId: fast.body.runId,
          },
        })
      ).body,
    ).toMatchObject({ score: 0, coinsEarned: 0, clamped: true });
    const fair = await callRoute(server, 'POST /api/sanctuary/minigame/start', {
      token: user.token,
      body: { critterId: ids[0]!, game: 'critter-match' },
    });
    clock.advance(CRITTER_MATCH_MIN_MS);
    expect(
      (
        await callRoute(server, 'POST /api/sanctuary/minigame/complete', {
          token: user.token,
          body: {
            critterId: ids[0]!,
            game: 'critter-match',
            actualScore: 100,
            runId: fair.body.runId,
          },
        })
      ).body,
    ).toMatchObject({ score: 100, coinsEarned: 10 });

    // The daily cap holds the rest back.
    await server.db.rows(
      sql`update virtual_pet_minigame_days set coins = ${DAILY_MINIGAME_COIN_CAP - 3} where user_id = ${user.id}`,
    );
    const capped = await callRoute(server, 'POST /api/sanctuary/minigame/start', {
      token: user.token,
      body: { critterId: ids[0]!, game: 'critter-match' },
    });
    clock.advance(CRITTER_MATCH_MIN_MS);
    const body = (
      await callRoute(server, 'POST /api/sanctuary/minigame/complete', {
        token: user.token,
        body: {
          critterId: ids[0]!,
          game: 'critter-match',
          actualScore: 100,
          runId: capped.body.runId,
        },
      })
    ).body;
    expect(body).toMatchObject({ coinsEarned: 3, coinsCapped: 7 });
    expect(body.message).toContain('daily cap');
  });

  it("refuses an expired run, another user's critter or run, a run of another game, bad input and no token", async () => {
    const { user, ids } = await keeper(['puddlefin']);
    const other = await keeper(['sproutling']);
    expectError(
      await callRouteRaw(server, 'POST /api/sanctuary/minigame/start', {
        token: user.token,
        body: { critterId: other.ids[0]!, game: 'coin-catcher' },
      }),
      404,
    );
    expectBadField(
      await callRouteRaw(server, 'POST /api/sanctuary/minigame/start', {
        token: user.token,
        body: { critterId: ids[0]!, game: 'chess' },
      }),
      'game',
    );
    expectError(
      await callRouteRaw(server, 'POST /api/sanctuary/minigame/start', {
        body: { critterId: ids[0]!, game: 'coin-catcher' },
      }),
      401,
    );
    const run = (
      await callRoute(server, 'POST /api/sanctuary/minigame/start', {
        token: user.token,
        body: { critterId: ids[0]!, game: 'coin-catcher' },
      })
    ).body;
    expectBadField(
      await callRouteRaw(server, 'POST /api/sanctuary/minigame/complete', {
        token: user.token,
        body: { critterId: ids[0]!, game: 'coin-catcher', actualScore: -1, runId: run.runId },
      }),
      'actualScore',
    );
    expectBadField(
      await callRouteRaw(server, 'POST /api/sanctuary/minigame/complete', {
        token: user.token,
        body: { critterId: ids[0]!, game: 'dodge-n-dash', actualScore: 5, runId: run.runId },
      }),
      'runId',
    );
    expectError(
      await callRouteRaw(server, 'POST /api/sanctuary/minigame/complete', {
        token: other.user.token,
        body: { critterId: other.ids[0]!, game: 'coin-catcher', actualScore: 5, runId: run.runId },
      }),
      404,
    );
    expectError(
      await callRouteRaw(server, 'POST /api/sanctuary/minigame/complete', {
        token: user.token,
        body: { critterId: other.ids[0]!, game: 'coin-catcher', actualScore: 5, runId: run.runId },
      }),
      404,
    );
    expectError(
      await callRouteRaw(server, 'POST /api/sanctuary/minigame/complete', {
        body: { critterId: ids[0]!, game: 'coin-catcher', actualScore: 5, runId: run.runId },
      }),
      401,
    );
    clock.advance(31 * 60_000);
    expectError(
      await callRouteRaw(server, 'POST /api/sanctuary/minigame/complete', {
        token: user.token,
        body: { critterId: ids[0]!, game: 'coin-catcher', actualScore: 5, runId: run.runId },
      }),
      409,
      { message: 'expired' },
    );
    expect(
      (await callRoute(server, 'GET /api/user/me', { token: user.token })).body.resources.coins,
    ).toBe(0);
  });
});
