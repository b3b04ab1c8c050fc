import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { takeBackup } from '../platform/backups/take';

/*
 * `npm run backup [-- --out DIR]`: a consistent, checksummed backup of the configured database
 * while the server runs (DESIGN.md section 13): PostgreSQL through pg_dump; PGlite through the
 * server that holds the directory (GET /internal/backup, with the key in the lock file), or from
 * the directory itself when no server runs. Written into BACKUP_DIR (./backups) unless --out.
 */

try {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const config = loadConfig();
  const dir = values.out ? path.resolve(values.out) : config.backupDir;
  const written = await takeBackup(config, dir, 'npm run backup');
  const mb = (written.manifest.bytes / 1024 / 1024).toFixed(1);
  console.log(
    `backup written (from ${written.source}): ${written.file}, ${mb} MB, sha256 ${written.manifest.sha256}\nmanifest: ${written.file}.json`,
  );
} catch (err) {
  console.error(`backup failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
