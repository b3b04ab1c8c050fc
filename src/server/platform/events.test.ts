import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { openDb, type Db, type Queryable } from '../db/client';
import { useTestDb } from '../testing/testDb';
import { ManualClock } from './clock';
import { modules } from '../modules';
import type { Deps } from './deps';
import { domainEventNames, EventBus, type DomainEvents } from './events';

const t = useTestDb();

/** A logger that keeps the error lines (a failing listener's). */
function quietLog(): FastifyBaseLogger & { errors: string[] } {
  const errors: string[] = [];
  const none = () => undefined;
  const log = {
    errors,
    error: (_obj: unknown, msg: string) => void errors.push(msg),
    warn: none,
    info: none,
    debug: none,
    trace: none,
    fatal: none,
  };
  return log as unknown as FastifyBaseLogger & { errors: string[] };
}

const sent = (transferId: string): DomainEvents['CoinsSent'] => ({
  transferId,
  fromUserId: 1,
  from: 'ann',
  toUserId: 2,
  amount: 5,
});

/** A listener's effect, written in the delivery transaction: one row per delivery that committed. */
const effect = async (q: Queryable, key: string) =>
  void (await q.rows(sql`insert into event_effects (k) values (${key})`));
const effects = async (db: Db) =>
  (
    await db.rows<{ k: string; n: number }>(
      sql`select k, count(*)::int as n from event_effects group by k order by k`,
    )
  ).map((r) => `${r.k}x${r.n}`);
const undelivered = async (db: Db) =>
  (
    await db.rows<{ key: string }>(
      sql`select payload->>'transferId' as key from domain_events where delivered_at is null order by id`,
    )
  ).map((r) => r.key);

function busOn(db: Db, clock = new ManualClock(), log = quietLog()): EventBus {
  const bus = new EventBus(db, { log, clock });
  bus.on('CoinsSent', (q, { transferId }) => effect(q, transferId));
  return bus;
}

beforeAll(async () => {
  await t.db.rows(sql`create table event_effects (k text not null)`);
});

beforeEach(async () => {
  await t.db.rows(sql`delete from event_effects`);
  await t.db.rows(sql`delete from domain_events`);
});

