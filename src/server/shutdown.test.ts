import { spawn } from 'node:child_process';
import { createConnection } from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from './db/client';
import { createPgDatabase, uniqueName, usingPostgres } from './testing/harness';
import { openLive, takeTicket } from './testing/liveClient';
import { exitOf, freePort, processEnv, startServerProcess } from './testing/processes';

/** SIGTERM on a real server process, as an orchestrator sends it (issue 18). */
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe('SIGTERM', () => {
  it('drains: exits 0 within a few seconds, closes live sockets with 1012 and releases the database', async () => {
    const env = await processEnv(cleanups);
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
      const db = await openDb({ pgliteDir: path.join(env.DATA_DIR!, 'pglite'), poolSize: 1, purpose: 'audit' });
      await db.close();
    }
  }, 120_000);
});

describe('SIGTERM after a client gave up mid-request', () => {
  it('does not wait for the abandoned request: exits 0 at once', async () => {
    const env = await processEnv(cleanups);
    const server = await startServerProcess(env);
    cleanups.push(() => void server.child.kill('SIGKILL'));
    // Headers promise a body that never comes; then the client hangs up (no onResponse follows).
    const socket = createConnection(server.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('POST /auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"user');
    await new Promise((r) => setTimeout(r, 300));
    socket.destroy();
    await new Promise((r) => setTimeout(r, 300));
    const started = Date.now();
    server.child.kill('SIGTERM');
    expect(await exitOf(server.child), server.output()).toBe(0);
    expect(Date.now() - started).toBeLessThan(5_000);
  }, 120_000);
});

describe('SIGTERM after clients hung up while their handlers ran', () => {
  it('waits for those handlers, not for answers nobody will read: exits 0 at once', async () => {
    const env = await processEnv(cleanups);
    const server = await startServerProcess(env);
    cleanups.push(() => void server.child.kill('SIGKILL'));
    // Whole requests (the body arrived, so Node does not call them aborted) whose clients leave
    // before the answer, as a load generator's connections do when its run ends.
    const body = (i: number) => JSON.stringify({ username: `${uniqueName()}${i}`.slice(0, 20), password: 'correct-horse-9' });
    await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const socket = createConnection(server.port, '127.0.0.1');
        await new Promise((resolve) => socket.once('connect', resolve));
        const json = body(i);
        socket.write(`POST /auth/register HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`);
        await new Promise((r) => setTimeout(r, 5 * i));
        socket.destroy();
      }),
    );
    await new Promise((r) => setTimeout(r, 500));
    const started = Date.now();
    server.child.kill('SIGTERM');
    expect(await exitOf(server.child), server.output()).toBe(0);
    expect(Date.now() - started).toBeLessThan(5_000);
  }, 120_000);
});

/** `npm start` (scripts/start.mjs) and `npm run start:cluster` forward the signal to every server process. */
describe('SIGTERM to npm start', () => {
  const launch = async (args: string[], env: Record<string, string>) => {
    const port = await freePort();
    const child = spawn(process.execPath, ['scripts/start.mjs', ...args], {
      env: { ...process.env, LOG_LEVEL: 'warn', CLIENT_DIR: '/nonexistent', SKIP_CLIENT_BUILD: 'true', SEED_DEMO: 'false', ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    cleanups.push(() => void child.kill('SIGKILL'));
    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 90_000;
    while ((await fetch(`${url}/readyz`).catch(() => null))?.status !== 200) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`did not start: ${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    return { child, url, output: () => output };
  };

  const drains = async (started: Awaited<ReturnType<typeof launch>>, sockets: number) => {
    const register = await fetch(`${started.url}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: uniqueName(), password: 'correct-horse-9' }),
    });
    const { token } = (await register.json()) as { token: string };
    // Several sockets, so that with several processes each is likely to hold one.
    const live = await Promise.all(Array.from({ length: sockets }, async () => openLive(started.url, await takeTicket(started.url, token))));
    const at = Date.now();
    started.child.kill('SIGTERM');
    expect(await exitOf(started.child), started.output()).toBe(0);
    expect(Date.now() - at).toBeLessThan(8_000);
    for (const socket of live) expect((await socket.closed).code).toBe(1012);
  };

  it('single process: exits 0, sockets closed with 1012, directory released', async () => {
    const env = await processEnv(cleanups);
    await drains(await launch([], env), 2);
    if (!usingPostgres()) {
      const db = await openDb({ pgliteDir: path.join(env.DATA_DIR!, 'pglite'), poolSize: 1, purpose: 'audit' });
      await db.close();
    }
  }, 120_000);

  it.runIf(usingPostgres())('cluster of two: every process drains and the primary exits 0', async () => {
    const created = await createPgDatabase(process.env.TEST_DATABASE_URL!);
    cleanups.push(created.drop);
    await drains(await launch(['--cluster', '2'], { DATABASE_URL: created.url }), 6);
  }, 120_000);
});
