import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { PurchaseResponse } from '../../../shared/api/store';
import { AppError } from '../../platform/errors';
import { auditReport } from '../audit/public';
import {
  balanceOf,
  expectLedgerBalanced,
  registerUser,
  useTestServer,
  usingPostgres,
  type TestUser,
} from '../../testing/harness';
import { whileUserRowHeld } from '../../testing/rowHeld';
import { giveItem, insertItem } from './builders';
import { holdPurchaseGroups, purchase, purchaseGroupCounts } from './service';
import { groupCountsSince } from '../../testing/groupCounts';

const server = useTestServer();

/** The purchase's answer, or the status and message of its refusal. */
const buy = (user: TestUser, itemId: number): Promise<PurchaseResponse | string> =>
  purchase(server.deps, user.id, itemId).catch((err: unknown) => {
    if (err instanceof AppError) return `${err.statusCode} ${err.message}`;
    throw err;
  });

const stockOf = async (id: number) =>
  Number(
    (await server.db.rows<{ stock: number }>(sql`select stock from items where id = ${id}`))[0]
      ?.stock,
  );

/** What one user's purchases left behind: purchases, units held, movements, postings and the counter. */
async function trail(user: TestUser, itemId: number) {
  const [row] = await server.db.rows<{
    purchases: number;
    held: number | null;
    movements: number;
    postings: number;
    counted: number | null;
  }>(sql`
    select (select count(*)::int from purchases where user_id = ${user.id} and item_id = ${itemId}) as purchases,
      (select quantity from inventory where user_id = ${user.id} and item_id = ${itemId}) as held,
      (select count(*)::int from item_movements where user_id = ${user.id} and item_id = ${itemId} and reason = 'purchase') as movements,
      (select count(*)::int from ledger where user_id = ${user.id} and ref_type = 'purchase') as postings,
      (select value from user_stats where user_id = ${user.id} and stat = 'store_purchases') as counted`);
  return {
    purchases: row!.purchases,
    held: Number(row!.held ?? 0),
    movements: row!.movements,
    postings: row!.postings,
    counted: Number(row!.counted ?? 0),
  };
}

async function expectConserved(): Promise<void> {
  await expectLedgerBalanced(server);
  expect((await auditReport(server.db, server.deps.modules)).problem).toBeNull();
}

