import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '../../shared/api/accounts';
import type { ErrorBody } from '../../shared/api/errors';
import {
  call,
  expectLedgerBalanced,
  registerAdmin,
  registerUser,
  startTestServer,
  uniqueName,
  useTestServer,
  type HttpResult,
  type TestServer,
  type TestUser,
} from '../testing/harness';
import { expectBadField, expectError, expectErrorShape } from '../testing/expectations';
import { cspDirectives } from './security';
import { callRoute, callRouteRaw } from '../testing/callRoute';

const server = useTestServer();
let user: TestUser;

beforeAll(async () => {
  user = await registerUser(server);
});

const json = { 'content-type': 'application/json' };

function expect4xx(res: HttpResult<unknown>, label: string): ErrorBody {
  expect(res.status, `${label}: ${res.status} ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(
    400,
  );
  expect(res.status, label).toBeLessThan(500);
  return expectErrorShape(res);
}

describe('malformed requests', () => {
  it('answers 400 "not valid JSON" to broken JSON', async () => {
    for (const raw of ['{"username":', '{username: "x"}', "{'a':1}", 'nope', '{"a":1}}']) {
      const res = await callRouteRaw(server, 'POST /auth/login', { rawBody: raw, headers: json });
      expectError(res, 400, { code: 'BAD_REQUEST', message: 'not valid JSON' });
    }
    const authed = await callRouteRaw(server, 'POST /api/user/send-money', {
      token: user.token,
      rawBody: '{"amount": 5,',
      headers: json,
    });
    expectError(authed, 400, { message: 'not valid JSON' });
  });

  it('answers 400 to an empty JSON body', async () => {
    expect4xx(
      await callRouteRaw(server, 'POST /auth/login', { rawBody: '', headers: json }),
      'empty body',
    );
  });

  it('refuses a 2 MB JSON body with 413 or 400 and a JSON error', async () => {
    const big = JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'password-1' });
    const res = await callRouteRaw(server, 'POST /auth/register', { rawBody: big, headers: json });
    expect([400, 413]).toContain(res.status);
    const body = expectErrorShape(res);
    if (res.status === 413) expect(body.code).toBe('PAYLOAD_TOO_LARGE');
    // The server is still fine afterwards.
    expect((await callRoute(server, 'GET /api/user/stats', { token: user.token })).status).toBe(
      200,
    );
  });

  it('answers 400 to wrong types, naming the field', async () => {
    expectBadField(
      await callRouteRaw(server, 'POST /auth/register', {
        body: { username: 123, password: 'password-1' },
      }),
      'username',
    );
    expectBadField(
      await callRouteRaw(server, 'POST /auth/register', {
        body: { username: uniqueName(), password: ['a'] },
      }),
      'password',
    );
    expectBadField(
      await callRouteRaw(server, 'POST /auth/login', {
        body: { username: { $ne: '' }, password: 'x' },
      }),
      'username',
    );
    expectBadField(
      await callRouteRaw(server, 'POST /api/user/send-money', {
        token: user.token,
        body: { recipientUsername: 'x', amount: { value: 5 } },
      }),
      'amount',
    );
    expect4xx(await callRouteRaw(server, 'POST /auth/login', { body: null }), 'null body');
    expect4xx(await callRouteRaw(server, 'POST /auth/login', { body: 42 }), 'number body');
  });

  it('answers 400, not 500, to text PostgreSQL cannot store (NUL characters)', async () => {
    expectError(
      await callRoute(server, 'POST /auth/login', {
        body: { username: 'ab\u0000c', password: 'password-1' },
      }),
      400,
    );
    expectError(
      await callRoute(server, 'POST /api/user/send-money', {
        token: user.token,
        body: { recipientUsername: 'x\u0000', amount: 1 },
      }),
      400,
    );
    expectError(
      await callRoute(server, 'GET /api/user/public/:username', {
        params: { username: 'a\u0000b' },
      }),
      400,
    );
    expectError(
      await callRouteRaw(server, 'POST /api/user/update', {
        token: user.token,
        body: { username: 'ok\u0000name' },
      }),
      400,
    );
  });

  it('refuses prototype-poisoning bodies with 4xx', async () => {
    const raw = '{"username":"abc","password":"password-1","__proto__":{"role":"admin"}}';
    expect4xx(
      await callRouteRaw(server, 'POST /auth/register', { rawBody: raw, headers: json }),
      '__proto__',
    );
    const ctor =
      '{"username":"abc","password":"password-1","constructor":{"prototype":{"role":"admin"}}}';
    expect4xx(
      await callRouteRaw(server, 'POST /auth/register', { rawBody: ctor, headers: json }),
      'constructor',
    );
  });

  it('refuses unsupported content types with 4xx', async () => {
    const res = await callRouteRaw(server, 'POST /auth/login', {
      rawBody: 'username=a&password=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect4xx(res, 'form-urlencoded');
    expect4xx(
      await callRouteRaw(server, 'POST /auth/login', {
        rawBody: 'hello',
        headers: { 'content-type': 'text/plain' },
      }),
      'text/plain',
    );
  });

  it('answers 4xx, never 5xx, to odd query strings', async () => {
    const queries: [string, string][] = [
      ['/api/leaderboard/users?sort[]=x', ''],
      ['/api/leaderboard/users?sort=balance&sort=wins', ''],
      ['/api/leaderboard/users?sort[a]=1', ''],
      ['/api/leaderboard/users?sort=%ZZ', ''],
      ['/api/user/ledger?limit=1&limit=2', user.token],
      ['/api/user/ledger?limit[]=1', user.token],
      ['/api/user/ledger?before=1e400', user.token],
      ['/api/user/ledger?before=99999999999999999999999', user.token],
      ['/api/user/ledger?limit=%00', user.token],
    ];
    for (const [path, token] of queries)
      expect4xx(await call(server, 'GET', path, { token: token || undefined }), path);
  });

  it('answers 4xx, never 5xx, to odd paths', async () => {
    for (const path of [
      '/api/user/public/%E0%A4%A',
      '/api/user/public/%00',
      `/api/user/public/${'y'.repeat(300)}`,
      '/api/admin/balance/%',
      '/api/user/public/..%2F..%2Fetc%2Fpasswd',
    ]) {
      const res = await call(server, path.startsWith('/api/admin') ? 'PATCH' : 'GET', path, {
        token: user.token,
        body: path.startsWith('/api/admin') ? { amount: 1 } : undefined,
      });
      expect4xx(res, path);
    }
  });
});

describe('oversized requests', () => {
  it('answers headers over 16 KB with 431 in the error shape', async () => {
    const res = await callRoute(server, 'GET /api/user/stats', {
      headers: { 'x-padding': 'x'.repeat(20_000) },
    });
    expectError(res, 431, { code: 'BAD_REQUEST', message: 'headers are too large' });
  });

  it('answers a 5,000-character username in a path with 414, whatever the token', async () => {
    const long = 'a'.repeat(5000);
    expectError(
      await callRoute(server, 'GET /api/user/public/:username', { params: { username: long } }),
      414,
      { message: 'too long' },
    );
    expectError(
      await callRoute(server, 'PATCH /api/admin/balance/:username', {
        token: user.token,
        params: { username: long },
        body: { amount: 1 },
      }),
      414,
    );
    expectError(
      await callRoute(server, 'PATCH /api/admin/status/user/:username', {
        params: { username: long },
        body: { status: 'banned' },
      }),
      414,
    );
  });

  it('keeps a 404 message short when the path is long', async () => {
    // Long but within the path rule (platform/paths.ts): ten segments of 150 characters.
    const body = expectError(
      await call(
        server,
        'GET',
        `/api/nothing/${Array<string>(10).fill('z'.repeat(150)).join('/')}`,
      ),
      404,
    );
    expect(body.message.length).toBeLessThan(200);
  });
});

describe('not found', () => {
  it.each([
    ['GET', '/api/whatever'],
    ['POST', '/api/whatever'],
    ['GET', '/auth/login'],
    ['DELETE', '/api/leaderboard/users'],
    ['GET', '/api'],
    ['GET', '/uploads/missing.webp'],
  ])('%s %s answers 404 JSON {message, code}', async (method, path) => {
    const body = expectError(await call(server, method, path), 404, { code: 'NOT_FOUND' });
    expect(body.message.length).toBeGreaterThan(0);
  });

  it('does not echo the query string into the 404 message', async () => {
    const res = await call(server, 'GET', '/api/nothing?token=secret-value');
    const body = expectError(res, 404);
    expect(body.message).not.toContain('secret-value');
  });
});

describe('error bodies and headers', () => {
  it('every error has exactly {message, code, details?}', async () => {
    const samples: HttpResult<unknown>[] = [
      await callRoute(server, 'GET /api/user/stats'),
      await callRoute(server, 'POST /auth/login', {
        body: { username: 'nobody-here', password: 'password-1' },
      }),
      await callRoute(server, 'POST /auth/register', { body: { username: 'a', password: 'b' } }),
      await callRoute(server, 'POST /api/user/send-money', {
        token: user.token,
        body: { recipientUsername: user.username, amount: 1 },
      }),
      await callRoute(server, 'POST /api/user/send-money', {
        token: user.token,
        body: { recipientUsername: uniqueName(), amount: 1 },
      }),
      await callRoute(server, 'GET /api/admin/users', { token: user.token }),
      await call(server, 'GET', '/api/nope'),
    ];
    const statuses = samples.map((s) => s.status);
    expect(statuses).toEqual([401, 401, 400, 400, 404, 403, 404]);
    for (const res of samples) {
      const body = expectErrorShape(res);
      expect(body.code).toMatch(/^[A-Z_]+$/);
      if (body.details !== undefined) expect(Array.isArray(body.details)).toBe(true);
    }
  });

  it('names a field inside a list once, with its position', async () => {
    const admin = await registerAdmin(server);
    const res = await callRoute(server, 'POST /api/bets/create', {
      token: admin.token,
      body: {
        title: uniqueName('t'),
        endTime: new Date(Date.now() + 3_600_000).toISOString(),
        options: [
          { text: 'A', odds: 2 },
          { text: 'B', odds: 1 },
        ],
      },
    });
    const body = expectError(res, 400);
    expect(body.message).toBe('options.odds must be at least 1.01');
    expect(body.details).toEqual([
      {
        field: 'options.1.odds',
        message: 'options.odds must be at least 1.01',
        rule: 'too_small',
        limit: 1.01,
      },
    ]);
  });

  it('validation errors carry per-field details', async () => {
    const res = await callRoute(server, 'POST /auth/register', {
      body: { username: 'a', password: 'b' },
    });
    const body = expectError(res, 400);
    const details = body.details as { field: string; message: string }[];
    expect(details.map((d) => d.field).sort()).toEqual(['password', 'username']);
  });

  it.each([
    ['a success', 'GET', '/api/leaderboard/users'],
    ['an error', 'GET', '/api/user/stats'],
    ['a 404', 'GET', '/api/unknown'],
  ])('sends security headers on %s', async (_label, method, path) => {
    const res = await call(server, method, path);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('strict-transport-security')).toContain('max-age=');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(res.headers.get('content-type') ?? '').toContain('application/json');
  });

  it('lets pictures come only from this server and the configured image hosts', async () => {
    const csp =
      (await callRoute(server, 'GET /api/leaderboard/users')).headers.get(
        'content-security-policy',
      ) ?? '';
    const img = csp.split(';').find((d) => d.startsWith('img-src')) ?? '';
    expect(img).toContain("'self'");
    expect(img).not.toMatch(/\shttps?:(\s|$)/);
    expect(cspDirectives({ imageHosts: ['https://images.example.com'] }).imgSrc).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://images.example.com',
    ]);
  });

  it('answers JSON to a success', async () => {
    const res = await callRoute(server, 'GET /api/user/stats', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.body.username).toBe(user.username);
  });
});

describe('rate limiting of sign-in and registration', () => {
  let limited: TestServer;
  beforeAll(async () => {
    // Trusting the proxy changes nothing for direct calls; the last test uses it.
    limited = await startTestServer({ authRateLimit: 3, trustProxy: 1 });
  });
  afterAll(async () => {
    await limited.close();
  });

  it('answers 429 RATE_LIMITED to the 4th login within a minute, even with the right password', async () => {
    const member = await registerUser(limited);
    const attempts: HttpResult<AuthResponse | ErrorBody>[] = [];
    for (const password of [
      'wrong-password-1',
      'wrong-password-2',
      member.password,
      member.password,
    ]) {
      attempts.push(
        await callRoute(limited, 'POST /auth/login', {
          body: { username: member.username, password },
        }),
      );
    }
    expect(attempts.map((a) => a.status)).toEqual([401, 401, 200, 429]);
    const body = expectError(attempts[3]!, 429, { code: 'RATE_LIMITED' });
    expect(body.message).toMatch(/try again/i);
    // Other routes are not limited, and the member's session still works.
    for (let i = 0; i < 10; i++)
      expect(
        (await callRoute(limited, 'GET /api/user/stats', { token: member.token })).status,
      ).toBe(200);
  });

  it('limits registration too', async () => {
    // One registration was used by the previous test.
    const results: number[] = [];
    for (let i = 0; i < 3; i++) {
      results.push(
        (
          await callRoute(limited, 'POST /auth/register', {
            body: { username: uniqueName('rl'), password: 'password-1' },
          })
        ).status,
      );
    }
    expect(results).toEqual([201, 201, 429]);
    await expectLedgerBalanced(limited);
  });

  it('behind a trusted proxy, counts each forwarded client IP on its own', async () => {
    const direct = await callRoute(limited, 'POST /auth/login', {
      body: { username: 'nobody-here', password: 'password-1' },
    });
    expect(direct.status).toBe(429);
    const forwarded = await callRoute(limited, 'POST /auth/login', {
      body: { username: 'nobody-here', password: 'password-1' },
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expectError(forwarded, 401);
  });

  it('trusts only the configured hop: a client writing its own X-Forwarded-For entry cannot pick a new IP', async () => {
    // One proxy in front appends the address it saw; what the client wrote stays on the left.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await callRoute(limited, 'POST /auth/login', {
        body: { username: 'nobody-here', password: 'password-1' },
        headers: { 'x-forwarded-for': `10.9.${i}.1, 198.51.100.7` },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
  });
});
