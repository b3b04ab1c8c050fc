import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { acquireDirLock, type DirLock } from './dirLock';
import { PgliteThread } from './pgliteThread';
import { checkMarked, currentMarks, markStatement, mayWrite, type WriteMarks } from './writeMarks';

export const migrationsFolder = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'migrations',
);

const INT8_OID = 20;
const toNumber = (value: string) => Number(value);

// No relational schema: features query with SQL and the query builder, whose tables they import.
type Orm = PgDatabase<PgQueryResultHKT>;
type OrmTx = Parameters<Parameters<Orm['transaction']>[0]>[0];

/** What feature code queries through: the same inside and outside a transaction. */
export interface Queryable {
  readonly orm: Orm | OrmTx;
  rows<T>(query: SQL): Promise<T[]>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  readonly orm: Orm;
  /**
   * For the hottest statements: on PostgreSQL a named prepared statement, parsed and planned
   * once per connection instead of on every call. The SQL's shape must not vary under one name.
   */
  prepared<T>(name: string, query: SQL): Promise<T[]>;
  /**
   * prepared() for a statement built once with sql.placeholder('x') for its values: its text is
   * compiled on the first call only, and each call just fills in `values`. On the wager path
   * this saved the ~16 µs per request drizzle spent rebuilding the same text.
   */
  compiled<T>(name: string, query: SQL, values: Record<string, unknown>): Promise<T[]>;
  /** Runs fn in one transaction, retrying on serialization failures and deadlocks. */
  tx<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** The directory lock of a PGlite database on disk (the server records its port in it). */
  dirLock?: DirLock;
  /**
   * How busy the database's connections are (GET /metrics): PostgreSQL's pool (connections open,
   * idle, and requests waiting for one); PGlite's one thread (1, idle while nothing waits, and
   * the statements sent to it that it has not answered yet).
   */
  load(): { connections: number; idle: number; waiting: number };
  /** PGlite: the whole data directory as a tarball, taken between transactions (backups). */
  dump?(): Promise<Blob>;
}

interface Rowed {
  rows: unknown[];
}

function wrap(orm: Orm | OrmTx): Queryable {
  return {
    orm,
    async rows<T>(query: SQL) {
      const result = (await orm.execute(query)) as unknown as Rowed;
      return result.rows as T[];
    },
  };
}

/**
 * A transaction's Queryable: its statements go out one at a time, in the order they were asked
 * for. A transaction is one connection, which runs one statement at a time anyway; statements
 * started together (a Promise.all over a hook per module) were queued by node-postgres itself,
 * which deprecates that ("Calling client.query() when the client is already executing a query",
 * removed in pg@9). Statements built with `orm`'s query builder are not ordered here.
 */
function wrapTx(tx: OrmTx): Queryable {
  const q = wrap(tx);
  let last: Promise<unknown> = Promise.resolve();
  return {
    orm: tx,
    rows<T>(query: SQL) {
      const run = last.then(() => q.rows<T>(query));
      last = run.catch(() => undefined);
      return run;
    },
  };
}

const RETRYABLE = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 8;

/** Postgres error code, looking through the wrappers drizzle puts around driver errors. */
export function pgErrorCode(err: unknown): string | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Re-runs fn when PostgreSQL reports a serialization failure or a deadlock. */
async function withRetry<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      const code = pgErrorCode(err);
      if (!code || !RETRYABLE.has(code) || attempt >= MAX_ATTEMPTS) throw err;
      await new Promise((r) => setTimeout(r, Math.random() * 5 * attempt));
    }
  }
}

const dialect = new PgDialect();
/** compiled(): each statement's text and parameter slots, by the (module-level) SQL object. */
const compiledStatements = new WeakMap<SQL, { sql: string; params: unknown[] }>();

type RawQuery = (name: string, text: string, params: unknown[]) => Promise<unknown[]>;
/** Runs fn's raw statements in one transaction (for a marked write, db/writeMarks.ts). */
type RawTx = <T>(fn: (raw: RawQuery) => Promise<T>) => Promise<T>;

/** A marked transaction's last statement, which refuses to commit for a run that was taken over. */
async function mark(q: Queryable, marks: WriteMarks): Promise<void> {
  checkMarked(marks, await q.rows(markStatement(marks)));
}

