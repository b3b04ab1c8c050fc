import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { pgErrorCode } from '../../db/client';
import { currentMarks, writeMarks } from '../../db/writeMarks';
import { usingPostgres } from '../../testing/harness';
import { groupCountsSince } from '../../testing/groupCounts';
import { useTestDb } from '../../testing/testDb';
import { groupCommit } from './groupCommit';
import { refuse } from './refusals';

const t = useTestDb();

/*
 * A kind over a scratch table, written as the contract (README.md) asks: an operation appends the
 * digit `d` to its row's number (n * 10 + d, so the order of a row's operations shows), a
 * negative d is refused by the table's CHECK, a row held elsewhere is skipped, and `fail` makes
 * the whole statement refuse. Each answer says how it was made: the group statement's row (with
 * its transaction, its size and the operation's index) or the operation alone.
 */
interface Op {
  id: number;
  d: number;
  fail?: boolean;
}

const kind = groupCommit<Op>({
  name: 'group_commit_test',
  statement: sql`
    with input as (
      select * from jsonb_to_recordset(${sql.placeholder('items')}::jsonb) as t(i int, id int, d int, fail boolean)
    ), ok as (
      select input.* from input join group_test g on g.id = input.id where g.n * 10 + input.d >= 0
      for update of g skip locked
    ), upd as (
      update group_test g set n = g.n * 10 + ok.d from ok where g.id = ok.id returning ok.i, g.n
    )
    select upd.i, upd.n, txid_current()::text as tx, count(*) over ()::int as size,
      case when not exists (select 1 from input where fail) then 1 else ${refuse('go_alone')} end as guard
    from upd`,
  keyOf: (op) => op.id,
  toJson: (op) => ({ id: op.id, d: op.d, fail: op.fail ?? false }),
});

type Answer =
  { via: 'group'; n: number; tx: string; size: number; i: number } | { via: 'alone'; n: number };

const alone = (op: Op) => async (): Promise<Answer> => {
  const [row] = await t.db.rows<{ n: number }>(
    sql`update group_test set n = n * 10 + ${op.d} where id = ${op.id} returning n`,
  );
  return { via: 'alone', n: Number(row!.n) };
};

const submit = (op: Op, aloneFn: () => Promise<Answer> = alone(op)): Promise<Answer> =>
  kind.submit(
    t.db,
    op,
    (row) => ({
      via: 'group',
      n: Number(row.n),
      tx: String(row.tx),
      size: Number(row.size),
      i: Number(row.i),
    }),
    aloneFn,
  );

let nextId = 0;
/** Fresh rows at n = 0. */
async function rows(count: number): Promise<number[]> {
  const ids = Array.from({ length: count }, () => ++nextId);
  await t.db.rows(
    sql`insert into group_test (id, n) select unnest(${`{${ids.join(',')}}`}::int[]), 0`,
  );
  return ids;
}

const nOf = async (id: number) =>
  Number((await t.db.rows<{ n: number }>(sql`select n from group_test where id = ${id}`))[0]!.n);
const counts = () => groupCountsSince(() => kind.counts(t.db));

/** A promise settled from outside, and whether it has been. */
function gate<T>() {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (open = resolve));
  return { promise, open };
}
const settled = (p: Promise<unknown>) =>
  Promise.race([
    p.then(
      () => true,
      () => true,
    ),
    new Promise((r) => setTimeout(() => r(false), 0)),
  ]);

beforeAll(async () => {
  await t.db.rows(
    sql`create table group_test (id int primary key, n bigint not null check (n >= 0))`,
  );
});

