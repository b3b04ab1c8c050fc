import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PgliteThread } from './pgliteThread';

/**
 * The embedded database in its own thread answers as PGlite in the server's thread did (values,
 * errors, transactions), and a long statement no longer stops the server's event loop.
 */
describe('PGlite in its own thread', () => {
  let thread: PgliteThread;
  let inProcess: PGlite;

  beforeAll(async () => {
    [thread, inProcess] = await Promise.all([
      PgliteThread.open({ startParams: PGlite.defaultStartParams }),
      PGlite.create({ parsers: { 20: (v: string) => Number(v) } }),
    ]);
    const schema = `create table t (id int8 primary key, name text unique, at timestamptz,
      tags text[], nums int4[], doc jsonb, raw bytea, ok boolean, price numeric, ratio float8)`;
    await thread.query(schema);
    await inProcess.exec(schema);
  });

  afterAll(async () => {
    await thread?.close();
    await inProcess?.close();
  });

  it('parses every column type as PGlite does (int8 as a number, arrays, json, dates, bytes)', async () => {
    const insert = `insert into t values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning *`;
    const values = [
      9_007_199_254_740_000,
      'a "quoted", name',
      new Date('2026-11-28T10:00:00.123Z'),
      ['x', 'y z', 'q"r'],
      [1, 2, 3],
      { a: [1, { b: 'c' }] },
      new Uint8Array([0, 1, 254]),
      true,
      '12.50',
      0.25,
    ];
    const [threaded, local] = await Promise.all([
      thread.query(insert, values),
      inProcess.query(insert, values),
    ]);
    expect(threaded.rows).toEqual(local.rows);
    expect(threaded.affectedRows).toBe(1);
    const row = threaded.rows[0] as Record<string, unknown>;
    expect(row.id).toBe(9_007_199_254_740_000);
    expect(row.at).toEqual(new Date('2026-11-28T10:00:00.123Z'));
    expect(row.tags).toEqual(['x', 'y z', 'q"r']);
    // drizzle keeps timestamps as text through its own parsers: the caller's parsers win.
    const own = await thread.query('select at from t', [], {
      rowMode: 'array',
      parsers: { 1184: (v: string) => `text:${v}` },
    });
    expect(own.rows).toEqual([['text:2026-11-28 10:00:00.123+00']]);
  });

  it("refuses with the database's own code and constraint, and goes on", async () => {
    const error = await thread
      .query(`insert into t (id, name) values (1, 'a "quoted", name')`)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', constraint: 't_name_key' });
    const syntax = await thread.query('select from where').catch((e: unknown) => e);
    expect(syntax).toMatchObject({ code: '42601' });
    expect((await thread.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('runs a transaction alone: a statement sent meanwhile waits for its end, a rollback leaves nothing', async () => {
    const order: string[] = [];
    let outside: Promise<unknown> | undefined;
    await thread.transaction(async (tx) => {
      await tx.query(`insert into t (id, name) values (2, 'in tx')`);
      outside = thread
        .query(`select count(*)::int as n from t where id = 2`)
        .then((r) => order.push(`outside saw ${(r.rows[0] as { n: number }).n}`));
      await new Promise((r) => setTimeout(r, 50));
      order.push('commit');
    });
    await outside;
    expect(order).toEqual(['commit', 'outside saw 1']);

    await expect(
      thread.transaction(async (tx) => {
        await tx.query(`insert into t (id, name) values (3, 'rolled back')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await thread.query('select id from t where id = 3')).rows).toEqual([]);
  });

  it('parses a kept statement anew when its table changes shape', async () => {
    const text = 'select * from shaped';
    await thread.query('create table shaped (a int)');
    await thread.query('insert into shaped values (1)');
    expect((await thread.query(text)).rows).toEqual([{ a: 1 }]);
    await thread.query('alter table shaped add column b text');
    expect((await thread.query(text)).rows).toEqual([{ a: 1, b: null }]);
  });

  it("does not stop the server's event loop while a long statement runs", async () => {
    const started = performance.now();
    let timerAt = 0;
    const timer = new Promise<void>((resolve) =>
      setTimeout(() => {
        timerAt = performance.now() - started;
        resolve();
      }, 20),
    );
    const long = thread.query('select count(*)::int as n from generate_series(1, 3000000)');
    await Promise.all([timer, long]);
    const longAt = performance.now() - started;
    expect((await long).rows).toEqual([{ n: 3_000_000 }]);
    // The statement takes far longer than the timer; in the server's thread the timer waited.
    expect(longAt).toBeGreaterThan(200);
    expect(timerAt).toBeLessThan(longAt / 2);
  });
});

describe('PGlite thread that dies', () => {
  it('fails what was in flight with 57P01, opens the directory again and keeps what was written', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'fs-thread-'));
    const thread = await PgliteThread.open({
      dataDir: dir,
      startParams: PGlite.defaultStartParams,
    });
    try {
      await thread.query('create table kept (n int)');
      await thread.query('insert into kept values (1)');
      const inFlight = thread.query('select count(*)::int as n from generate_series(1, 5000000)');
      await thread.crashForTests();
      await expect(inFlight).rejects.toMatchObject({ code: '57P01' });
      await expect(thread.query('select 1')).rejects.toMatchObject({ code: '57P01' });
      await thread.reopened;
      expect((await thread.query('select n from kept')).rows).toEqual([{ n: 1 }]);
    } finally {
      await thread.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
