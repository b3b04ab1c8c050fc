import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import {
  balanceOf,
  registerUser,
  uniqueName,
  useTestServer,
  type TestUser,
} from '../../testing/harness';
import { callRoute, callRouteRaw, type RouteResult } from '../../testing/callRoute';
import type { AuthResponse } from '../../../shared/api/accounts';
import { giveItem, insertItem } from '../store/builders';
import { listService } from '../services/builders';
import { tradeCalls } from '../trades/builders';

/**
 * New accounts are not faucets (issue 34): under NEW_ACCOUNT_HOURS and NEW_ACCOUNT_ACTIONS an
 * account can play at once but not pass coins or items on; SIGNUPS_PER_DAY bounds the accounts
 * one address registers in a UTC day.
 */
const clock = new ManualClock('2030-05-06T10:00:00Z');
const server = useTestServer(
  { newAccountHours: 24, newAccountActions: 5, signupsPerDay: 3, trustProxy: 1 },
  { clock },
);

const freshIp = () => `10.${randomBytes(3).join('.')}`;
const register = (ip: string, username = uniqueName()) =>
  callRoute(server, 'POST /auth/register', {
    body: { username, password: 'correct-horse-9' },
    headers: { 'x-forwarded-for': ip },
  }) as Promise<RouteResult<AuthResponse>>;
/** A user registered from an address of its own (each spends one of its address's sign-ups). */
const newUser = async (): Promise<TestUser> => {
  const username = uniqueName();
  const res = await register(freshIp(), username);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = Number(res.body.user.userId);
  // Rows are stamped by the database's clock; the rule reads the injected one.
  await server.db.rows(
    sql`update users set created_at = ${clock.now().toISOString()} where id = ${id}`,
  );
  return { id, username, password: 'correct-horse-9', token: res.body.token };
};
const send = (from: TestUser, to: TestUser, amount = 10) =>
  callRouteRaw(server, 'POST /api/user/send-money', {
    token: from.token,
    body: { recipientUsername: to.username, amount },
  });
const flip = (user: TestUser) =>
  callRoute(server, 'POST /api/games/coin-flip', {
    token: user.token,
    body: { betAmount: 1, guess: 'heads' },
  });

describe('new accounts', () => {
  it('cannot send coins, offer trades or buy services; the refusal says when, and nothing moves', async () => {
    clock.set('2030-05-06T10:00:00Z');
    const [young, other] = [await newUser(), await newUser()];
    const item = await insertItem(server.db);
    await giveItem(server.db, young.id, item.id);
    const service = await listService(server, other, 100);

    const sent = await send(young, other);
    expect(sent.status).toBe(403);
    expect(sent.body).toEqual({
      code: 'FORBIDDEN',
      message:
        'New accounts cannot send coins yet: you can in 24 h, and after 5 more bets, staked game rounds or store purchases of your own.',
      details: { rule: 'new_account', availableAt: '2030-05-07T10:00:00.000Z', actionsLeft: 5 },
    });
    const offered = await tradeCalls(server).request(young.token, {
      toUsername: other.username,
      fromItems: [{ itemId: String(item.id), quantity: 1 }],
    });
    expect(offered.status).toBe(403);
    expect((offered.body as { message?: string }).message).toMatch(
      /^New accounts cannot offer trades yet: you can in 24 h/,
    );
    const bought = await callRouteRaw(server, 'POST /api/services/buy/:id', {
      token: young.token,
      params: { id: service._id },
      body: { expectedPrice: 100 },
    });
    expect(bought.status).toBe(403);
    expect(bought.body.message).toMatch(/^New accounts cannot buy services yet/);

    expect(await balanceOf(server, young.id)).toBe(1000);
    expect(await balanceOf(server, other.id)).toBe(1000);
    expect(
      (await callRoute(server, 'GET /api/trades', { token: other.token })).body.incoming,
    ).toEqual([]);
  });

  it('can once it is old enough and has played enough, counting staked rounds, bets and purchases', async () => {
    clock.set('2030-05-06T10:00:00Z');
    const [young, other] = [await newUser(), await newUser()];
    for (let i = 0; i < 3; i++) expect((await flip(young)).status).toBe(200);
    const item = await insertItem(server.db, { price: 10 });
    expect(
      (
        await callRoute(server, 'POST /api/store/purchase', {
          token: young.token,
          body: { itemId: String(item.id) },
        })
      ).status,
    ).toBe(200);
    clock.set('2030-05-07T09:59:00Z');
    expect((await send(young, other)).body.message).toBe(
      'New accounts cannot send coins yet: you can in 1 min, and after 1 more bet, staked game round or store purchase of your own.',
    );
    clock.set('2030-05-07T10:00:00Z');
    expect((await send(young, other)).body).toMatchObject({
      details: { availableAt: null, actionsLeft: 1 },
    });
    expect((await flip(young)).status).toBe(200);
    const before = await balanceOf(server, other.id);
    expect((await send(young, other)).status).toBe(200);
    expect(await balanceOf(server, other.id)).toBe(before + 10);
    // Established for good: rounds do not have to be played again.
    expect((await send(young, other)).status).toBe(200);
  });

  it('an old account with nothing played is still new; an admin never is', async () => {
    clock.set('2030-05-06T10:00:00Z');
    const idle = await newUser();
    const other = await newUser();
    clock.set('2031-01-01T00:00:00Z');
    expect((await send(idle, other)).body.message).toBe(
      'New accounts cannot send coins yet: you can after 5 more bets, staked game rounds or store purchases of your own.',
    );
    const admin = await registerUser(server);
    await server.db.rows(sql`update users set role = 'admin' where id = ${admin.id}`);
    expect((await send(admin, other)).status).toBe(200);
  });
});

describe('sign-ups per address and day', () => {
  it('refuses the fourth account of an address in a UTC day, counts each address alone, and opens again at midnight', async () => {
    clock.set('2030-05-08T20:00:00Z');
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await register(ip)).status).toBe(201);
    const refused = await register(ip);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      code: 'RATE_LIMITED',
      message:
        'Too many accounts were registered from your address today; try again in 4 h, after midnight UTC',
    });
    expect((await register(freshIp())).status).toBe(201);
    clock.set('2030-05-09T00:00:00Z');
    expect((await register(ip)).status).toBe(201);
  });

  it('counts eight registrations sent at once from one address exactly: three made, five refused', async () => {
    clock.set('2030-05-11T12:00:00Z');
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 8 }, () => register(ip)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
    const made = answers.filter((a) => a.status === 201).map((a) => Number(a.body.user.userId));
    const [row] = await server.db.rows<{ n: number }>(
      sql`select count(*)::int as n from users where id in ${made}`,
    );
    expect(row?.n).toBe(3);
  });

  it('a refused registration (a taken name) does not count', async () => {
    clock.set('2030-05-10T12:00:00Z');
    const ip = freshIp();
    const taken = uniqueName();
    expect((await register(ip, taken)).status).toBe(201);
    for (let i = 0; i < 3; i++) expect((await register(ip, taken)).status).toBe(409);
    expect((await register(ip)).status).toBe(201);
    expect((await register(ip)).status).toBe(201);
    expect((await register(ip)).status).toBe(429);
  });
});
