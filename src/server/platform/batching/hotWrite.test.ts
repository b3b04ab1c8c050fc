import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { pgErrorCode } from '../../db/client';
import { groupCountsSince } from '../../testing/groupCounts';
import { useTestDb } from '../../testing/testDb';
import { defineHotWrite } from './hotWrite';
import { refusalOf, refuse } from './refusals';
import type { Turns } from './turns';

const t = useTestDb();

/*
 * A hot write over a scratch table, kept as the contract (README.md) asks: an operation appends
 * the digit `d` to its row's number (n * 10 + d, so the order of a row's operations shows) while
 * the row is open. The table's CHECK refuses a negative n, d = 9 makes the alone statement refuse
 * 'explain' and d = 8 'banned'; the group statement leaves all of those out. Each row says which
 * statement made it (`via`), in which transaction and with how many operations.
 */
interface Op {
  id: number;
  d: number;
}
interface Row {
  n: number | null;
  via: 'alone' | 'group';
  tx: string;
  size: number;
}
type Done = Row & { n: number };

const p = (name: string) => sql.placeholder(name);

/** The error the explain re-read throws, and why. */
class Explained extends Error {}
/** An error of the alone statement as mapError maps it. */
class Mapped extends Error {}

const explained: { op: Op; n: number | null }[] = [];
const turnKeys: unknown[] = [];
/** A turn that only records its key (turns.test.ts tests turns). */
const spyTurns: Turns = (_db, key, run) => {
  turnKeys.push(key);
  return run();
};

const ops = defineHotWrite<Op, Row, Done>({
  name: 'hot_write_test',
  alone: {
    // A row even when nothing was written (n null), as the store's PURCHASE answers.
    statement: sql`
      with upd as (
        update hot_test set n = n * 10 + ${p('d')}::int where id = ${p('id')}::int and open returning n
      )
      select upd.n, 'alone' as via, txid_current()::text as tx, 1 as size,
        case when ${p('d')}::int = 9 then ${refuse('explain')} when ${p('d')}::int = 8 then ${refuse('banned')} else 1 end as guard
      from (select 1) one left join upd on true`,
    params: (op) => ({ id: op.id, d: op.d }),
    turn: { turns: spyTurns, keyOf: (op) => op.id },
  },
  group: {
    statement: sql`
      with input as (
        select * from jsonb_to_recordset(${p('items')}::jsonb) as t(i int, id int, d int)
      ), ok as (
        select input.* from input join hot_test h on h.id = input.id
        where h.open and h.n * 10 + input.d >= 0 and input.d < 8
        for update of h skip locked
      ), upd as (
        update hot_test h set n = h.n * 10 + ok.d from ok where h.id = ok.id returning ok.i, h.n
      )
      select upd.i, upd.n, 'group' as via, txid_current()::text as tx, count(*) over ()::int as size from upd`,
    keyOf: (op) => op.id,
    toJson: (op) => ({ id: op.id, d: op.d }),
  },
  carriedOut: (row): row is Done => row.n !== null,
  mapError: (err) => {
    if (pgErrorCode(err) === '23514') return new Mapped('short');
    if (refusalOf(err) === 'banned') return new Mapped('banned');
    return err;
  },
  explainOn: ['explain'],
  explain: async (db, op) => {
    const [row] = await db.rows<{ n: number; open: boolean }>(
      sql`select n, open from hot_test where id = ${op.id}`,
    );
    explained.push({ op, n: row ? Number(row.n) : null });
    throw new Explained(!row ? 'not found' : row.open ? 'changed' : 'closed');
  },
});

/** The same table without an explain re-read, whose group row differs from the alone row. */
const quiet = defineHotWrite<
  Op,
  { n: number; via: string },
  { n: number; via: string },
  { i: number; m: number }
>({
  name: 'hot_write_quiet',
  alone: {
    statement: sql`update hot_test set n = n * 10 + ${p('d')}::int where id = ${p('id')}::int and open returning n, 'alone' as via`,
    params: (op) => ({ id: op.id, d: op.d }),
  },
  group: {
    statement: sql`
      with input as (
        select * from jsonb_to_recordset(${p('items')}::jsonb) as t(i int, id int, d int)
      ), ok as (
        select input.* from input join hot_test h on h.id = input.id where h.open for update of h skip locked
      )
      update hot_test h set n = h.n * 10 + ok.d from ok where h.id = ok.id returning ok.i, h.n as m`,
    keyOf: (op) => op.id,
    toJson: (op) => ({ id: op.id, d: op.d }),
    fromRow: (row) => ({ n: Number(row.m), via: 'group' }),
  },
});

let nextId = 0;
/** Fresh open rows at n = 0. */
async function rows(count: number): Promise<number[]> {
  const ids = Array.from({ length: count }, () => ++nextId);
  await t.db.rows(
    sql`insert into hot_test (id, n) select unnest(${`{${ids.join(',')}}`}::int[]), 0`,
  );
  return ids;
}
const nOf = async (id: number) =>
  Number((await t.db.rows<{ n: number }>(sql`select n from hot_test where id = ${id}`))[0]!.n);
const close = (id: number) => t.db.rows(sql`update hot_test set open = false where id = ${id}`);
/** What `run` answered, or the message of the error it threw and the error's class. */
const answer = (run: Promise<Row>) =>
  run.then(
    (row) => ({ ...row, n: row.n === null ? null : Number(row.n) }),
    (err: unknown) => ({
      error: err instanceof Explained ? 'explained' : err instanceof Mapped ? 'mapped' : 'other',
      message: (err as Error).message,
    }),
  );

