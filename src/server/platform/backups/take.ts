import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import type { Config } from '../../config';
import { acquireDirLock, readDirLock } from '../../db/dirLock';
import { pgliteExtensions } from '../../db/pgliteExtensions';
import { writeBackup, type WrittenBackup } from './files';

/*
 * Taking a backup (DESIGN.md section 13). PostgreSQL: pg_dump, which reads one snapshot, so the
 * copy is consistent while the servers write. PGlite: its data directory as a tarball, taken by
 * the database's own thread between two transactions (db/pgliteThread.ts dump) when a server
 * holds the directory, else by opening the directory here.
 */

/**
 * The connection without its password, which goes in PGPASSWORD instead: a password on
 * pg_dump's command line is visible to every user of the machine (ps).
 */
export function pgToolArgs(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (url.password) {
    env.PGPASSWORD = decodeURIComponent(url.password);
    url.password = '';
  }
  return { url: url.toString(), env };
}

/** Runs a PostgreSQL client tool; rejects with what it printed when it fails or is missing. */
export function runPgTool(
  tool: 'pg_dump' | 'pg_restore',
  args: string[],
  env: NodeJS.ProcessEnv,
): { stdout: Readable; done: Promise<void> } {
  const child = spawn(tool, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<void>((resolve, reject) => {
    child.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        new Error(
          err.code === 'ENOENT'
            ? `${tool} is not installed: it comes with PostgreSQL's client tools (Debian and Ubuntu: apt-get install postgresql-client), in the major version of the server or newer`
            : `${tool} did not start: ${err.message}`,
        ),
      ),
    );
    child.once('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${tool} failed (exit ${code}): ${stderr.trim() || 'no message'}`)),
    );
  });
  return { stdout: child.stdout, done };
}

/** pg_dump of the database in its custom format (compressed, what pg_restore reads). */
export async function backupPostgres(
  databaseUrl: string,
  dir: string,
  takenBy: string,
): Promise<WrittenBackup> {
  const { url, env } = pgToolArgs(databaseUrl);
  const dump = runPgTool('pg_dump', ['--format=custom', '--no-owner', '--no-acl', url], env);
  // The file counts as written only once pg_dump said it finished: its exit ends the stream.
  const untilExit = new Transform({
    transform: (chunk, _encoding, next) => next(null, chunk),
    flush: (next) => dump.done.then(() => next(), next),
  });
  dump.done.catch(() => undefined);
  return writeBackup(dir, 'pg_dump-custom', dump.stdout, takenBy, [untilExit]);
}

/**
 * A PGlite data directory's tarball (from a server's thread or dumpPgliteDir), gzipped into a
 * backup: at level 1, since the tarball is mostly empty pages (a new database: 40 MB into 5.6 MB
 * at level 6, and into about as little at level 1 for a fraction of the time).
 */
export function backupPgliteTar(
  tar: Uint8Array,
  dir: string,
  takenBy: string,
): Promise<WrittenBackup> {
  return writeBackup(dir, 'pglite-tar-gz', Readable.from([tar]), takenBy, [
    createGzip({ level: 1 }),
  ]);
}

/** Opens a PGlite directory no process holds (taking its lock meanwhile) and dumps it. */
async function dumpPgliteDir(dataDir: string): Promise<Uint8Array> {
  if (!existsSync(path.join(dataDir, 'PG_VERSION')))
    throw new Error(`There is no embedded database in ${dataDir} to back up`);
  const lock = acquireDirLock(dataDir, 'backup');
  try {
    const db = new PGlite({ dataDir, extensions: pgliteExtensions });
    try {
      await db.waitReady;
      await db.exec('CHECKPOINT');
      return new Uint8Array(await (await db.dumpDataDir('none')).arrayBuffer());
    } finally {
      await db.close();
    }
  } finally {
    lock.release();
  }
}

/** Where a backup is taken from, said in the script's output. */
export type BackupSource = 'pg_dump' | 'the running server' | 'the data directory';

/**
 * A PGlite backup from the server that holds the directory: GET /internal/backup on loopback,
 * with the key the server wrote into the directory's lock file.
 */
async function tarFromServer(port: number, key: string): Promise<Uint8Array> {
  const res = await fetch(`http://127.0.0.1:${port}/internal/backup`, {
    headers: { 'x-backup-key': key },
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    throw new Error(
      `the server on port ${port} refused the backup: ${body.message ?? `HTTP ${res.status}`}`,
    );
  }
  return new Uint8Array(await res.arrayBuffer());
}

/** `npm run backup`: the configured database into `dir`, however it is running. */
export async function takeBackup(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  dir: string,
  takenBy: string,
): Promise<WrittenBackup & { source: BackupSource }> {
  if (config.databaseUrl)
    return { ...(await backupPostgres(config.databaseUrl, dir, takenBy)), source: 'pg_dump' };
  const pgliteDir = path.join(config.dataDir, 'pglite');
  const holder = readDirLock(pgliteDir);
  if (holder && holder.purpose === 'server' && holder.port && holder.backupKey) {
    const tar = await tarFromServer(holder.port, holder.backupKey);
    return { ...(await backupPgliteTar(tar, dir, takenBy)), source: 'the running server' };
  }
  if (holder)
    throw new Error(
      `process ${holder.pid} (${holder.purpose}, since ${holder.startedAt}) holds ${pgliteDir} and serves no backups (a server still starting, a script, or a server older than npm run backup): try again when it listens, or stop it`,
    );
  const tar = await dumpPgliteDir(pgliteDir);
  return { ...(await backupPgliteTar(tar, dir, takenBy)), source: 'the data directory' };
}
