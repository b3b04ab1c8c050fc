import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { ManualClock } from '../platform/clock';
import { audit } from '../features/wallet/ledger';
import { openDb, type Db } from './client';
import { credentialsBox, seed } from './seed';
import { modules } from '../modules';

// Straight on a fresh in-memory database: seeding is what runs before any server exists.
let db: Db | undefined;
afterAll(async () => {
  await db?.close();
});

describe('seed', () => {
  it('creates the admin, demo players and open demo bets once, and renews the bets when all have ended', async () => {
    db = await openDb({});
    const clock = new ManualClock('2026-03-01T09:00:00Z');
    const config = {
      ...loadConfig({}),
      adminUsername: 'seedadmin',
      adminPassword: undefined,
      seedDemo: true,
    };
    const first = await seed(db, config, clock, modules);
    expect(first.created).toBe(true);
    expect(first.adminPassword).toMatch(/^\S{12,}$/);
    expect(first.demoPassword).toMatch(/^demo-/);
    expect(first.demoBets).toBe(3);
    const [items] = await db.rows<{ n: number; types: number; effects: number }>(
      sql`select count(*)::int as n, count(distinct type)::int as types, count(distinct effect_type)::int as effects from items where stock > 0`,
    );
    expect(items).toEqual({ n: 14, types: 3, effects: 5 });

    const box = credentialsBox(config, first)!;
    expect(box).toContain(`Password:      ${first.adminPassword}`);
    expect(box.split('\n')[0]).toMatch(/^┌─+┐$/);

    clock.advance(86_400_000);
    const again = await seed(db, config, clock, modules);
    expect(again).toEqual({ created: false, demoBets: 0 });

    // A week and a day later every demo bet has ended: a start opens new ones.
    clock.advance(8 * 86_400_000);
    expect((await seed(db, config, clock, modules)).demoBets).toBe(3);
    const [open] = await db.rows<{ n: number }>(
      sql`select count(*)::int as n from bets where end_time > ${clock.now().toISOString()}`,
    );
    expect(open?.n).toBe(3);
    expect(await audit(db)).toBeNull();
  });
});
