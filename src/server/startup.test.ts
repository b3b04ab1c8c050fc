import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from './db/client';
import { DirLockedError } from './db/dirLock';
import { createPgDatabase, usingPostgres } from './testing/harness';
import { exitOf, runScript, spawnServer, startServerProcess, stopProcess, type ServerProcess } from './testing/processes';

/**
 * Starting the real server as `npm start` does: first-start credentials and demo content,
 * several processes on one database, and the audit while a server runs.
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fs-startup-'));
const env: Record<string, string> = { DATA_DIR: dataDir, ADMIN_USERNAME: 'bossadmin' };
let dropPg: (() => Promise<void>) | undefined;
let server: ServerProcess;

beforeAll(async () => {
  if (usingPostgres()) {
    const created = await createPgDatabase(process.env.TEST_DATABASE_URL!);
    env.DATABASE_URL = created.url;
    dropPg = created.drop;
  } else {
    env.DATABASE_URL = '';
  }
  server = await startServerProcess(env);
}, 120_000);

afterAll(async () => {
  if (server) await stopProcess(server.child);
  await dropPg?.();
  rmSync(dataDir, { recursive: true, force: true });
});

const boxLine = (output: string, label: string) => new RegExp(`│ ${label}:?\\s+(\\S+)\\s+│`).exec(output)?.[1];

describe('the first start', () => {
  it('prints the generated admin and demo passwords once, as plain boxed lines, and both sign in', async () => {
    const output = server.output();
    const adminPassword = boxLine(output, 'Password');
    const demoPassword = boxLine(output, 'Their password');
    expect(adminPassword, output).toBeTruthy();
    expect(demoPassword, output).toBeTruthy();
    expect(output).toContain('npm run admin:reset-password');
    // Not buried in a JSON log line.
    expect(output.split('\n').filter((l) => l.startsWith('{') && l.includes(adminPassword!))).toEqual([]);
    for (const [username, password] of [['bossadmin', adminPassword], ['LuckyLarry', demoPassword]]) {
      const res = await fetch(`${server.url}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      expect(res.status, `${username} signs in`).toBe(200);
    }
  });

  it('opens demo bets with end times days ahead, so there is something to bet on', async () => {
    const demoPassword = boxLine(server.output(), 'Their password');
    const login = await fetch(`${server.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'ParlayPete', password: demoPassword }),
    });
    const { token } = (await login.json()) as { token: string };
    const bets = (await (await fetch(`${server.url}/api/bets/active`, { headers: { authorization: `Bearer ${token}` } })).json()) as { endTime: string }[];
    expect(bets.length).toBeGreaterThanOrEqual(3);
    for (const bet of bets) expect(new Date(bet.endTime).getTime()).toBeGreaterThan(Date.now() + 2 * 86_400_000);
  });

  it('logs no line per request by default', async () => {
    const before = server.output().length;
    for (let i = 0; i < 5; i++) await fetch(`${server.url}/api/leaderboard/users`);
    expect(server.output().slice(before)).not.toMatch(/incoming request|request completed/);
  });
});

describe('a second process on the same database', () => {
  if (usingPostgres()) {
    it('starts alongside: four processes started together on an empty database all come up, with one admin', async () => {
      const created = await createPgDatabase(process.env.TEST_DATABASE_URL!);
      const together = { ...env, DATABASE_URL: created.url, ADMIN_PASSWORD: 'four-at-once-1' };
      const started = await Promise.allSettled(Array.from({ length: 4 }, () => startServerProcess(together)));
      try {
        expect(started.map((s) => (s.status === 'rejected' ? String(s.reason).slice(0, 300) : 'up'))).toEqual(['up', 'up', 'up', 'up']);
        const first = (started[0] as PromiseFulfilledResult<ServerProcess>).value;
        const board = (await (await fetch(`${first.url}/api/leaderboard/users?sort=balance`)).json()) as { username: string }[];
        expect(board.filter((u) => u.username === 'LuckyLarry')).toHaveLength(1);
      } finally {
        await Promise.all(started.map((s) => (s.status === 'fulfilled' ? stopProcess(s.value.child) : undefined)));
        await created.drop();
      }
    }, 180_000);
  } else {
    it('is refused with a message naming the running server, and the server keeps working', async () => {
      const second = await spawnServer(env);
      expect(await exitOf(second.child)).not.toBe(0);
      expect(second.output()).toMatch(new RegExp(`open in process ${server.child.pid} \\(server`));
      await expect(openDb({ pgliteDir: path.join(dataDir, 'pglite'), purpose: 'test' })).rejects.toBeInstanceOf(DirLockedError);
      expect((await fetch(`${server.url}/api/leaderboard/users`)).status).toBe(200);
    }, 120_000);
  }
});

describe('npm run audit while the server runs', () => {
  it('asks the running server (as an admin) instead of opening its database again', async () => {
    const adminPassword = boxLine(server.output(), 'Password')!;
    const result = await runScript('src/server/scripts/audit.ts', { ...env, ADMIN_PASSWORD: adminPassword });
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/audit ok: \d+ ledger rows/);
    if (!usingPostgres()) expect(result.output).toContain(`asked the server on port ${server.port}`);
    expect((await fetch(`${server.url}/api/leaderboard/users`)).status).toBe(200);
  }, 120_000);

  if (!usingPostgres()) {
    it('says what it needs when no admin password is given', async () => {
      const result = await runScript('src/server/scripts/audit.ts', { ...env, ADMIN_PASSWORD: '' });
      expect(result.code).toBe(2);
      expect(result.output).toContain('Set ADMIN_PASSWORD');
    }, 120_000);
  }
});
