import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  balanceOf,
  expectLedgerBalanced,
  registerUser,
  useTestServer,
} from '../../testing/harness';
import { expectError } from '../../testing/expectations';
import { insertItem } from './builders';
import { auditReport } from '../audit/public';
import { callRoute } from '../../testing/callRoute';

/** Issue 8: purchases and 'Use' under parallel requests, on PGlite and on PostgreSQL. */
const server = useTestServer();

const buy = (token: string, itemId: number) =>
  callRoute(server, 'POST /api/store/purchase', { token, body: { itemId } });
const stockOf = async (id: number) =>
  (await server.db.rows<{ stock: number }>(sql`select stock from items where id = ${id}`))[0]
    ?.stock;

async function expectConserved(): Promise<void> {
  await expectLedgerBalanced(server);
  // Every unit in this file was bought through the route, so each is explained by its movements.
  expect((await auditReport(server.db, server.deps.modules)).problem).toBeNull();
}

describe('parallel purchases', () => {
  it('30 buyers of an item with stock 5: exactly 5 succeed and the stock is 0', async () => {
    const item = await insertItem(server.db, { price: 100, stock: 5 });
    const buyers = await Promise.all(Array.from({ length: 30 }, () => registerUser(server)));
    const results = await Promise.all(buyers.map((b) => buy(b.token, item.id)));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(5);
    for (const r of results.filter((r) => r.status !== 200))
      expectError(r, 409, { message: 'Sold out' });
    expect(await stockOf(item.id)).toBe(0);
    const [count] = await server.db.rows<{ n: number }>(
      sql`select count(*)::int as n from purchases where item_id = ${item.id}`,
    );
    expect(count?.n).toBe(5);
    const paid = await Promise.all(buyers.map((b) => balanceOf(server, b.id)));
    expect(paid.filter((b) => b === 900)).toHaveLength(5);
    expect(paid.filter((b) => b === 1000)).toHaveLength(25);
    await expectConserved();
  });

  it('20 purchases by one user whose balance covers 3: exactly 3 succeed', async () => {
    const item = await insertItem(server.db, { price: 300, stock: 100 });
    const user = await registerUser(server);
    const results = await Promise.all(Array.from({ length: 20 }, () => buy(user.token, item.id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    for (const r of results.filter((r) => r.status !== 200))
      expectError(r, 409, { code: 'INSUFFICIENT_FUNDS' });
    expect(await balanceOf(server, user.id)).toBe(100);
    expect(await stockOf(item.id)).toBe(97);
    const [held] = await server.db.rows<{ quantity: number }>(
      sql`select quantity from inventory where user_id = ${user.id} and item_id = ${item.id}`,
    );
    expect(held?.quantity).toBe(3);
    await expectConserved();
  });

  it('10 purchases of one badge by one user: exactly 1 succeeds', async () => {
    const badge = await insertItem(server.db, {
      type: 'badge',
      effectType: null,
      effectValue: null,
      price: 10,
      stock: 50,
    });
    const user = await registerUser(server);
    const results = await Promise.all(Array.from({ length: 10 }, () => buy(user.token, badge.id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200))
      expectError(r, 409, { message: 'already own' });
    expect(await stockOf(badge.id)).toBe(49);
    expect(await balanceOf(server, user.id)).toBe(990);
    await expectConserved();
  });
});

describe("parallel 'Use'", () => {
  it('a double click racing on the last unit starts one buff; with 2 units, 10 clicks start 2', async () => {
    const item = await insertItem(server.db, {
      effectType: 'reward-multiplier',
      effectValue: 150,
      price: 20,
      stock: 10,
    });
    const user = await registerUser(server);
    expect((await buy(user.token, item.id)).status).toBe(200);
    const use = () =>
      callRoute(server, 'POST /api/store/items/:id/use', {
        token: user.token,
        params: { id: item.id },
      });
    const first = await Promise.all([use(), use()]);
    expect(first.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of first.filter((r) => r.status !== 200)) expectError(r, 409);
    const buffs = async () =>
      (
        await server.db.rows<{ n: number }>(
          sql`select count(*)::int as n from buffs where user_id = ${user.id}`,
        )
      )[0]?.n;
    expect(await buffs()).toBe(1);

    for (let i = 0; i < 2; i++) expect((await buy(user.token, item.id)).status).toBe(200);
    const second = await Promise.all(Array.from({ length: 10 }, use));
    expect(second.filter((r) => r.status === 200)).toHaveLength(2);
    expect(await buffs()).toBe(3);
    const [held] = await server.db.rows<{ quantity: number }>(
      sql`select quantity from inventory where user_id = ${user.id} and item_id = ${item.id}`,
    );
    expect(held?.quantity).toBe(0);
    await expectConserved();
  });
});

describe('a banned buyer whose session another process still trusts', () => {
  // A long session cache stands in for a second process that has not heard of the ban yet.
  const trusting = useTestServer({ authCacheMs: 60_000 });

  it('cannot buy (paid or free) or use: the statements check the actor, and nothing changes', async () => {
    const user = await registerUser(trusting);
    const paid = await insertItem(trusting.db, {
      price: 10,
      stock: 5,
      effectType: 'reward-multiplier',
      effectValue: 150,
    });
    const free = await insertItem(trusting.db, { price: 0, stock: 5 });
    const buyIt = (itemId: number) =>
      callRoute(trusting, 'POST /api/store/purchase', { token: user.token, body: { itemId } });
    expect((await buyIt(paid.id)).status).toBe(200);
    await trusting.db.rows(sql`update users set status = 'banned' where id = ${user.id}`);
    expectError(await buyIt(paid.id), 403, { code: 'BANNED' });
    expectError(await buyIt(free.id), 403, { code: 'BANNED' });
    expectError(
      await callRoute(trusting, 'POST /api/store/items/:id/use', {
        token: user.token,
        params: { id: paid.id },
      }),
      403,
      { code: 'BANNED' },
    );
    const stocks = await trusting.db.rows<{ stock: number }>(
      sql`select stock from items where id in (${paid.id}, ${free.id}) order by id`,
    );
    expect(stocks.map((s) => s.stock)).toEqual([4, 5]);
    expect(await balanceOf(trusting, user.id)).toBe(990);
    await expectLedgerBalanced(trusting);
  });
});
