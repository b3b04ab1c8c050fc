import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { auditReport } from '../../audit/public';
import {
  balanceOf,
  expectLedgerBalanced,
  registerUser,
  useTestServer,
  type TestUser,
} from '../../../testing/harness';
import { expectError } from '../../../testing/expectations';
import { callRoute, callRouteRaw } from '../../../testing/callRoute';
import { grantGold, grantGood, grantPetCurrency } from './builders';
import { ManualClock } from '../../../platform/clock';
import { HATCH_MS } from '../../../../shared/games/virtualPet/breeding';

/** Issue 21: pet actions under parallel requests, each followed by the coin and holdings audits. */
const clock = new ManualClock('2026-06-01T12:00:00Z');
const server = useTestServer({}, { clock });

async function expectConserved(): Promise<void> {
  await expectLedgerBalanced(server);
  expect((await auditReport(server.db, server.deps.modules)).problem).toBeNull();
}

async function adopted(): Promise<{ user: TestUser; critterId: string }> {
  const user = await registerUser(server);
  const res = await callRoute(server, 'POST /api/critters/adopt', {
    token: user.token,
    body: { species: 'puddlefin' },
  });
  expect(res.status).toBe(201);
  return { user, critterId: res.body.critter._id };
}

const resources = async (user: TestUser) =>
  (await callRoute(server, 'GET /api/user/me', { token: user.token })).body.resources;

