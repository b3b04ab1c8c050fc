// `npm run bench:notifications` (issue 38): the inbox of players holding 1,000 notifications each
// (INBOX_KEEP, the most an inbox keeps) at 32 connections, on PostgreSQL (a fresh database,
// dropped at the end) and on PGlite (the embedded default, DATABASE_URL unset). BENCH_PLAYERS
// players (200 by default) with 1,000 notifications each, written straight into the tables with
// generate_series: every kind in turn, a quarter of the older ones and the newest 20 unread,
// interleaved across players as real deliveries are (a player's rows are spread over the whole
// table, not packed together). Each request is signed in as a random one of those players: the
// preferences (one small statement: the floor of a signed-in read on this host), the first page
// (with the unread count, one statement), the unread filter, two group filters (Bets: one kind in
// twenty; Trades: four), the second page and the 30th (a cursor from one player's earlier pages:
// ids are shared, so it is about the same page for everyone), and marking one unread
// notification read (last, as it changes what the others read). Prints a table per database:
// requests/s, p50, p99, the server's and PostgreSQL's CPU µs per request (PostgreSQL's counts
// every postgres process of the host), and PASS/FAIL against p99 < 25 ms; exits 1 when a read
// fails.
//
// The server is stopped while the bench writes the rows (an embedded database opens in one
// process only) and started again on them, vacuumed and analyzed first, as pgbench does (PGlite
// runs no autovacuum).
//
// BENCH_SECONDS (default 10), BENCH_DATABASES=postgres,pglite (both by default),
// BENCH_ONLY='first page,unread' measures only the reads named (as the table names them).
import { createHash, randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDb } from '../src/server/db/client.ts';
import { INBOX_KEEP, INBOX_PAGE, notificationKinds } from '../src/shared/notifications.ts';
import {
  driveLoad,
  freshPgDatabase,
  PG_BASE,
  pgReachable,
  startServer,
  stopServer,
} from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 32;
const TARGET_P99_MS = 25;
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 200);
const PER_PLAYER = INBOX_KEEP;
const DEEP_PAGE = 30;
const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',');
const DB_NAME = 'fs_bench_notifications';

/**
 * The players and their inboxes; `u0` is the first bench player's id (player k is u0 + k). Row
 * i of a player (1 the oldest) was delivered (PER_PLAYER - i) * 10 minutes ago; ids follow i,
 * then the player, so each page of one player's rows lies on as many heap pages.
 */
const SEED = [
  () => `insert into users (username, password_hash, created_at)
    select 'nb' || k, 'x', now() - interval '400 days' from generate_series(1, ${PLAYERS}) k`,
  ({ u0 }) => `insert into notifications (user_id, kind, title, body, link, dedupe_key, created_at,
      read_at, pushed_at)
    select ${u0} + k, (array[${notificationKinds.map((kind) => `'${kind}'`).join(', ')}])[1 + (i + k) % ${notificationKinds.length}],
      'Notification ' || i || ' of the bench',
      'Something happened that this player may want to look at: number ' || i || '.',
      '/dashboard', 'bench:' || i,
      now() - (${PER_PLAYER} - i) * interval '10 minutes',
      case when i % 4 = 0 or i > ${PER_PLAYER - 20} then null
        else now() - (${PER_PLAYER} - i) * interval '10 minutes' + interval '1 hour' end,
      now() - (${PER_PLAYER} - i) * interval '10 minutes'
    from generate_series(1, ${PER_PLAYER}) i, generate_series(0, ${PLAYERS - 1}) k
    order by i, k`,
];

/**
 * Writes the rows through `db`; answers each player's token and unread notification ids (the
 * mark-read case picks among them).
 */
