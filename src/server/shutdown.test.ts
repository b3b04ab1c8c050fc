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
      const db = await openDb({
        pgliteDir: path.join(env.DATA_DIR!, 'pglite'),
        poolSize: 1,
        purpose: 'audit',
      });
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
    socket.write(
      'POST /auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"user',
    );
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
    const body = (i: number) =>
      JSON.stringify({ username: `${uniqueName()}${i}`.slice(0, 20), password: 'correct-horse-9' });
    await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const socket = createConnection(server.port, '127.0.0.1');
        await new Promise((resolve) => socket.once('connect', resolve));
        const json = body(i);
        socket.write(
          `POST /auth/register HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`,
        );
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

/**
 * `npm start` as an operator stops it: a supervisor or container runtime signals one pid (npm's,
 * or node's when it runs the script itself), a terminal's Ctrl-C or `kill -- -PGID` the whole
 * group; `npm run start:cluster` forwards the signal to every server process. Each way drains.
 */
describe('stopping npm start', () => {
  /** npm (npm's own shell must hand the signal on) or node running the script itself; detached: its own process group, as in a terminal. */
  const launch = async (command: 'npm' | 'node', args: string[], env: Record<string, string>) => {
    const port = await freePort();
    const cluster = args[0] === '--cluster';
    const [file, argv] =
      command === 'npm'
        ? [
            'npm',
            [
              'run',
              '--silent',
              cluster ? 'start:cluster' : 'start',
              ...(cluster ? ['--', ...args.slice(1)] : []),
            ],
          ]
        : [process.execPath, ['scripts/start.mjs', ...args]];
    const child = spawn(file, argv, {
      env: {
        ...process.env,
        LOG_LEVEL: 'warn',
        CLIENT_DIR: '/nonexistent',
        SKIP_CLIENT_BUILD: 'true',
        SEED_DEMO: 'false',
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    cleanups.push(() => void signalGroup(child.pid!, 'SIGKILL'));
    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 90_000;
    while ((await fetch(`${url}/readyz`).catch(() => null))?.status !== 200) {
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`did not start: ${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    return { child, url, output: () => output };
  };

  const signalGroup = (pgid: number, signal: NodeJS.Signals | 0) => {
    try {
      process.kill(-pgid, signal);
      return true;
    } catch {
      return false; // no process left in the group
    }
  };

  const drains = async (
    started: Awaited<ReturnType<typeof launch>>,
    sockets: number,
    stop: () => void,
  ) => {
    const register = await fetch(`${started.url}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: uniqueName(), password: 'correct-horse-9' }),
    });
    const { token } = (await register.json()) as { token: string };
    // Several sockets, so that with several processes each is likely to hold one.
    const live = await Promise.all(
      Array.from({ length: sockets }, async () =>
        openLive(started.url, await takeTicket(started.url, token)),
      ),
    );
    const at = Date.now();
    stop();
    expect(await exitOf(started.child), started.output()).toBe(0);
    expect(Date.now() - at).toBeLessThan(8_000);
    expect(
      (await Promise.all(live.map((socket) => socket.closed))).map((closed) => closed.code),
    ).toEqual(live.map(() => 1012));
    // Nothing of the group outlives it (a server left answering after npm exited, until a SIGKILL).
    await new Promise((r) => setTimeout(r, 200));
    expect(signalGroup(started.child.pid!, 0), 'a process of the group is still running').toBe(
      false,
    );
  };

  const released = async (env: Record<string, string>) => {
    if (usingPostgres()) return;
    const db = await openDb({
      pgliteDir: path.join(env.DATA_DIR!, 'pglite'),
      poolSize: 1,
      purpose: 'audit',
    });
    await db.close();
  };

  it.each([
    ['npm', 'SIGTERM', 'group'],
    ['npm', 'SIGTERM', 'pid'],
    ['npm', 'SIGINT', 'group'],
    ['node', 'SIGTERM', 'group'],
    ['node', 'SIGTERM', 'pid'],
  ] as const)(
    '%s start, %s to the %s: exits 0, sockets closed with 1012, database released, nothing left running',
    async (command, signal, target) => {
      const env = await processEnv(cleanups);
      const started = await launch(command, [], env);
      await drains(
        started,
        2,
        () =>
          void (target === 'group'
            ? signalGroup(started.child.pid!, signal)
            : started.child.kill(signal)),
      );
      await released(env);
    },
    120_000,
  );

  it.runIf(usingPostgres())(
    'cluster of two, SIGTERM to the group: every process drains and the primary exits 0',
    async () => {
      const created = await createPgDatabase(process.env.TEST_DATABASE_URL!);
      cleanups.push(created.drop);
      const started = await launch('node', ['--cluster', '2'], { DATABASE_URL: created.url });
      await drains(started, 6, () => void signalGroup(started.child.pid!, 'SIGTERM'));
    },
    120_000,
  );

  it.runIf(usingPostgres())(
    'npm run start:cluster, SIGTERM to npm alone: every process drains and npm exits 0',
    async () => {
      const created = await createPgDatabase(process.env.TEST_DATABASE_URL!);
      cleanups.push(created.drop);
      const started = await launch('npm', ['--cluster', '2'], { DATABASE_URL: created.url });
      await drains(started, 6, () => void started.child.kill('SIGTERM'));
    },
    120_000,
  );
});
