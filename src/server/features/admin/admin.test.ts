import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  balanceOf,
  expectLedgerBalanced,
  registerAdmin,
  registerUser,
  useTestServer,
  uniqueName,
  type TestUser,
} from '../../testing/harness';
import { expectBadField, expectError, expectNoSecrets } from '../../testing/expectations';
import {
  callRoute,
  callRouteRaw,
  type RawRouteInput,
  type TestRouteName,
} from '../../testing/callRoute';
import { useAdmin } from '../../testing/builders';

const server = useTestServer();
const admin = useAdmin(server);
let user: TestUser;

beforeAll(async () => {
  user = await registerUser(server);
});

const logs = async () => {
  const res = await callRoute(server, 'GET /api/admin/logs', { token: admin.token });
  expect(res.status).toBe(200);
  return res.body;
};
const adjust = (username: string, body: unknown, token = admin.token) =>
  callRouteRaw(server, 'PATCH /api/admin/balance/:username', { token, params: { username }, body });
const setStatus = (username: string, body: unknown, token = admin.token) =>
  callRouteRaw(server, 'PATCH /api/admin/status/user/:username', {
    token,
    params: { username },
    body,
  });

describe('access to /api/admin', () => {
  const routes: [TestRouteName, RawRouteInput][] = [
    ['GET /api/admin/users', {}],
    ['GET /api/admin/logs', {}],
    [
      'PATCH /api/admin/balance/:username',
      { params: { username: 'someone' }, body: { amount: 5 } },
    ],
    [
      'PATCH /api/admin/status/user/:username',
      { params: { username: 'someone' }, body: { status: 'banned' } },
    ],
  ];

  it.each(routes)('%s needs a token (401)', async (name, input) => {
    expectError(await callRouteRaw(server, name, input), 401, { code: 'UNAUTHORIZED' });
  });

  it.each(routes)('%s refuses a non-admin (403)', async (name, input) => {
    expectError(await callRouteRaw(server, name, { ...input, token: user.token }), 403, {
      code: 'FORBIDDEN',
    });
  });

  it('a non-admin cannot change their own balance or status', async () => {
    expectError(await adjust(user.username, { amount: 1_000_000 }, user.token), 403);
    expect(await balanceOf(server, user.id)).toBe(1000);
  });
});

describe('GET /api/admin/users', () => {
  it('lists every account with role and status, without secrets', async () => {
    const res = await callRoute(server, 'GET /api/admin/users', { token: admin.token });
    expect(res.status).toBe(200);
    const me = res.body.find((u) => u.username === admin.username);
    const them = res.body.find((u) => u.username === user.username);
    expect(me).toMatchObject({
      _id: String(admin.id),
      role: 'admin',
      status: 'active',
      balance: 1000,
    });
    expect(them).toMatchObject({
      _id: String(user.id),
      role: 'user',
      status: 'active',
      balance: 1000,
    });
    expect(Number.isNaN(Date.parse(them!.createdAt))).toBe(false);
    expectNoSecrets(res);
  });

  it('leaves deleted accounts out', async () => {
    const gone = await registerUser(server);
    expect(
      (
        await callRoute(server, 'DELETE /api/user', {
          token: gone.token,
          body: { password: gone.password },
        })
      ).status,
    ).toBe(200);
    const res = await callRoute(server, 'GET /api/admin/users', { token: admin.token });
    expect(res.body.map((u) => u._id)).not.toContain(String(gone.id));
  });
});