async function seed(db) {
  const started = Date.now();
  const ids = {};
  for (const statement of SEED) {
    await db.rows(sql.raw(statement(ids)));
    ids.u0 ||= Number(
      (await db.rows(sql.raw(`select min(id) as id from users where username like 'nb%'`)))[0].id,
    );
  }
  const players = Array.from({ length: PLAYERS }, (_, k) => ({
    userId: ids.u0 + k,
    token: randomBytes(32).toString('base64url'),
    unread: [],
  }));
  const values = players.map(
    (p) => `('${createHash('sha256').update(p.token).digest('hex')}', ${p.userId})`,
  );
  await db.rows(sql.raw(`insert into sessions (token_hash, user_id) values ${values.join(', ')}`));
  const unread = await db.rows(
    sql.raw(`select user_id, id from notifications where read_at is null and user_id >= ${ids.u0}`),
  );
  const byUser = new Map(players.map((p) => [p.userId, p]));
  for (const r of unread) byUser.get(Number(r.user_id))?.unread.push(Number(r.id));
  console.log(
    JSON.stringify({
      seeded: `${PLAYERS} players with ${PER_PLAYER} notifications each (${unread.length} unread in all)`,
      seconds: Math.round((Date.now() - started) / 1000),
    }),
  );
  return players;
}

