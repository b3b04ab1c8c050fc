import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { auditReport } from '../../platform/audit';
import { balanceOf, expectLedgerBalanced, registerUser, useTestServer, type TestUser } from '../../testing/harness';
import { expectError } from '../../testing/expectations';
import { callRoute, callRouteRaw } from '../../testing/callRoute';
import { grantGood, grantPetCurrency } from './builders';

/** Issue 21: pet actions under parallel requests, each followed by the coin and holdings audits. */
const server = useTestServer();

async function expectConserved(): Promise<void> {
  await expectLedgerBalanced(server);
  expect((await auditReport(server.db, server.deps.modules)).problem).toBeNull();
}

async function adopted(): Promise<{ user: TestUser; critterId: string }> {
  const user = await registerUser(server);
  const res = await callRoute(server, 'POST /api/critters/adopt', { token: user.token, body: { species: 'puddlefin' } });
  expect(res.status).toBe(201);
  return { user, critterId: res.body.critter._id };
}

const resources = async (user: TestUser) => (await callRoute(server, 'GET /api/user/me', { token: user.token })).body.resources;

describe('parallel pet actions', () => {
  it('12 claims at once: one pays, the others are told when to come back', async () => {
    const { user } = await adopted();
    const results = await Promise.all(Array.from({ length: 12 }, () => callRouteRaw(server, 'GET /api/sanctuary/resources', { token: user.token })));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200)) expect(expectError(r, 400).details).toEqual({ nextClaim: ok[0]!.body.nextClaim });
    expect(await resources(user)).toMatchObject({ coins: 50, shards: 5 });
    const [rounds] = await server.db.rows<{ n: number }>(sql`select count(*)::int as n from game_rounds where user_id = ${user.id} and game = 'sanctuary-claim'`);
    expect(rounds?.n).toBe(1);
    await expectConserved();
  });

  it('20 feeds at once with 5 foods: exactly 5 are eaten', async () => {
    const { user, critterId } = await adopted();
    await grantGood(server.db, user.id, 'berry-bites', 5);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => callRouteRaw(server, 'POST /api/critters/feed/:id', { token: user.token, params: { id: critterId }, body: { foodItem: 'berry-bites' } })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    for (const r of results.filter((r) => r.status !== 200)) expectError(r, 409, { message: 'no Berry Bites left' });
    const [critter] = (await callRoute(server, 'GET /api/critters/mine', { token: user.token })).body.critters;
    expect(critter).toMatchObject({ experience: 100, affection: 30 });
    expect((await resources(user)).food).toEqual({});
    await expectConserved();
  });

  it('10 shard purchases at once with gold for 4: exactly 4 are paid', async () => {
    const user = await registerUser(server);
    const results = await Promise.all(Array.from({ length: 10 }, () => callRouteRaw(server, 'POST /api/shop/buy', { token: user.token, body: { itemId: 'shards-25', quantity: 1 } })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(4);
    for (const r of results.filter((r) => r.status !== 200)) expectError(r, 409, { code: 'INSUFFICIENT_FUNDS' });
    expect(await balanceOf(server, user.id)).toBe(0);
    expect((await resources(user)).shards).toBe(100);
    await expectConserved();
  });

  it('8 food purchases at once with pet coins for 3: exactly 3 are paid and held', async () => {
    const user = await registerUser(server);
    await grantPetCurrency(server.db, user.id, 'pet_coins', 130);
    const results = await Promise.all(Array.from({ length: 8 }, () => callRouteRaw(server, 'POST /api/shop/buy', { token: user.token, body: { itemId: 'honey-cake', quantity: 1 } })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(await resources(user)).toMatchObject({ coins: 10, food: { 'honey-cake': 3 } });
    await expectConserved();
  });

  it('5 trait unlocks at once with shards for one: exactly one trait is bought', async () => {
    const { user, critterId } = await adopted();
    await grantPetCurrency(server.db, user.id, 'shards', 40);
    const traits = ['forager', 'naptime', 'cheerful', 'snuggly', 'patient'];
    const results = await Promise.all(traits.map((trait) => callRouteRaw(server, 'POST /api/traits/unlock', { token: user.token, body: { critterId, trait } })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200)) expectError(r, 409, { message: 'Not enough shards! (30 required)' });
    const [critter] = (await callRoute(server, 'GET /api/critters/mine', { token: user.token })).body.critters;
    expect(Object.keys(critter!.traits)).toHaveLength(1);
    expect((await resources(user)).shards).toBe(10);
    await expectConserved();
  });

  it('two adoptions at once make one critter', async () => {
    const user = await registerUser(server);
    const results = await Promise.all(
      ['sproutling', 'emberpup', 'puddlefin', 'sproutling'].map((species) => callRouteRaw(server, 'POST /api/critters/adopt', { token: user.token, body: { species } })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 201)) expectError(r, 409, { message: 'already have a critter' });
    expect((await callRoute(server, 'GET /api/critters/mine', { token: user.token })).body.critters).toHaveLength(1);
  });
});
