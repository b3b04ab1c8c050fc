import { describe, expect, it } from 'vitest';
import { routePath, routeTable } from '../testing/callRoute';
import { call, useTestServer } from '../testing/harness';
import { useUser } from '../testing/builders';
import { expectError } from '../testing/expectations';

/**
 * Walks the whole route table, so a route is covered the day it is added: without a token
 * every route that is not public answers 401, and a player's token on an admin route answers
 * 403. The auth hook runs before the body is parsed and validated, so no body is sent.
 */

const server = useTestServer();
const player = useUser(server);

// Values of the right shape for every path parameter the table uses; a new parameter name
// fails here rather than being sent as 'undefined'.
const PARAM_VALUES: Record<string, string> = {
  id: '1',
  username: 'somebody',
  betTitle: 'Some bet',
  optionId: '1',
  slug: 'some-community',
  code: 'some-code',
  betId: '1',
  commentId: '1',
};

function pathOf(name: string): { method: string; path: string } {
  const keys = [...name.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
  const unknown = keys.filter((k) => !(k in PARAM_VALUES));
  if (unknown.length > 0)
    throw new Error(`${name}: give authWalk.test.ts a value for ${unknown.join(', ')}`);
  return routePath(name, PARAM_VALUES);
}

const all = [...routeTable.entries()];
const guarded = all
  .filter(([, spec]) => spec.auth === 'user' || spec.auth === 'admin')
  .map(([name]) => name);
/** Routes anyone may call, where a token, when sent, must still be a session. */
const optional = all.filter(([, spec]) => spec.auth === 'optional').map(([name]) => name);
const adminOnly = all.filter(([, spec]) => spec.auth === 'admin').map(([name]) => name);

describe('the route table', () => {
  it('has guarded and admin routes to walk', () => {
    expect(guarded.length).toBeGreaterThan(adminOnly.length);
    expect(adminOnly.length).toBeGreaterThan(0);
  });
});

describe('every route that is not public', () => {
  it.each(guarded)('%s answers 401 without a token', async (name) => {
    const { method, path } = pathOf(name);
    expectError(await call(server, method, path), 401, { code: 'UNAUTHORIZED' });
  });

  it.each(guarded)('%s answers 401 for a token that is not a session', async (name) => {
    const { method, path } = pathOf(name);
    expectError(await call(server, method, path, { token: 'f'.repeat(64) }), 401, {
      code: 'UNAUTHORIZED',
    });
  });
});

describe('every route a visitor may call with or without a token', () => {
  it.each(optional)('%s answers 401 for a token that is not a session', async (name) => {
    const { method, path } = pathOf(name);
    expectError(await call(server, method, path, { token: 'f'.repeat(64) }), 401, {
      code: 'UNAUTHORIZED',
    });
  });

  it.each(optional)('%s answers a visitor without asking for a token', async (name) => {
    const { method, path } = pathOf(name);
    const res = await call(server, method, path);
    expect(res.status, JSON.stringify(res.body)).not.toBe(401);
  });
});

describe('every admin route', () => {
  it.each(adminOnly)('%s answers 403 for a player', async (name) => {
    const { method, path } = pathOf(name);
    expectError(await call(server, method, path, { token: player.token }), 403, {
      code: 'FORBIDDEN',
    });
  });
});
