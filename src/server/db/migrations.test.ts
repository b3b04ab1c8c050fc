import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from './pgliteExtensions';
import pg from 'pg';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrationsFolder } from './client';
import { createPgDatabase } from '../testing/harness';

/**
 * Data migrations run on a database that already has rows: each test migrates a fresh
 * database only up to a given migration, writes rows the way the code of that time wrote
 * them, then applies the remaining migrations as a server start would.
 */

interface Raw {
  /** Runs statements (no parameters), several separated by semicolons. */
  exec(text: string): Promise<void>;
  query<T>(text: string): Promise<T[]>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

async function openRaw(): Promise<Raw> {
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    const created = await createPgDatabase(base);
    const client = new pg.Client({ connectionString: created.url });
    await client.connect();
    const orm = drizzlePg(client);
    return {
      exec: async (text) => void (await client.query(text)),
      query: async <T>(text: string) => (await client.query(text)).rows as T[],
      migrate: (folder) => migratePg(orm, { migrationsFolder: folder }),
      close: async () => {
        await client.end();
        await created.drop();
      },
    };
  }
  const client = new PGlite({ extensions: pgliteExtensions });
  await client.waitReady;
  const orm = drizzlePglite(client);
  return {
    exec: async (text) => void (await client.exec(text)),
    query: async <T>(text: string) => (await client.query<T>(text)).rows,
    migrate: (folder) => migratePglite(orm, { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

/** A copy of the migrations folder whose journal stops after `lastTag`. */
function foldersUpTo(lastTag: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fs-migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const end = journal.entries.findIndex((e) => e.tag === lastTag);
  if (end < 0) throw new Error(`no migration ${lastTag}`);
  journal.entries = journal.entries.slice(0, end + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function databaseAt(lastTag: string): Promise<Raw> {
  const db = await openRaw();
  cleanups.push(() => db.close());
  await db.migrate(foldersUpTo(lastTag));
  return db;
}

/**
 * Rows as the code before 0003 wrote them: each block is one transaction, so its rows share
 * now() as they did. Ids: 1 admin, 2 ann, 3 bob, 4 cat (a demo user from the seed).
 */
const LEGACY_LEDGER = `
  begin;
  insert into users (id, username, password_hash, role, balance) values (1, 'admin', 'x', 'admin', 0);
  insert into ledger (user_id, delta, balance_after, category, ref_type, ref_id) values
    (1, 1000, 1000, 'registration_grant', 'user', '1'), (null, -1000, null, 'registration_grant', 'user', '1');
  commit;
  begin;
  insert into users (id, username, password_hash, balance) values (2, 'ann', 'x', 1000), (3, 'bob', 'x', 1000);
  insert into ledger (user_id, delta, balance_after, category, ref_type, ref_id) values
    (2, 1000, 1000, 'registration_grant', 'user', '2'), (null, -1000, null, 'registration_grant', 'user', '2'),
    (3, 1000, 1000, 'registration_grant', 'user', '3'), (null, -1000, null, 'registration_grant', 'user', '3');
  commit;
  begin;
  insert into users (id, username, password_hash, balance) values (4, 'cat', 'x', 0);
  insert into ledger (user_id, delta, balance_after, category, ref_type, ref_id) values
    (4, 400, 400, 'seed_grant', 'seed', null), (null, -400, null, 'seed_grant', 'seed', null);
  update users set balance = 400 where id = 4;
  commit;
  -- ann sends bob 100, twice (two transactions), and bob sends ann 30
  begin;
  insert into ledger (user_id, delta, balance_after, category, ref_type, ref_id, counterparty_id) values
    (2, -100, 900, 'transfer_out', 'transfer', null, 3), (3, 100, 1100, 'transfer_in', 'transfer', null, 2);
  commit;
  begin;
  insert into ledger (user_id, delta, balance_after, category, ref_type, ref_id, counterparty_id) values
    (2, -100, 800, 'transfer_out', 'transfer', null, 3), (3, 100, 1200, 'transfer_in', 'transfer', null, 2);
  commit;
  begin;
  insert into ledger (user_id, delta, balance_after, category, ref_type, ref_id, counterparty_id) values
    (3, -30, 1170, 'transfer_out', 'transfer', null, 2), (2, 30, 830, 'transfer_in', 'transfer', null, 3);
  update users set balance = 830 where id = 2;
  update users set balance = 1170 where id = 3;
  commit;
  -- the admin grants bob 500
  begin;
  insert into ledger (user_id, delta, balance_after, category, ref_type, ref_id, counterparty_id) values
    (3, 500, 1670, 'admin_grant', 'admin', '1', 1), (null, -500, null, 'admin_grant', 'admin', '1', null);
  insert into admin_logs (admin_id, action, details, target) values (1, 'add_funds', 'Added 500 coins to bob', 'bob');
  update users set balance = 1670 where id = 3;
  commit;
  -- a bet, a wager by ann and a parlay by bob
  begin;
  insert into bets (id, title, end_time) values (1, 'Rain?', now() + interval '1 day'), (2, 'Sun?', now() + interval '1 day');
  insert into bet_options (id, bet_id, text, odds, position) values (1, 1, 'Yes', 200, 0), (2, 1, 'No', 200, 1), (3, 2, 'Yes', 150, 0), (4, 2, 'No', 300, 1);
  commit;
  begin;
  insert into ledger (user_id, delta, balance_after, category, ref_type, ref_id) values
    (2, -20, 810, 'bet_stake', 'bet', '1'), (null, 20, null, 'bet_stake', 'bet', '1');
  insert into wagers (bet_id, option_id, user_id, stake, odds) values (1, 1, 2, 20, 200);
  update users set balance = 810, bets_placed = 1 where id = 2;
  commit;
  begin;
  insert into ledger (user_id, delta, balance_after, category, ref_type, ref_id) values
    (3, -70, 1600, 'parlay_stake', 'parlay', null), (null, 70, null, 'parlay_stake', 'parlay', null);
  insert into parlays (id, user_id, stake, total_odds) values (1, 3, 70, 300);
  insert into parlay_legs (parlay_id, bet_id, option_id, odds) values (1, 1, 2, 200), (1, 2, 3, 150);
  update users set balance = 1600, bets_placed = 1 where id = 3;
  commit;
`;

interface LedgerRef {
  user_id: number | null;
  delta: number;
  category: string;
  ref_type: string;
  ref_id: string | null;
}

describe('migration 0003 (ledger references)', () => {
  it('gives old rows their business row: transfers, parlays, admin log entries, seed grants', async () => {
    const db = await databaseAt('0002_wagers_fillfactor');
    await db.exec(LEGACY_LEDGER);
    await db.migrate(migrationsFolder);

    const transfers = await db.query<{
      id: number;
      from_user_id: number;
      to_user_id: number;
      amount: number;
    }>(
      'select id::int, from_user_id::int, to_user_id::int, amount::int from transfers order by id',
    );
    expect(transfers.map((t) => [t.from_user_id, t.to_user_id, t.amount])).toEqual([
      [2, 3, 100],
      [2, 3, 100],
      [3, 2, 30],
    ]);
    const rows = await db.query<LedgerRef>(
      'select user_id::int, delta::int, category, ref_type, ref_id from ledger order by id',
    );
    const [t1, t2, t3] = transfers.map((t) => String(t.id));
    const [log] = await db.query<{ id: number }>(
      "select id::int from admin_logs where action = 'add_funds'",
    );
    const pairs = rows.map((r) => [r.user_id, r.delta, r.ref_type, r.ref_id]);
    expect(pairs).toEqual([
      [1, 1000, 'user', '1'],
      [null, -1000, 'user', '1'],
      [2, 1000, 'user', '2'],
      [null, -1000, 'user', '2'],
      [3, 1000, 'user', '3'],
      [null, -1000, 'user', '3'],
      [4, 400, 'seed', '4'],
      [null, -400, 'seed', '4'],
      [2, -100, 'transfer', t1],
      [3, 100, 'transfer', t1],
      [2, -100, 'transfer', t2],
      [3, 100, 'transfer', t2],
      [3, -30, 'transfer', t3],
      [2, 30, 'transfer', t3],
      [3, 500, 'admin_log', String(log?.id)],
      [null, -500, 'admin_log', String(log?.id)],
      // Old wager stakes keep referencing their bet.
      [2, -20, 'bet', '1'],
      [null, 20, 'bet', '1'],
      [3, -70, 'parlay', '1'],
      [null, 70, 'parlay', '1'],
    ]);
    // Both rows of one transfer name the same transfers row, whose amount and people match.
    expect(new Set([t1, t2, t3]).size).toBe(3);

    const [constraint] = await db.query<{ convalidated: boolean }>(
      "select convalidated from pg_constraint where conname = 'ledger_ref_known'",
    );
    expect(constraint?.convalidated).toBe(true);
    // New rows are held to it.
    await expect(
      db.exec(
        "insert into ledger (user_id, delta, category, ref_type, ref_id) values (null, 1, 'seed_grant', 'admin', '1')",
      ),
    ).rejects.toThrow(/ledger_ref_known/);
  });

  it('leaves the CHECK NOT VALID instead of failing the upgrade when an old row cannot be placed', async () => {
    const db = await databaseAt('0002_wagers_fillfactor');
    await db.exec(LEGACY_LEDGER);
    // An admin grant whose log entry is missing: nothing to point it at.
    await db.exec(`insert into ledger (user_id, delta, balance_after, category, ref_type, ref_id, counterparty_id, created_at)
      values (3, 5, 1605, 'admin_grant', 'admin', '1', 1, now() - interval '1 day'),
             (null, -5, null, 'admin_grant', 'admin', '1', null, now() - interval '1 day');
      update users set balance = 1605 where id = 3;`);
    await db.migrate(migrationsFolder);
    const [constraint] = await db.query<{ convalidated: boolean }>(
      "select convalidated from pg_constraint where conname = 'ledger_ref_known'",
    );
    expect(constraint?.convalidated).toBe(false);
    const [left] = await db.query<{ n: number }>(
      "select count(*)::int as n from ledger where ref_type = 'admin'",
    );
    expect(left?.n).toBe(2);
    await expect(
      db.exec(
        "insert into ledger (user_id, delta, category, ref_type, ref_id) values (null, 1, 'seed_grant', 'seed', null)",
      ),
    ).rejects.toThrow(/ledger_ref_known/);
  });
});

describe('migration 0004 (counters to user_stats)', () => {
  it('moves non-zero counters to user_stats, keeps logins countable from sessions, and drops the columns', async () => {
    const db = await databaseAt('0003_ledger_refs');
    await db.exec(`
      insert into users (id, username, password_hash, logins, store_purchases, tasks_completed, minefield_wins, puzzle_wins,
                         rps_wins, frenzy_clicks, casino_wins, achievements_claimed, bets_placed, bets_won) values
        (1, 'busy', 'x', 2, 3, 4, 5, 6, 7, 800, 9, 10, 11, 12),
        (2, 'idle', 'x', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
        (3, 'some', 'x', 3, 0, 0, 1, 0, 0, 0, 0, 2, 0, 0);
      -- busy's two logins each made a session; some has 3 logins but only 1 session left
      insert into sessions (token_hash, user_id) values ('a', 1), ('b', 1), ('c', 3);
    `);
    await db.migrate(migrationsFolder);

    const stats = await db.query<{ user_id: number; stat: string; value: number }>(
      'select user_id::int, stat, value::int from user_stats order by user_id, stat',
    );
    expect(stats.map((s) => [s.user_id, s.stat, s.value])).toEqual([
      [1, 'achievements_claimed', 10],
      [1, 'casino_wins', 9],
      [1, 'frenzy_clicks', 800],
      [1, 'minefield_wins', 5],
      [1, 'puzzle_wins', 6],
      [1, 'rps_wins', 7],
      [1, 'store_purchases', 3],
      [1, 'tasks_completed', 4],
      [3, 'achievements_claimed', 2],
      [3, 'minefield_wins', 1],
    ]);
    const logins = await db.query<{ user_id: number; n: number }>(
      'select u.id::int as user_id, count(s.*)::int as n from users u left join sessions s on s.user_id = u.id group by u.id order by u.id',
    );
    expect(logins).toEqual([
      { user_id: 1, n: 2 },
      { user_id: 2, n: 0 },
      { user_id: 3, n: 3 },
    ]);
    // The placeholders are revoked and match no token.
    const placeholders = await db.query<{ token_hash: string; revoked: boolean }>(
      "select token_hash, revoked_at is not null as revoked from sessions where token_hash like 'legacy-login:%'",
    );
    expect(placeholders).toHaveLength(2);
    for (const p of placeholders) expect(p.revoked).toBe(true);

    const columns = await db.query<{ column_name: string }>(
      "select column_name from information_schema.columns where table_name = 'users' order by ordinal_position",
    );
    expect(columns.map((c) => c.column_name)).toEqual([
      'id',
      'username',
      'password_hash',
      'role',
      'status',
      'balance',
      'profile_image',
      'bets_placed',
      'bets_won',
      'created_at',
      'deleted_at',
      // Added by 0026 (placements per day and week).
      'placed_day',
      'placed_in_day',
      'placed_week',
      'placed_in_week',
      // Added by 0033 (the new-account rule).
      'established_at',
    ]);
    const [kept] = await db.query<{ bets_placed: number; bets_won: number }>(
      'select bets_placed, bets_won from users where id = 1',
    );
    expect(kept).toEqual({ bets_placed: 11, bets_won: 12 });
  });
});

describe('migrations 0016 (item movements) and 0017 (currencies)', () => {
  it('gives every holding an opening movement and every old ledger row the gold currency, so both audits hold', async () => {
    const db = await databaseAt('0015_users_hot_updates');
    await db.exec(`
      insert into users (id, username, password_hash, balance) values (1, 'ann', 'x', 100), (2, 'bob', 'x', 0);
      insert into ledger (user_id, delta, balance_after, category, ref_type, ref_id) values
        (1, 100, 100, 'registration_grant', 'user', '1'), (null, -100, null, 'registration_grant', 'user', '1');
      insert into items (id, name, type, price, stock) values (1, 'Hat', 'cosmetic', 10, 5), (2, 'Luck', 'power-up', 10, 5);
      -- ann holds 3 hats (1 offered in a trade) and a used-up luck row; bob holds 1 luck
      insert into inventory (user_id, item_id, quantity, locked) values (1, 1, 3, 1), (1, 2, 0, 0), (2, 2, 1, 0);
    `);
    await db.migrate(migrationsFolder);

    const moves = await db.query<{
      user_id: number;
      item_id: number;
      delta: number;
      quantity_after: number;
      reason: string;
      ref: string;
    }>(
      "select user_id::int, item_id::int, delta, quantity_after, reason, ref_type || ':' || ref_id as ref from item_movements order by user_id, item_id",
    );
    expect(moves).toEqual([
      { user_id: 1, item_id: 1, delta: 3, quantity_after: 3, reason: 'opening', ref: 'user:1' },
      { user_id: 2, item_id: 2, delta: 1, quantity_after: 1, reason: 'opening', ref: 'user:2' },
    ]);
    const currencies = await db.query<{ currency: string; n: number }>(
      'select currency, count(*)::int as n from ledger group by currency',
    );
    expect(currencies).toEqual([{ currency: 'gold', n: 2 }]);
    await expect(
      db.exec("insert into balances (user_id, currency, amount) values (1, 'gold', 5)"),
    ).rejects.toThrow(/balances_currency_known/);
    await expect(
      db.exec("insert into balances (user_id, currency, amount) values (1, 'shards', -1)"),
    ).rejects.toThrow(/balances_amount_non_negative/);
  });
});

/** SQL for the start of the current UTC day and week (from Monday), as the period counters use. */
const day = `date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'`;
const week = `date_trunc('week', now() at time zone 'UTC') at time zone 'UTC'`;
/** Whether today is a Monday (the day's start is the week's), which changes what "earlier this week" holds. */
const isMonday = async (db: Raw) =>
  (await db.query<{ is: boolean }>(`select ${day} = ${week} as is`))[0]!.is;

describe('migration 0026 (placements per day and week)', () => {
  it("counts today's and this week's wagers and parlays (UTC, weeks from Monday) onto each users row", async () => {
    const db = await databaseAt('0025_merge_lab');
    await db.exec(`
      insert into users (id, username, password_hash) values (1, 'ann', 'x'), (2, 'bob', 'x'), (3, 'cy', 'x');
      insert into bets (id, title, description, end_time) values (1, 'B', 'd', now() + interval '1 day');
      insert into bet_options (id, bet_id, text, odds, position) values (1, 1, 'Yes', 200, 0);
      -- ann: 2 today, 1 earlier this week (or, on a Monday, 1 last week), 1 last week; a parlay today
      insert into wagers (bet_id, option_id, user_id, stake, odds, created_at) values
        (1, 1, 1, 1, 200, now()), (1, 1, 1, 1, 200, ${day} + interval '1 second'),
        (1, 1, 1, 1, 200, ${day} - interval '1 second'), (1, 1, 1, 1, 200, ${week} - interval '1 second'),
        (1, 1, 2, 1, 200, ${week} - interval '1 day');
      insert into parlays (user_id, stake, total_odds) values (1, 1, 400);
    `);
    await db.migrate(migrationsFolder);
    const rows = await db.query<{
      id: number;
      in_day: number;
      in_week: number;
      day_ok: boolean;
      week_ok: boolean;
    }>(`
      select id::int, placed_in_day as in_day, placed_in_week as in_week,
        placed_day = (now() at time zone 'UTC')::date as day_ok, placed_week = date_trunc('week', now() at time zone 'UTC')::date as week_ok
      from users order by id`);
    expect(rows[0]).toEqual({
      id: 1,
      in_day: 3,
      in_week: (await isMonday(db)) ? 3 : 4,
      day_ok: true,
      week_ok: true,
    });
    // No placement this week: nothing recorded, which reads as zero.
    expect(rows.slice(1)).toEqual([
      { id: 2, in_day: 0, in_week: 0, day_ok: null, week_ok: null },
      { id: 3, in_day: 0, in_week: 0, day_ok: null, week_ok: null },
    ]);
  });
});

describe('migration 0027 (counters per day and week)', () => {
  it("counts today's and this week's purchases (UTC, weeks from Monday) onto each store_purchases row", async () => {
    const db = await databaseAt('0026_placement_counts');
    await db.exec(`
      insert into users (id, username, password_hash) values (1, 'ann', 'x'), (2, 'bob', 'x');
      insert into items (id, name, type, price, stock) values (1, 'Hat', 'cosmetic', 1, 100);
      insert into purchases (user_id, item_id, price, created_at) values
        (1, 1, 1, now()), (1, 1, 1, ${day} - interval '1 second'), (1, 1, 1, ${week} - interval '1 second'), (2, 1, 1, ${week} - interval '2 days');
      insert into user_stats (user_id, stat, value) values (1, 'store_purchases', 3), (1, 'rps_wins', 2), (2, 'store_purchases', 1);
    `);
    await db.migrate(migrationsFolder);
    const rows = await db.query<{
      user_id: number;
      stat: string;
      value: number;
      in_day: number;
      in_week: number;
      current: boolean | null;
    }>(`
      select user_id::int, stat, value::int, in_day::int, in_week::int,
        day = (now() at time zone 'UTC')::date and week = date_trunc('week', now() at time zone 'UTC')::date as current
      from user_stats order by user_id, stat`);
    const monday = await isMonday(db);
    expect(rows).toEqual([
      { user_id: 1, stat: 'rps_wins', value: 2, in_day: 0, in_week: 0, current: null },
      {
        user_id: 1,
        stat: 'store_purchases',
        value: 3,
        in_day: 1,
        in_week: monday ? 1 : 2,
        current: true,
      },
      // Nothing this week: no period recorded, which reads as zero.
      { user_id: 2, stat: 'store_purchases', value: 1, in_day: 0, in_week: 0, current: null },
    ]);
  });
});

describe('migration 0039 (game table prefixes)', () => {
  it('keeps the rows under the new names, and their sequences and keys go on working', async () => {
    const db = await databaseAt('0037_named_refusals');
    await db.exec(`
      insert into users (id, username, password_hash) values (1, 'ann', 'x');
      insert into idle_kills (user_id, boss, coins) values (1, 1, 50);
      insert into critters (user_id, species, variant, rarity, affection) values (1, 'sproutling', 'Classic', 'Common', 20);
      insert into eggs (user_id, parent_a, parent_b, species, variant, rarity, generation, traits, round_id, currency, price, hatch_at)
        values (1, 1, 1, 'sproutling', 'Classic', 'Common', 2, '{}', 1, 'pet_coins', 500, now());
    `);
    await db.migrate(migrationsFolder);

    const kills = await db.query<{ id: number; boss: number }>(
      'select id::int, boss from idle_ngu_kills',
    );
    expect(kills).toEqual([{ id: 1, boss: 1 }]);
    // The code draws ids itself (nextval('<table>_id_seq')): the renamed sequence goes on from 1.
    const [next] = await db.query<{ id: number }>(
      "select nextval('idle_ngu_kills_id_seq')::int as id",
    );
    expect(next?.id).toBe(2);
    const eggs = await db.query<{ parent_a: number }>('select parent_a::int from virtual_pet_eggs');
    expect(eggs).toEqual([{ parent_a: 1 }]);
    await expect(
      db.exec(`insert into virtual_pet_eggs (user_id, parent_a, parent_b, species, variant, rarity, generation, traits, round_id, currency, price, hatch_at)
        values (1, 9, 1, 'sproutling', 'Classic', 'Common', 2, '{}', 1, 'pet_coins', 500, now())`),
    ).rejects.toThrow(/virtual_pet_eggs_parent_a_virtual_pet_critters_id_fk/);
    const old = await db.query<{ n: number }>(
      "select count(*)::int as n from pg_tables where schemaname = 'public' and tablename in ('idle_kills', 'critters', 'eggs', 'quiz_duels')",
    );
    expect(old).toEqual([{ n: 0 }]);
  });
});
