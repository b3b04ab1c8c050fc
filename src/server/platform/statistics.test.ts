import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registerUser, useTestServer } from '../testing/harness';
import { gatherStatistics } from './statistics';

const server = useTestServer();

const lastAnalyzed = async (table: string) =>
  (
    await server.db.rows<{ at: string | null }>(
      sql`select last_analyze as at from pg_stat_user_tables where relname = ${table}`,
    )
  )[0]?.at ?? null;

describe('planner statistics on PGlite (no autovacuum)', () => {
  it('analyzes the tables that changed, and leaves them until they change enough again', async () => {
    for (let i = 0; i < 3; i++) await registerUser(server);
    expect(await gatherStatistics(server.db, { pauseMs: 0 })).toBeGreaterThan(0);
    const first = await lastAnalyzed('users');
    expect(first).not.toBeNull();
    // Nothing changed since: nothing left to do.
    expect(await gatherStatistics(server.db, { pauseMs: 0 })).toBe(0);
    expect(await lastAnalyzed('users')).toEqual(first);
  });
});