describe('parallel pet actions', () => {
  it('12 claims at once: one pays, the others are told when to come back', async () => {
    const { user } = await adopted();
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        callRouteRaw(server, 'GET /api/sanctuary/resources', { token: user.token }),
      ),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200))
      expect(expectError(r, 400).details).toEqual({ nextClaim: ok[0]!.body.nextClaim });
    expect(await resources(user)).toMatchObject({ coins: 50, shards: 5 });
    const [rounds] = await server.db.rows<{ n: number }>(
      sql`select count(*)::int as n from game_rounds where user_id = ${user.id} and game = 'sanctuary-claim'`,
    );
    expect(rounds?.n).toBe(1);
    await expectConserved();
  });

  it('20 feeds at once with 5 foods: exactly 5 are eaten', async () => {
    const { user, critterId } = await adopted();
    await grantGood(server.db, user.id, 'berry-bites', 5);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        callRouteRaw(server, 'POST /api/critters/feed/:id', {
          token: user.token,
          params: { id: critterId },
          body: { foodItem: 'berry-bites' },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    for (const r of results.filter((r) => r.status !== 200))
      expectError(r, 409, { message: 'no Berry Bites left' });
    const [critter] = (await callRoute(server, 'GET /api/critters/mine', { token: user.token }))
      .body.critters;
    expect(critter).toMatchObject({ experience: 100, affection: 30 });
    expect((await resources(user)).food).toEqual({});
    await expectConserved();
  });

  it('10 shard purchases at once with gold for 4: exactly 4 are paid', async () => {
    const user = await registerUser(server);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        callRouteRaw(server, 'POST /api/shop/buy', {
          token: user.token,
          body: { itemId: 'shards-25', quantity: 1 },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(4);
    for (const r of results.filter((r) => r.status !== 200))
      expectError(r, 409, { code: 'INSUFFICIENT_FUNDS' });
    expect(await balanceOf(server, user.id)).toBe(0);
    expect((await resources(user)).shards).toBe(100);
    await expectConserved();
  });

  it('8 food purchases at once with pet coins for 3: exactly 3 are paid and held', async () => {
    const user = await registerUser(server);
    await grantPetCurrency(server.db, user.id, 'pet_coins', 130);
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        callRouteRaw(server, 'POST /api/shop/buy', {
          token: user.token,
          body: { itemId: 'honey-cake', quantity: 1 },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(await resources(user)).toMatchObject({ coins: 10, food: { 'honey-cake': 3 } });
    await expectConserved();
  });

  it('5 trait unlocks at once with shards for one: exactly one trait is bought', async () => {
    const { user, critterId } = await adopted();
    await grantPetCurrency(server.db, user.id, 'shards', 40);
    const traits = ['forager', 'naptime', 'cheerful', 'snuggly', 'patient'];
    const results = await Promise.all(
      traits.map((trait) =>
        callRouteRaw(server, 'POST /api/traits/unlock', {
          token: user.token,
          body: { critterId, trait },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200))
      expectError(r, 409, { message: 'Not enough shards! (30 required)' });
    const [critter] = (await callRoute(server, 'GET /api/critters/mine', { token: user.token }))
      .body.critters;
    expect(Object.keys(critter!.traits)).toHaveLength(1);
    expect((await resources(user)).shards).toBe(10);
    await expectConserved();
  });

  it('two adoptions at once make one critter', async () => {
    const user = await registerUser(server);
    const results = await Promise.all(
      ['sproutling', 'emberpup', 'puddlefin', 'sproutling'].map((species) =>
        callRouteRaw(server, 'POST /api/critters/adopt', { token: user.token, body: { species } }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 201))
      expectError(r, 409, { message: 'already have a critter' });
    expect(
      (await callRoute(server, 'GET /api/critters/mine', { token: user.token })).body.critters,
    ).toHaveLength(1);
  });

  it('10 x10 gacha spins at once with gold for 3: exactly 3 are pulled, 30 critters, 30 rounds', async () => {
    const user = await registerUser(server);
    await grantGold(server.db, user.id, 15_000 - 1000 + 100);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        callRouteRaw(server, 'POST /api/gacha/spin', {
          token: user.token,
          body: { pool: 'starlight', count: 10 },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    for (const r of results.filter((r) => r.status !== 200))
      expectError(r, 409, { code: 'INSUFFICIENT_FUNDS' });
    expect(await balanceOf(server, user.id)).toBe(100);
    expect(
      (await callRoute(server, 'GET /api/critters/mine', { token: user.token })).body.critters,
    ).toHaveLength(30);
    const [rounds] = await server.db.rows<{ n: number; distinct_nonces: number }>(sql`
      select count(*)::int as n, count(distinct nonce)::int as distinct_nonces from game_rounds where user_id = ${user.id} and game = 'gacha'`);
    expect(rounds).toEqual({ n: 30, distinct_nonces: 30 });
    await expectConserved();
  });

  it('two breeds of the same parent at once: one egg; 10 hatches of it at once: one critter', async () => {
    const { user, critterId } = await adopted();
    await grantPetCurrency(server.db, user.id, 'pet_coins', 300 + 300 + 1000);
    const second = (
      await callRoute(server, 'POST /api/shop/buy-pet', {
        token: user.token,
        body: { species: 'sproutling' },
      })
    ).body.critter._id;
    const third = (
      await callRoute(server, 'POST /api/shop/buy-pet', {
        token: user.token,
        body: { species: 'emberpup' },
      })
    ).body.critter._id;
    const breeds = await Promise.all(
      [second, third].map((mate) =>
        callRouteRaw(server, 'POST /api/breeding/critters/breed', {
          token: user.token,
          body: { parentA: critterId, parentB: mate, paymentMethod: 'pet' },
        }),
      ),
    );
    expect(breeds.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of breeds.filter((r) => r.status !== 201))
      expectError(r, 409, { message: 'is breeding' });
    expect((await resources(user)).coins).toBe(500);
    const egg = breeds.find((r) => r.status === 201)!.body.egg;
    clock.advance(HATCH_MS.Common);
    const hatches = await Promise.all(
      Array.from({ length: 10 }, () =>
        callRouteRaw(server, 'POST /api/breeding/eggs/:id/hatch', {
          token: user.token,
          params: { id: egg._id },
        }),
      ),
    );
    expect(hatches.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of hatches.filter((r) => r.status !== 200))
      expectError(r, 409, { message: 'already hatched' });
    expect(
      (await callRoute(server, 'GET /api/critters/mine', { token: user.token })).body.critters,
    ).toHaveLength(4);
    await expectConserved();
  });

  it('10 completes of one mini-game run at once: paid once', async () => {
    const { user, critterId } = await adopted();
    const run = (
      await callRoute(server, 'POST /api/sanctuary/minigame/start', {
        token: user.token,
        body: { critterId, game: 'critter-match' },
      })
    ).body;
    clock.advance(60_000);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        callRouteRaw(server, 'POST /api/sanctuary/minigame/complete', {
          token: user.token,
          body: { critterId, game: 'critter-match', actualScore: 100, runId: run.runId },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200))
      expectError(r, 409, { message: 'already completed' });
    expect((await resources(user)).coins).toBe(10);
    const [critter] = (await callRoute(server, 'GET /api/critters/mine', { token: user.token }))
      .body.critters;
    expect(critter?.experience).toBe(100);
    await expectConserved();
  });

  it('20 runs of one game started at once, then all completed: one run pays, the others were replaced', async () => {
    const body = (critterId: string, runId: string) => ({
      critterId,
      game: 'coin-catcher' as const,
      actualScore: 100_000,
      runId,
    });
    // One honest run of the same length, for what a single run pays.
    const single = await adopted();
    const only = (
      await callRoute(server, 'POST /api/sanctuary/minigame/start', {
        token: single.user.token,
        body: { critterId: single.critterId, game: 'coin-catcher' },
      })
    ).body;
    const { user, critterId } = await adopted();
    const runs = await Promise.all(
      Array.from({ length: 20 }, () =>
        callRouteRaw(server, 'POST /api/sanctuary/minigame/start', {
          token: user.token,
          body: { critterId, game: 'coin-catcher' },
        }),
      ),
    );
    expect(runs.map((r) => r.status)).toEqual(Array<number>(20).fill(201));
    clock.advance(60_000);
    const reference = await callRoute(server, 'POST /api/sanctuary/minigame/complete', {
      token: single.user.token,
      body: body(single.critterId, only.runId),
    });
    expect(reference.status).toBe(200);
    const results = await Promise.all(
      runs.map((r) =>
        callRouteRaw(server, 'POST /api/sanctuary/minigame/complete', {
          token: user.token,
          body: body(critterId, (r.body as { runId: string }).runId),
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200))
      expectError(r, 409, { message: 'replaced by a newer run' });
    const [mine] = (await callRoute(server, 'GET /api/critters/mine', { token: user.token })).body
      .critters;
    const [theirs] = (
      await callRoute(server, 'GET /api/critters/mine', { token: single.user.token })
    ).body.critters;
    expect(mine?.experience).toBe(theirs?.experience);
    expect((await resources(user)).coins).toBe((await resources(single.user)).coins);
    await expectConserved();
  });
});
