import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registerUser, useTestServer, type TestUser } from '../../testing/harness';
import { expectBadField, expectBannedRefusal, expectError } from '../../testing/expectations';
import { giveItem, insertItem } from '../store/builders';
import { holding, itemAudit, offer, tradeCalls, tradeStatus } from './builders';
import { callRoute } from '../../testing/callRoute';
import { ban, useAdmin } from '../../testing/builders';

const server = useTestServer();
const api = tradeCalls(server);
/** Units handed out per item, for the conservation check at the end of the file. */
const handedOut = new Map<number, number>();
const admin = useAdmin(server);

async function item(name?: string) {
  return insertItem(server.db, { name, emoji: '🎁', price: 50 });
}

async function give(user: TestUser, itemId: number, quantity: number) {
  await giveItem(server.db, user.id, itemId, quantity);
  handedOut.set(itemId, (handedOut.get(itemId) ?? 0) + quantity);
}

/** Two fresh users; `a` holds 3 of a fresh item, `b` holds 2 of another. */
async function pair() {
  const [a, b] = [await registerUser(server), await registerUser(server)];
  const [x, y] = [await item(), await item()];
  await give(a, x.id, 3);
  await give(b, y.id, 2);
  return { a, b, x: x.id, y: y.id };
}

describe('GET /api/trades/inventory', () => {
  it('lists held items with the units locked in active trades', async () => {
    const { a, b, x } = await pair();
    await offer(server, a, b, [{ itemId: x, quantity: 2 }]);
    const res = await callRoute(server, 'GET /api/trades/inventory', { token: a.token });
    expect(res.status).toBe(200);
    expect(res.body.inventory).toEqual([
      expect.objectContaining({
        itemId: String(x),
        quantity: 3,
        locked: 2,
        available: 1,
        emoji: '🎁',
        price: 50,
      }),
    ]);
  });

  it('needs a token', async () => {
    expectError(await callRoute(server, 'GET /api/trades/inventory'), 401);
  });
});

