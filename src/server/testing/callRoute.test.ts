import { describe, expect, it } from 'vitest';
import { callRoute, callRouteRaw, routePath, routeTable, type RouteResult } from './callRoute';
import type { TestServer } from './harness';
import type { LedgerPage } from '../../shared/api/wallet';

/**
 * callRoute is typed from the route table like the client's api(): each `@ts-expect-error`
 * below must meet a type error, or the type check fails on the unused directive. The
 * functions are never called.
 */
declare const server: TestServer;

export function callsThatMustNotCompile() {
  void callRoute(server, 'POST /api/user/send-money', {
    // @ts-expect-error a body field of the wrong type
    body: { recipientUsername: 'bob', amount: 'lots' },
  });
  // @ts-expect-error a route name that does not exist
  void callRoute(server, 'POST /api/user/sendmoney', {
    body: { recipientUsername: 'bob', amount: 5 },
  });
  // @ts-expect-error a route that takes a body called without one
  void callRoute(server, 'POST /api/bets/predict', { token: 't' });
  // @ts-expect-error a path parameter left out
  void callRoute(server, 'GET /api/user/public/:username', {});
  void callRoute(server, 'DELETE /api/user', {
    token: 't',
    // @ts-expect-error a field the body does not have
    body: { password: 'x', reason: 'bored' },
  });
  // The escape hatch takes anything as input, but still only a route of the table.
  void callRouteRaw(server, 'POST /api/user/send-money', { body: { amount: 'lots' } });
  // @ts-expect-error a route name that does not exist
  void callRouteRaw(server, 'POST /api/user/sendmoney', { body: {} });
}

export async function answersAreTyped(): Promise<number> {
  const res: RouteResult<LedgerPage> = await callRoute(server, 'GET /api/user/ledger', {
    token: 't',
    query: {},
  });
  if (!res.ok) return res.error.code.length;
  // @ts-expect-error LedgerPage has no balance
  return res.body.balance as number;
}

describe('routePath', () => {
  it('substitutes path parameters encoded and appends the query', () => {
    expect(
      routePath('PATCH /api/admin/odds/:betTitle/:optionId', {
        betTitle: 'Rain / shine?',
        optionId: 7,
      }),
    ).toEqual({
      method: 'PATCH',
      path: '/api/admin/odds/Rain%20%2F%20shine%3F/7',
    });
    expect(
      routePath('GET /api/user/ledger', {}, { limit: 5, before: undefined, kind: 'a b' }),
    ).toEqual({
      method: 'GET',
      path: '/api/user/ledger?limit=5&kind=a+b',
    });
  });

  it('refuses a name the table does not have and a missing parameter', () => {
    expect(() => routePath('GET /api/nothing')).toThrow(/no route/);
    expect(() => routePath('GET /api/user/public/:username', {})).toThrow(/username missing/);
  });

  it('knows every route of every feature', () => {
    expect(routeTable.get('POST /api/bets/predict')?.auth).toBe('user');
    expect(routeTable.get('GET /api/store')?.auth).toBe('public');
    expect(routeTable.size).toBeGreaterThan(80);
  });
});