function makeDb(
  kind: Db['kind'],
  orm: Orm,
  raw: RawQuery,
  rawTx: RawTx,
  close: () => Promise<void>,
  load: Db['load'],
): Db {
  const base = wrap(orm);
  /** One statement, in a transaction with its mark when it may write for a marked request. */
  const one = (name: string, text: string, params: unknown[]) => {
    const marks = currentMarks();
    if (!marks || !mayWrite(text)) return raw(name, text, params);
    const { sql: markText, params: markParams } = dialect.sqlToQuery(markStatement(marks));
    return rawTx(async (q) => {
      const rows = await q(name, text, params);
      checkMarked(marks, await q('', markText, markParams));
      return rows;
    });
  };
  return {
    kind,
    orm,
    async rows<T>(query: SQL) {
      const marks = currentMarks();
      if (!marks || !mayWrite(dialect.sqlToQuery(query).sql)) return base.rows<T>(query);
      return orm.transaction(async (tx) => {
        const q = wrapTx(tx);
        const rows = await q.rows<T>(query);
        await mark(q, marks);
        return rows;
      });
    },
    async prepared<T>(name: string, query: SQL) {
      const { sql: text, params } = dialect.sqlToQuery(query);
      // A one-statement operation is its own transaction, so it can simply run again.
      return withRetry(async () => (await one(name, text, params)) as T[]);
    },
    async compiled<T>(name: string, query: SQL, values: Record<string, unknown>) {
      let statement = compiledStatements.get(query);
      if (!statement) {
        statement = dialect.sqlToQuery(query);
        compiledStatements.set(query, statement);
      }
      const { sql: text, params } = statement;
      const filled = fillPlaceholders(params, values);
      return withRetry(async () => (await one(name, text, filled)) as T[]);
    },
    close,
    load,
    tx: <T>(fn: (tx: Queryable) => Promise<T>) =>
      withRetry(() =>
        orm.transaction(async (tx) => {
          const q = wrapTx(tx);
          const result = await fn(q);
          // Read at the end: a transaction cannot tell whether it wrote, so any one of a marked
          // request counts as its effect (the safe side: a retry replays rather than re-runs).
          const marks = currentMarks();
          if (marks) await mark(q, marks);
          return result;
        }),
      ),
  };
}

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data directory; undefined keeps the database in memory. */
  pgliteDir?: string;
  poolSize?: number;
  /**
   * An in-memory PGlite, or a new directory, starts from this dump of an already migrated
   * database (tests: initdb and the migrations take ~2.7 s, loading a dump ~0.8 s). The
   * migrations still run, so a stale dump only costs time.
   */
  pgliteTemplate?: Blob;
  /** Who opens a PGlite directory (shown to a second opener it refuses). */
  purpose?: string;
  /**
   * Runs right after the migrations, still under the lock that serializes them: first-start
   * seeding goes here, so processes started together neither migrate nor seed twice.
   */
  afterMigrate?: (db: Db) => Promise<void>;
  /**
   * PostgreSQL only: how long to wait for a server that is not up yet (started at the same
   * time by a compose file or an orchestrator), retrying with backoff. 0 fails at once.
   */
  waitMs?: number;
  /** Told once when the first attempt fails and waiting begins. */
  onWaiting?: (message: string) => void;
  /**
   * PGlite on disk: an empty directory is created (initdb) in a child process, so that the long-
   * lived process opening it (the server) does not keep initdb's memory.
   */
  createApart?: boolean;
  /** PGlite only: its shared_buffers (PostgreSQL's size syntax, `16MB`). */
  pgliteSharedBuffers?: string;
}

/** Failures that mean "not up yet": nothing listening, name not resolvable yet, still starting. */
const TRANSIENT_CONNECT = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  '57P03',
]);

/**
 * An error that says the database cannot be reached or is restarting (not that the request was
 * wrong): nothing was written, and the same request can succeed in a moment.
 */
export function databaseUnavailable(err: unknown): boolean {
  const code = pgErrorCode(err);
  if (
    code &&
    (code.startsWith('08') ||
      code === '57P01' ||
      code === '57P02' ||
      code === '57P03' ||
      code === '53300')
  )
    return true;
  for (
    let current = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined,
      depth = 0;
    current && depth < 5;
    depth++
  ) {
    if (typeof current.code === 'string' && TRANSIENT_CONNECT.has(current.code)) return true;
    if (
      typeof current.message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect/.test(current.message)
    )
      return true;
    current = current.cause as typeof current;
  }
  return false;
}

