import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestDb } from '../../testing/testDb';
import { REFUSAL_SQLSTATE, refusalCodes, refusalOf, refuse, type RefusalCode } from './refusals';

const t = useTestDb();

/** The error a query throws (the test fails if it throws none). */
async function errorOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (err) {
    return err;
  }
  throw new Error('the query did not fail');
}

describe('fs_refuse and refusalOf', () => {
  it('aborts the statement with SQLSTATE RF001 and the code, which refusalOf reads through the wrappers', async () => {
    for (const code of refusalCodes) {
      const err = await errorOf(() => t.db.rows(sql`select ${refuse(code)} as x`));
      expect(refusalOf(err)).toBe(code);
    }
    // A prepared statement (db.compiled) fails the same way.
    const err = await errorOf(() =>
      t.db.compiled(
        'refusals_test',
        sql`select case when ${sql.placeholder('n')}::int > 0 then 1 else ${refuse('banned')} end as x`,
        { n: 0 },
      ),
    );
    expect(refusalOf(err)).toBe('banned');
  });

  it('writes nothing of the statement it refuses', async () => {
    await t.db.rows(sql`create table refusal_rows (id int primary key)`);
    const err = await errorOf(() =>
      t.db.rows(sql`
        with ins as (insert into refusal_rows values (1), (2) returning id)
        select case when count(*) = 3 then 1 else ${refuse('go_alone')} end as guard from ins`),
    );
    expect(refusalOf(err)).toBe('go_alone');
    expect(await t.db.rows(sql`select id from refusal_rows`)).toEqual([]);
  });

  it('is only called by a row that takes its branch: never by the planner folding constants (VOLATILE)', async () => {
    // An IMMUTABLE fs_refuse with a constant argument would be called while planning, and fail.
    const rows = await t.db.rows<{ x: number }>(sql`
      select case when v.x > 0 then v.x else ${refuse('explain')} end as x from (values (1), (2)) v(x) order by 1`);
    expect(rows.map((r) => r.x)).toEqual([1, 2]);
    const [fn] = await t.db.rows<{ volatility: string }>(sql`
      select provolatile as volatility from pg_proc where proname = 'fs_refuse' and pronargs = 1`);
    expect(fn?.volatility).toBe('v');
  });

  it('stands in a CASE of any type: integer converts to bigint and numeric, `as` gives the others', async () => {
    const [row] = await t.db.rows<Record<string, string>>(sql`
      select pg_typeof(case when true then 1::bigint else ${refuse('banned')} end)::text as big,
        pg_typeof(case when true then 1.5 else ${refuse('banned')} end)::text as num,
        pg_typeof(case when true then 'a' else ${refuse('banned', 'text')} end)::text as txt,
        pg_typeof(case when true then '{}'::jsonb else ${refuse('banned', 'jsonb')} end)::text as json,
        pg_typeof(case when true then false else ${refuse('banned', 'boolean')} end)::text as bool`);
    expect(row).toEqual({
      big: 'bigint',
      num: 'numeric',
      txt: 'text',
      json: 'jsonb',
      bool: 'boolean',
    });
    const err = await errorOf(() =>
      t.db.rows(
        sql`select case when v.x > 1 then '{}'::jsonb else ${refuse('explain', 'jsonb')} end from (values (1)) v(x)`,
      ),
    );
    expect(refusalOf(err)).toBe('explain');
  });

  it('refusalOf is null for any other error, and refuse() takes only the listed codes', async () => {
    expect(refusalOf(await errorOf(() => t.db.rows(sql`select 1 / 0`)))).toBeNull();
    expect(refusalOf(new Error('x'))).toBeNull();
    expect(refusalOf(undefined)).toBeNull();
    // A refusal code the server does not know is not read as one of its own.
    expect(refusalOf({ code: REFUSAL_SQLSTATE, detail: 'sold_out' })).toBeNull();
    expect(() => refuse("x'); drop table users; --" as RefusalCode)).toThrow(
      /unknown refusal code/,
    );
  });
});
