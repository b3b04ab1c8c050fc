import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  balanceOf,
  expectLedgerBalanced,
  registerAdmin,
  registerUser,
  startTestServer,
  uniqueName,
  type TestServer,
  type TestUser,
} from '../../testing/harness';
import { expectBadField, expectError, expectNoSecrets } from '../../testing/expectations';
import { callRoute, callRouteRaw, type RouteResult } from '../../testing/callRoute';
import type { AuthResponse } from '../../../shared/api/accounts';

let server: TestServer;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await registerAdmin(server);
});

afterAll(async () => {
  await expectLedgerBalanced(server);
  await server.close();
});

/** Open registration answers a session (the pending answer is REGISTRATION_MODE=approval's, signup.test.ts). */
const register = (body: unknown) =>
  callRouteRaw(server, 'POST /auth/register', { body }) as Promise<RouteResult<AuthResponse>>;
const login = (body: unknown) => callRouteRaw(server, 'POST /auth/login', { body });
const stats = (token?: string) => callRoute(server, 'GET /api/user/stats', { token });

describe('POST /auth/register', () => {
  it('creates an account with 1000 coins, a registration grant, a token and no secrets', async () => {
    const username = uniqueName('reg');
    const res = await register({ username, password: 'long-enough-1' });
    expect(res.status).toBe(201);
    expect(typeof res.body.token).toBe('string');
    expect(res.body.token.length).toBeGreaterThanOrEqual(40);
    expect(res.body.user.username).toBe(username);
    expect(res.body.user.balance).toBe(1000);
    expect(res.body.user.role).toBe('user');
    expect(res.body.user.status).toBe('active');
    expect(res.body.user._id).toMatch(/^\d+$/);
    expect(res.body.user.userId).toBe(res.body.user._id);
    expect(res.body.user.logins).toBe(1);
    expectNoSecrets({ ...res, body: res.body.user });
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);

    const id = Number(res.body.user._id);
    expect(await balanceOf(server, id)).toBe(1000);
    const rows = await server.db.rows<{ delta: number; category: string; balance_after: number }>(
      sql`select delta, category, balance_after from ledger where user_id = ${id}`,
    );
    expect(rows).toEqual([{ delta: 1000, category: 'registration_grant', balance_after: 1000 }]);

    const ledger = await callRoute(server, 'GET /api/user/ledger', { token: res.body.token });
    expect(ledger.status).toBe(200);
    expect(ledger.body.entries.map((e) => [e.category, e.delta])).toEqual([
      ['registration_grant', 1000],
    ]);

    // The token works at once.
    const me = await stats(res.body.token);
    expect(me.status).toBe(200);
    expect(me.body.username).toBe(username);
  });

  it('accepts names of exactly 3 and 20 characters made of letters, digits, _ and -', async () => {
    const short = 'x_1';
    const long = `${uniqueName('L')}_-xxxxxxxxxxxxxxxxxxxxxxxx`.slice(0, 20);
    for (const username of [short, long]) {
      const res = await register({ username, password: 'abcdefgh' });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.user.username).toBe(username);
    }
  });

  it('rejects a username taken in any letter case with 409', async () => {
    const username = uniqueName('Dup');
    expect((await register({ username, password: 'password-1' })).status).toBe(201);
    expectError(await register({ username, password: 'password-1' }), 409, {
      code: 'CONFLICT',
      message: 'already taken',
    });
    expectError(await register({ username: username.toUpperCase(), password: 'password-1' }), 409, {
      message: 'already taken',
    });
    expectError(await register({ username: username.toLowerCase(), password: 'password-1' }), 409, {
      message: 'already taken',
    });
  });

  it.each([
    ['too short', 'ab'],
    ['too long', 'a'.repeat(21)],
    ['with a space', 'has space'],
    ['with a dot', 'dot.name'],
    ['with a tilde', '~deleted~1'],
    ['with non-ASCII letters', 'jürgen'],
    ['empty', ''],
    ['a number', 12345],
    ['null', null],
  ])('rejects a username %s with 400 naming username', async (_label, username) => {
    expectBadField(await register({ username, password: 'password-1' }), 'username');
  });

  it('rejects a missing username with 400 naming username', async () => {
    expectBadField(await register({ password: 'password-1' }), 'username');
  });

  it.each([
    ['7 characters', 'abcdefg'],
    ['129 characters', 'p'.repeat(129)],
    ['a number', 12345678],
    ['missing', undefined],
  ])('rejects a password of %s with 400 naming password', async (_label, password) => {
    expectBadField(await register({ username: uniqueName('pw'), password }), 'password');
  });

  it('accepts passwords of exactly 8 and 128 characters', async () => {
    expect((await register({ username: uniqueName('p8'), password: '12345678' })).status).toBe(201);
    expect(
      (await register({ username: uniqueName('p128'), password: 'x'.repeat(128) })).status,
    ).toBe(201);
  });

  it('rejects unknown fields with 400', async () => {
    const res = await register({
      username: uniqueName('unk'),
      password: 'password-1',
      role: 'admin',
    });
    const body = expectError(res, 400, { code: 'BAD_REQUEST' });
    expect(body.message).toMatch(/role|unrecognized|unknown/i);
  });

  it('cannot be used to create an admin or pick a balance', async () => {
    const res = await register({
      username: uniqueName('sneaky'),
      password: 'password-1',
      balance: 1e9,
    });
    expectError(res, 400);
  });

  it('rejects a body that is not an object', async () => {
    expectError(await register(['a', 'b']), 400, { code: 'BAD_REQUEST' });
    expectError(await register('just a string'), 400, { code: 'BAD_REQUEST' });
  });
});