describe('POST /api/trades/request', () => {
  it('offers items, locks them, and shows the trade to both sides with a live event each', async () => {
    const { a, b, x } = await pair();
    const res = await api.request(a.token, {
      toUsername: b.username.toUpperCase(),
      fromItems: [{ itemId: String(x), quantity: 2 }],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'pending',
      fromUser: a.username,
      toUser: b.username,
      toItems: [],
    });
    expect(res.body.fromItems).toEqual([
      expect.objectContaining({ itemId: String(x), quantity: 2, emoji: '🎁', price: 50 }),
    ]);
    expect(await holding(server.db, a.id, x)).toEqual({ quantity: 3, locked: 2 });
    const mine = await callRoute(server, 'GET /api/trades', { token: a.token });
    const theirs = await callRoute(server, 'GET /api/trades', { token: b.token });
    expect(mine.body.outgoing.map((t) => t._id)).toEqual([res.body._id]);
    expect(mine.body.incoming).toEqual([]);
    expect(theirs.body.incoming.map((t) => t._id)).toEqual([res.body._id]);
    const events = await server.db.rows<{ user_id: number }>(
      sql`select user_id from realtime_events where kind = 'trade.offered' and payload->>'tradeId' = ${res.body._id} order by user_id`,
    );
    expect(events.map((e) => Number(e.user_id))).toEqual([a.id, b.id].sort((p, q) => p - q));
  });

  it.each([
    [{ fromItems: [{ itemId: '1', quantity: 1 }] }, 'toUsername'],
    [{ toUsername: '', fromItems: [{ itemId: '1', quantity: 1 }] }, 'toUsername'],
    [{ toUsername: 'someone' }, 'fromItems'],
    [{ toUsername: 'someone', fromItems: [] }, 'fromItems'],
    [{ toUsername: 'someone', fromItems: 'all' }, 'fromItems'],
    [{ toUsername: 'someone', fromItems: [{ itemId: '1', quantity: 0 }] }, 'quantity'],
    [{ toUsername: 'someone', fromItems: [{ itemId: '1', quantity: 1.5 }] }, 'quantity'],
    [{ toUsername: 'someone', fromItems: [{ itemId: '1', quantity: '1' }] }, 'quantity'],
    [{ toUsername: 'someone', fromItems: [{ itemId: 'abc', quantity: 1 }] }, 'itemId'],
    [
      {
        toUsername: 'someone',
        fromItems: [
          { itemId: '1', quantity: 1 },
          { itemId: 1, quantity: 2 },
        ],
      },
      'fromItems',
    ],
    [
      {
        toUsername: 'someone',
        fromItems: Array.from({ length: 21 }, (_, i) => ({ itemId: String(i + 1), quantity: 1 })),
      },
      'fromItems',
    ],
    [{ toUsername: 'someone', fromItems: [{ itemId: '1', quantity: 1 }], extra: true }, 'extra'],
  ])('rejects bad input %# naming %s', async (body, field) => {
    const { a, x } = await pair();
    expectBadField(await api.request(a.token, body), field);
    expect(await holding(server.db, a.id, x)).toEqual({ quantity: 3, locked: 0 });
  });

  it('refuses yourself, unknown and banned recipients, and changes nothing', async () => {
    const { a, b, x } = await pair();
    const body = (toUsername: string) => ({
      toUsername,
      fromItems: [{ itemId: String(x), quantity: 1 }],
    });
    expectBadField(await api.request(a.token, body(a.username)), 'toUsername');
    expectError(await api.request(a.token, body('nobody-at-all')), 404, { message: 'toUsername' });
    await ban(server, admin, b);
    expectError(await api.request(a.token, body(b.username)), 409, { message: 'banned' });
    expect(await holding(server.db, a.id, x)).toEqual({ quantity: 3, locked: 0 });
  });

  it('refuses units not held unlocked, naming the item, all or nothing', async () => {
    const { a, b, x, y } = await pair();
    const named = await item(`Ruby ${Date.now()}`);
    await give(a, named.id, 1);
    await offer(server, a, b, [{ itemId: named.id, quantity: 1 }]);
    // x is held (3) but the fully locked item is not: nothing of x may be locked either.
    const res = await api.request(a.token, {
      toUsername: b.username,
      fromItems: [
        { itemId: String(x), quantity: 1 },
        { itemId: String(named.id), quantity: 1 },
      ],
    });
    expectError(res, 409, { message: 'Ruby' });
    expect(await holding(server.db, a.id, x)).toEqual({ quantity: 3, locked: 0 });
    expectError(
      await api.request(a.token, {
        toUsername: b.username,
        fromItems: [{ itemId: String(x), quantity: 4 }],
      }),
      409,
      { message: 'not 4' },
    );
    expectError(
      await api.request(a.token, {
        toUsername: b.username,
        fromItems: [{ itemId: String(y), quantity: 1 }],
      }),
      409,
      { message: 'do not own' },
    );
    expectError(
      await api.request(a.token, {
        toUsername: b.username,
        fromItems: [{ itemId: '999999999', quantity: 1 }],
      }),
      404,
      { message: 'fromItems' },
    );
  });

  it('applies a repeated request with the same Idempotency-Key once', async () => {
    const { a, b, x } = await pair();
    const body = { toUsername: b.username, fromItems: [{ itemId: String(x), quantity: 1 }] };
    const headers = { 'idempotency-key': `trade-key-${a.id}-abcdef` };
    const [first, second] = [
      await api.request(a.token, body, headers),
      await api.request(a.token, body, headers),
    ];
    expect(first.status).toBe(201);
    expect(second.body._id).toBe(first.body._id);
    expect(await holding(server.db, a.id, x)).toEqual({ quantity: 3, locked: 1 });
  });

  it('needs a token, and refuses a banned user', async () => {
    const { a, b, x } = await pair();
    const body = { toUsername: b.username, fromItems: [{ itemId: String(x), quantity: 1 }] };
    expectError(await api.request(undefined, body), 401);
    await ban(server, admin, a);
    expectBannedRefusal(await api.request(a.token, body));
    expect(await holding(server.db, a.id, x)).toEqual({ quantity: 3, locked: 0 });
  });
});

