import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../config';
import { openDb, type Db } from '../db/client';
import { buildApp } from '../app';
import type { Deps } from '../platform/deps';
import type { Clock } from '../platform/clock';
import type { Lifecycle } from '../platform/health';
import { auditReport } from '../features/audit/public';
import { pgliteTemplate } from './pgliteTemplate';

/**
 * A real server on a real database for integration tests: PGlite in memory by default, a
 * fresh PostgreSQL database (created and dropped here) when TEST_DATABASE_URL is set.
 * Requests go over real HTTP to an ephemeral port.
 */
export interface TestServer {
  url: string;
  app: FastifyInstance;
  deps: Deps;
  db: Db;
  config: Config;
  /** Whether the server is draining (what /readyz answers). */
  lifecycle: Lifecycle;
  close(): Promise<void>;
}

export async function createPgDatabase(
  baseUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `fs_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export const usingPostgres = () => Boolean(process.env.TEST_DATABASE_URL);

export interface TestServerOptions {
  /** The clock the rules run on; a ManualClock lets a test move time. */
  clock?: Clock;
  /** PostgreSQL settings for every connection of the server (e.g. enable_seqscan: 'off'). */
  pgSettings?: Record<string, string>;
  /** PostgreSQL: the address the server reaches its database by, from the real one (a test's proxy). */
  reachDatabase?: (url: string) => string;
  /** PostgreSQL: a second app on that server's database (another process, in this one). */
  databaseOf?: TestServer;
}

export async function startTestServer(
  overrides: Partial<Config> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fs-test-'));
  const shared = options.databaseOf?.config.databaseUrl;
  const pgDb = shared
    ? { url: shared, drop: async () => {} }
    : process.env.TEST_DATABASE_URL
      ? await createPgDatabase(process.env.TEST_DATABASE_URL)
      : undefined;
  const config: Config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' }),
    databaseUrl: pgDb?.url,
    authRateLimit: 10_000,
    // Suites register accounts and move their coins at once; the rules' own tests turn them on.
    newAccountHours: 0,
    newAccountActions: 0,
    signupsPerDay: 0,
    clientDir: undefined,
    // Every answer of every suite is checked against its route's reply schema.
    checkReplies: true,
    // Suites read boards right after changing them; the snapshot itself is tested on its own.
    leaderboardCacheMs: 0,
    ...overrides,
  };
  let databaseUrl = pgDb?.url;
  if (databaseUrl && options.pgSettings) {
    const url = new URL(databaseUrl);
    url.searchParams.set(
      'options',
      Object.entries(options.pgSettings)
        .map(([k, v]) => `-c ${k}=${v}`)
        .join(' '),
    );
    databaseUrl = url.toString();
  }
  if (databaseUrl && options.reachDatabase) databaseUrl = options.reachDatabase(databaseUrl);
  const db = await openDb({ databaseUrl, poolSize: 10, pgliteTemplate: pgliteTemplate() });
  const { app, deps, lifecycle } = await buildApp({
    config,
    db,
    logger: false,
    clock: options.clock,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    deps,
    db,
    config,
    lifecycle,
    async close() {
      await app.close();
      await db.close();
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface HttpResult<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  rawBody?: string | FormData;
  headers?: Record<string, string>;
}

/** One HTTP call against the test server; the body is parsed as JSON when it is JSON. */
export async function call<T = Record<string, unknown>>(
  server: TestServer,
  method: string,
  pathName: string,
  options: RequestOptions = {},
): Promise<HttpResult<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | FormData | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(server.url + pathName, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  if ((res.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
  return { status: res.status, body: parsed as T, headers: res.headers };
}

let counter = 0;
export const uniqueName = (prefix = 'u') =>
  `${prefix}${Date.now().toString(36).slice(-4)}${(counter++).toString(36)}${randomBytes(2).toString('hex')}`.slice(
    0,
    20,
  );

export interface TestUser {
  id: number;
  username: string;
  password: string;
  token: string;
}

/** Builder: a fresh user registered over HTTP (with the 1,000-coin welcome grant). */
export async function registerUser(
  server: TestServer,
  username = uniqueName(),
  password = 'correct-horse-9',
): Promise<TestUser> {
  const res = await call<{ token: string; user: { _id: string } }>(
    server,
    'POST',
    '/auth/register',
    { body: { username, password } },
  );
  if (res.status !== 201)
    throw new Error(`register ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: Number(res.body.user._id), username, password, token: res.body.token };
}

/** Builder: an admin, promoted directly in the database as a deployment would seed one. */
export async function registerAdmin(server: TestServer): Promise<TestUser> {
  const user = await registerUser(server, uniqueName('adm'));
  await server.db.rows(sql`update users set role = 'admin' where id = ${user.id}`);
  server.deps.sessions.forgetUser(user.id);
  return user;
}

export async function balanceOf(server: TestServer, userId: number): Promise<number> {
  const rows = await server.db.rows<{ balance: number }>(
    sql`select balance from users where id = ${userId}`,
  );
  return rows[0]?.balance ?? NaN;
}

/** Conservation check for the end of every money test: coins and items, as `npm run audit` checks them. */
export async function expectLedgerBalanced(server: TestServer): Promise<void> {
  const report = await auditReport(server.db, server.deps.modules);
  if (!report.ok) throw new Error(`audit failed: ${report.problem}`);
}

/**
 * The setup every integration file needs: one real server for the file, started before its
 * tests and closed after them, with the coin audit run at the end (a file that moves coins
 * and breaks conservation fails there). Use the returned object only inside tests and hooks.
 */
export function useTestServer(
  overrides: Partial<Config> = {},
  { audit: runAudit = true, ...options }: { audit?: boolean } & TestServerOptions = {},
): TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(overrides, options);
  });
  afterAll(async () => {
    if (!server) return;
    try {
      if (runAudit) await expectLedgerBalanced(server);
    } finally {
      await server.close();
    }
  });
  return new Proxy({} as TestServer, {
    get(_target, property) {
      if (!server)
        throw new Error('the test server starts in beforeAll: use it inside tests and hooks');
      return Reflect.get(server, property, server);
    },
  });
}