describe('POST /auth/login', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await registerUser(server);
  });

  it('answers a fresh token and the user, and counts the login on a day without one', async () => {
    // Logins count once per UTC day: the registration's own day is moved back.
    await server.db.rows(
      sql`update sessions set created_at = now() - interval '3 days' where user_id = ${user.id}`,
    );
    const before = await stats(user.token);
    const res = await login({ username: user.username, password: user.password });
    expect(res.status).toBe(200);
    expect(res.body.token).not.toBe(user.token);
    expect(res.body.user.username).toBe(user.username);
    expect(res.body.user.logins).toBe(before.body.logins + 1);
    expect(JSON.stringify(res.body.user)).not.toMatch(/password/i);
    const me = await stats(res.body.token);
    expect(me.status).toBe(200);
    expect(me.body.logins).toBe(before.body.logins + 1);
    // The older token still works: logging in elsewhere does not sign out.
    expect((await stats(user.token)).status).toBe(200);
  });

  it('ignores the letter case of the username', async () => {
    const res = await login({ username: user.username.toUpperCase(), password: user.password });
    expect(res.status).toBe(200);
    expect(res.body.user.username).toBe(user.username);
  });

  it('rejects a wrong password with 401 and the same message as an unknown user', async () => {
    const wrong = expectError(
      await login({ username: user.username, password: 'not-the-password' }),
      401,
      { code: 'UNAUTHORIZED' },
    );
    const unknown = expectError(
      await login({ username: uniqueName('ghost'), password: 'whatever-123' }),
      401,
      { code: 'UNAUTHORIZED' },
    );
    expect(wrong.message).toBe(unknown.message);
  });

  it('does not count failed logins', async () => {
    const before = await stats(user.token);
    await login({ username: user.username, password: 'not-the-password' });
    const after = await stats(user.token);
    expect(after.body.logins).toBe(before.body.logins);
  });

  it('rejects missing fields with 400 naming the field', async () => {
    expectBadField(await login({ username: user.username }), 'password');
    expectBadField(await login({ password: 'x' }), 'username');
    expectBadField(await login({ username: '', password: 'abc' }), 'username');
    expectError(await login({ username: user.username, password: user.password, extra: 1 }), 400);
  });

  it('refuses a banned user with 403 BANNED and a message', async () => {
    const victim = await registerUser(server);
    const ban = await callRoute(server, 'PATCH /api/admin/status/user/:username', {
      token: admin.token,
      params: { username: victim.username },
      body: { status: 'banned' },
    });
    expect(ban.status).toBe(200);
    const body = expectError(
      await login({ username: victim.username, password: victim.password }),
      403,
      { code: 'BANNED' },
    );
    expect(body.message).toMatch(/banned/i);
    // A wrong password for a banned user is still just a wrong password.
    expectError(await login({ username: victim.username, password: 'wrong-password' }), 401);
  });
});

describe('POST /auth/logout', () => {
  it('revokes the token used, and only that one', async () => {
    const user = await registerUser(server);
    const second = await login({ username: user.username, password: user.password });
    expect(second.status).toBe(200);
    expect((await stats(user.token)).status).toBe(200);

    const res = await callRoute(server, 'POST /auth/logout', { token: user.token });
    expect(res.status).toBe(200);
    expect(typeof res.body.message).toBe('string');

    expectError(await stats(user.token), 401, { code: 'UNAUTHORIZED' });
    expectError(await callRoute(server, 'POST /auth/logout', { token: user.token }), 401);
    expect((await stats(second.body.token)).status).toBe(200);
  });

  it('needs a token', async () => {
    expectError(await callRoute(server, 'POST /auth/logout'), 401, { code: 'UNAUTHORIZED' });
  });
});