describe('PATCH /api/admin/balance/{username}', () => {
  it('adds funds, writes the ledger and a log row', async () => {
    const target = await registerUser(server);
    const res = await adjust(target.username, { amount: 250 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: target.username, balance: 1250 });
    expect(res.body.message).toContain('1250');
    expect(await balanceOf(server, target.id)).toBe(1250);
    const [log] = await logs();
    expect(log).toMatchObject({
      action: 'add_funds',
      admin: admin.username,
      target: target.username,
    });
    expect(log!.details).toContain('250');
    expect(Math.abs(Date.now() - Date.parse(log!.timestamp))).toBeLessThan(5 * 60_000);
    await expectLedgerBalanced(server);
  });

  it('removes funds with a negative amount, down to exactly zero but never below', async () => {
    const target = await registerUser(server, uniqueName('Rm'));
    const res = await adjust(target.username.toLowerCase(), { amount: -400 });
    expect(res.status).toBe(200);
    expect(res.body.balance).toBe(600);
    const [log] = await logs();
    expect(log).toMatchObject({
      action: 'remove_funds',
      admin: admin.username,
      target: target.username,
    });
    expect(log!.details).toContain('400');

    const logCount = (await logs()).length;
    expectError(await adjust(target.username, { amount: -601 }), 409, {
      code: 'INSUFFICIENT_FUNDS',
    });
    expect(await balanceOf(server, target.id)).toBe(600);
    expect((await logs()).length).toBe(logCount);

    expect((await adjust(target.username, { amount: -600 })).body.balance).toBe(0);
    expect(await balanceOf(server, target.id)).toBe(0);
    await expectLedgerBalanced(server);
  });

  it.each([
    ['zero', 0],
    ['a fraction', 2.5],
    ['a string', '100'],
    ['missing', undefined],
    ['too large', 1e15],
  ])('refuses amount %s with 400 naming amount', async (_label, amount) => {
    expectBadField(await adjust(user.username, { amount }), 'amount');
    expect(await balanceOf(server, user.id)).toBe(1000);
  });

  it('refuses unknown body fields with 400', async () => {
    expectError(await adjust(user.username, { amount: 5, reason: 'x' }), 400, {
      code: 'BAD_REQUEST',
    });
  });

  it('answers 404 for an unknown user', async () => {
    expectError(await adjust(uniqueName('ghost'), { amount: 5 }), 404, { code: 'NOT_FOUND' });
  });

  it('handles parallel removals without going negative', async () => {
    const target = await registerUser(server);
    const results = await Promise.all(
      Array.from({ length: 12 }, () => adjust(target.username, { amount: -100 })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    expect(results.filter((r) => r.status === 409)).toHaveLength(2);
    expect(await balanceOf(server, target.id)).toBe(0);
    await expectLedgerBalanced(server);
  });
});

describe('PATCH /api/admin/status/user/{username}', () => {
  it('bans a user: sessions end at once, sign-in is refused, a log row is written', async () => {
    const target = await registerUser(server);
    const second = await callRoute(server, 'POST /auth/login', {
      body: { username: target.username, password: target.password },
    });
    // Both sessions are warm in the auth cache.
    expect((await callRoute(server, 'GET /api/user/stats', { token: target.token })).status).toBe(
      200,
    );
    expect(
      (await callRoute(server, 'GET /api/user/stats', { token: second.body.token })).status,
    ).toBe(200);

    const res = await setStatus(target.username, { status: 'banned' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: target.username, status: 'banned' });

    for (const token of [target.token, second.body.token]) {
      const after = await callRoute(server, 'GET /api/user/stats', { token });
      expect([401, 403]).toContain(after.status);
      if (after.status === 403) expectError(after, 403, { code: 'BANNED' });
      const sendRes = await callRoute(server, 'POST /api/user/send-money', {
        token,
        body: { recipientUsername: user.username, amount: 1 },
      });
      expect([401, 403]).toContain(sendRes.status);
    }
    expectError(
      await callRoute(server, 'POST /auth/login', {
        body: { username: target.username, password: target.password },
      }),
      403,
      {
        code: 'BANNED',
        message: 'banned',
      },
    );

    const [log] = await logs();
    expect(log).toMatchObject({
      action: 'ban_user',
      admin: admin.username,
      target: target.username,
    });
    expect(log!.details).toContain(target.username);

    const listed = await callRoute(server, 'GET /api/admin/users', { token: admin.token });
    expect(listed.body.find((u) => u.username === target.username)?.status).toBe('banned');
  });

  it('a ban ends sessions that were in use at the very moment of the ban', async () => {
    for (let round = 0; round < 3; round++) {
      const target = await registerUser(server);
      let stop = false;
      const hammer = async () => {
        while (!stop) await callRoute(server, 'GET /api/user/stats', { token: target.token });
      };
      const hammers = Array.from({ length: 6 }, hammer);
      await new Promise((r) => setTimeout(r, 20));
      const res = await setStatus(target.username, { status: 'banned' });
      expect(res.status).toBe(200);
      stop = true;
      await Promise.all(hammers);
      // Once the ban has been answered, no request of the banned user may succeed.
      const after = await callRoute(server, 'GET /api/user/stats', { token: target.token });
      expect(after.status, `round ${round}`).not.toBe(200);
    }
  });

  it('unbans a user, who can then sign in again', async () => {
    const target = await registerUser(server);
    expect((await setStatus(target.username, { status: 'banned' })).status).toBe(200);
    expectError(await setStatus(target.username, { status: 'banned' }), 409, { code: 'CONFLICT' });
    const res = await setStatus(target.username, { status: 'active' });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('active');
    const [log] = await logs();
    expect(log).toMatchObject({
      action: 'unban_user',
      target: target.username,
      admin: admin.username,
    });
    const login = await callRoute(server, 'POST /auth/login', {
      body: { username: target.username, password: target.password },
    });
    expect(login.status).toBe(200);
    expect(
      (await callRoute(server, 'GET /api/user/stats', { token: login.body.token })).body.status,
    ).toBe('active');
  });

  it.each([
    ['an unknown status', { status: 'deleted' }],
    ['a wrong type', { status: 1 }],
    ['a missing status', {}],
    ['an extra field', { status: 'banned', reason: 'spam' }],
  ])('refuses %s with 400', async (_label, body) => {
    const target = await registerUser(server);
    const res = await setStatus(target.username, body);
    expectError(res, 400, { code: 'BAD_REQUEST' });
    if (!('reason' in body)) expect(res.body.message).toContain('status');
    expect((await callRoute(server, 'GET /api/user/stats', { token: target.token })).status).toBe(
      200,
    );
  });

  it('refuses banning yourself with 400', async () => {
    const before = (await logs()).length;
    expectError(await setStatus(admin.username, { status: 'banned' }), 400, {
      code: 'BAD_REQUEST',
    });
    expect((await callRoute(server, 'GET /api/user/stats', { token: admin.token })).status).toBe(
      200,
    );
    expect((await logs()).length).toBe(before);
  });

  it('refuses banning another admin with 409', async () => {
    const other = await registerAdmin(server);
    expectError(await setStatus(other.username, { status: 'banned' }), 409, { code: 'CONFLICT' });
    expect((await callRoute(server, 'GET /api/admin/users', { token: other.token })).status).toBe(
      200,
    );
  });

  it('answers 404 for an unknown user', async () => {
    expectError(await setStatus(uniqueName('ghost'), { status: 'banned' }), 404, {
      code: 'NOT_FOUND',
    });
  });
});

describe('GET /api/admin/logs', () => {
  it('lists every admin action newest first with action, details, admin, target and timestamp', async () => {
    const second = await registerAdmin(server);
    const target = await registerUser(server);
    expect((await adjust(target.username, { amount: 10 }, second.token)).status).toBe(200);
    expect((await adjust(target.username, { amount: -5 }, second.token)).status).toBe(200);
    expect((await setStatus(target.username, { status: 'banned' }, second.token)).status).toBe(200);
    const all = await logs();
    expect(all.slice(0, 3).map((l) => [l.action, l.admin, l.target])).toEqual([
      ['ban_user', second.username, target.username],
      ['remove_funds', second.username, target.username],
      ['add_funds', second.username, target.username],
    ]);
    for (const log of all) {
      expect(log._id).toMatch(/^\d+$/);
      expect(typeof log.details).toBe('string');
      expect(log.details.length).toBeGreaterThan(0);
      expect(Number.isNaN(Date.parse(log.timestamp))).toBe(false);
    }
    const ids = all.map((l) => Number(l._id));
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
  });
});

describe('GET /api/admin/audit', () => {
  it('checks conservation on the live database for an admin; others are refused', async () => {
    const admin = await registerAdmin(server);
    const user = await registerUser(server);
    const res = await callRoute(server, 'GET /api/admin/audit', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, problem: null });
    expect(res.body.ledgerRows).toBeGreaterThan(0);
    expectError(await callRoute(server, 'GET /api/admin/audit', { token: user.token }), 403);
    expectError(await callRoute(server, 'GET /api/admin/audit'), 401);
  });

  it('reports a discrepancy', async () => {
    const admin = await registerAdmin(server);
    const victim = await registerUser(server);
    await server.db.rows(sql`update users set balance = balance + 1 where id = ${victim.id}`);
    const res = await callRoute(server, 'GET /api/admin/audit', { token: admin.token });
    expect(res.body.ok).toBe(false);
    expect(res.body.problem).toContain(victim.username);
    await server.db.rows(sql`update users set balance = balance - 1 where id = ${victim.id}`);
  });
});
