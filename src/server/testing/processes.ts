import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createPgDatabase, usingPostgres } from './harness';

/**
 * The built server (dist/server/main.mjs), which `npm start` runs; the test run's global setup
 * (serverBuild.ts) builds it from the sources under test.
 */
const SERVER_FILE = 'dist/server/main.mjs';

/** A real server process (the built server, as `npm start` runs it) for tests across processes. */
export interface ServerProcess {
  child: ChildProcess;
  url: string;
  port: number;
  /** Everything it printed so far, stdout and stderr. */
  output(): string;
}

/** A port nothing listens on now (a random pick can land on an ephemeral port in use). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function spawnServerOn(
  port: number,
  env: Record<string, string>,
): { child: ChildProcess; port: number; output: () => string } {
  const child = spawn(process.execPath, [SERVER_FILE], {
    // Tests register accounts that move coins at once: the new-account rules are off unless a test sets them.
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      CLIENT_DIR: '/nonexistent',
      NEW_ACCOUNT_HOURS: '0',
      NEW_ACCOUNT_ACTIONS: '0',
      SIGNUPS_PER_DAY: '0',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  return { child, port, output: () => output };
}

/** Starts a server process and waits until it answers (or fails with what it printed). */
export async function spawnServer(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; port: number; output: () => string }> {
  return spawnServerOn(await freePort(), env);
}

export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 90_000,
): Promise<ServerProcess> {
  const { child, port, output } = await spawnServer(env);
  const url = `http://127.0.0.1:${port}`;
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + timeoutMs;
    const poll = async () => {
      if (child.exitCode !== null)
        return reject(new Error(`server exited with ${child.exitCode}: ${output()}`));
      try {
        const res = await fetch(`${url}/api/leaderboard/users`);
        if (res.ok) return resolve({ child, url, port, output });
      } catch {
        // not up yet
      }
      if (Date.now() > deadline) return reject(new Error(`server did not start: ${output()}`));
      setTimeout(() => void poll(), 100);
    };
    void poll();
  });
}

export function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
  });
}

export function stopProcess(
  child: ChildProcess,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/**
 * The environment of a server process under test: its own data directory, and on a PostgreSQL
 * run (TEST_DATABASE_URL) its own database. What it creates is undone by the cleanups pushed.
 */
export async function processEnv(
  cleanups: (() => Promise<void> | void)[],
  extra: Record<string, string> = {},
): Promise<Record<string, string>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fs-process-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    DATABASE_URL: '',
    ...extra,
  };
  if (usingPostgres()) {
    const created = await createPgDatabase(process.env.TEST_DATABASE_URL!);
    env.DATABASE_URL = created.url;
    cleanups.push(created.drop);
  }
  return env;
}