describe('POST /api/trades/:id/respond', () => {
  it('accepts with items of the recipient, locking them', async () => {
    const { a, b, x, y } = await pair();
    const trade = await offer(server, a, b, [{ itemId: x, quantity: 1 }]);
    const res = await api.respond(b.token, trade._id, {
      action: 'accept',
      toItems: [{ itemId: String(y), quantity: 2 }],
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('responded');
    expect(res.body.toItems).toEqual([expect.objectContaining({ itemId: String(y), quantity: 2 })]);
    expect(await holding(server.db, b.id, y)).toEqual({ quantity: 2, locked: 2 });
  });

  it('accepts with no items, and denies (unlocking the offer)', async () => {
    const { a, b, x } = await pair();
    const first = await offer(server, a, b, [{ itemId: x, quantity: 1 }]);
    const second = await offer(server, a, b, [{ itemId: x, quantity: 2 }]);
    expect((await api.respond(b.token, first._id, { action: 'accept' })).body.status).toBe(
      'responded',
    );
    const denied = await api.respond(b.token, second._id, { action: 'deny', toItems: [] });
    expect(denied.body.status).toBe('denied');
    expect(await holding(server.db, a.id, x)).toEqual({ quantity: 3, locked: 1 });
  });

  it('lets only the recipient respond, once, to a trade that exists', async () => {
    const { a, b, x } = await pair();
    const stranger = await registerUser(server);
    const trade = await offer(server, a, b, [{ itemId: x, quantity: 1 }]);
    expectError(await api.respond(a.token, trade._id, { action: 'accept' }), 403, {
      message: 'recipient',
    });
    expectError(await api.respond(stranger.token, trade._id, { action: 'accept' }), 403);
    expectError(await api.respond(b.token, '999999999', { action: 'accept' }), 404);
    expect((await api.respond(b.token, trade._id, { action: 'deny' })).status).toBe(200);
    expectError(await api.respond(b.token, trade._id, { action: 'accept' }), 409, {
      message: 'denied',
    });
  });

  it('keeps the trade pending when the response items are not held', async () => {
    const { a, b, x, y } = await pair();
    const trade = await offer(server, a, b, [{ itemId: x, quantity: 1 }]);
    expectError(
      await api.respond(b.token, trade._id, {
        action: 'accept',
        toItems: [{ itemId: String(y), quantity: 3 }],
      }),
      409,
      { message: 'toItems' },
    );
    expect(await tradeStatus(server.db, trade._id)).toBe('pending');
    expect(await holding(server.db, b.id, y)).toEqual({ quantity: 2, locked: 0 });
  });

  it.each([
    [{}, 'action'],
    [{ action: 'maybe' }, 'action'],
    [{ action: 'accept', toItems: [{ itemId: '1', quantity: -1 }] }, 'quantity'],
    [{ action: 'accept', toItems: [{ itemId: '1' }] }, 'quantity'],
    [{ action: 'accept', toItems: [{ quantity: 1 }] }, 'itemId'],
    [
      {
        action: 'accept',
        toItems: Array.from({ length: 21 }, (_, i) => ({ itemId: String(i + 1), quantity: 1 })),
      },
      'toItems',
    ],
  ])('rejects bad input %# naming %s', async (body, field) => {
    const { a, b, x } = await pair();
    const trade = await offer(server, a, b, [{ itemId: x, quantity: 1 }]);
    expectBadField(await api.respond(b.token, trade._id, body), field);
    expectBadField(await api.respond(b.token, 'abc', { action: 'deny' }), 'id');
    expect(await tradeStatus(server.db, trade._id)).toBe('pending');
  });

  it('needs a token, and refuses a banned recipient (whose ban canceled the trade)', async () => {
    const { a, b, x } = await pair();
    const trade = await offer(server, a, b, [{ itemId: x, quantity: 1 }]);
    expectError(await api.respond(undefined, trade._id, { action: 'accept' }), 401);
    await ban(server, admin, b);
    expectBannedRefusal(await api.respond(b.token, trade._id, { action: 'accept' }));
    expect(await tradeStatus(server.db, trade._id)).toBe('canceled');
  });
});

describe('POST /api/trades/:id/cancel', () => {
  it('lets either side cancel a pending or responded trade, unlocking both sides', async () => {
    const { a, b, x, y } = await pair();
    const pending = await offer(server, a, b, [{ itemId: x, quantity: 1 }]);
    const res = await api.cancel(a.token, pending._id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Trade canceled', trade: { status: 'canceled' } });
    const responded = await offer(server, a, b, [{ itemId: x, quantity: 2 }]);
    await api.respond(b.token, responded._id, {
      action: 'accept',
      toItems: [{ itemId: String(y), quantity: 1 }],
    });
    expect((await api.cancel(b.token, responded._id)).body.trade.status).toBe('canceled');
    expect(await holding(server.db, a.id, x)).toEqual({ quantity: 3, locked: 0 });
    expect(await holding(server.db, b.id, y)).toEqual({ quantity: 2, locked: 0 });
    expectError(await api.cancel(a.token, responded._id), 409, { message: 'canceled' });
  });

  it('refuses other users, unknown trades, bad ids, no token and banned users', async () => {
    const { a, b, x } = await pair();
    const stranger = await registerUser(server);
    const trade = await offer(server, a, b, [{ itemId: x, quantity: 1 }]);
    expectError(await api.cancel(stranger.token, trade._id), 403);
    expectError(await api.cancel(a.token, '999999999'), 404);
    expectBadField(await api.cancel(a.token, '0'), 'id');
    expectError(await api.cancel(undefined, trade._id), 401);
    await ban(server, admin, stranger);
    expectBannedRefusal(await api.cancel(stranger.token, trade._id));
    expect(await tradeStatus(server.db, trade._id)).toBe('pending');
  });
});

describe('POST /api/trades/:id/finalize', () => {
  it('swaps both sides in one go and closes the trade as accepted', async () => {
    const { a, b, x, y } = await pair();
    const trade = await offer(server, a, b, [{ itemId: x, quantity: 2 }]);
    await api.respond(b.token, trade._id, {
      action: 'accept',
      toItems: [{ itemId: String(y), quantity: 2 }],
    });
    const res = await api.finalize(a.token, trade._id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'accepted' });
    expect(res.body.toItems).toEqual([expect.objectContaining({ itemId: String(y), quantity: 2 })]);
    expect(await holding(server.db, a.id, x)).toEqual({ quantity: 1, locked: 0 });
    expect(await holding(server.db, b.id, x)).toEqual({ quantity: 2, locked: 0 });
    expect(await holding(server.db, a.id, y)).toEqual({ quantity: 2, locked: 0 });
    // b gave away every unit of y: the emptied entry is gone.
    const rows = await server.db.rows(
      sql`select 1 from inventory where user_id = ${b.id} and item_id = ${y}`,
    );
    expect(rows).toHaveLength(0);
    expectError(await api.finalize(a.token, trade._id), 409, { message: 'accepted' });
  });

  it('lets only the initiator finalize, and only once responded', async () => {
    const { a, b, x } = await pair();
    const trade = await offer(server, a, b, [{ itemId: x, quantity: 1 }]);
    expectError(await api.finalize(a.token, trade._id), 409, { message: 'not been answered' });
    await api.respond(b.token, trade._id, { action: 'accept' });
    expectError(await api.finalize(b.token, trade._id), 403, { message: 'initiator' });
    expectError(await api.finalize(a.token, '999999999'), 404);
    expectBadField(await api.finalize(a.token, 'x1'), 'id');
    expectError(await api.finalize(undefined, trade._id), 401);
    expect(await tradeStatus(server.db, trade._id)).toBe('responded');
  });

  it('refuses, naming the missing item, when a side no longer holds its units, and leaves the trade responded', async () => {
    const { a, b, x } = await pair();
    const gem = await item(`Emerald ${Date.now()}`);
    await give(b, gem.id, 1);
    const trade = await offer(server, a, b, [{ itemId: x, quantity: 1 }]);
    await api.respond(b.token, trade._id, {
      action: 'accept',
      toItems: [{ itemId: String(gem.id), quantity: 1 }],
    });
    // As if another path had taken the unit regardless of the lock.
    await server.db.rows(
      sql`update inventory set quantity = 0, locked = 0 where user_id = ${b.id} and item_id = ${gem.id}`,
    );
    // ...with the movement such a path writes, so the holdings audit still balances.
    await server.db.rows(sql`
      insert into item_movements (user_id, item_id, delta, quantity_after, reason, ref_type, ref_id)
      values (${b.id}, ${gem.id}, -1, 0, 'grant', 'user', ${String(b.id)})`);
    handedOut.set(gem.id, (handedOut.get(gem.id) ?? 0) - 1);
    expectError(await api.finalize(a.token, trade._id), 409, { message: 'Emerald' });
    expect(await tradeStatus(server.db, trade._id)).toBe('responded');
    expect(await holding(server.db, a.id, x)).toEqual({ quantity: 3, locked: 1 });
    // Cancel still works and the audit below balances once the stray lock is accounted for.
    expect((await api.cancel(a.token, trade._id)).status).toBe(200);
  });

  it('refuses a banned initiator (whose ban canceled the trade)', async () => {
    const { a, b, x } = await pair();
    const trade = await offer(server, a, b, [{ itemId: x, quantity: 1 }]);
    await api.respond(b.token, trade._id, { action: 'accept' });
    await ban(server, admin, a);
    expectBannedRefusal(await api.finalize(a.token, trade._id));
    expect(await tradeStatus(server.db, trade._id)).toBe('canceled');
    expect(await holding(server.db, a.id, x)).toEqual({ quantity: 3, locked: 0 });
  });
});

describe('bans and account deletion', () => {
  it('cancel every active trade of the user on both sides and release the locked units', async () => {
    const { a, b, x, y } = await pair();
    const c = await registerUser(server);
    await give(c, y, 1);
    const outgoing = await offer(server, a, b, [{ itemId: x, quantity: 1 }]);
    const incoming = await offer(server, c, a, [{ itemId: y, quantity: 1 }]);
    await api.respond(b.token, outgoing._id, {
      action: 'accept',
      toItems: [{ itemId: String(y), quantity: 1 }],
    });
    await ban(server, admin, a);
    expect(await tradeStatus(server.db, outgoing._id)).toBe('canceled');
    expect(await tradeStatus(server.db, incoming._id)).toBe('canceled');
    expect(await holding(server.db, b.id, y)).toEqual({ quantity: 2, locked: 0 });
    expect(await holding(server.db, c.id, y)).toEqual({ quantity: 1, locked: 0 });
    const seen = await callRoute(server, 'GET /api/trades', { token: b.token });
    expect(seen.body.incoming.find((t) => t._id === outgoing._id)?.status).toBe('canceled');
  });

  it('deleting an account cancels its trades', async () => {
    const { a, b, x } = await pair();
    const trade = await offer(server, a, b, [{ itemId: x, quantity: 2 }]);
    const res = await callRoute(server, 'DELETE /api/user', {
      token: b.token,
      body: { password: b.password },
    });
    expect(res.status).toBe(200);
    expect(await tradeStatus(server.db, trade._id)).toBe('canceled');
    expect(await holding(server.db, a.id, x)).toEqual({ quantity: 3, locked: 0 });
    const mine = await callRoute(server, 'GET /api/trades', { token: a.token });
    expect(mine.body.outgoing.find((t) => t._id === trade._id)?.toUser).toBe('Deleted user');
  });
});

describe('GET /api/trades', () => {
  it('refuses a banned user on both lists', async () => {
    const { a } = await pair();
    await ban(server, admin, a);
    expectBannedRefusal(await callRoute(server, 'GET /api/trades', { token: a.token }));
    expectBannedRefusal(await callRoute(server, 'GET /api/trades/inventory', { token: a.token }));
  });

  it('needs a token and lists active trades first', async () => {
    expectError(await callRoute(server, 'GET /api/trades'), 401);
    const { a, b, x } = await pair();
    const closed = await offer(server, a, b, [{ itemId: x, quantity: 1 }]);
    await api.cancel(a.token, closed._id);
    const open = await offer(server, a, b, [{ itemId: x, quantity: 1 }]);
    const res = await callRoute(server, 'GET /api/trades', { token: a.token });
    expect(res.body.outgoing.map((t) => [t._id, t.status])).toEqual([
      [open._id, 'pending'],
      [closed._id, 'canceled'],
    ]);
  });
});

describe('item audit', () => {
  it('finds no negative or over-locked units, every lock backed by an active trade, and every unit conserved', async () => {
    expect(await itemAudit(server.db, handedOut)).toEqual([]);
  });
});
