import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { RegistrationMode } from '../../../shared/api/signup';
import { ManualClock } from '../../platform/clock';
import { hashPassword } from '../../platform/passwords';
import { useAdmin, useUser } from '../../testing/builders';
import { callRoute, callRouteRaw } from '../../testing/callRoute';
import { expectBadField, expectError } from '../../testing/expectations';
import { uniqueName, useTestServer } from '../../testing/harness';
import { createAccount } from './public';

/** Sign-up control (issue 39): REGISTRATION_MODE open, invite, approval and closed. */
const clock = new ManualClock('2030-03-01T12:00:00Z');
const server = useTestServer({}, { clock });
const admin = useAdmin(server);
const player = useUser(server);

const setMode = (mode: RegistrationMode) => {
  server.deps.config.registrationMode = mode;
};
afterEach(() => setMode('open'));

const PASSWORD = 'correct-horse-9';
const register = (username = uniqueName(), inviteCode?: string) =>
  callRouteRaw(server, 'POST /auth/register', {
    body: { username, password: PASSWORD, ...(inviteCode === undefined ? {} : { inviteCode }) },
  });
const login = (username: string, password = PASSWORD) =>
  callRouteRaw(server, 'POST /auth/login', { body: { username, password } });
const makeInvite = async (maxUses: number, expiresInHours = 24) => {
  const res = await callRoute(server, 'POST /api/admin/invites', {
    token: admin.token,
    body: { maxUses, expiresInHours },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};
const usersNamed = async (names: string[]) =>
  (
    await server.db.rows<{ n: number }>(
      sql`select count(*)::int as n from users where username in ${names}`,
    )
  )[0]?.n;

describe('GET /api/config', () => {
  it('tells anyone, without a token, how registration works', async () => {
    for (const mode of ['open', 'invite', 'approval', 'closed'] as const) {
      setMode(mode);
      const res = await callRoute(server, 'GET /api/config');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ registrationMode: mode });
    }
  });
});

describe('REGISTRATION_MODE=closed', () => {
  it('refuses every registration with 403 and makes nothing', async () => {
    setMode('closed');
    const name = uniqueName();
    expectError(await register(name), 403, { message: 'Registration is closed' });
    expect(await usersNamed([name])).toBe(0);
  });
});

describe('existing accounts in every mode', () => {
  it('the seeded kind of account (made by createAccount, as the admin and demo players are) and registered players sign in', async () => {
    const seeded = uniqueName('seed');
    await createAccount(server.db, {
      username: seeded,
      passwordHash: await hashPassword(PASSWORD),
    });
    for (const mode of ['open', 'invite', 'approval', 'closed'] as const) {
      setMode(mode);
      expect((await login(seeded)).status).toBe(200);
      expect((await login(admin.username, admin.password)).status).toBe(200);
      expect((await login(player.username, player.password)).status).toBe(200);
    }
  });
});

