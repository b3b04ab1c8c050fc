import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDb } from '../../db/client';
import { acquireDirLock } from '../../db/dirLock';
import { auditReport } from '../../features/audit/public';
import { modules } from '../../modules';
import { buildApp } from '../../app';
import { loadConfig, type Config } from '../../config';
import { createPgDatabase, startTestServer, usingPostgres } from '../../testing/harness';
import { pgliteTemplate } from '../../testing/pgliteTemplate';
import { BackupRefused, listBackups, manifestOf, verifyBackup } from './files';
import { restoreBackup } from './restore';
import { takeBackup } from './take';

/*
 * Backups (DESIGN.md section 13) on the database of the run: PGlite, or PostgreSQL when
 * TEST_DATABASE_URL is set. The backup is taken from a real server (on disk, holding its directory) while wagers, game
 * rounds and transfers run against it, as `npm run backup` takes it.
 */

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

const quiet = { confirm: async () => true, say: () => {} };

interface Acked {
  rounds: number[];
  wagers: number[];
  transfers: number;
}

async function post(url: string, route: string, body: unknown, token?: string) {
  const res = await fetch(url + route, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

type Where = Pick<Config, 'databaseUrl' | 'dataDir'>;

/**
 * A real server on a database on disk, as `npm start` runs one: PGlite in its own directory
 * (from the run's template: a new directory's initdb and migrations took 15 s on a loaded host),
 * with its port and backup key in the lock file; or its own PostgreSQL database.
 */
async function startDiskServer() {
  const dataDir = tempDir('fs-backup-data-');
  const pgDb = usingPostgres() ? await createPgDatabase(process.env.TEST_DATABASE_URL!) : null;
  if (pgDb) cleanups.push(pgDb.drop);
  const config: Config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' }),
    databaseUrl: pgDb?.url,
    authRateLimit: 10_000,
    newAccountHours: 0,
    newAccountActions: 0,
    signupsPerDay: 0,
    clientDir: undefined,
  };
  const db = await openDb({
    databaseUrl: config.databaseUrl,
    pgliteDir: pgDb ? undefined : path.join(dataDir, 'pglite'),
    pgliteTemplate: pgliteTemplate(),
    purpose: 'server',
    poolSize: 10,
  });
  const { app } = await buildApp({ config, db, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  db.dirLock?.update({ port });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await app.close();
    await db.close();
  };
  cleanups.push(stop);
  return { url: `http://127.0.0.1:${port}`, config, db, stop };
}

/** The live database of `config`, opened for the checks after a restore. */
const openLive = (config: Where) =>
  openDb({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite'),
    poolSize: 2,
    purpose: 'backup test',
  });

describe('npm run backup and npm run restore', () => {
  let backupFile = '';
  let config: Where = { databaseUrl: undefined, dataDir: '' };

  it('takes a backup under load that restores, passes the audit and holds every operation acknowledged before it began', async () => {
    const server = await startDiskServer();
    config = server.config;
    const admin = await post(server.url, '/auth/register', {
      username: `bkadmin${Date.now().toString(36).slice(-5)}`,
      password: 'correct-horse-9',
    });
    await server.db.rows(
      sql`update users set role = 'admin' where id = ${Number((admin.json.user as { _id: string })._id)}`,
    );
    const login = await post(server.url, '/auth/login', {
      username: (admin.json.user as { username: string }).username,
      password: 'correct-horse-9',
    });
    const adminToken = String(login.json.token);
    const bet = await post(
      server.url,
      '/api/bets/create',
      {
        title: 'Backup under load',
        description: 'backup test',
        endTime: new Date(Date.now() + 24 * 3600_000).toISOString(),
        options: [
          { text: 'Yes', odds: 1.9 },
          { text: 'No', odds: 2.05 },
        ],
      },
      adminToken,
    );
    expect(bet.status).toBe(201);
    const betId = (bet.json.bet as { _id: string })._id;
    const players: { name: string; token: string }[] = [];
    for (let i = 0; i < 6; i++) {
      const name = `bk${Date.now().toString(36).slice(-5)}${i}`;
      const res = await post(server.url, '/auth/register', {
        username: name,
        password: 'correct-horse-9',
      });
      expect(res.status).toBe(201);
      players.push({ name, token: String(res.json.token) });
    }
    const acked: Acked = { rounds: [], wagers: [], transfers: 0 };
    let running = true;
    const worker = async (n: number) => {
      for (let i = 0; running; i++) {
        const me = players[(n + i) % players.length]!;
        const kind = i % 3;
        if (kind === 0) {
          const res = await post(
            server.url,
            '/api/games/coin-flip',
            { betAmount: 1, guess: 'heads' },
            me.token,
          );
          if (res.status === 200) acked.rounds.push(Number(res.json.roundId));
        } else if (kind === 1) {
          const res = await post(
            server.url,
            '/api/bets/predict',
            { betId, choice: 'Yes', amount: 1 },
            me.token,
          );
          if (res.status === 201 || res.status === 200)
            acked.wagers.push(Number((res.json.wager as { _id: string })._id));
        } else {
          const to = players[(n + i + 1) % players.length]!;
          const res = await post(
            server.url,
            '/api/user/send-money',
            { recipientUsername: to.name, amount: 1 },
            me.token,
          );
          if (res.status === 200 || res.status === 201) acked.transfers++;
        }
      }
    };
    const workers = [0, 1, 2, 3].map(worker);
    // Under way before the backup begins (a loaded host may take a while to get there).
    for (let waited = 0; acked.rounds.length < 10 || acked.wagers.length < 10; waited += 50) {
      if (waited > 30_000) throw new Error('the load did not get going');
      await new Promise((r) => setTimeout(r, 50));
    }
    // Everything pushed so far was acknowledged before the backup began.
    const before = {
      rounds: [...acked.rounds],
      wagers: [...acked.wagers],
      transfers: acked.transfers,
    };
    const written = await takeBackup(config, tempDir('fs-backups-'), 'test');
    backupFile = written.file;
    expect(written.source).toBe(usingPostgres() ? 'pg_dump' : 'the running server');
    await new Promise((r) => setTimeout(r, 300));
    running = false;
    await Promise.all(workers);
    expect(before.rounds.length).toBeGreaterThanOrEqual(10);
    expect(before.wagers.length).toBeGreaterThanOrEqual(10);
    // Acknowledged while the backup was taken: not all of them can be in it, but the load ran on.
    expect(acked.rounds.length).toBeGreaterThan(before.rounds.length);
    // Acknowledged after the backup was written: the restore must take the data back before it.
    const after = await post(server.url, '/auth/register', {
      username: `bkafter${Date.now().toString(36).slice(-5)}`,
      password: 'correct-horse-9',
    });
    expect(after.status).toBe(201);

    // PGlite: the server holds the directory, so the restore refuses before touching anything.
    if (!config.databaseUrl) {
      await expect(restoreBackup({ config, file: backupFile, modules, ...quiet })).rejects.toThrow(
        /holds .*pglite: stop the server/,
      );
      await server.stop();
    }
    const restored = await restoreBackup({ config, file: backupFile, modules, ...quiet });
    if (config.databaseUrl) {
      // PostgreSQL: the running server was disconnected and now reads the restored database.
      const lateName = (after.json.user as { username: string }).username;
      let status = 0;
      for (let tries = 0; tries < 50 && status !== 404; tries++) {
        status = (await fetch(`${server.url}/api/user/public/${lateName}`)).status;
        if (status !== 404) await new Promise((r) => setTimeout(r, 100));
      }
      expect(status).toBe(404);
      await server.stop();
    }
    if (config.databaseUrl) {
      const previous = restored.previous!;
      expect(previous).toMatch(/_before_\d{14}$/);
      cleanups.push(async () => {
        const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await client.connect();
        await client.query(`drop database if exists "${previous}" with (force)`);
        await client.end();
      });
    }
    const db = await openLive(config);
    try {
      expect((await auditReport(db, modules)).ok).toBe(true);
      const rounds = new Set(
        (await db.rows<{ id: number }>(sql`select id from game_rounds`)).map((r) => r.id),
      );
      const wagers = new Set(
        (await db.rows<{ id: number }>(sql`select id from wagers`)).map((r) => r.id),
      );
      expect(before.rounds.filter((id) => !rounds.has(id))).toEqual([]);
      expect(before.wagers.filter((id) => !wagers.has(id))).toEqual([]);
      const [transfers] = await db.rows<{ n: number }>(
        sql`select count(*)::int as n from transfers`,
      );
      expect(transfers!.n).toBeGreaterThanOrEqual(before.transfers);
      const [late] = await db.rows<{ n: number }>(
        sql`select count(*)::int as n from users where username like 'bkafter%'`,
      );
      expect(late!.n).toBe(0);
    } finally {
      await db.close();
    }
  }, 120_000);

  it('refuses a corrupted backup with its reason, and the script exits non-zero', async () => {
    const dir = tempDir('fs-corrupt-');
    const file = path.join(dir, path.basename(backupFile));
    copyFileSync(backupFile, file);
    copyFileSync(manifestOf(backupFile), manifestOf(file));
    await expect(verifyBackup(file)).resolves.toMatchObject({ file: path.basename(file) });
    const bytes = readFileSync(file);
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    writeFileSync(file, bytes);
    await expect(restoreBackup({ config, file, modules, ...quiet })).rejects.toThrow(
      /has SHA-256 [0-9a-f]{64} but its manifest says [0-9a-f]{64}: the file is damaged/,
    );

    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'src/server/scripts/restore.ts', file, '--yes'],
      {
        env: {
          ...process.env,
          DATA_DIR: config.dataDir,
          DATABASE_URL: config.databaseUrl ?? '',
        },
        encoding: 'utf8',
      },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('restore refused:');
    expect(run.stderr).toContain('the file is damaged');

    rmSync(manifestOf(file));
    await expect(verifyBackup(file)).rejects.toThrow(/manifest .* cannot be read/);
  }, 60_000);

  it('refuses a backup that fails the audit, and leaves the live data as it was', async () => {
    const db = await openLive(config);
    try {
      const moved = await db.rows(
        sql`update users set balance = balance + 7 where id = (select min(id) from users) returning id`,
      );
      expect(moved).toHaveLength(1);
    } finally {
      await db.close();
    }
    const written = await takeBackup(config, tempDir('fs-unbalanced-'), 'test');
    expect(written.source).toBe(usingPostgres() ? 'pg_dump' : 'the data directory');
    const refused = restoreBackup({ config, file: written.file, modules, ...quiet });
    await expect(refused).rejects.toThrow(BackupRefused);
    await expect(refused).rejects.toThrow(
      /fails the audit: user \d+ \(\w+\) has balance \d+ but ledger total \d+/,
    );
  }, 60_000);

  it('refuses to restore over a directory a server holds', async () => {
    const dataDir = tempDir('fs-held-');
    mkdirSync(path.join(dataDir, 'pglite'));
    const lock = acquireDirLock(path.join(dataDir, 'pglite'), 'server');
    try {
      const file = listBackups(path.dirname(backupFile))[0]!;
      await expect(
        restoreBackup({ config: { dataDir, databaseUrl: undefined }, file, modules, ...quiet }),
      ).rejects.toThrow(
        /process \d+ \(server, since .*\) holds .*pglite: stop the server, then restore/,
      );
    } finally {
      lock.release();
    }
  });
});

describe('scheduled backups', () => {
  it('writes one every BACKUP_EVERY_HOURS into BACKUP_DIR and keeps BACKUP_KEEP of them', async () => {
    const backupDir = tempDir('fs-scheduled-');
    // 0.0004 hours: 1.44 s.
    const server = await startTestServer({ backupEveryHours: 0.0004, backupKeep: 1, backupDir });
    const seen = new Set<string>();
    try {
      // A second backup written means its prune has run.
      const deadline = Date.now() + 30_000;
      while (seen.size < 2 && Date.now() < deadline) {
        for (const file of listBackups(backupDir)) seen.add(file);
        await new Promise((r) => setTimeout(r, 100));
      }
      await new Promise((r) => setTimeout(r, 200));
    } finally {
      await server.close();
    }
    expect(seen.size).toBeGreaterThanOrEqual(2);
    const kept = listBackups(backupDir);
    expect(kept).toHaveLength(1);
    for (const file of kept) expect((await verifyBackup(file)).takenBy).toBe('schedule');
  }, 60_000);
});