const causeOf = (err: unknown): string => {
  const e = err as { code?: unknown; message?: unknown; errors?: unknown[] };
  // node's AggregateError (IPv4 and IPv6 both refused) has an empty message.
  const inner =
    Array.isArray(e.errors) && e.errors.length > 0
      ? (e.errors[0] as { message?: unknown })
      : undefined;
  const message =
    typeof e.message === 'string' && e.message
      ? e.message
      : typeof inner?.message === 'string'
        ? inner.message
        : String(err);
  return typeof e.code === 'string' && !message.includes(e.code)
    ? `${e.code}: ${message}`
    : message;
};

/** host:port of a postgres:// URL, for messages (never the password). */
function postgresAddress(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname || 'localhost'}:${u.port || '5432'}`;
  } catch {
    return 'the configured PostgreSQL';
  }
}

export class DatabaseUnavailableError extends Error {}

/**
 * Waits until PostgreSQL answers, retrying transient failures with backoff (250 ms doubling to
 * 2 s) until `waitMs` has passed; then, or at once for a failure waiting cannot cure (bad
 * password, no such database), throws one clear line naming host, port and the cause.
 */
async function waitForPostgres(
  pool: pg.Pool,
  url: string,
  waitMs: number,
  onWaiting?: (message: string) => void,
): Promise<void> {
  const where = postgresAddress(url);
  const deadline = Date.now() + waitMs;
  for (let attempt = 0; ; attempt++) {
    try {
      await pool.query('select 1');
      return;
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      const transient = typeof code === 'string' && TRANSIENT_CONNECT.has(code);
      if (!transient)
        throw new DatabaseUnavailableError(
          `PostgreSQL at ${where} refused the connection: ${causeOf(err)}`,
        );
      if (Date.now() >= deadline) {
        throw new DatabaseUnavailableError(
          `PostgreSQL at ${where} did not answer within ${Math.round(waitMs / 1000)} s: ${causeOf(err)}`,
        );
      }
      if (attempt === 0)
        onWaiting?.(
          `waiting for PostgreSQL at ${where} (${causeOf(err)}), up to ${Math.round(waitMs / 1000)} s`,
        );
      await new Promise((r) =>
        setTimeout(r, Math.min(2000, 250 * 2 ** attempt, Math.max(0, deadline - Date.now()))),
      );
    }
  }
}

/** PGlite's shared buffers unless told otherwise (PGLITE_SHARED_BUFFERS); PostgreSQL's default is 128MB. */
const PGLITE_SHARED_BUFFERS = '16MB';

/**
 * PGlite runs PostgreSQL inside this process's WebAssembly memory, which never shrinks and whose
 * pages are touched as PostgreSQL initializes them: the stock 128 MB of shared buffers made an
 * idle server hold ~430 MB. The embedded database is one process on a small data set, read
 * through the OS's page cache on a miss, so 16 MB costs no throughput (npm run bench) and the idle
 * process ~150 MB less.
 */
function pgliteStartParams(sharedBuffers = PGLITE_SHARED_BUFFERS): string[] {
  return [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`];
}

/**
 * Creates an empty PGlite directory (initdb) in a short-lived child process. Done in this process,
 * initdb's temporary instance left ~150 MB resident for good (the heap it grew is not given back,
 * and WebAssembly memory never shrinks): a first start idled at ~410 MB against ~265 MB after a
 * restart. The child costs the first start one more open of the database (a few hundred ms).
 */
async function createPgliteDir(dir: string, startParams: string[]): Promise<void> {
  if (existsSync(path.join(dir, 'PG_VERSION'))) return;
  const script = [
    `const { PGlite } = await import(${JSON.stringify(import.meta.resolve('@electric-sql/pglite'))});`,
    `const db = new PGlite(${JSON.stringify(dir)}, { startParams: ${JSON.stringify(startParams)} });`,
    'await db.waitReady;',
    'await db.close();',
  ].join('\n');
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0)
    throw new Error(
      `Creating the embedded database in ${dir} failed: ${stderr.trim() || `exit ${code}`}`,
    );
}

