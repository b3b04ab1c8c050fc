import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { defineRoutes } from '../../shared/api/contract';
import { routes, type ApiRouteName } from '../../shared/api/routes';
import type { LedgerPage, SendMoneyResponse } from '../../shared/api/wallet';
import { call, startTestServer, type TestServer } from '../testing/harness';
import { installErrorHandling } from './errors';
import { defineHandlers, registerRoute, splitRouteName, type FeatureHandlers } from './routing';

/**
 * The contract is checked by the compiler: each `@ts-expect-error` below must meet a type
 * error, or `npm run typecheck` fails on the unused directive. The functions are never called.
 */
declare const api: typeof import('../../client/lib/api').api;

export function clientCallsThatMustNotCompile() {
  // @ts-expect-error a body field of the wrong type
  void api('POST /api/user/send-money', { body: { recipientUsername: 'bob', amount: 'lots' } });
  // @ts-expect-error a route name that does not exist
  void api('POST /api/user/sendmoney', { body: { recipientUsername: 'bob', amount: 5 } });
  // @ts-expect-error a route that takes a body called without one
  void api('POST /api/bets/predict');
  // @ts-expect-error a path parameter left out
  void api('GET /api/user/public/:username', {});
  // @ts-expect-error a field the body does not have
  void api('DELETE /api/user', { body: { password: 'x', reason: 'bored' } });
}

export function clientAnswersAreTyped(): Promise<number> {
  // The reply type comes from the table: a ledger page has entries, not a balance.
  return api('GET /api/user/ledger', { query: {} }).then((page) => {
    // @ts-expect-error LedgerPage has no balance
    return page.balance as number;
  });
}

const sendMoney = async (): Promise<SendMoneyResponse> => ({ message: 'ok', balance: 1 });
const ledger: FeatureHandlers<'wallet'>['GET /api/user/ledger'] = async () => ({
  entries: [],
  nextBefore: null,
});

export const serverHandlersThatMustNotCompile: FeatureHandlers<'wallet'>[] = [
  // @ts-expect-error a handler missing for a route of the feature
  { 'POST /api/user/send-money': sendMoney },
  {
    'POST /api/user/send-money': sendMoney,
    'GET /api/user/ledger': ledger,
    // @ts-expect-error a handler for a route the table does not have
    'GET /api/user/ledger/all': ledger,
  },
  {
    // @ts-expect-error a reply of the wrong shape (no balance)
    'POST /api/user/send-money': async () => ({ message: 'ok' }),
    'GET /api/user/ledger': ledger,
  },
];

declare const page: LedgerPage;

/** defineHandlers also refuses a reply field the reply type does not name, at any depth. */
export const handlersWithExtraFieldsThatMustNotCompile = [
  defineHandlers('wallet', {
    // @ts-expect-error a field the reply schema does not name (a seed, say)
    'POST /api/user/send-money': async () => ({ ...(await sendMoney()), serverSeed: 'x' }),
    'GET /api/user/ledger': ledger,
  }),
  defineHandlers('wallet', {
    'POST /api/user/send-money': sendMoney,
    // @ts-expect-error an extra field nested in a list entry
    'GET /api/user/ledger': async () => ({
      ...page,
      entries: page.entries.map((e) => ({ ...e, userId: 1 })),
    }),
  }),
  defineHandlers('wallet', {
    'POST /api/user/send-money': sendMoney,
    'GET /api/user/ledger': ledger,
    // @ts-expect-error a handler for a route the feature does not have
    'GET /api/user/ledger/all': ledger,
  }),
];

export const tablesThatMustNotCompile = [
  defineRoutes({
    // @ts-expect-error a path parameter without a params schema
    'GET /api/things/:id': { auth: 'user', summary: 'x', reply: z.number() },
  }),
  defineRoutes({
    'GET /api/things/:id': {
      auth: 'user',
      summary: 'x',
      // @ts-expect-error a params schema that does not match the path
      params: z.object({ thingId: z.string() }),
      reply: z.number(),
    },
  }),
  defineRoutes({
    // @ts-expect-error a name that is not METHOD /path
    'FETCH /api/things': { auth: 'user', summary: 'x', reply: z.number() },
  }),
];

