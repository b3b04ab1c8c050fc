import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoutes, reply } from '../../shared/api/contract';
import { routes, type ApiRouteName } from '../../shared/api/routes';
import type { SendMoneyResponse } from '../../shared/api/wallet';
import { startTestServer, type TestServer } from '../testing/harness';
import { splitRouteName, type FeatureHandlers } from './routing';

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
const ledger: FeatureHandlers<'wallet'>['GET /api/user/ledger'] = async () => ({ entries: [], nextBefore: null });

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

export const tablesThatMustNotCompile = [
  defineRoutes({
    // @ts-expect-error a path parameter without a params schema
    'GET /api/things/:id': { auth: 'user', summary: 'x', reply: reply<number>() },
  }),
  defineRoutes({
    // @ts-expect-error a params schema that does not match the path
    'GET /api/things/:id': { auth: 'user', summary: 'x', params: z.object({ thingId: z.string() }), reply: reply<number>() },
  }),
  defineRoutes({
    // @ts-expect-error a name that is not METHOD /path
    'FETCH /api/things': { auth: 'user', summary: 'x', reply: reply<number>() },
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
    for (const name of names) expect(name).toMatch(/^(GET|POST|PUT|PATCH|DELETE) \/(api|auth)\/[\w/:-]*$/);
  });

  it('has every route registered on the server, and nothing answers a name outside it', () => {
    for (const name of names) expect(server.app.hasRoute(splitRouteName(name)), name).toBe(true);
    expect(server.app.hasRoute({ method: 'POST', url: '/api/user/sendmoney' })).toBe(false);
  });
});
