import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../platform/clock';
import { PASSWORD_WINDOW_MS } from '../../../platform/passwordChecks';
import {
  registerAdmin,
  uniqueName,
  useTestServer,
  type TestServer,
  type TestUser,
} from '../../../testing/harness';
import { callRoute, callRouteRaw } from '../../../testing/callRoute';
import { expectBadField, expectError } from '../../../testing/expectations';

const clock = new ManualClock();
const server = useTestServer({}, { clock });

const HOUR_MS = 3_600_000;
const NEW_PASSWORD = 'a-brand-new-pass-8';

async function registerWithCodes(on: TestServer = server): Promise<TestUser & { codes: string[] }> {
  const username = uniqueName('rec');
  const password = 'correct-horse-9';
  const res = await callRoute(on, 'POST /auth/register', { body: { username, password } });
  expect(res.status).toBe(201);
  if (!('recoveryCodes' in res.body)) throw new Error('registration is waiting for approval');
  return {
    id: Number(res.body.user._id),
    username,
    password,
    token: res.body.token,
    codes: res.body.recoveryCodes,
  };
}

const stats = (token: string) => callRouteRaw(server, 'GET /api/user/stats', { token });
const login = (username: string, password: string, code?: string) =>
  callRouteRaw(server, 'POST /auth/login', {
    body: { username, password, ...(code === undefined ? {} : { code }) },
  });
const recover = (body: unknown, on: TestServer = server, ip?: string) =>
  callRouteRaw(on, 'POST /auth/recover', {
    body,
    ...(ip ? { headers: { 'x-forwarded-for': ip } } : {}),
  });
const security = (token: string) => callRoute(server, 'GET /api/user/security', { token });
const totpNow = (secret: string) =>
  generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });
/** Six-digit codes the server would not take now: none of the three steps' codes. */
async function wrongCodes(secret: string, count = 1): Promise<string[]> {
  const epoch = Math.floor(clock.now().getTime() / 1000);
  const valid = await Promise.all([-30, 0, 30].map((d) => generate({ secret, epoch: epoch + d })));
  return Array.from({ length: 10 }, (_, k) => String(k * 111_111).padStart(6, '0'))
    .filter((c) => !valid.includes(c))
    .slice(0, count);
}
const wrongCode = async (secret: string) => (await wrongCodes(secret))[0]!;

describe('recovery codes at registration', () => {
  it('gives ten distinct codes once, stored only as hashes', async () => {
    const user = await registerWithCodes();
    expect(user.codes).toHaveLength(10);
    expect(new Set(user.codes).size).toBe(10);
    for (const code of user.codes) expect(code).toMatch(/^[0-9a-z]{4}(-[0-9a-z]{4}){3}$/);
    const rows = await server.db.rows<{ code_hash: string }>(
      sql`select code_hash from recovery_codes where user_id = ${user.id}`,
    );
    expect(rows).toHaveLength(10);
    const stored = JSON.stringify(rows);
    for (const code of user.codes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace(/-/g, ''));
    }
    const shown = await security(user.token);
    expect(shown.body).toEqual({ recoveryCodesLeft: 10, twoFactor: false });
  });

  it('GET /api/user/security needs a token', async () => {
    expectError(await callRouteRaw(server, 'GET /api/user/security'), 401);
  });
});