describe('the route table at run time', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  const names = Object.values(routes).flatMap((feature) => Object.keys(feature)) as ApiRouteName[];

  it('names every route once, as METHOD /path', () => {
    expect(names.length).toBeGreaterThan(20);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names)
      expect(name).toMatch(/^(GET|POST|PUT|PATCH|DELETE) \/(api|auth)\/[\w/:-]*$/);
  });

  it('has every route registered on the server, and nothing answers a name outside it', () => {
    for (const name of names) expect(server.app.hasRoute(splitRouteName(name)), name).toBe(true);
    expect(server.app.hasRoute({ method: 'POST', url: '/api/user/sendmoney' })).toBe(false);
  });
});

describe('answers go out through their reply schema', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  const spec = routes.wallet['GET /api/user/ledger'];
  const entry = {
    _id: '1',
    delta: 5,
    balanceAfter: 5,
    category: 'admin_grant',
    label: 'Admin adjustment',
    refType: null,
    refId: null,
    counterparty: null,
    createdAt: '2030-01-01T00:00:00.000Z',
    count: 1,
  };

  /** A one-route app over the test server's real dependencies, its handler answering `answer`. */
  async function appAnswering(answer: unknown, checkReplies: boolean) {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    installErrorHandling(app);
    const deps = { ...server.deps, config: { ...server.deps.config, checkReplies } };
    registerRoute(app, deps, 'wallet', 'GET /api/user/ledger', spec, async () => answer);
    await app.ready();
    return app;
  }

  const token = async () =>
    (
      await call<{ token: string }>(server, 'POST', '/auth/register', {
        body: { username: `r${Date.now().toString(36)}`, password: 'correct-horse-9' },
      })
    ).body.token;

  it('drops a field the schema does not name; the checking test servers refuse it', async () => {
    const auth = { authorization: `Bearer ${await token()}` };
    const leaky = {
      entries: [{ ...entry, passwordHash: 'secret' }],
      nextBefore: null,
      serverSeed: 'secret',
    };
    const plain = await appAnswering(leaky, false);
    const sent = await plain.inject({ method: 'GET', url: '/api/user/ledger', headers: auth });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ entries: [entry], nextBefore: null });
    expect(sent.body).not.toContain('secret');
    await plain.close();

    const checking = await appAnswering(leaky, true);
    const refused = await checking.inject({
      method: 'GET',
      url: '/api/user/ledger',
      headers: auth,
    });
    expect(refused.statusCode).toBe(500);
    expect(refused.json()).toMatchObject({
      code: 'INTERNAL',
      message: expect.stringContaining('entries[0].passwordHash: not in the reply schema'),
    });
    await checking.close();
  });

  it('turns a missing or mistyped field into a failure on the test servers', async () => {
    const auth = { authorization: `Bearer ${await token()}` };
    const app = await appAnswering({ entries: [{ ...entry, delta: '5' }], nextBefore: null }, true);
    const mistyped = await app.inject({ method: 'GET', url: '/api/user/ledger', headers: auth });
    expect(mistyped.statusCode).toBe(500);
    expect(mistyped.json().message).toContain('entries.0.delta');
    await app.close();

    const missing = await appAnswering({ entries: [] }, true);
    const res = await missing.inject({ method: 'GET', url: '/api/user/ledger', headers: auth });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toContain('nextBefore');
    await missing.close();
  });

  it('leaves error answers in the one error shape', async () => {
    const app = await appAnswering({ entries: [], nextBefore: null }, true);
    const res = await app.inject({ method: 'GET', url: '/api/user/ledger' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED', message: expect.any(String) });
    await app.close();
  });
});