describe('purchases of many buyers in one statement', () => {
  it('makes each held purchase as alone: unit, movement and posting referencing it, counter, and the shelf as each left it', async () => {
    const [potion, free] = [
      await insertItem(server.db, { price: 40, stock: 10 }),
      await insertItem(server.db, { price: 0, stock: 10 }),
    ];
    const users = await Promise.all(Array.from({ length: 5 }, () => registerUser(server)));
    const since = groupCountsSince(() => purchaseGroupCounts(server.db));
    const release = holdPurchaseGroups(server.db);
    const buying = users.map((u, k) => buy(u, k < 3 ? potion.id : free.id));
    release();
    const answers = (await Promise.all(buying)) as PurchaseResponse[];

    expect(since()).toEqual({ statements: 1, done: 5, failed: 0 });
    // In order of arrival, as one by one: each answer shows the shelf its purchase left.
    expect(answers.map((a) => a.item.stock)).toEqual([9, 8, 7, 9, 8]);
    expect(answers.map((a) => a.balance)).toEqual([960, 960, 960, 1000, 1000]);
    expect(await stockOf(potion.id)).toBe(7);
    expect(await stockOf(free.id)).toBe(8);
    for (const [k, user] of users.entries()) {
      const item = k < 3 ? potion : free;
      const answer = answers[k]!;
      expect(answer.message).toMatch(/ purchased!$/);
      expect(answer.entry.quantity).toBe(1);
      expect(await balanceOf(server, user.id)).toBe(k < 3 ? 960 : 1000);
      expect(await trail(user, item.id)).toEqual({
        purchases: 1,
        held: 1,
        movements: 1,
        postings: k < 3 ? 1 : 0,
        counted: 1,
      });
      const refs = await server.db.rows<{ ref_id: string }>(sql`
        select ref_id from item_movements where user_id = ${user.id} and reason = 'purchase'
        union all select ref_id from ledger where ref_type = 'purchase' and ref_id = ${answer.purchase._id}`);
      expect(refs.map((r) => r.ref_id)).toEqual(
        k < 3
          ? [answer.purchase._id, answer.purchase._id, answer.purchase._id]
          : [answer.purchase._id],
      );
    }
    await expectConserved();
  });

  it('a purchase the statement refuses drops out with nothing written and is made alone, with its own answer', async () => {
    const potion = await insertItem(server.db, { price: 100, stock: 50 });
    const scarce = await insertItem(server.db, { price: 10, stock: 2 });
    const badge = await insertItem(server.db, {
      type: 'badge',
      effectType: null,
      effectValue: null,
      price: 10,
      stock: 50,
    });
    const dear = await insertItem(server.db, { price: 1001, stock: 50 });
    const [ok, short, banned, owner, first, second, third, twice] = await Promise.all(
      Array.from({ length: 8 }, () => registerUser(server)),
    );
    await server.db.rows(sql`update users set status = 'banned' where id = ${banned!.id}`);
    await giveItem(server.db, owner!.id, badge.id);
    const since = groupCountsSince(() => purchaseGroupCounts(server.db));
    const release = holdPurchaseGroups(server.db);
    const buying = [
      buy(ok!, potion.id),
      buy(short!, dear.id),
      buy(banned!, potion.id),
      buy(owner!, badge.id),
      buy(first!, scarce.id),
      buy(second!, scarce.id),
      buy(third!, scarce.id),
      buy(twice!, potion.id),
      buy(twice!, potion.id),
      buy(ok!, 999_999),
    ];
    release();
    const answers = await Promise.all(buying);

    expect(answers.map((a) => (typeof a === 'string' ? a.slice(0, 3) : a.balance))).toEqual([
      900,
      '409',
      '403',
      '409',
      990,
      990,
      '409',
      900,
      800,
      '404',
    ]);
    expect(answers[3]).toMatch(/already own/);
    expect(answers[6]).toMatch(/Sold out/);
    // ok, first, second and twice's first went together and the refused went alone; then the
    // second purchases of ok and twice went together, ok's of an unknown item dropping out.
    expect(since()).toEqual({ statements: 2, done: 5, failed: 0 });
    for (const [user, item] of [
      [short!, dear],
      [banned!, potion],
      [third!, scarce],
    ] as const)
      expect(await trail(user, item.id)).toEqual({
        purchases: 0,
        held: 0,
        movements: 0,
        postings: 0,
        counted: 0,
      });
    expect(await trail(owner!, badge.id)).toEqual({
      purchases: 0,
      held: 1,
      movements: 0,
      postings: 0,
      counted: 0,
    });
    expect(await trail(twice!, potion.id)).toEqual({
      purchases: 2,
      held: 2,
      movements: 2,
      postings: 2,
      counted: 2,
    });
    expect(await stockOf(scarce.id)).toBe(0);
    expect(await stockOf(potion.id)).toBe(47);
    await expectConserved();
  });

  // PGlite has one connection: another transaction holding a row would hold every statement.
  it.runIf(usingPostgres())(
    'skips a buyer whose row another transaction holds: the others buy at once, that purchase waits alone',
    async () => {
      const potion = await insertItem(server.db, { price: 30, stock: 10 });
      const [free, busy] = await Promise.all([registerUser(server), registerUser(server)]);
      let busyAnswer!: Promise<PurchaseResponse | string>;
      await whileUserRowHeld(server, busy!.id, async () => {
        const release = holdPurchaseGroups(server.db);
        const freeAnswer = buy(free!, potion.id);
        busyAnswer = buy(busy!, potion.id);
        release();
        expect(((await freeAnswer) as PurchaseResponse).balance).toBe(970);
        expect(await trail(busy!, potion.id)).toEqual({
          purchases: 0,
          held: 0,
          movements: 0,
          postings: 0,
          counted: 0,
        });
      });
      expect(((await busyAnswer) as PurchaseResponse).balance).toBe(970);
      expect(await stockOf(potion.id)).toBe(8);
    },
  );

  // PGlite has one connection: another transaction holding a row would hold every statement.
  it.runIf(usingPostgres())(
    'an item whose price changes while the statement waits for its row: nothing is written and each buys alone at the new price',
    async () => {
      const potion = await insertItem(server.db, { price: 30, stock: 10 });
      const users = await Promise.all([
        registerUser(server),
        registerUser(server),
        registerUser(server),
      ]);
      const other = new pg.Client({ connectionString: server.config.databaseUrl });
      await other.connect();
      const since = groupCountsSince(() => purchaseGroupCounts(server.db));
      let answers: Promise<(PurchaseResponse | string)[]>;
      try {
        await other.query('begin');
        await other.query('select 1 from items where id = $1 for update', [potion.id]);
        const release = holdPurchaseGroups(server.db);
        answers = Promise.all(users.map((u) => buy(u, potion.id)));
        release();
        // The group statement has read the price and now waits for the item's row.
        await new Promise((r) => setTimeout(r, 200));
        await other.query('update items set price = 50 where id = $1', [potion.id]);
        await other.query('commit');
      } finally {
        await other.end();
      }
      expect(((await answers) as PurchaseResponse[]).map((a) => a.balance)).toEqual([
        950, 950, 950,
      ]);
      expect(since()).toEqual({ statements: 1, done: 0, failed: 1 });
      for (const user of users)
        expect(await trail(user, potion.id)).toEqual({
          purchases: 1,
          held: 1,
          movements: 1,
          postings: 1,
          counted: 1,
        });
      expect(await stockOf(potion.id)).toBe(7);
      await expectConserved();
    },
  );
});