describe('REGISTRATION_MODE=invite', () => {
  it('needs an invite code, naming the field; a wrong one is refused naming it', async () => {
    setMode('invite');
    expectBadField(await register(), 'inviteCode');
    const wrong = await register(uniqueName(), 'no-such-code');
    expectError(wrong, 403, { message: 'inviteCode' });
    expect(wrong.body).toMatchObject({
      details: [{ field: 'inviteCode', rule: 'invalid', value: 'no-such-code' }],
    });
  });

  it('registers with a valid code and counts its use; a used-up code answers 410', async () => {
    setMode('invite');
    const invite = await makeInvite(1);
    expect(invite).toMatchObject({ maxUses: 1, uses: 0, createdBy: admin.username });
    expect(invite.expiresAt).toBe('2030-03-02T12:00:00.000Z');
    const name = uniqueName();
    const ok = await register(name, invite.code);
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body).toMatchObject({ user: { username: name, balance: 1000 } });
    const gone = await register(uniqueName(), invite.code);
    expectError(gone, 410, { code: 'GONE', message: 'used up' });
    // Used up, it leaves the admin's list.
    const list = await callRoute(server, 'GET /api/admin/invites', { token: admin.token });
    expect(list.body.map((i) => i.code)).not.toContain(invite.code);
  });

  it('an expired code answers 410, a revoked one 403; revoking twice is 409, an unknown code 404', async () => {
    setMode('invite');
    const expiring = await makeInvite(5, 1);
    clock.advance(3_600_000);
    expectError(await register(uniqueName(), expiring.code), 410, { message: 'expired' });
    clock.set('2030-03-01T12:00:00Z');

    const revoked = await makeInvite(5);
    const listed = await callRoute(server, 'GET /api/admin/invites', { token: admin.token });
    expect(listed.body.find((i) => i.code === revoked.code)).toMatchObject({ uses: 0 });
    const del = await callRoute(server, 'DELETE /api/admin/invites/:code', {
      token: admin.token,
      params: { code: revoked.code },
    });
    expect(del.status).toBe(200);
    expectError(await register(uniqueName(), revoked.code), 403, { message: 'revoked' });
    expectError(
      await callRouteRaw(server, 'DELETE /api/admin/invites/:code', {
        token: admin.token,
        params: { code: revoked.code },
      }),
      409,
    );
    expectError(
      await callRouteRaw(server, 'DELETE /api/admin/invites/:code', {
        token: admin.token,
        params: { code: 'nothing-here' },
      }),
      404,
      { message: 'nothing-here' },
    );
    const log = await callRoute(server, 'GET /api/admin/logs', { token: admin.token });
    expect(log.body.map((l) => l.action)).toEqual(
      expect.arrayContaining(['create_invite', 'revoke_invite']),
    );
  });

  it('ten registrations at once on a three-use code: exactly three accounts', async () => {
    setMode('invite');
    const invite = await makeInvite(3);
    const names = Array.from({ length: 10 }, () => uniqueName('race'));
    const answers = await Promise.all(names.map((n) => register(n, invite.code)));
    expect(answers.map((a) => a.status).sort()).toEqual([
      201, 201, 201, 410, 410, 410, 410, 410, 410, 410,
    ]);
    expect(await usersNamed(names)).toBe(3);
    const [row] = await server.db.rows<{ uses: number }>(
      sql`select uses from signup_invites where code = ${invite.code}`,
    );
    expect(row?.uses).toBe(3);
  });

  it('a registration refused for a taken name does not spend a use', async () => {
    setMode('invite');
    const invite = await makeInvite(1);
    expectError(await register(player.username, invite.code), 409);
    expect((await register(uniqueName(), invite.code)).status).toBe(201);
  });

  it('admin routes: bad input names the field, no token is 401, a player is 403', async () => {
    expectBadField(
      await callRouteRaw(server, 'POST /api/admin/invites', {
        token: admin.token,
        body: { maxUses: 0 },
      }),
      'maxUses',
    );
    expectBadField(
      await callRouteRaw(server, 'POST /api/admin/invites', {
        token: admin.token,
        body: { expiresInHours: 'soon' },
      }),
      'expiresInHours',
    );
    for (const [name, input] of [
      ['POST /api/admin/invites', { body: {} }],
      ['GET /api/admin/invites', {}],
      ['DELETE /api/admin/invites/:code', { params: { code: 'x' } }],
      ['GET /api/admin/signups', {}],
      ['POST /api/admin/signups/:username/approve', { params: { username: 'x' } }],
      ['POST /api/admin/signups/:username/deny', { params: { username: 'x' } }],
    ] as const) {
      expectError(await callRouteRaw(server, name, input), 401);
      expectError(await callRouteRaw(server, name, { ...input, token: player.token }), 403);
    }
  });
});

