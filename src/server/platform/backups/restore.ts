import { createReadStream, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { buffer } from 'node:stream/consumers';
import path from 'node:path';
import { createGunzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Config } from '../../config';
import { openDb, type Db } from '../../db/client';
import { acquireDirLock, lockFileOf, readDirLock } from '../../db/dirLock';
import { pgliteExtensions } from '../../db/pgliteExtensions';
import { auditReport } from '../../features/audit/public';
import type { FeatureModule } from '../module';
import { BackupRefused, verifyBackup, type Manifest } from './files';
import { pgToolArgs, runPgTool } from './take';

/*
 * `npm run restore -- FILE` (DESIGN.md section 13): the checksum first, then the backup restored
 * into a scratch database (PGlite: a directory beside the live one; PostgreSQL: a database beside
 * the configured one), migrated and audited there; only a backup that passes replaces the live
 * data, after the operator confirms. What it replaces is kept, renamed, and named in the output.
 */

export interface RestoreOptions {
  config: Pick<Config, 'databaseUrl' | 'dataDir'>;
  file: string;
  modules: readonly FeatureModule[];
  /** Asked once the backup passed the audit; false leaves the live data as it was. */
  confirm: (question: string) => Promise<boolean>;
  say: (line: string) => void;
}

export interface Restored {
  manifest: Manifest;
  /** Where the data that was live before is kept (a directory or a database name). */
  previous: string | null;
}

/** 20261129013756: a suffix valid in a directory and a database name. */
const stamp = () => new Date().toISOString().replace(/\D/g, '').slice(0, 14);

async function auditScratch(db: Db, modules: readonly FeatureModule[], say: RestoreOptions['say']) {
  const report = await auditReport(db, modules);
  if (!report.ok) throw new BackupRefused(`the backup fails the audit: ${report.problem}`);
  say(
    `audit ok on the restored copy: ${report.ledgerRows} ledger rows over ${report.users} users, ${report.itemMovements} item movements`,
  );
}

export async function restoreBackup(options: RestoreOptions): Promise<Restored> {
  const { config, file, say } = options;
  // First: the server must be stopped whatever the backup, and saying so costs nothing.
  if (!config.databaseUrl) refuseHeld(path.join(config.dataDir, 'pglite'));
  const manifest = await verifyBackup(file);
  say(`checksum ok: ${file} (${manifest.bytes} bytes, taken ${manifest.createdAt})`);
  const previous = config.databaseUrl
    ? await restorePostgres(options, config.databaseUrl, manifest)
    : await restorePglite(options, manifest);
  return { manifest, previous };
}

function refuseHeld(dir: string): void {
  const holder = readDirLock(dir);
  if (holder)
    throw new BackupRefused(
      `process ${holder.pid} (${holder.purpose}, since ${holder.startedAt}) holds ${dir}: stop the server, then restore`,
    );
}

async function restorePglite(options: RestoreOptions, manifest: Manifest): Promise<string | null> {
  const { file, modules, say } = options;
  if (manifest.format !== 'pglite-tar-gz')
    throw new BackupRefused(
      `${file} is a PostgreSQL backup (${manifest.format}); restore it with DATABASE_URL set`,
    );
  const live = path.join(options.config.dataDir, 'pglite');
  const scratch = `${live}.restore-${stamp()}`;
  mkdirSync(scratch, { recursive: true });
  let swapped = false;
  try {
    const tar = await buffer(createReadStream(file).pipe(createGunzip()));
    const loaded = new PGlite({
      dataDir: scratch,
      loadDataDir: new Blob([tar]),
      extensions: pgliteExtensions,
    });
    await loaded.waitReady;
    await loaded.close();
    // The dump carries the lock file of the server it was taken from.
    rmSync(lockFileOf(scratch), { force: true });
    const db = await openDb({ pgliteDir: scratch, purpose: 'restore (audit of the backup)' });
    try {
      await auditScratch(db, modules, say);
    } finally {
      await db.close();
    }
    const previous = existsSync(live) ? `${live}.before-restore-${stamp()}` : null;
    if (
      !(await options.confirm(
        `Replace ${live} with this backup?${previous ? ` The current data is kept in ${previous}.` : ''}`,
      ))
    )
      throw new BackupRefused('not confirmed: the live data is unchanged');
    // Again: a server may have started during the audit.
    refuseHeld(live);
    // Held while it moves, so that no server opens it half-way; it moves along with the directory.
    const liveLock = previous ? acquireDirLock(live, 'restore') : null;
    try {
      if (previous) renameSync(live, previous);
      renameSync(scratch, live);
      swapped = true;
    } finally {
      liveLock?.release();
      if (previous) rmSync(lockFileOf(previous), { force: true });
    }
    say(`restored into ${live}${previous ? `; the data it replaced is in ${previous}` : ''}`);
    return previous;
  } finally {
    if (!swapped) rmSync(scratch, { recursive: true, force: true });
  }
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A connection to the server's maintenance database, for creating and renaming databases. */
async function maintenance(databaseUrl: string): Promise<pg.Client> {
  let last: unknown;
  for (const name of ['postgres', 'template1']) {
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    const client = new pg.Client({ connectionString: url.toString() });
    client.on('error', () => {});
    try {
      await client.connect();
      return client;
    } catch (err) {
      last = err;
    }
  }
  throw new Error(
    `cannot connect to the server's postgres or template1 database to create the scratch database: ${(last as Error).message}`,
  );
}

async function restorePostgres(
  options: RestoreOptions,
  databaseUrl: string,
  manifest: Manifest,
): Promise<string | null> {
  const { file, modules, say } = options;
  if (manifest.format !== 'pg_dump-custom')
    throw new BackupRefused(
      `${file} is an embedded-database backup (${manifest.format}); restore it without DATABASE_URL`,
    );
  const liveName = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  const suffix = stamp();
  const scratchName = `${liveName.slice(0, 40)}_restore_${suffix}`;
  const previous = `${liveName.slice(0, 40)}_before_${suffix}`;
  const scratchUrl = new URL(databaseUrl);
  scratchUrl.pathname = `/${scratchName}`;
  const admin = await maintenance(databaseUrl);
  let swapped = false;
  try {
    await admin.query(`create database ${quoteIdent(scratchName)}`);
    try {
      const { url, env } = pgToolArgs(scratchUrl.toString());
      const restore = runPgTool(
        'pg_restore',
        ['--no-owner', '--no-acl', '--exit-on-error', '--dbname', url, file],
        env,
      );
      restore.stdout.resume();
      await restore.done;
      const db = await openDb({ databaseUrl: scratchUrl.toString(), poolSize: 2 });
      try {
        await auditScratch(db, modules, say);
      } finally {
        await db.close();
      }
      if (
        !(await options.confirm(
          `Replace the database ${liveName} with this backup? The processes connected to it are disconnected (they reconnect), and the current data is kept as the database ${previous}.`,
        ))
      )
        throw new BackupRefused('not confirmed: the live database is unchanged');
      await swapDatabases(admin, liveName, scratchName, previous);
      swapped = true;
    } finally {
      if (!swapped)
        await admin
          .query(`drop database if exists ${quoteIdent(scratchName)} with (force)`)
          .catch(() => undefined);
    }
  } finally {
    await admin.end().catch(() => undefined);
  }
  say(
    `restored into the database ${liveName}; the data it replaced is in the database ${previous}`,
  );
  return previous;
}

/**
 * Renames the live database aside and the scratch one into its place, in one transaction. A
 * database cannot be renamed while anyone is connected: the servers' connections are ended
 * first, and a pool that reconnects in between makes the transaction fail and go again.
 */
async function swapDatabases(
  admin: pg.Client,
  live: string,
  scratch: string,
  previous: string,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query('begin');
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = any($1) and pid <> pg_backend_pid()',
        [[live, scratch]],
      );
      await admin.query(`alter database ${quoteIdent(live)} rename to ${quoteIdent(previous)}`);
      await admin.query(`alter database ${quoteIdent(scratch)} rename to ${quoteIdent(live)}`);
      await admin.query('commit');
      return;
    } catch (err) {
      await admin.query('rollback').catch(() => undefined);
      if (attempt >= 10) throw err;
      await new Promise((r) => setTimeout(r, 100 * attempt));
    }
  }
}