/** Key of the advisory lock that serializes migrations and seeding across processes. */
const SETUP_LOCK_KEY = 7_246_173_401;

export async function openDb(options: OpenOptions): Promise<Db> {
  if (options.databaseUrl) {
    // drizzle's node-postgres driver passes its own per-query `types`, which falls back to the
    // global pg parsers and ignores the pool's: without this, raw queries return int8 as strings.
    pg.types.setTypeParser(INT8_OID, toNumber);
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 20,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID
            ? toNumber
            : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // An idle connection dropped by the server (restart, pg_terminate_backend, a dropped test
    // database) makes the pool emit 'error'; with no listener that crashes the process. The
    // pool has already discarded the client and opens a new one on demand.
    pool.on('error', () => {});
    const orm = drizzlePg(pool) as unknown as Orm;
    const raw: RawQuery = async (name, text, values) =>
      (await pool.query({ name, text, values })).rows;
    const rawTx: RawTx = async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(
          async (name, text, values) =>
            (await client.query(name ? { name, text, values } : { text, values })).rows,
        );
        await client.query('commit');
        client.release();
        return result;
      } catch (err) {
        // A connection whose rollback fails is broken: the pool must not hand it out again.
        const broken = await client.query('rollback').then(
          () => false,
          () => true,
        );
        client.release(broken);
        throw err;
      }
    };
    const db = makeDb(
      'postgres',
      orm,
      raw,
      rawTx,
      () => pool.end(),
      () => ({ connections: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    );
    // Processes started together on an empty database would race creating the schema (23505
    // on pg_type) and the admin: one holds a session-level advisory lock while it migrates and
    // seeds, the others wait and then find the work done.
    try {
      await waitForPostgres(pool, options.databaseUrl, options.waitMs ?? 0, options.onWaiting);
    } catch (err) {
      await pool.end().catch(() => undefined);
      throw err;
    }
    const lockClient = await pool.connect();
    try {
      await lockClient.query('select pg_advisory_lock($1)', [SETUP_LOCK_KEY]);
      await migratePg(orm as never, { migrationsFolder });
      await options.afterMigrate?.(db);
    } finally {
      await lockClient
        .query('select pg_advisory_unlock($1)', [SETUP_LOCK_KEY])
        .catch(() => undefined);
      lockClient.release();
    }
    return db;
  }
  let dirLock: DirLock | undefined;
  if (options.pgliteDir) {
    mkdirSync(options.pgliteDir, { recursive: true });
    dirLock = acquireDirLock(options.pgliteDir, options.purpose ?? 'script');
  }
  try {
    const settings = { startParams: pgliteStartParams(options.pgliteSharedBuffers) };
    if (options.pgliteDir && options.createApart)
      await createPgliteDir(options.pgliteDir, settings.startParams);
    // Its own thread (db/pgliteWorker.mjs): in this one, every statement stalled the server.
    const client = await PgliteThread.open({
      dataDir: options.pgliteDir,
      template:
        options.pgliteTemplate &&
        !(options.pgliteDir && existsSync(path.join(options.pgliteDir, 'PG_VERSION')))
          ? options.pgliteTemplate
          : undefined,
      startParams: settings.startParams,
    });
    const orm = drizzlePglite({ client: client as never }) as unknown as Orm;
    try {
      await migratePglite(orm as never, { migrationsFolder });
    } catch (err) {
      await client.close();
      throw err;
    }
    const raw: RawQuery = async (_name, text, values) => (await client.query(text, values)).rows;
    const rawTx: RawTx = (fn) =>
      client.transaction((tx) =>
        fn(async (_name, text, values) => (await tx.query(text, values)).rows),
      );
    const db = makeDb(
      'pglite',
      orm,
      raw,
      rawTx,
      async () => {
        await client.close();
        dirLock?.release();
      },
      () => ({ connections: 1, idle: client.waiting === 0 ? 1 : 0, waiting: client.waiting }),
    );
    db.dirLock = dirLock;
    db.dump = () => client.dump();
    await options.afterMigrate?.(db);
    return db;
  } catch (err) {
    dirLock?.release();
    throw err;
  }
}
