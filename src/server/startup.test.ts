import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPgDatabase, uniqueName, usingPostgres } from './testing/harness';
import { exitOf, freePort, processEnv, spawnServer, startServerProcess } from './testing/processes';

/** Start-up as a deployment meets it (issue 18), on real server processes. */
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fs-startup-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

/** A TCP forwarder to PostgreSQL, listening only from when it is started. */
function forwarder(port: number, target: URL): Promise<Server> {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = createConnection(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
  });
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  );
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

const count = (text: string, needle: string) => text.split(needle).length - 1;

async function until(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out; the server printed: ${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('start-up with PostgreSQL not up', () => {
  it('says once what it waits for, then exits 1 with one line naming host, port and cause', async () => {
    const port = await freePort();
    const started = Date.now();
    const server = await spawnServer({
      DATABASE_URL: `postgres://root@127.0.0.1:${port}/test`,
      DB_WAIT_SECONDS: '2',
      LOG_LEVEL: 'info',
      DATA_DIR: tempDir(),
    });
    cleanups.push(() => void server.child.kill('SIGKILL'));
    expect(await exitOf(server.child), server.output()).toBe(1);
    expect(Date.now() - started).toBeLessThan(15_000);
    const out = server.output();
    expect(count(out, `waiting for PostgreSQL at 127.0.0.1:${port}`), out).toBe(1);
    expect(out).toContain(`PostgreSQL at 127.0.0.1:${port} did not answer within 2 s`);
    expect(out).toContain('ECONNREFUSED');
    // One line an operator can read, not pg-pool's stack trace.
    expect(out, out).not.toMatch(/\n\s+at /);
  }, 60_000);

  it.runIf(usingPostgres())(
    'waits for a PostgreSQL that comes up after the server started, then serves',
    async () => {
      const created = await createPgDatabase(process.env.TEST_DATABASE_URL!);
      cleanups.push(created.drop);
      const target = new URL(created.url);
      const port = await freePort();
      const url = new URL(created.url);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      const server = await spawnServer({
        DATABASE_URL: url.toString(),
        DB_WAIT_SECONDS: '60',
        LOG_LEVEL: 'info',
        SEED_DEMO: 'false',
        DATA_DIR: tempDir(),
      });
      cleanups.push(() => void server.child.kill('SIGKILL'));
      // PostgreSQL "comes up" once the server has said it is waiting: nothing listens until then.
      await until(() => server.output().includes('waiting for PostgreSQL'), 30_000, server.output);
      await forwarder(port, target);
      const ready = async () =>
        (await fetch(`http://127.0.0.1:${server.port}/readyz`).catch(() => null))?.status === 200;
      await until(ready, 30_000, server.output);
      expect(count(server.output(), `waiting for PostgreSQL at 127.0.0.1:${port}`)).toBe(1);
    },
    90_000,
  );
});

describe('restart after SIGKILL', () => {
  it('starts again at once on the same data directory, with what was acknowledged before the kill', async () => {
    const env = await processEnv(cleanups);
    const first = await startServerProcess(env);
    cleanups.push(() => void first.child.kill('SIGKILL'));
    const username = uniqueName();
    const register = await fetch(`${first.url}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'correct-horse-9' }),
    });
    expect(register.status).toBe(201);
    // A supervisor restarts at once: the killed process may still be a zombie holding nothing.
    first.child.kill('SIGKILL');
    const second = await startServerProcess(env);
    cleanups.push(() => void second.child.kill('SIGKILL'));
    const profile = await fetch(`${second.url}/api/user/public/${username}`);
    expect(profile.status, second.output()).toBe(200);
  }, 120_000);
});

describe('start-up output', () => {
  it('human-readable lines for a person (LOG_FORMAT=pretty, the default on a terminal), the credentials box last', async () => {
    const server = await startServerProcess({
      DATA_DIR: tempDir(),
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'pretty',
      SEED_DEMO: 'false',
    });
    cleanups.push(() => void server.child.kill('SIGKILL'));
    await until(() => server.output().includes('Shown once.'), 10_000, server.output);
    const out = server.output();
    expect(out).not.toMatch(/^\{"level"/m);
    expect(out).toMatch(/INFO.*Fair & Square on http:\/\/localhost:\d+/);
    // The box comes after the address to open, and nothing is logged after it at start.
    expect(out.indexOf('Admin account:')).toBeGreaterThan(
      out.indexOf('Fair & Square on http://localhost'),
    );
    expect(out.trimEnd().endsWith('┘')).toBe(true);
  }, 90_000);

  it('JSON lines for a log collector (not a terminal), the box still last', async () => {
    const server = await startServerProcess({
      DATA_DIR: tempDir(),
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
    });
    cleanups.push(() => void server.child.kill('SIGKILL'));
    await until(() => server.output().includes('Shown once.'), 10_000, server.output);
    const out = server.output();
    const address = out
      .split('\n')
      .find((line) => line.includes('Fair & Square on http://localhost'));
    expect(JSON.parse(address!)).toMatchObject({ level: 30 });
    expect(out.indexOf('Admin account:')).toBeGreaterThan(
      out.indexOf('Fair & Square on http://localhost'),
    );
  }, 90_000);
});
