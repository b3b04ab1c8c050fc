import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openDb } from '../db/client';
import { audit } from '../features/wallet/ledger';

// Checks coin conservation on the configured database (DATABASE_URL, else PGlite in DATA_DIR).
const config = loadConfig();
const db = await openDb({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite'), poolSize: 2 });
try {
  const problem = await audit(db);
  if (problem) {
    console.error(`audit FAILED: ${problem.message}`);
    process.exitCode = 1;
  } else {
    const [stats] = await db.rows<{ rows: number; users: number }>(
      sql`select (select count(*)::int from ledger) as rows, (select count(*)::int from users) as users`,
    );
    console.log(`audit ok: ${stats?.rows ?? 0} ledger rows over ${stats?.users ?? 0} users sum to zero; every balance matches its ledger and none is negative`);
  }
} finally {
  await db.close();
}
