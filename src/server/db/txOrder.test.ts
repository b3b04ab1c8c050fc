import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDb } from '../testing/testDb';

const testDb = useTestDb();

describe('statements started together in a transaction', () => {
  it('run one after another, in the order asked, and none waits in the driver', async () => {
    const warnings: string[] = [];
    const listen = (w: Error) => warnings.push(w.message);
    process.on('warning', listen);
    try {
      // Three: node-postgres warns (once a process) when a query joins one already waiting.
      const runs = await testDb.db.tx((tx) =>
        Promise.all(
          [0.05, 0.01, 0].map((s) =>
            tx.rows<{ at: string }>(sql`select pg_sleep(${s}), clock_timestamp()::text as at`),
          ),
        ),
      );
      const ends = runs.map(([row]) => new Date(row!.at).getTime());
      expect([...ends].sort((a, b) => a - b)).toEqual(ends);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((m) => m.includes('already executing a query'))).toEqual([]);
    } finally {
      process.off('warning', listen);
    }
  });
});
