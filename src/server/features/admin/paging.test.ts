import { describe, expect, it } from 'vitest';
import { registerUser, useTestServer } from '../../testing/harness';
import { expectBadField } from '../../testing/expectations';
import { callRoute, callRouteRaw } from '../../testing/callRoute';
import { useAdmin } from '../../testing/builders';
import { createBet, optionId } from '../bets/builders';

/** The admin's lists a page at a time (issue 20): every row once, in order, whatever the page size. */
const server = useTestServer();
const admin = useAdmin(server);

const prefix = `pg${Math.random().toString(36).slice(2, 6)}`;

describe('GET /api/admin/users, a page at a time', () => {
  it('walks every account by name with after, searches by the start of a name (any case, _ and % as typed)', async () => {
    const names = ['b', 'A', 'c_1', 'cz1', 'D', 'e', 'f'].map((s) => `${prefix}${s}`);
    for (const name of names) await registerUser(server, name);
    const sorted = [...names].sort((x, y) => (x.toLowerCase() < y.toLowerCase() ? -1 : 1));

    const seen: string[] = [];
    let after: string | undefined;
    for (let page = 0; page < 10; page++) {
      const res = await callRoute(server, 'GET /api/admin/users', {
        token: admin.token,
        query: { q: prefix, limit: 3, ...(after ? { after } : {}) },
      });
      expect(res.status).toBe(200);
      seen.push(...res.body.map((u) => u.username));
      if (res.body.length < 3) break;
      after = res.body.at(-1)!.username;
    }
    expect(seen).toEqual(sorted);

    const upper = await callRoute(server, 'GET /api/admin/users', {
      token: admin.token,
      query: { q: prefix.toUpperCase() },
    });
    expect(upper.body.map((u) => u.username)).toEqual(sorted);
    // '_' is a character here, not like's any-character.
    const underscore = await callRoute(server, 'GET /api/admin/users', {
      token: admin.token,
      query: { q: `${prefix}c_` },
    });
    expect(underscore.body.map((u) => u.username)).toEqual([`${prefix}c_1`]);
    const none = await callRoute(server, 'GET /api/admin/users', {
      token: admin.token,
      query: { q: `${prefix}%` },
    });
    expect(none.body).toEqual([]);
  });

  it('answers a page of 50 by default', async () => {
    for (let i = 0; i < 51; i++)
      await registerUser(server, `${prefix}n${String(i).padStart(2, '0')}`);
    const res = await callRoute(server, 'GET /api/admin/users', {
      token: admin.token,
      query: { q: `${prefix}n` },
    });
    expect(res.body).toHaveLength(50);
    const rest = await callRoute(server, 'GET /api/admin/users', {
      token: admin.token,
      query: { q: `${prefix}n`, after: res.body.at(-1)!.username },
    });
    expect(rest.body.map((u) => u.username)).toEqual([`${prefix}n50`]);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=ten', 'limit'],
    [`q=${'x'.repeat(41)}`, 'q'],
    ['page=2', 'page'],
  ])('refuses %s naming %s', async (query, field) => {
    expectBadField(
      await callRouteRaw(server, 'GET /api/admin/users', {
        token: admin.token,
        query: Object.fromEntries(new URLSearchParams(query)),
      }),
      field,
    );
  });
});

describe('GET /api/admin/logs, a page at a time', () => {
  it('walks the log newest first with before, every entry once', async () => {
    const target = await registerUser(server);
    for (let i = 1; i <= 5; i++) {
      expect(
        (
          await callRoute(server, 'PATCH /api/admin/balance/:username', {
            token: admin.token,
            params: { username: target.username },
            body: { amount: i },
          })
        ).status,
      ).toBe(200);
    }
    const all = (
      await callRoute(server, 'GET /api/admin/logs', { token: admin.token, query: { limit: 100 } })
    ).body;
    const walked: string[] = [];
    let before: number | undefined;
    for (let page = 0; page < 100; page++) {
      const res = await callRoute(server, 'GET /api/admin/logs', {
        token: admin.token,
        query: { limit: 2, ...(before ? { before } : {}) },
      });
      walked.push(...res.body.map((l) => l._id));
      if (res.body.length < 2) break;
      before = Number(res.body.at(-1)!._id);
    }
    expect(walked).toEqual(all.map((l) => l._id));
    expect(all.map((l) => Number(l._id))).toEqual(
      [...all.map((l) => Number(l._id))].sort((a, b) => b - a),
    );
    expectBadField(
      await callRouteRaw(server, 'GET /api/admin/logs', {
        token: admin.token,
        query: { before: 'x' },
      }),
      'before',
    );
  });
});

describe('GET /api/admin/bets, a page at a time', () => {
  it('walks open bets newest first, then settled ones newest first, every bet once', async () => {
    const bets: Awaited<ReturnType<typeof createBet>>[] = [];
    for (let i = 0; i < 4; i++) bets.push(await createBet(server, admin));
    for (const settled of [bets[0]!, bets[2]!]) {
      expect(
        (
          await callRoute(server, 'POST /api/bets/finalize', {
            token: admin.token,
            body: { betId: settled._id, optionId: optionId(settled, 'Yes') },
          })
        ).status,
      ).toBe(200);
    }
    const all = (
      await callRoute(server, 'GET /api/admin/bets', { token: admin.token, query: { limit: 100 } })
    ).body;
    const mine = all.filter((b) => bets.some((x) => x._id === b._id)).map((b) => b._id);
    expect(mine).toEqual([bets[3]!._id, bets[1]!._id, bets[2]!._id, bets[0]!._id]);
    const walked: string[] = [];
    let before: number | undefined;
    for (let page = 0; page < 100; page++) {
      const res = await callRoute(server, 'GET /api/admin/bets', {
        token: admin.token,
        query: { limit: 1, ...(before ? { before } : {}) },
      });
      walked.push(...res.body.map((b) => b._id));
      if (res.body.length < 1) break;
      before = Number(res.body.at(-1)!._id);
    }
    expect(walked).toEqual(all.map((b) => b._id));
  });
});