describe('REGISTRATION_MODE=approval', () => {
  it('holds the account until an admin approves: no session, sign-in says it waits, then it works', async () => {
    setMode('approval');
    const name = uniqueName('wait');
    const res = await register(name);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      pending: true,
      message: expect.stringMatching(/waiting for approval/),
    });
    expect(await usersNamed([name])).toBe(0);
    expectError(await login(name), 403, { message: 'waiting for approval' });
    // A wrong password learns nothing of it.
    expectError(await login(name, 'wrong-password-1'), 401);
    // The name is held: neither a second request nor an open registration takes it.
    expectError(await register(name.toUpperCase()), 409);
    setMode('open');
    expectError(await register(name), 409);

    const queue = await callRoute(server, 'GET /api/admin/signups', { token: admin.token });
    expect(queue.body.signups.map((s) => s.username)).toContain(name);
    const ok = await callRoute(server, 'POST /api/admin/signups/:username/approve', {
      token: admin.token,
      params: { username: name },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const signedIn = await login(name);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ user: { username: name, balance: 1000 } });
    // Approving again finds nothing waiting.
    expectError(
      await callRouteRaw(server, 'POST /api/admin/signups/:username/approve', {
        token: admin.token,
        params: { username: name },
      }),
      404,
      { message: name },
    );
  });

  it('approved by two admins at once, makes one account with one grant', async () => {
    setMode('approval');
    const name = uniqueName('twice');
    expect((await register(name)).status).toBe(201);
    setMode('open');
    const approve = () =>
      callRouteRaw(server, 'POST /api/admin/signups/:username/approve', {
        token: admin.token,
        params: { username: name },
      });
    const answers = await Promise.all([approve(), approve(), approve()]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404, 404]);
    expect(await usersNamed([name])).toBe(1);
    expect((await login(name)).body).toMatchObject({ user: { username: name, balance: 1000 } });
  });

  it('a denied registration cannot sign in, and says it was declined', async () => {
    setMode('approval');
    const name = uniqueName('deny');
    expect((await register(name)).status).toBe(201);
    const denied = await callRoute(server, 'POST /api/admin/signups/:username/deny', {
      token: admin.token,
      params: { username: name },
    });
    expect(denied.status).toBe(200);
    expectError(await login(name), 403, { message: 'declined' });
    const queue = await callRoute(server, 'GET /api/admin/signups', { token: admin.token });
    expect(queue.body.signups.map((s) => s.username)).not.toContain(name);
    expectError(
      await callRouteRaw(server, 'POST /api/admin/signups/:username/deny', {
        token: admin.token,
        params: { username: name },
      }),
      404,
    );
    const log = await callRoute(server, 'GET /api/admin/logs', { token: admin.token });
    expect(log.body.find((l) => l.target === name)?.action).toBe('deny_signup');
  });

  it('pages the queue oldest first with a cursor; a bad cursor names the field', async () => {
    setMode('approval');
    const names = Array.from({ length: 3 }, () => uniqueName('q'));
    for (const n of names) expect((await register(n)).status).toBe(201);
    const all: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await callRoute(server, 'GET /api/admin/signups', {
        token: admin.token,
        query: { cursor },
      });
      all.push(...page.body.signups.map((s) => s.username));
      cursor = page.body.nextCursor ?? undefined;
    } while (cursor);
    expect(all.filter((n) => names.includes(n))).toEqual(names);
    expectBadField(
      await callRouteRaw(server, 'GET /api/admin/signups', {
        token: admin.token,
        query: { cursor: 'abc' },
      }),
      'cursor',
    );
  });
});

describe('new-account rule covers creating communities', () => {
  it('a fresh account cannot create a community, and the refusal says when', async () => {
    const saved = { ...server.deps.config };
    server.deps.config.newAccountHours = 24;
    server.deps.config.newAccountActions = 0;
    try {
      const fresh = await register();
      const token = (fresh.body as { token: string }).token;
      await server.db.rows(
        sql`update users set created_at = ${clock.now().toISOString()} where lower(username) = lower(${(fresh.body as { user: { username: string } }).user.username})`,
      );
      const res = await callRouteRaw(server, 'POST /api/communities', {
        token,
        body: {
          slug: uniqueName('c')
            .toLowerCase()
            .replace(/[^a-z0-9-]/g, ''),
          name: 'Too soon',
        },
      });
      expectError(res, 403, { message: 'New accounts cannot create communities yet' });
      expect(res.body).toMatchObject({ details: { rule: 'new_account' } });
    } finally {
      server.deps.config.newAccountHours = saved.newAccountHours;
      server.deps.config.newAccountActions = saved.newAccountActions;
    }
  });
});