beforeAll(async () => {
  await t.db.rows(
    sql`create table hot_test (id int primary key, n bigint not null check (n >= 0), open boolean not null default true)`,
  );
});

describe('defineHotWrite', () => {
  it("an operation that finds none waiting goes alone, in its turn: the alone statement's row", async () => {
    const [id] = await rows(1);
    const since = groupCountsSince(() => ops.counts(t.db));
    turnKeys.length = 0;
    expect(await answer(ops.run(t.db, { id: id!, d: 7 }))).toMatchObject({
      n: 7,
      via: 'alone',
      size: 1,
    });
    expect(turnKeys).toEqual([id]);
    expect(since()).toEqual({ statements: 0, done: 0, failed: 0 });
  });

  it('operations that wait go in one group statement, each answered its own row; no turn is taken', async () => {
    const ids = await rows(3);
    const since = groupCountsSince(() => ops.counts(t.db));
    turnKeys.length = 0;
    const release = ops.hold(t.db);
    const runs = ids.map((id, k) => answer(ops.run(t.db, { id, d: k + 1 })));
    expect(ops.waiting(t.db)).toBe(3);
    release();
    const done = await Promise.all(runs);
    expect(done.map((r) => ('via' in r ? [r.via, r.n, r.size] : r))).toEqual([
      ['group', 1, 3],
      ['group', 2, 3],
      ['group', 3, 3],
    ]);
    expect(new Set(done.map((r) => ('tx' in r ? r.tx : ''))).size).toBe(1);
    expect(turnKeys).toEqual([]);
    expect(since()).toEqual({ statements: 1, done: 3, failed: 0 });
  });

  it('carries a key at most once per statement: its later operations go in later statements, in order', async () => {
    const [a, b] = await rows(2);
    const since = groupCountsSince(() => ops.counts(t.db));
    const release = ops.hold(t.db);
    const runs = [
      ops.run(t.db, { id: a!, d: 1 }),
      ops.run(t.db, { id: a!, d: 2 }),
      ops.run(t.db, { id: b!, d: 3 }),
      ops.run(t.db, { id: a!, d: 4 }),
    ].map(answer);
    release();
    const done = await Promise.all(runs);
    expect(await nOf(a!)).toBe(124);
    expect(await nOf(b!)).toBe(3);
    const tx = done.map((r) => ('tx' in r ? r.tx : ''));
    expect([tx[0] === tx[2], new Set(tx).size]).toEqual([true, 3]);
    // (a1, b3) together; then a2 and a4, each the only one waiting, alone one after the other.
    expect(done.map((r) => ('via' in r ? [r.via, r.size] : r))).toEqual([
      ['group', 2],
      ['alone', 1],
      ['group', 2],
      ['alone', 1],
    ]);
    expect(since()).toEqual({ statements: 1, done: 2, failed: 0 });
  });

  it('a refused operation runs the explain re-read after its statement, whose error is the answer', async () => {
    const [closed, refused, fine] = await rows(3);
    await close(closed!);
    explained.length = 0;
    const release = ops.hold(t.db);
    const runs = [
      // Left out of the group; alone, its row says nothing was written (carriedOut false).
      ops.run(t.db, { id: closed!, d: 1 }),
      // Left out; alone, refused 'explain' (in explainOn): rolled back, then explained.
      ops.run(t.db, { id: refused!, d: 9 }),
      ops.run(t.db, { id: fine!, d: 5 }),
    ].map(answer);
    release();
    expect(await Promise.all(runs)).toEqual([
      { error: 'explained', message: 'closed' },
      { error: 'explained', message: 'changed' },
      expect.objectContaining({ via: 'group', n: 5, size: 1 }),
    ]);
    // Each re-read once, reading what the statement left: nothing written.
    expect(explained).toEqual([
      { op: { id: closed!, d: 1 }, n: 0 },
      { op: { id: refused!, d: 9 }, n: 0 },
    ]);
    // Alone as well.
    expect(await answer(ops.run(t.db, { id: refused!, d: 9 }))).toEqual({
      error: 'explained',
      message: 'changed',
    });
    expect(explained).toHaveLength(3);
  });

  it("maps the alone statement's other errors (a CHECK, a refusal not in explainOn), and explains nothing", async () => {
    const [short, banned] = await rows(2);
    explained.length = 0;
    const release = ops.hold(t.db);
    const runs = [ops.run(t.db, { id: short!, d: -5 }), ops.run(t.db, { id: banned!, d: 8 })].map(
      answer,
    );
    release();
    expect(await Promise.all(runs)).toEqual([
      { error: 'mapped', message: 'short' },
      { error: 'mapped', message: 'banned' },
    ]);
    expect([await nOf(short!), await nOf(banned!)]).toEqual([0, 0]);
    expect(explained).toEqual([]);
  });

  it('without an explain re-read a refused operation answers undefined; fromRow gives the group row the alone shape', async () => {
    const [a, b, gone] = await rows(3);
    await close(gone!);
    expect(await quiet.run(t.db, { id: a!, d: 3 })).toEqual({ n: 3, via: 'alone' });
    expect(await quiet.run(t.db, { id: gone!, d: 3 })).toBeUndefined();
    const release = quiet.hold(t.db);
    const runs = [
      quiet.run(t.db, { id: a!, d: 4 }),
      quiet.run(t.db, { id: b!, d: 5 }),
      quiet.run(t.db, { id: gone!, d: 6 }),
    ];
    release();
    expect(await Promise.all(runs)).toEqual([
      { n: 34, via: 'group' },
      { n: 5, via: 'group' },
      undefined,
    ]);
  });
});