/** The cursor one player's inbox gives after `pages` pages. */
async function cursorAfter(url, token, pages) {
  let cursor = null;
  for (let page = 0; page < pages; page++) {
    const res = await fetch(`${url}/api/notifications${cursor ? `?cursor=${cursor}` : ''}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    ({ nextCursor: cursor } = await res.json());
    if (!cursor) throw new Error(`the inbox ended after ${page + 1} pages`);
  }
  return cursor;
}

async function measure(database, url, serverPid, players) {
  const anyone = () => ({ token: players[Math.floor(Math.random() * players.length)].token });
  const reads = [
    // One small statement, nothing of the inbox: the floor of a signed-in read on this host.
    { name: 'preferences (floor)', path: '/api/notifications/preferences' },
    { name: 'first page', path: '/api/notifications' },
    { name: 'unread', path: '/api/notifications?unread=true' },
    { name: 'group=Bets', path: '/api/notifications?group=Bets' },
    { name: 'group=Trades', path: '/api/notifications?group=Trades' },
    {
      name: 'page 2',
      path: `/api/notifications?cursor=${await cursorAfter(url, players[0].token, 1)}`,
    },
    {
      name: `page ${DEEP_PAGE}`,
      path: `/api/notifications?cursor=${await cursorAfter(url, players[0].token, DEEP_PAGE - 1)}`,
    },
    {
      name: 'mark one read',
      path: '/api/notifications/read',
      method: 'POST',
      makeRequest: () => {
        const p = players[Math.floor(Math.random() * players.length)];
        const id = p.unread[Math.floor(Math.random() * p.unread.length)];
        return { token: p.token, body: { ids: [String(id)] } };
      },
    },
  ];
  const only = process.env.BENCH_ONLY?.split(',').map((n) => n.trim());
  const measured = only ? reads.filter((r) => only.includes(r.name)) : reads;
  // JIT, caches and pools warm before anything counts.
  await driveLoad({
    url,
    path: reads[1].path,
    method: 'GET',
    seconds: Math.min(3, SECONDS),
    connections: CONNECTIONS,
    makeRequest: anyone,
  });
  const rows = [];
  for (const read of measured) {
    const method = read.method ?? 'GET';
    const makeRequest = read.makeRequest ?? anyone;
    let items = '';
    if (method === 'GET') {
      // One answer first: what it carries, and that it is a 200.
      const res = await fetch(url + read.path, {
        headers: { authorization: `Bearer ${anyone().token}` },
      });
      if (res.status !== 200) throw new Error(`GET ${read.path}: ${res.status}`);
      const body = await res.json();
      items = String((body.notifications ?? body).length);
    }
    const run = await driveLoad({
      url,
      path: read.path,
      method,
      seconds: SECONDS,
      connections: CONNECTIONS,
      makeRequest,
      serverPid,
    });
    const ok = !run.errors && Object.keys(run.statuses).every((k) => k === '200');
    const row = {
      case: `${database}, ${read.name}`,
      path: `${method} ${read.path}`,
      items,
      ...run,
      ...(database === 'postgres' ? {} : { dbCpuUs: undefined }),
      pass: ok && run.p99ms < TARGET_P99_MS,
    };
    console.log(JSON.stringify(row));
    rows.push({ read: read.name, ...row });
  }
  return rows;
}

function printTable(database, rows) {
  const head = ['read', 'items', 'req/s', 'p50 ms', 'p99 ms', 'server µs', 'db µs', ''];
  const lines = rows.map((r) => [
    r.read,
    r.items,
    String(r.okPerSec),
    String(r.p50ms),
    String(r.p99ms),
    String(r.serverCpuUs ?? ''),
    String(r.dbCpuUs ?? ''),
    r.pass ? 'PASS' : 'FAIL',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells) =>
    cells.map((c, i) => (i < 1 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(
    `\n${database}: ${PLAYERS} players x ${PER_PLAYER} notifications (pages of ${INBOX_PAGE}); ` +
      `${CONNECTIONS} connections, ${SECONDS} s each, ${rows[0]?.loadgen ?? ''}; target p99 < ${TARGET_P99_MS} ms` +
      (database === 'pglite' ? ' (PGlite runs in the server: its CPU is in server µs)' : ''),
  );
  console.log(fmt(head));
  for (const l of lines) console.log(fmt(l));
}

/** A server on a database already migrated, stopped, seeded and started again. */
async function seededServer({ databaseUrl, port }) {
  const first = await startServer({ databaseUrl, port });
  await stopServer(first.child);
  const db = await openDb(
    databaseUrl
      ? { databaseUrl, poolSize: 2 }
      : { pgliteDir: path.join(first.dataDir, 'pglite'), purpose: 'notifications bench seed' },
  );
  let players;
  try {
    players = await seed(db);
    await db.rows(sql`vacuum analyze`);
  } finally {
    await db.close();
  }
  const server = await startServer({ databaseUrl, port, extraEnv: { DATA_DIR: first.dataDir } });
  rmSync(server.dataDir, { recursive: true, force: true });
  return { ...server, dataDir: first.dataDir, players };
}

const results = {};
const pgUp = DATABASES.includes('postgres') && (await pgReachable());
if (DATABASES.includes('postgres') && !pgUp)
  console.log(
    JSON.stringify({
      postgres: 'skipped',
      reason: `not reachable at ${PG_BASE}; set BENCH_DATABASE_URL`,
    }),
  );

if (pgUp) {
  const databaseUrl = await freshPgDatabase(DB_NAME);
  try {
    const server = await seededServer({ databaseUrl, port: 3893 });
    try {
      results.postgres = await measure('postgres', server.url, server.child.pid, server.players);
    } finally {
      await stopServer(server.child);
      rmSync(server.dataDir, { recursive: true, force: true });
    }
  } finally {
    const c = new pg.Client({ connectionString: PG_BASE });
    await c.connect();
    await c.query(`drop database if exists ${DB_NAME} with (force)`);
    await c.end();
  }
}

if (DATABASES.includes('pglite')) {
  const server = await seededServer({ port: 3894 });
  try {
    results.pglite = await measure('pglite', server.url, server.child.pid, server.players);
  } finally {
    await stopServer(server.child);
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}

for (const [database, rows] of Object.entries(results)) printTable(database, rows);
const failed = Object.values(results)
  .flat()
  .filter((r) => !r.pass);
console.log(
  failed.length
    ? `\n${failed.length} read(s) missed p99 < ${TARGET_P99_MS} ms: ${failed.map((r) => r.case).join('; ')}`
    : `\nEvery read's p99 was under ${TARGET_P99_MS} ms.`,
);
if (failed.length) process.exitCode = 1;
