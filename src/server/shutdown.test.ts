import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from './db/client';
import { createPgDatabase, uniqueName, usingPostgres } from './testing/harness';
import { openLive, takeTicket } from './testing/liveClient';
import { exitOf, startServerProcess } from './testing/processes';

/** SIGTERM on a real server process, as an orchestrator sends it (issue 18). */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fs-shutdown-'));
const cleanups: (() => Promise<void> | void)[] = [() => rmSync(dataDir, { recursive: true, force: true })];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe('SIGTERM', () => {
  it('drains: exits 0 within a few seconds, closes live sockets with 1012 and releases the database', async () => {
    const env: Record<string, string> = { DATA_DIR: dataDir, SEED_DEMO: 'false', DATABASE_URL: '' };
    if (usingPostgres()) {
      const created = await createPgDatabase(process.env.TEST_DATABASE_URL!);
      env.DATABASE_URL = created.url;
      cleanups.push(created.drop);
    }
    const server = await startServerProcess(env);
    cleanups.push(() => void server.child.kill('SIGKILL'));
    const register = await fetch(`${server.url}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: uniqueName(), password: 'correct-horse-9' }),
    });
    const { token } = (await register.json()) as { token: string };
    const socket = await openLive(server.url, await takeTicket(server.url, token));

    const started = Date.now();
    server.child.kill('SIGTERM');
    expect(await exitOf(server.child), server.output()).toBe(0);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await socket.closed).code).toBe(1012);
    // The directory is free the moment the process is gone: an audit or a restart may open it.
    if (!usingPostgres()) {
      const db = await openDb({ pgliteDir: path.join(dataDir, 'pglite'), poolSize: 1, purpose: 'audit' });
      await db.close();
    }
  }, 120_000);
});