describe('POST /auth/recover', () => {
  it('sets the new password, signs out every other session, and answers a new session', async () => {
    const user = await registerWithCodes();
    const other = await login(user.username, user.password);
    expect(other.status).toBe(200);
    const res = await recover({
      username: user.username.toUpperCase(),
      code: user.codes[3],
      newPassword: NEW_PASSWORD,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user.username).toBe(user.username);
    expect((await stats(res.body.token)).status).toBe(200);
    expectError(await stats(user.token), 401);
    expectError(await stats(other.body.token), 401);
    expectError(await login(user.username, user.password), 401);
    expect((await login(user.username, NEW_PASSWORD)).status).toBe(200);
    expect((await security(res.body.token)).body.recoveryCodesLeft).toBe(9);
  });

  it('uses each code once, and reads it typed in any case, spaced or without dashes', async () => {
    const user = await registerWithCodes();
    const code = user.codes[0]!;
    const typed = ` ${code.toUpperCase().replace(/-/g, ' ')} `;
    expect(
      (await recover({ username: user.username, code: typed, newPassword: NEW_PASSWORD })).status,
    ).toBe(200);
    expectError(
      await recover({ username: user.username, code, newPassword: 'yet-another-pass-9' }),
      401,
      { message: 'recovery code' },
    );
    expect((await login(user.username, NEW_PASSWORD)).status).toBe(200);
  });

  it('lets exactly one of two requests racing with one code win', async () => {
    const user = await registerWithCodes();
    const code = user.codes[5];
    const answers = await Promise.all(
      ['racing-pass-one-1', 'racing-pass-two-2'].map((newPassword) =>
        recover({ username: user.username, code, newPassword }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
    const winner = answers.findIndex((a) => a.status === 200);
    const password = winner === 0 ? 'racing-pass-one-1' : 'racing-pass-two-2';
    expect((await login(user.username, password)).status).toBe(200);
    const [left] = await server.db.rows<{ n: number }>(
      sql`select count(*)::int as n from recovery_codes where user_id = ${user.id}`,
    );
    expect(left?.n).toBe(9);
  });

  it('refuses a wrong code or an unknown name with 401 and changes nothing', async () => {
    const user = await registerWithCodes();
    expectError(
      await recover({
        username: user.username,
        code: 'aaaa-bbbb-cccc-dddd',
        newPassword: NEW_PASSWORD,
      }),
      401,
    );
    expectError(
      await recover({
        username: uniqueName('nobody'),
        code: user.codes[0],
        newPassword: NEW_PASSWORD,
      }),
      401,
    );
    // Another account's code is not this one's.
    const other = await registerWithCodes();
    expectError(
      await recover({ username: user.username, code: other.codes[0], newPassword: NEW_PASSWORD }),
      401,
    );
    expect((await login(user.username, user.password)).status).toBe(200);
    expect((await security(user.token)).body.recoveryCodesLeft).toBe(10);
  });

  it.each([
    ['username', { code: 'aaaa-bbbb-cccc-dddd', newPassword: NEW_PASSWORD }],
    ['code', { username: 'someone', newPassword: NEW_PASSWORD }],
    ['newPassword', { username: 'someone', code: 'aaaa-bbbb-cccc-dddd' }],
    ['newPassword', { username: 'someone', code: 'aaaa-bbbb-cccc-dddd', newPassword: 'short' }],
    ['newPassword', { username: 'someone', code: 'x', newPassword: 'p'.repeat(129) }],
    ['extra', { username: 'someone', code: 'x', newPassword: NEW_PASSWORD, extra: 1 }],
  ])('refuses a body with a bad %s with 400 naming it', async (field, body) => {
    expectBadField(await recover(body), field);
  });

  it('refuses a new password too short without using the code up', async () => {
    const user = await registerWithCodes();
    expectBadField(
      await recover({ username: user.username, code: user.codes[0], newPassword: 'short' }),
      'newPassword',
    );
    expect((await security(user.token)).body.recoveryCodesLeft).toBe(10);
  });

  it('refuses a banned account and keeps its code', async () => {
    const user = await registerWithCodes();
    await server.db.rows(sql`update users set status = 'banned' where id = ${user.id}`);
    expectError(
      await recover({ username: user.username, code: user.codes[0], newPassword: NEW_PASSWORD }),
      403,
      { code: 'BANNED' },
    );
    const [left] = await server.db.rows<{ n: number }>(
      sql`select count(*)::int as n from recovery_codes where user_id = ${user.id}`,
    );
    expect(left?.n).toBe(10);
  });
});

describe('POST /api/user/recovery-codes', () => {
  const regenerate = (token: string | undefined, body: unknown) =>
    callRouteRaw(server, 'POST /api/user/recovery-codes', { token, body });

  it('replaces the codes with ten new ones after the password', async () => {
    const user = await registerWithCodes();
    await recover({ username: user.username, code: user.codes[0], newPassword: NEW_PASSWORD }).then(
      (res) => {
        user.token = res.body.token;
      },
    );
    expect((await security(user.token)).body.recoveryCodesLeft).toBe(9);
    const res = await regenerate(user.token, { password: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.codes).toHaveLength(10);
    expect(res.body.codes.some((c) => user.codes.includes(c))).toBe(false);
    expect((await security(user.token)).body.recoveryCodesLeft).toBe(10);
    expectError(
      await recover({
        username: user.username,
        code: user.codes[1],
        newPassword: 'third-pass-word-3',
      }),
      401,
    );
    expect(
      (
        await recover({
          username: user.username,
          code: res.body.codes[1],
          newPassword: 'third-pass-word-3',
        })
      ).status,
    ).toBe(200);
  });

  it('refuses a wrong password with 403 naming it, and keeps the codes', async () => {
    const user = await registerWithCodes();
    expectError(await regenerate(user.token, { password: 'not-my-password' }), 403, {
      message: 'password',
    });
    expect(
      (await recover({ username: user.username, code: user.codes[0], newPassword: NEW_PASSWORD }))
        .status,
    ).toBe(200);
  });

  it('answers 400 naming password without one, and 401 without a token', async () => {
    const user = await registerWithCodes();
    expectBadField(await regenerate(user.token, {}), 'password');
    expectBadField(await regenerate(user.token, { password: '' }), 'password');
    expectError(await regenerate(undefined, { password: user.password }), 401);
  });
});

describe('admin reset links', () => {
  const issue = (token: string | undefined, username: string) =>
    callRouteRaw(server, 'POST /api/admin/users/:username/reset-link', {
      token,
      params: { username },
    });
  const reset = (body: unknown) => callRouteRaw(server, 'POST /auth/reset', { body });
  const tokenOf = (path: string) => path.replace(/^\/reset\//, '');

  it('gives a one-hour link that sets a new password once, signs out every session and is logged', async () => {
    const admin = await registerAdmin(server);
    const user = await registerWithCodes();
    const res = await issue(admin.token, user.username);
    expect(res.status).toBe(201);
    expect(res.body.path).toMatch(/^\/reset\/[A-Za-z0-9_-]{40,}$/);
    expect(new Date(res.body.expiresAt).getTime()).toBe(clock.now().getTime() + HOUR_MS);
    const stored = await server.db.rows<{ token_hash: string }>(
      sql`select token_hash from password_resets where user_id = ${user.id}`,
    );
    expect(JSON.stringify(stored)).not.toContain(tokenOf(res.body.path));

    const logs = await callRoute(server, 'GET /api/admin/logs', { token: admin.token });
    expect(logs.body[0]).toMatchObject({
      action: 'issue_reset_link',
      target: user.username,
      admin: admin.username,
    });

    const used = await reset({ token: tokenOf(res.body.path), newPassword: NEW_PASSWORD });
    expect(used.status, JSON.stringify(used.body)).toBe(200);
    expect(used.body.user.username).toBe(user.username);
    expectError(await stats(user.token), 401);
    expect((await stats(used.body.token)).status).toBe(200);
    expect((await login(user.username, NEW_PASSWORD)).status).toBe(200);

    expectError(
      await reset({ token: tokenOf(res.body.path), newPassword: 'second-try-pass-2' }),
      410,
      {
        code: 'GONE',
        message: 'used already',
      },
    );
    expect((await login(user.username, NEW_PASSWORD)).status).toBe(200);
  });

  it('expires after an hour', async () => {
    const admin = await registerAdmin(server);
    const user = await registerWithCodes();
    const early = await issue(admin.token, user.username);
    clock.advance(HOUR_MS - 1000);
    const late = await issue(admin.token, user.username);
    // Only the newest link of an account works.
    expectError(await reset({ token: tokenOf(early.body.path), newPassword: NEW_PASSWORD }), 410, {
      message: 'expired',
    });
    clock.advance(HOUR_MS + 1000);
    expectError(await reset({ token: tokenOf(late.body.path), newPassword: NEW_PASSWORD }), 410, {
      message: 'expired',
    });
    expect((await login(user.username, user.password)).status).toBe(200);
  });

  it('refuses an unknown link with 404 and bad bodies with 400 naming the field', async () => {
    expectError(await reset({ token: 'no-such-token', newPassword: NEW_PASSWORD }), 404);
    expectBadField(await reset({ newPassword: NEW_PASSWORD }), 'token');
    expectBadField(await reset({ token: 'x', newPassword: 'short' }), 'newPassword');
    expectBadField(await reset({ token: 'x' }), 'newPassword');
  });

  it('is for admins only, about an account that exists', async () => {
    const admin = await registerAdmin(server);
    const user = await registerWithCodes();
    expectError(await issue(undefined, user.username), 401);
    expectError(await issue(user.token, user.username), 403);
    expectError(await issue(admin.token, uniqueName('ghost')), 404, { message: 'not found' });
    expectBadField(await issue(admin.token, 'x'.repeat(101)), 'username');
  });

  it('turns two-factor off, for someone who lost the app as well', async () => {
    const admin = await registerAdmin(server);
    const user = await registerWithCodes();
    const secret = await turnOnTotp(user);
    const link = await issue(admin.token, user.username);
    expect(
      (await reset({ token: tokenOf(link.body.path), newPassword: NEW_PASSWORD })).status,
    ).toBe(200);
    expect((await login(user.username, NEW_PASSWORD)).status).toBe(200);
    expect(secret).toBeTruthy();
  });
});

async function turnOnTotp(user: TestUser, on: TestServer = server): Promise<string> {
  const setup = await callRoute(on, 'POST /api/user/2fa/setup', { token: user.token });
  expect(setup.status).toBe(200);
  const enabled = await callRoute(on, 'POST /api/user/2fa/enable', {
    token: user.token,
    body: { code: await totpNow(setup.body.secret) },
  });
  expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
  // The code that turned it on is used: sign-ins start at the next step.
  clock.advance(30_000);
  return setup.body.secret;
}

describe('two-factor sign-in', () => {
  it('sets up with a secret and an otpauth URI, and turns on with a right code only', async () => {
    const user = await registerWithCodes();
    const setup = await callRoute(server, 'POST /api/user/2fa/setup', { token: user.token });
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(setup.body.uri).toContain(`secret=${setup.body.secret}`);
    expect(setup.body.uri).toContain(encodeURIComponent(user.username));
    const wrong = await wrongCode(setup.body.secret);
    expectError(
      await callRouteRaw(server, 'POST /api/user/2fa/enable', {
        token: user.token,
        body: { code: wrong },
      }),
      403,
      { message: 'code' },
    );
    expect((await security(user.token)).body.twoFactor).toBe(false);
    expect((await login(user.username, user.password)).status).toBe(200);
    const on = await callRouteRaw(server, 'POST /api/user/2fa/enable', {
      token: user.token,
      body: { code: await totpNow(setup.body.secret) },
    });
    expect(on.status).toBe(200);
    expect((await security(user.token)).body.twoFactor).toBe(true);
    expectError(await callRouteRaw(server, 'POST /api/user/2fa/setup', { token: user.token }), 409);
  });

  it('asks for the code (401 TOTP_REQUIRED), accepts the right one once, and refuses a replay', async () => {
    const user = await registerWithCodes();
    const secret = await turnOnTotp(user);
    expectError(await login(user.username, user.password), 401, { code: 'TOTP_REQUIRED' });
    expectError(await login(user.username, user.password, ''), 401, { code: 'TOTP_REQUIRED' });
    // A wrong password says nothing about two-factor.
    expectError(await login(user.username, 'wrong-password-1'), 401, { code: 'UNAUTHORIZED' });
    expectError(await login(user.username, user.password, await wrongCode(secret)), 401, {
      code: 'UNAUTHORIZED',
    });
    const code = await totpNow(secret);
    const ok = await login(user.username, user.password, code);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await stats(ok.body.token)).status).toBe(200);
    expectError(await login(user.username, user.password, code), 401, { message: 'used already' });
    clock.advance(30_000);
    expect((await login(user.username, user.password, await totpNow(secret))).status).toBe(200);
  });

  it('lets one of two sign-ins racing with one code through', async () => {
    const user = await registerWithCodes();
    const secret = await turnOnTotp(user);
    const code = await totpNow(secret);
    const answers = await Promise.all([1, 2].map(() => login(user.username, user.password, code)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
  });

  it('takes a recovery code in place of the app, once', async () => {
    const user = await registerWithCodes();
    await turnOnTotp(user);
    const ok = await login(user.username, user.password, user.codes[2]);
    expect(ok.status).toBe(200);
    expect((await security(ok.body.token)).body.recoveryCodesLeft).toBe(9);
    expectError(await login(user.username, user.password, user.codes[2]), 401);
  });

  it('turns off with the password and a code', async () => {
    const user = await registerWithCodes();
    const secret = await turnOnTotp(user);
    const disable = (body: unknown) =>
      callRouteRaw(server, 'POST /api/user/2fa/disable', { token: user.token, body });
    expectBadField(await disable({ password: user.password }), 'code');
    expectBadField(await disable({ code: '123456' }), 'password');
    expectError(await disable({ password: 'not-my-password', code: await totpNow(secret) }), 403, {
      message: 'password',
    });
    expectError(await disable({ password: user.password, code: await wrongCode(secret) }), 403, {
      message: 'code',
    });
    expect((await disable({ password: user.password, code: await totpNow(secret) })).status).toBe(
      200,
    );
    expect((await security(user.token)).body.twoFactor).toBe(false);
    expect((await login(user.username, user.password)).status).toBe(200);
    expectError(await disable({ password: user.password, code: await totpNow(secret) }), 409);
  });

  it('refuses enable without a setup (409) or a code (400), and every route without a token (401)', async () => {
    const user = await registerWithCodes();
    expectError(
      await callRouteRaw(server, 'POST /api/user/2fa/enable', {
        token: user.token,
        body: { code: '123456' },
      }),
      409,
    );
    expectBadField(
      await callRouteRaw(server, 'POST /api/user/2fa/enable', { token: user.token, body: {} }),
      'code',
    );
    expectError(await callRouteRaw(server, 'POST /api/user/2fa/setup'), 401);
    expectError(
      await callRouteRaw(server, 'POST /api/user/2fa/enable', { body: { code: '123456' } }),
      401,
    );
    expectError(
      await callRouteRaw(server, 'POST /api/user/2fa/disable', {
        body: { password: 'x', code: 'y' },
      }),
      401,
    );
  });

  it('forgets codes and two-factor when the account is deleted', async () => {
    const user = await registerWithCodes();
    await turnOnTotp(user);
    const res = await callRouteRaw(server, 'DELETE /api/user', {
      token: user.token,
      body: { password: user.password },
    });
    expect(res.status).toBe(200);
    const [left] = await server.db.rows<{ codes: number; totp: number }>(sql`
      select (select count(*)::int from recovery_codes where user_id = ${user.id}) as codes,
        (select count(*)::int from user_totp where user_id = ${user.id}) as totp`);
    expect(left).toEqual({ codes: 0, totp: 0 });
  });
});

describe('rate limits like sign-in', () => {
  const limited = useTestServer({ authRateLimit: 5, trustProxy: 1 }, { clock });
  const freshIp = () => `10.${randomBytes(3).join('.')}`;

  it('answers 429 past AUTH_RATE_LIMIT recoveries a minute from one address', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let k = 0; k < 7; k++)
      statuses.push(
        (
          await recover(
            { username: `nobody${k}`, code: 'aaaa-bbbb-cccc-dddd', newPassword: NEW_PASSWORD },
            limited,
            ip,
          )
        ).status,
      );
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });

  it('answers 429 past AUTH_RATE_LIMIT guesses at one account from many addresses, then takes the right code', async () => {
    clock.advance(PASSWORD_WINDOW_MS);
    const user = await registerWithCodes(limited);
    const statuses: number[] = [];
    for (let k = 0; k < 6; k++)
      statuses.push(
        (
          await recover(
            { username: user.username, code: `aaaa-bbbb-cccc-ddd${k}`, newPassword: NEW_PASSWORD },
            limited,
            freshIp(),
          )
        ).status,
      );
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const body = { username: user.username, code: user.codes[0], newPassword: NEW_PASSWORD };
    expectError(await recover(body, limited, freshIp()), 429, { code: 'RATE_LIMITED' });
    clock.advance(PASSWORD_WINDOW_MS);
    expect((await recover(body, limited, freshIp())).status).toBe(200);
  });

  it('answers 429 past AUTH_RATE_LIMIT two-factor codes at one account, whatever the address', async () => {
    clock.advance(PASSWORD_WINDOW_MS);
    const user = await registerWithCodes(limited);
    const secret = await turnOnTotp(user, limited);
    clock.advance(PASSWORD_WINDOW_MS);
    const attempt = (code: string) =>
      callRouteRaw(limited, 'POST /auth/login', {
        body: { username: user.username, password: user.password, code },
        headers: { 'x-forwarded-for': freshIp() },
      });
    const statuses: number[] = [];
    for (const code of await wrongCodes(secret, 6)) statuses.push((await attempt(code)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expectError(await attempt(await totpNow(secret)), 429, { code: 'RATE_LIMITED' });
    clock.advance(PASSWORD_WINDOW_MS);
    expect((await attempt(await totpNow(secret))).status).toBe(200);
  });
});
