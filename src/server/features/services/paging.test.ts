import { describe, expect, it } from 'vitest';
import { registerUser, useTestServer } from '../../testing/harness';
import { expectBadField } from '../../testing/expectations';
import { callRoute, callRouteRaw } from '../../testing/callRoute';
import { boughtService, finalizedService, listService, serviceCalls } from './builders';

/** The services lists a page at a time (issue 20): every service once, in order. */
const server = useTestServer();
const api = serviceCalls(server);

/** Walks a newest-first list with `before`, `limit` at a time. */
async function walk(
  fetchPage: (before: number | undefined) => Promise<{ _id: string }[]>,
  limit: number,
): Promise<string[]> {
  const seen: string[] = [];
  let before: number | undefined;
  for (let page = 0; page < 50; page++) {
    const rows = await fetchPage(before);
    seen.push(...rows.map((r) => r._id));
    if (rows.length < limit) break;
    before = Number(rows.at(-1)!._id);
  }
  return seen;
}

describe('services lists, a page at a time', () => {
  it('walks my services, the marketplace and my purchases newest first', async () => {
    const provider = await registerUser(server, undefined);
    const buyer = await registerUser(server);
    const listed = [];
    for (let i = 0; i < 5; i++)
      listed.push(await listService(server, provider, 10 + i, `Service ${i}`));
    const bought = [
      await boughtService(server, provider, buyer, 5),
      await boughtService(server, provider, buyer, 6),
    ];
    const mine = await walk(
      async (before) =>
        (
          await callRoute(server, 'GET /api/services', {
            token: provider.token,
            query: { limit: 2, ...(before ? { before } : {}) },
          })
        ).body,
      2,
    );
    expect(mine).toEqual(
      [...bought, ...listed].map((s) => s._id).sort((a, b) => Number(b) - Number(a)),
    );
    const market = await walk(
      async (before) =>
        (
          await callRoute(server, 'GET /api/services', {
            token: buyer.token,
            query: { showAll: 'true', limit: 2, ...(before ? { before } : {}) },
          })
        ).body,
      2,
    );
    const everyListed = (
      await callRoute(server, 'GET /api/services', {
        token: buyer.token,
        query: { showAll: 'true', limit: 100 },
      })
    ).body.map((s) => s._id);
    expect(market).toEqual(everyListed);
    for (const s of listed) expect(market).toContain(s._id);
    const purchases = await walk(
      async (before) =>
        (
          await callRoute(server, 'GET /api/services/purchases', {
            token: buyer.token,
            query: { limit: 1, ...(before ? { before } : {}) },
          })
        ).body,
      1,
    );
    expect(purchases).toEqual([bought[1]!._id, bought[0]!._id]);
  });

  it('walks each side of the history, most recently closed first, with its own cursor', async () => {
    const provider = await registerUser(server);
    const buyer = await registerUser(server);
    const closed = [];
    for (let i = 0; i < 3; i++) {
      const s = await finalizedService(server, provider, buyer, 5);
      expect((await api.accept(buyer.token, s._id)).status).toBe(200);
      closed.push(s._id);
    }
    const side = async (who: 'provider' | 'buyer', before: number | undefined) => {
      const token = who === 'provider' ? provider.token : buyer.token;
      const query = {
        limit: 2,
        ...(before ? { [who === 'provider' ? 'providerBefore' : 'buyerBefore']: before } : {}),
      };
      const res = await callRoute(server, 'GET /api/services/history', { token, query });
      return who === 'provider' ? res.body.asProvider : res.body.asBuyer;
    };
    expect(await walk((before) => side('provider', before), 2)).toEqual([...closed].reverse());
    expect(await walk((before) => side('buyer', before), 2)).toEqual([...closed].reverse());
  });

  it.each([
    ['GET /api/services', { limit: '0' }, 'limit'],
    ['GET /api/services', { before: 'x' }, 'before'],
    ['GET /api/services/purchases', { limit: '101' }, 'limit'],
    ['GET /api/services/history', { providerBefore: '-1' }, 'providerBefore'],
  ] as const)('%s refuses %j naming %s', async (route, query, field) => {
    const user = await registerUser(server);
    expectBadField(await callRouteRaw(server, route, { token: user.token, query }), field);
  });
});
