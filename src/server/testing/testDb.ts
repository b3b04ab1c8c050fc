import { afterAll, beforeAll } from 'vitest';
import { openDb, type Db } from '../db/client';
import { createPgDatabase } from './harness';
import { pgliteTemplate } from './pgliteTemplate';

/**
 * A migrated database without a server, for the platform's own tests (platform/batching):
 * PGlite from the run's template by default, a fresh PostgreSQL database (dropped after) when
 * TEST_DATABASE_URL is set. Use the returned object only inside tests and hooks.
 */
export function useTestDb(): { db: Db; databaseUrl: string | undefined } {
  let opened: { db: Db; databaseUrl: string | undefined; drop?: () => Promise<void> } | undefined;
  beforeAll(async () => {
    const pg = process.env.TEST_DATABASE_URL
      ? await createPgDatabase(process.env.TEST_DATABASE_URL)
      : undefined;
    const db = await openDb({
      databaseUrl: pg?.url,
      poolSize: 10,
      pgliteTemplate: pgliteTemplate(),
    });
    opened = { db, databaseUrl: pg?.url, drop: pg?.drop };
  });
  afterAll(async () => {
    await opened?.db.close();
    await opened?.drop?.();
  });
  return {
    get db() {
      if (!opened)
        throw new Error('the test database opens in beforeAll: use it inside tests and hooks');
      return opened.db;
    },
    get databaseUrl() {
      return opened?.databaseUrl;
    },
  };
}
