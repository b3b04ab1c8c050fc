import pg from 'pg';
import type { TestServer } from './harness';

/**
 * Runs `during` while another PostgreSQL connection holds a user's row (FOR UPDATE in an open
 * transaction, as a transfer or a finalize would), then rolls that transaction back.
 */
export async function whileUserRowHeld(
  server: TestServer,
  userId: number,
  during: () => Promise<void>,
): Promise<void> {
  const other = new pg.Client({ connectionString: server.config.databaseUrl });
  await other.connect();
  try {
    await other.query('begin');
    await other.query('select 1 from users where id = $1 for update', [userId]);
    await during();
  } finally {
    await other.query('rollback').catch(() => undefined);
    await other.end();
  }
}
