import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { registerUser, useTestServer } from '../../testing/harness';
import { auditReport } from '../audit/public';
import { insertItem } from '../store/builders';
import * as items from './holdings';

/** The items module on its own: every change writes its movement, refusals change nothing, races take a unit once. */
const server = useTestServer();

const grant = (userId: number) => ({ reason: 'grant', refType: 'user', refId: userId }) as const;
const movementsOf = (userId: number, itemId: number) =>
  server.db.rows<{
    delta: number;
    quantity_after: number;
    reason: string;
    ref_type: string;
    ref_id: string;
  }>(sql`
    select delta, quantity_after, reason, ref_type, ref_id from item_movements where user_id = ${userId} and item_id = ${itemId} order by id`);
const problem = async () => (await auditReport(server.db, server.deps.modules)).problem;

describe('give and take', () => {
  it('write one movement per change with the quantity after and the reference', async () => {
    const user = await registerUser(server);
    const item = await insertItem(server.db);
    expect(
      await items.give(
        server.db,
        { userId: user.id, itemId: item.id, quantity: 3 },
        grant(user.id),
      ),
    ).toBe(3);
    expect(
      await items.take(
        server.db,
        { userId: user.id, itemId: item.id, quantity: 2 },
        { reason: 'use', refType: 'buff', refId: 77 },
      ),
    ).toBe(1);
    expect(await movementsOf(user.id, item.id)).toEqual([
      { delta: 3, quantity_after: 3, reason: 'grant', ref_type: 'user', ref_id: String(user.id) },
      { delta: -2, quantity_after: 1, reason: 'use', ref_type: 'buff', ref_id: '77' },
    ]);
    expect(await problem()).toBeNull();
  });

  it('take refuses locked or missing units and changes nothing', async () => {
    const user = await registerUser(server);
    const item = await insertItem(server.db);
    await items.give(server.db, { userId: user.id, itemId: item.id, quantity: 2 }, grant(user.id));
    await server.db.tx(async (tx) =>
      expect(await items.lock(tx, [{ userId: user.id, itemId: item.id, quantity: 2 }])).toBeNull(),
    );
    expect(
      await items.take(
        server.db,
        { userId: user.id, itemId: item.id, quantity: 1 },
        grant(user.id),
      ),
    ).toBeNull();
    expect(
      await items.take(server.db, { userId: user.id, itemId: 987654, quantity: 1 }, grant(user.id)),
    ).toBeNull();
    expect(await items.holding(server.db, user.id, item.id)).toEqual({ quantity: 2, locked: 2 });
    expect(await movementsOf(user.id, item.id)).toHaveLength(1);
    await items.unlock(server.db, [{ userId: user.id, itemId: item.id, quantity: 2 }]);
    expect(await items.holding(server.db, user.id, item.id)).toEqual({ quantity: 2, locked: 0 });
  });

  it('20 parallel takes of 5 units take exactly 5', async () => {
    const user = await registerUser(server);
    const item = await insertItem(server.db);
    await items.give(server.db, { userId: user.id, itemId: item.id, quantity: 5 }, grant(user.id));
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        server.db.tx((tx) =>
          items.take(tx, { userId: user.id, itemId: item.id, quantity: 1 }, grant(user.id)),
        ),
      ),
    );
    expect(results.filter((r) => r !== null)).toHaveLength(5);
    expect(await items.holding(server.db, user.id, item.id)).toEqual({ quantity: 0, locked: 0 });
    expect(await problem()).toBeNull();
  });
});

describe('move', () => {
  it('applies several users and items at once, all or nothing', async () => {
    const [a, b] = await Promise.all([registerUser(server), registerUser(server)]);
    const x = await insertItem(server.db);
    const y = await insertItem(server.db);
    await items.give(server.db, { userId: a.id, itemId: x.id, quantity: 2 }, grant(a.id));
    const short = await server.db.tx(async (tx) =>
      items.move(
        tx,
        [
          { userId: a.id, itemId: x.id, delta: -1 },
          { userId: b.id, itemId: x.id, delta: 1 },
          { userId: a.id, itemId: y.id, delta: -1 },
        ],
        grant(a.id),
      ),
    );
    expect(short).toEqual({ userId: a.id, itemId: y.id, quantity: 1 });
    expect(await items.holding(server.db, a.id, x.id)).toEqual({ quantity: 2, locked: 0 });
    expect(await items.holding(server.db, b.id, x.id)).toEqual({ quantity: 0, locked: 0 });
    const moved = await items.move(
      server.db,
      [
        { userId: a.id, itemId: x.id, delta: -2 },
        { userId: b.id, itemId: x.id, delta: 2 },
        { userId: b.id, itemId: y.id, delta: 1 },
      ],
      grant(a.id),
    );
    expect(moved).toBeNull();
    expect(await items.holding(server.db, a.id, x.id)).toEqual({ quantity: 0, locked: 0 });
    expect(await items.holding(server.db, b.id, x.id)).toEqual({ quantity: 2, locked: 0 });
    expect(await items.holding(server.db, b.id, y.id)).toEqual({ quantity: 1, locked: 0 });
    expect(await problem()).toBeNull();
  });
});

describe('swap', () => {
  it('hands locked units over, writing both sides, and refuses units no longer locked', async () => {
    const [a, b] = await Promise.all([registerUser(server), registerUser(server)]);
    const x = await insertItem(server.db);
    await items.give(server.db, { userId: a.id, itemId: x.id, quantity: 1 }, grant(a.id));
    const transfer = { fromUserId: a.id, toUserId: b.id, itemId: x.id, quantity: 1 };
    expect(
      await items.swap(server.db, [transfer], { reason: 'trade', refType: 'trade', refId: 1 }),
    ).toEqual(transfer);
    await items.lock(server.db, [{ userId: a.id, itemId: x.id, quantity: 1 }]);
    expect(
      await items.swap(server.db, [transfer], { reason: 'trade', refType: 'trade', refId: 1 }),
    ).toBeNull();
    // The emptied holding is gone, as if never held.
    expect(
      await server.db.rows(
        sql`select 1 from inventory where user_id = ${a.id} and item_id = ${x.id}`,
      ),
    ).toEqual([]);
    expect(await items.holding(server.db, b.id, x.id)).toEqual({ quantity: 1, locked: 0 });
    expect((await movementsOf(b.id, x.id)).map((m) => [m.delta, m.reason])).toEqual([[1, 'trade']]);
    expect((await movementsOf(a.id, x.id)).map((m) => m.delta)).toEqual([1, -1]);
    expect(await problem()).toBeNull();
  });
});