describe('groupCommit', () => {
  it('an operation that finds none waiting goes alone at once, in no group statement', async () => {
    const [id] = await rows(1);
    const since = counts();
    expect(await submit({ id: id!, d: 7 })).toEqual({ via: 'alone', n: 7 });
    expect(since()).toEqual({ statements: 0, done: 0, failed: 0 });
  });

  it('operations that wait go together: the oldest 64 in one statement, the rest in the next', async () => {
    const ids = await rows(70);
    const since = counts();
    const release = kind.hold(t.db);
    const answers = ids.map((id) => submit({ id, d: 1 }));
    expect(kind.waiting(t.db)).toBe(70);
    release();
    const done = await Promise.all(answers);
    expect(done.map((a) => (a.via === 'group' ? a.size : 0))).toEqual([
      ...Array<number>(64).fill(64),
      ...Array<number>(6).fill(6),
    ]);
    const txs = done.map((a) => (a.via === 'group' ? a.tx : ''));
    expect(new Set(txs.slice(0, 64)).size).toBe(1);
    expect(new Set(txs.slice(64)).size).toBe(1);
    expect(txs[0]).not.toBe(txs[64]);
    expect(since()).toEqual({ statements: 2, done: 70, failed: 0 });
  });

  it("takes a key once per statement, in order of arrival: a key's later operations go in later statements", async () => {
    const [a, b] = await rows(2);
    const since = counts();
    const release = kind.hold(t.db);
    const answers = [1, 2, 3].flatMap((d) => [submit({ id: a!, d }), submit({ id: b!, d: d + 3 })]);
    release();
    const done = await Promise.all(answers);
    expect(await nOf(a!)).toBe(123);
    expect(await nOf(b!)).toBe(456);
    // Three statements of two, (a1, b4), (a2, b5), (a3, b6), each in order of arrival.
    const tx = done.map((x) => (x.via === 'group' ? x.tx : ''));
    expect([tx[0] === tx[1], tx[2] === tx[3], tx[4] === tx[5]]).toEqual([true, true, true]);
    expect(new Set(tx).size).toBe(3);
    expect(done.map((x) => (x.via === 'group' ? x.i : -1))).toEqual([0, 1, 0, 1, 0, 1]);
    expect(since()).toEqual({ statements: 3, done: 6, failed: 0 });
  });

  it('an operation the statement leaves out goes alone and meets its own refusal; the others are carried out', async () => {
    const [a, b, c] = await rows(3);
    const since = counts();
    const release = kind.hold(t.db);
    const answers = [
      submit({ id: a!, d: 3 }),
      submit({ id: b!, d: -5 }).catch((err: unknown) => pgErrorCode(err)),
      submit({ id: c!, d: 4 }),
    ];
    release();
    const [first, refused, third] = await Promise.all(answers);
    expect(first).toMatchObject({ via: 'group', n: 3, size: 2 });
    expect(third).toMatchObject({ via: 'group', n: 4, size: 2 });
    expect(refused).toBe('23514');
    expect(await nOf(b!)).toBe(0);
    expect(since()).toEqual({ statements: 1, done: 2, failed: 0 });
  });

  it('a statement that fails writes nothing, and each of its operations goes alone', async () => {
    const [a, b] = await rows(2);
    const since = counts();
    const release = kind.hold(t.db);
    const answers = [submit({ id: a!, d: 1 }), submit({ id: b!, d: 2, fail: true })];
    release();
    expect(await Promise.all(answers)).toEqual([
      { via: 'alone', n: 1 },
      { via: 'alone', n: 2 },
    ]);
    // Written once each, by the operations alone: the statement's writes were rolled back.
    expect([await nOf(a!), await nOf(b!)]).toEqual([1, 2]);
    expect(since()).toEqual({ statements: 1, done: 0, failed: 1 });
  });

  it('an operation alone that takes long holds the slot only briefly: the next statement goes meanwhile', async () => {
    const [a, b, c] = await rows(3);
    const slow = gate<Answer>();
    const first = submit({ id: a!, d: 1 }, () => slow.promise);
    const next = [submit({ id: b!, d: 2 }), submit({ id: c!, d: 3 })];
    expect((await Promise.all(next)).map((x) => x.via)).toEqual(['group', 'group']);
    expect(await settled(first)).toBe(false);
    slow.open({ via: 'alone', n: -1 });
    expect(await first).toEqual({ via: 'alone', n: -1 });
  });

  it('an operation a statement leaves out is not awaited: the next statement goes while it waits', async () => {
    const [a, b, c, d] = await rows(4);
    const slow = gate<Answer>();
    const release = kind.hold(t.db);
    const left = submit({ id: a!, d: -1 }, () => slow.promise);
    const carried = submit({ id: b!, d: 1 });
    release();
    expect(await carried).toMatchObject({ via: 'group', size: 1 });
    const next = [submit({ id: c!, d: 2 }), submit({ id: d!, d: 3 })];
    expect((await Promise.all(next)).map((x) => x.via)).toEqual(['group', 'group']);
    expect(await settled(left)).toBe(false);
    slow.open({ via: 'alone', n: 0 });
    expect(await left).toEqual({ via: 'alone', n: 0 });
  });

  it("marks every operation's request in the statement, and runs one sent alone in its own request's marks", async () => {
    const [a, b] = await rows(2);
    const [user] = await t.db.rows<{ id: number }>(
      sql`insert into users (username, password_hash) values ('groupmarks', 'x') returning id`,
    );
    await t.db.rows(sql`
      insert into idempotency_keys (user_id, key, route, fingerprint, run_id, applied)
      values (${user!.id}, 'ka', 'test', 'f', 'run-a', false), (${user!.id}, 'kb', 'test', 'f', 'run-b', false)`);
    let marksAlone: readonly string[] | undefined;
    const release = kind.hold(t.db);
    const inRun = <T>(runId: string, fn: () => Promise<T>) =>
      writeMarks.run({ runIds: [runId], open: true }, fn);
    const carried = inRun('run-a', () => submit({ id: a!, d: 1 }));
    const left = inRun('run-b', () =>
      submit({ id: b!, d: -1 }, async () => {
        marksAlone = currentMarks()?.runIds;
        return { via: 'alone', n: 0 };
      }),
    );
    release();
    expect(await carried).toMatchObject({ via: 'group' });
    await left;
    expect(marksAlone).toEqual(['run-b']);
    // The operation left out is marked too (the safe side: a retry replays rather than re-runs).
    const keys = await t.db.rows<{ key: string; applied: boolean }>(
      sql`select key, applied from idempotency_keys where user_id = ${user!.id} order by key`,
    );
    expect(keys).toEqual([
      { key: 'ka', applied: true },
      { key: 'kb', applied: true },
    ]);
  });

  // PGlite has one connection: another transaction holding a row would hold every statement.
  it.runIf(usingPostgres())(
    'skips a row another transaction holds (SKIP LOCKED): the others go at once, that operation waits alone',
    async () => {
      const [free, busy] = await rows(2);
      const other = new pg.Client({ connectionString: t.databaseUrl });
      await other.connect();
      try {
        await other.query('begin');
        await other.query('select 1 from group_test where id = $1 for update', [busy]);
        const release = kind.hold(t.db);
        const freeAnswer = submit({ id: free!, d: 1 });
        const busyAnswer = submit({ id: busy!, d: 2 });
        release();
        expect(await freeAnswer).toMatchObject({ via: 'group', size: 1 });
        await new Promise((r) => setTimeout(r, 50));
        expect(await settled(busyAnswer)).toBe(false);
        await other.query('rollback');
        expect(await busyAnswer).toEqual({ via: 'alone', n: 2 });
      } finally {
        await other.end();
      }
    },
  );
});