describe('GET /api/user/stats', () => {
  it('answers the full user with counters and collections, without secrets', async () => {
    const user = await registerUser(server);
    const res = await stats(user.token);
    expect(res.status).toBe(200);
    const counters = [
      'betsPlaced',
      'betsWon',
      'storePurchases',
      'logins',
      'tasksCompleted',
      'minefieldWins',
      'puzzleWins',
      'rpsWins',
      'frenzyClicks',
      'casinoWins',
      'itemsOwned',
    ] as const;
    for (const c of counters) expect(typeof res.body[c], c).toBe('number');
    expect(res.body).toMatchObject({
      _id: String(user.id),
      userId: String(user.id),
      username: user.username,
      balance: 1000,
      role: 'user',
      status: 'active',
      profileImage: null,
      achievements: [],
      claimedAchievements: [],
      badges: [],
      inventory: [],
      currentBets: [],
    });
    expect(Number.isNaN(Date.parse(res.body.createdAt))).toBe(false);
    expectNoSecrets(res);
    expect(JSON.stringify(res.body)).not.toContain(user.token);
  });

  it('shows the admin role to an admin', async () => {
    const res = await stats(admin.token);
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('admin');
  });

  it.each([
    ['no header', undefined],
    ['a malformed header', 'Token abc'],
    ['an unknown token', 'Bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
    ['an oversized token', `Bearer ${'a'.repeat(500)}`],
    ['an empty bearer', 'Bearer '],
  ])('answers 401 with %s', async (_label, authorization) => {
    const res = await callRoute(server, 'GET /api/user/stats', {
      headers: authorization ? { authorization } : {},
    });
    expectError(res, 401, { code: 'UNAUTHORIZED' });
  });

  it('answers 403 BANNED to a banned user, whose session is gone', async () => {
    const user = await registerUser(server);
    expect((await stats(user.token)).status).toBe(200); // warm the session cache
    const ban = await callRoute(server, 'PATCH /api/admin/status/user/:username', {
      token: admin.token,
      params: { username: user.username },
      body: { status: 'banned' },
    });
    expect(ban.status).toBe(200);
    const res = await stats(user.token);
    expect([401, 403]).toContain(res.status);
    if (res.status === 403) expectError(res, 403, { code: 'BANNED' });
  });
});

describe('GET /api/user/public/{username}', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await registerUser(server, uniqueName('Pub'));
  });

  it('answers public data without a token', async () => {
    const res = await callRoute(server, 'GET /api/user/public/:username', {
      params: { username: user.username },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      _id: String(user.id),
      username: user.username,
      balance: 1000,
      role: 'user',
      status: 'active',
      betsWon: 0,
      achievements: [],
      badges: [],
      inventory: [],
    });
    expectNoSecrets(res);
    const keys = Object.keys(res.body).join(',').toLowerCase();
    expect(keys).not.toMatch(/password|token|hash|logins/);
  });

  it('ignores the letter case of the name', async () => {
    for (const name of [user.username.toLowerCase(), user.username.toUpperCase()]) {
      const res = await callRoute(server, 'GET /api/user/public/:username', {
        params: { username: name },
      });
      expect(res.status).toBe(200);
      expect(res.body.username).toBe(user.username);
    }
  });

  it('answers 404 for an unknown user', async () => {
    expectError(
      await callRoute(server, 'GET /api/user/public/:username', {
        params: { username: uniqueName('nobody') },
      }),
      404,
      { code: 'NOT_FOUND' },
    );
    expectError(
      await callRoute(server, 'GET /api/user/public/:username', {
        params: { username: '~deleted~1' },
      }),
      404,
    );
  });

  it('rejects an absurdly long name with 4xx', async () => {
    const res = await callRoute(server, 'GET /api/user/public/:username', {
      params: { username: 'x'.repeat(150) },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it('shows a banned user with status banned', async () => {
    const victim = await registerUser(server);
    const ban = await callRoute(server, 'PATCH /api/admin/status/user/:username', {
      token: admin.token,
      params: { username: victim.username },
      body: { status: 'banned' },
    });
    expect(ban.status).toBe(200);
    const res = await callRoute(server, 'GET /api/user/public/:username', {
      params: { username: victim.username },
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('banned');
    expectNoSecrets(res);
  });
});
