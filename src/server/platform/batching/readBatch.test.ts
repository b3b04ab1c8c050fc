import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestDb } from '../../testing/testDb';
import { readBatch } from './readBatch';
import { refusalOf, refuse } from './refusals';

const t = useTestDb();

/*
 * A kind over a scratch table: key k finds the row 'v<k>' when k is even, none when odd, and a
 * negative key fails the whole statement. Each row also says how many keys its statement took.
 */
const reads = readBatch<number>({
  name: 'read_batch_test',
  statement: sql`
    select k.i, case when k.key >= 0 then r.v else ${refuse('explain', 'text')} end as v,
      (select count(*) from jsonb_array_elements(${sql.placeholder('keys')}::jsonb))::int as asked
    from jsonb_to_recordset(${sql.placeholder('keys')}::jsonb) as k(i int, key int)
    left join read_test r on r.k = k.key
    where r.k is not null or k.key < 0`,
  toJson: (key) => ({ key }),
});

type Row = { v: string; asked: number };
const read = (key: number) => reads.read<Row>(t.db, key);

function since() {
  const before = reads.counts(t.db);
  return () => {
    const after = reads.counts(t.db);
    return { statements: after.statements - before.statements, keys: after.keys - before.keys };
  };
}

beforeAll(async () => {
  await t.db.rows(sql`create table read_test (k int primary key, v text not null)`);
  await t.db.rows(sql`insert into read_test select g, 'v' || g from generate_series(0, 1000, 2) g`);
});

describe('readBatch', () => {
  it('a key asked for when none waits goes at once, in a statement of one', async () => {
    const counted = since();
    expect(await read(2)).toEqual({ i: 0, v: 'v2', asked: 1 });
    expect(counted()).toEqual({ statements: 1, keys: 1 });
  });

  it('keys asked for meanwhile go together, at most 128 a statement; each gets its own row or none', async () => {
    const counted = since();
    const release = reads.hold(t.db);
    const keys = Array.from({ length: 130 }, (_, n) => n);
    const answers = keys.map(read);
    expect(reads.waiting(t.db)).toBe(130);
    release();
    const rows = await Promise.all(answers);
    expect(rows.map((r) => r?.v ?? null)).toEqual(keys.map((k) => (k % 2 === 0 ? `v${k}` : null)));
    expect(rows.filter(Boolean).map((r) => r!.asked)).toEqual(
      keys.filter((k) => k % 2 === 0).map((k) => (k < 128 ? 128 : 2)),
    );
    expect(counted()).toEqual({ statements: 2, keys: 130 });
  });

  it('runs one statement at a time: keys asked for while one runs go in the next', async () => {
    const counted = since();
    const first = read(4);
    const later = [read(6), read(8)];
    expect(reads.waiting(t.db)).toBe(2);
    expect((await first)?.asked).toBe(1);
    expect((await Promise.all(later)).map((r) => r?.asked)).toEqual([2, 2]);
    expect(counted()).toEqual({ statements: 2, keys: 3 });
  });

  it('a statement that fails rejects every key in it, and the next statement still runs', async () => {
    const release = reads.hold(t.db);
    const failed = [read(10), read(-1)].map((p) =>
      p.then(
        () => 'answered',
        (err: unknown) => refusalOf(err),
      ),
    );
    release();
    expect(await Promise.all(failed)).toEqual(['explain', 'explain']);
    expect((await read(10))?.v).toBe('v10');
  });
});
