import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Db } from '../../db/client';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { defineModule } from '../module';
import { newestBackupAt, pruneBackups, type WrittenBackup } from './files';
import { backupPgliteTar, backupPostgres } from './take';

/*
 * The server's part in backups (DESIGN.md section 13): on PGlite it alone may read the
 * directory it holds, so it serves `npm run backup` a dump; and it takes the scheduled backups
 * (BACKUP_EVERY_HOURS, keeping BACKUP_KEEP of them in BACKUP_DIR).
 */

/**
 * GET /internal/backup: the PGlite data directory as a tarball, for `npm run backup` on this
 * machine. Its key is in the directory's lock file (0600), so only who may read the data may
 * ask; loopback only besides.
 */
export function registerBackupRoute(app: FastifyInstance, db: Db): void {
  const dump = db.dump?.bind(db);
  if (!dump || !db.dirLock) return;
  const key = randomBytes(32).toString('hex');
  db.dirLock.update({ backupKey: key });
  app.get('/internal/backup', { schema: { hide: true } }, async (request, reply) => {
    const given = Buffer.from(String(request.headers['x-backup-key'] ?? ''));
    const expected = Buffer.from(key);
    const local = /^(127\.|::1$|::ffff:127\.)/.test(request.socket.remoteAddress ?? '');
    if (!local || given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new AppError(
        403,
        'FORBIDDEN',
        'Backups are taken with `npm run backup` on the machine that holds the data directory',
      );
    const tar = await dump();
    return reply
      .header('content-type', 'application/x-tar')
      .send(Buffer.from(await tar.arrayBuffer()));
  });
}

/** Key of the advisory lock one PostgreSQL process holds while it takes the scheduled backup. */
const BACKUP_LOCK_KEY = 7_246_173_402;
/** How often the schedule looks whether a backup is due, at most. */
const CHECK_MS = 10 * 60_000;

/**
 * The scheduled backup if one is due (the newest in BACKUP_DIR older than the interval, less a
 * little slack for the checks' rhythm). On PostgreSQL the processes that share the database
 * take turns on an advisory lock, and the one that gets it looks at the directory again.
 */
async function backupIfDue(deps: Deps, everyMs: number): Promise<WrittenBackup | null> {
  const { backupDir, backupKeep, databaseUrl } = deps.config;
  const due = async () => {
    const newest = await newestBackupAt(backupDir);
    return !newest || deps.clock.now().getTime() - newest.getTime() >= everyMs * 0.95;
  };
  if (!databaseUrl) {
    if (!deps.db.dump || !(await due())) return null;
    const tar = new Uint8Array(await (await deps.db.dump()).arrayBuffer());
    const written = await backupPgliteTar(tar, backupDir, 'schedule');
    await pruneBackups(backupDir, backupKeep);
    return written;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => {});
  await client.connect();
  try {
    const [row] = (
      await client.query<{ got: boolean }>('select pg_try_advisory_lock($1) as got', [
        BACKUP_LOCK_KEY,
      ])
    ).rows;
    if (!row?.got || !(await due())) return null;
    const written = await backupPostgres(databaseUrl, backupDir, 'schedule');
    await pruneBackups(backupDir, backupKeep);
    return written;
  } finally {
    // Ending the session releases its advisory lock.
    await client.end().catch(() => undefined);
  }
}

export const backupsModule = defineModule({
  name: 'backups',
  start(deps, log) {
    const hours = deps.config.backupEveryHours;
    if (hours <= 0) return () => {};
    const everyMs = hours * 3_600_000;
    let running: Promise<void> | null = null;
    const check = () => {
      running ??= backupIfDue(deps, everyMs)
        .then((written) => {
          if (written)
            log.info(`scheduled backup written: ${written.file} (${written.manifest.bytes} bytes)`);
        })
        .catch((err: unknown) => log.error({ err }, 'the scheduled backup failed'))
        .finally(() => (running = null));
    };
    const timer = setInterval(check, Math.min(everyMs, CHECK_MS));
    timer.unref();
    return async () => {
      clearInterval(timer);
      await running;
    };
  },
});