describe('domain events (the outbox)', () => {
  it('has a listener for every event (DESIGN.md section 1a)', () => {
    // A module's listeners are built from deps but only use them when called.
    const listened = new Set(
      modules.flatMap((m) =>
        Object.keys((m as { listeners?: (deps: Deps) => object }).listeners?.({} as Deps) ?? {}),
      ),
    );
    expect(domainEventNames.filter((name) => !listened.has(name))).toEqual([]);
  });

  it('delivers an event recorded in a committed transaction, and never one whose transaction rolled back', async () => {
    const bus = busOn(t.db);
    await t.db.tx((tx) => bus.record(tx, 'CoinsSent', sent('kept')));
    await expect(
      t.db.tx(async (tx) => {
        await bus.record(tx, 'CoinsSent', sent('rolled-back'));
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    await bus.flush();
    expect(await effects(t.db)).toEqual(['keptx1']);
    expect(await undelivered(t.db)).toEqual([]);
    expect(
      await t.db.rows(
        sql`select 1 from domain_events where payload->>'transferId' = 'rolled-back'`,
      ),
    ).toEqual([]);
  });

  it('records from one statement through a CTE: one event per row of its source', async () => {
    const bus = busOn(t.db);
    const fields = {
      transferId: sql`n::text`,
      fromUserId: sql`7::bigint`,
      from: sql`'bob'`,
      toUserId: sql`(n + 1)::bigint`,
      amount: sql`(n * 10)::bigint`,
    };
    await t.db.rows(
      sql`with ${bus.recording('ev', 'CoinsSent', fields, sql`from generate_series(1, 2) n`)} select 1`,
    );
    await t.db.rows(
      sql`with ${bus.recording('ev', 'CoinsSent', fields, sql`from generate_series(1, 0) n`)} select 1`,
    );
    const rows = await t.db.rows<{ name: string; payload: unknown }>(
      sql`select name, payload from domain_events order by id`,
    );
    expect(rows).toEqual([
      {
        name: 'CoinsSent',
        payload: { transferId: '1', fromUserId: 7, from: 'bob', toUserId: 2, amount: 10 },
      },
      {
        name: 'CoinsSent',
        payload: { transferId: '2', fromUserId: 7, from: 'bob', toUserId: 3, amount: 20 },
      },
    ]);
  });

  describe('with dispatchers racing', () => {
    // On PostgreSQL the second dispatcher has its own pool, as another process would.
    let other: Db;
    beforeAll(async () => {
      other = t.databaseUrl ? await openDb({ databaseUrl: t.databaseUrl, poolSize: 4 }) : t.db;
    });
    afterAll(async () => {
      if (other !== t.db) await other.close();
    });

    it('delivers each committed event once, its effect committed once', async () => {
      const keys = Array.from({ length: 150 }, (_, i) => `e${String(i).padStart(3, '0')}`);
      await t.db.rows(sql`
        insert into domain_events (name, payload)
        select 'CoinsSent', jsonb_build_object('transferId', k, 'fromUserId', 1, 'from', 'ann', 'toUserId', 2, 'amount', 5)
        from unnest(${`{${keys.join(',')}}`}::text[]) k`);
      const [a, b] = [busOn(t.db), busOn(other)];
      const counts = await Promise.all([a.dispatch(), b.dispatch(), a.dispatch(), b.dispatch()]);
      expect(counts.reduce((x, y) => x + y, 0)).toBe(keys.length);
      expect(await effects(t.db)).toEqual(keys.map((k) => `${k}x1`));
      expect(await undelivered(t.db)).toEqual([]);
      // Nothing is left for anyone.
      expect(await Promise.all([a.dispatch(), b.dispatch()])).toEqual([0, 0]);
    });
  });

  it('leaves an event whose listener failed undelivered, with nothing of its listener, and delivers it on a later sweep', async () => {
    const clock = new ManualClock();
    const log = quietLog();
    const bus = new EventBus(t.db, { log, clock });
    let broken = true;
    let calls = 0;
    bus.on('CoinsSent', async (q, { transferId }) => {
      calls++;
      await effect(q, transferId);
      if (transferId === 'bad' && broken) throw new Error('listener bug');
    });
    for (const key of ['a', 'bad', 'c']) await bus.record(t.db, 'CoinsSent', sent(key));

    await bus.flush();
    // The failed one's effect rolled back with it; the others went on.
    expect(calls).toBe(3);
    expect(await effects(t.db)).toEqual(['ax1', 'cx1']);
    expect(await undelivered(t.db)).toEqual(['bad']);
    expect(log.errors).toHaveLength(1);
    expect(log.errors[0]).toContain('CoinsSent');

    // It rests: the next sweeps do not run it again at once.
    await bus.sweep();
    await bus.flush();
    expect(calls).toBe(3);

    // Past its rest it is tried again: still failing, it rests twice as long.
    clock.advance(5_000);
    await bus.sweep();
    expect(calls).toBe(4);
    expect(log.errors).toHaveLength(2);
    expect(log.errors[1]).toContain('10 s');
    clock.advance(5_000);
    await bus.sweep();
    expect(calls).toBe(4);

    broken = false;
    clock.advance(5_000);
    await bus.sweep();
    expect(await effects(t.db)).toEqual(['ax1', 'badx1', 'cx1']);
    expect(await undelivered(t.db)).toEqual([]);
  });

  it('claims only the events it has a listener for', async () => {
    const bus = new EventBus(t.db, { log: quietLog(), clock: new ManualClock() });
    bus.on('BetSettled', async () => undefined);
    await bus.record(t.db, 'CoinsSent', sent('nobody-listens'));
    expect(await bus.dispatch()).toBe(0);
    expect(await undelivered(t.db)).toEqual(['nobody-listens']);
  });

  it('prunes delivered events after a week, never undelivered ones', async () => {
    const clock = new ManualClock();
    const bus = busOn(t.db, clock);
    await bus.record(t.db, 'CoinsSent', sent('old'));
    await bus.flush();
    await t.db.rows(
      sql`update domain_events set delivered_at = delivered_at - interval '8 days', created_at = created_at - interval '8 days'`,
    );
    await t.db.rows(
      sql`insert into domain_events (name, payload, created_at) values ('Unknown', '{}', now() - interval '30 days')`,
    );
    await bus.record(t.db, 'CoinsSent', sent('new'));
    await bus.sweep();
    const rows = await t.db.rows<{ name: string; key: string | null }>(
      sql`select name, payload->>'transferId' as key from domain_events order by id`,
    );
    expect(rows).toEqual([
      { name: 'Unknown', key: null },
      { name: 'CoinsSent', key: 'new' },
    ]);
  });

  it('stops on close: no nudge runs after it', async () => {
    const bus = busOn(t.db);
    await bus.record(t.db, 'CoinsSent', sent('late'));
    await bus.close();
    bus.nudge();
    await bus.sweep();
    expect(await undelivered(t.db)).toEqual(['late']);
  });
});
