// `npm run bench:reads` (issue 36): the signed-in player's reads (READS below) at 32 connections,
// each over the tokens of 200 players, 40 of whom have some history (wagers on an admin's bets,
// a store purchase, a critter, coin flips), on PostgreSQL (a fresh database) and on PGlite (the
// embedded default, DATABASE_URL unset). One JSON line per read and database: requests/s, p50,
// p99, the server's CPU µs per request (and PostgreSQL's, on PostgreSQL), statuses and errors;
// then pgbench scale 10 in the same run and each PostgreSQL read's ratio to it.
//
// On PostgreSQL it also prints the plans (EXPLAIN ANALYZE with BUFFERS) of every statement one
// request of each read runs, for a player with history: auto_explain, loaded into the server's
// own connections through `ALTER DATABASE ... SET session_preload_libraries` (the server is
// restarted for that pass, so its pool connects anew), read back from the server's log file
// (BENCH_PG_LOG, default Debian's /var/log/postgresql/postgresql-<major>-main.log; its line
// prefix must name the database, %d, as Debian's does). Skipped, with a line saying why, where
// auto_explain cannot be loaded or the log cannot be read. Statements the server's own timers
// ran during a quiet moment before are left out of each request's window (one of theirs not seen
// then can still show up); each plan names its backend's pid.
//
// BENCH_SECONDS (default 10), BENCH_DATABASES=postgres,pglite (both by default),
// BENCH_EXPLAIN=0 skips the plans, BENCH_ONLY=/api/tasks,... measures only those reads.
import { execFileSync } from 'node:child_process';
import { closeSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import pg from 'pg';
import {
  api,
  driveLoad,
  freshPgDatabase,
  PG_BASE,
  pgbench,
  pgReachable,
  registerUsers,
  startServer,
  stopServer,
} from './lib.mjs';

/** The reads measured, in order; a later page's read is one more line. */
const ALL_READS = [
  '/api/user/stats',
  '/api/user/me',
  '/api/store/user',
  '/api/trades',
  '/api/games/progress',
  '/api/tasks',
  '/api/achievements',
  '/api/bets/active',
  '/api/critters/mine',
  // Issue 37: the directory a player opens (communities at size: npm run bench:communities).
  '/api/communities',
];
/** BENCH_ONLY=/api/tasks,/api/trades measures those alone. */
const READS = process.env.BENCH_ONLY
  ? ALL_READS.filter((r) => process.env.BENCH_ONLY.split(',').includes(r))
  : ALL_READS;

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 32;
const PLAYERS = 200;
const WITH_HISTORY = 40;
const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',');
const DB_NAME = 'fs_bench_reads';

/**
 * 200 players; the first 40 with 10,000 coins, three wagers on the admin's three bets, a store
 * purchase, a critter and three coin flips, all through the API.
 */
async function setup(url) {
  const admin = await api(url, 'POST', '/auth/login', {
    username: 'admin',
    password: 'bench-admin-password',
  });
  const users = await registerUsers(url, PLAYERS, `rd${Date.now().toString(36).slice(-4)}`);
  const end = new Date(Date.now() + 24 * 3600_000).toISOString();
  const bets = [];
  for (let i = 0; i < 3; i++) {
    const options = [
      { text: 'Yes', odds: 1.9 },
      { text: 'No', odds: 2.1 },
    ];
    const body = {
      title: `Reads bench bet ${i} ${Date.now()}`,
      description: 'bench',
      endTime: end,
      options,
    };
    bets.push((await api(url, 'POST', '/api/bets/create', body, admin.token)).bet);
  }
  const { item } = await api(
    url,
    'POST',
    '/api/store/create',
    {
      name: `Reads bench item ${Date.now()}`,
      type: 'power-up',
      effectType: 'reward-multiplier',
      effectValue: 1.5,
      price: 10,
      stock: 1_000_000,
      emoji: '🧪',
      description: 'bench',
    },
    admin.token,
  );
  const history = async (u, i) => {
    await api(url, 'PATCH', `/api/admin/balance/${u.username}`, { amount: 10_000 }, admin.token);
    for (const bet of bets) {
      const choice = i % 2 ? 'Yes' : 'No';
      await api(url, 'POST', '/api/bets/predict', { betId: bet._id, choice, amount: 5 }, u.token);
    }
    await api(url, 'POST', '/api/store/purchase', { itemId: item._id }, u.token);
    await api(url, 'POST', '/api/critters/adopt', { species: 'emberpup' }, u.token);
    for (let k = 0; k < 3; k++) {
      await api(
        url,
        'POST',
        '/api/games/coin-flip',
        { betAmount: 1, guess: k % 2 ? 'heads' : 'tails' },
        u.token,
      );
    }
  };
  for (let i = 0; i < WITH_HISTORY; i += 8) {
    await Promise.all(
      users.slice(i, Math.min(i + 8, WITH_HISTORY)).map((u, j) => history(u, i + j)),
    );
  }
  return users;
}

/** Every read driven in turn over all the players' tokens: one JSON line each. */
async function measure(database, url, serverPid, users) {
  const pick = () => ({ token: users[Math.floor(Math.random() * users.length)].token });
  // JIT and pools warm before anything counts.
  await driveLoad({
    url,
    path: READS[0],
    method: 'GET',
    seconds: Math.min(3, SECONDS),
    connections: CONNECTIONS,
    makeRequest: pick,
  });
  const lines = {};
  for (const path of READS) {
    // The answer's size for a player with history, to see what a read carries.
    const res = await fetch(url + path, { headers: { authorization: `Bearer ${users[0].token}` } });
    const bytes = (await res.arrayBuffer()).byteLength;
    const run = await driveLoad({
      url,
      path,
      method: 'GET',
      seconds: SECONDS,
      connections: CONNECTIONS,
      makeRequest: pick,
      serverPid,
    });
    const { okPerSec, dbCpuUs, ...rest } = run;
    lines[path] = {
      case: `${database}, GET ${path}, ${PLAYERS} players`,
      okPerSec,
      ...rest,
      ...(database === 'postgres' ? { dbCpuUs } : {}),
      bytes,
    };
    console.log(JSON.stringify(lines[path]));
  }
  return lines;
}

function pgLogPath(version) {
  if (process.env.BENCH_PG_LOG) return process.env.BENCH_PG_LOG;
  return `/var/log/postgresql/postgresql-${version}-main.log`;
}

/** Whether auto_explain loads and the log is readable: null if so, the reason otherwise. */
async function explainUnavailable(c) {
  const {
    rows: [{ server_version_num: num }],
  } = await c.query('show server_version_num');
  const log = pgLogPath(Math.floor(Number(num) / 10000));
  try {
    await c.query(`load 'auto_explain'`);
  } catch (error) {
    return { reason: `auto_explain cannot be loaded: ${error.message}` };
  }
  try {
    closeSync(openSync(log, 'r'));
  } catch {
    return { reason: `the server log ${log} cannot be read (set BENCH_PG_LOG)` };
  }
  return { log };
}

function readFrom(file, offset) {
  const size = statSync(file).size;
  if (size <= offset) return '';
  const buf = Buffer.alloc(size - offset);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, buf, 0, buf.length, offset);
  } finally {
    closeSync(fd);
  }
  return buf.toString('utf8');
}

/** The log's entries (a prefixed line and its continuation lines) that are this database's plans. */
function plansIn(text) {
  const entries = [];
  for (const line of text.split('\n')) {
    if (/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/.test(line)) entries.push([line]);
    else if (entries.length) entries[entries.length - 1].push(line);
  }
  return entries
    .filter((e) => e[0].includes(`@${DB_NAME} `) && e[0].includes('plan:'))
    .map((e) => {
      const head = /\[(\d+)\].*duration: ([\d.]+ ms)/.exec(e[0]);
      const lines = e.slice(1).filter((l) => l.trim());
      const planStart = lines.findIndex((l) => l.includes('(cost='));
      const text = lines
        .slice(0, planStart)
        .map((l) => l.trim())
        .join(' ');
      return { pid: head?.[1], duration: head?.[2], text, lines };
    });
}

/**
 * One request of each read, as a player with history, on a server whose connections load
 * auto_explain (every statement, analyzed, with buffers); prints each read's plans.
 */
async function explainPass(databaseUrl, token) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  const available = await explainUnavailable(c);
  if (available.reason) {
    console.log(JSON.stringify({ explain: 'skipped', reason: available.reason }));
    await c.end();
    return;
  }
  const settings = [
    `session_preload_libraries = 'auto_explain'`,
    'auto_explain.log_min_duration = 0',
    'auto_explain.log_analyze = on',
    'auto_explain.log_buffers = on',
  ];
  for (const s of settings) await c.query(`alter database ${DB_NAME} set ${s}`);
  const server = await startServer({ databaseUrl, port: 3886 });
  const get = (path) => fetch(server.url + path, { headers: { authorization: `Bearer ${token}` } });
  try {
    // The first request of each read after the start fills the server's caches.
    for (const path of READS) await get(path).then((r) => r.arrayBuffer());
    // The statements of the server's own timers (pollers, sweeps), seen while no request runs,
    // are left out of the requests' windows.
    let offset = statSync(available.log).size;
    await new Promise((r) => setTimeout(r, 3000));
    const timers = new Set(plansIn(readFrom(available.log, offset)).map((p) => p.text));
    for (const path of READS) {
      offset = statSync(available.log).size;
      const res = await get(path);
      await res.arrayBuffer();
      await new Promise((r) => setTimeout(r, 150));
      const all = plansIn(readFrom(available.log, offset));
      const plans = all.filter((p) => !timers.has(p.text));
      const left = all.length - plans.length;
      console.log(
        `EXPLAIN GET ${path} (${res.status}, ${plans.length} statements${left ? `; ${left} of the server's timers left out` : ''}):`,
      );
      for (const p of plans)
        console.log(
          `  -- backend ${p.pid}, ${p.duration}\n` + p.lines.map((l) => '  ' + l).join('\n'),
        );
    }
  } finally {
    await stopServer(server.child);
    await c.query(`alter database ${DB_NAME} reset all`);
    await c.end();
  }
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
  const server = await startServer({ databaseUrl, port: 3885 });
  let users;
  try {
    users = await setup(server.url);
    // As pgbench does before it runs: the setup's writes analyzed and vacuumed now, not by an
    // autovacuum that lands inside one read's window (it cost that read its p99).
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    await c.query('vacuum analyze');
    await c.end();
    results.postgres = await measure('postgres', server.url, server.child.pid, users);
  } finally {
    await stopServer(server.child);
    rmSync(server.dataDir, { recursive: true, force: true });
  }
  if (process.env.BENCH_EXPLAIN !== '0') await explainPass(databaseUrl, users[0].token);
  const audit = execFileSync(process.execPath, ['--import', 'tsx', 'src/server/scripts/audit.ts'], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
  });
  console.log(audit.trim());
}

if (DATABASES.includes('pglite')) {
  const server = await startServer({ port: 3887 });
  try {
    const users = await setup(server.url);
    results.pglite = await measure('pglite', server.url, server.child.pid, users);
  } finally {
    await stopServer(server.child);
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}

const tps = pgUp ? pgbench(10, SECONDS) : null;
const summary = Object.fromEntries(
  READS.map((path) => {
    const p = results.postgres?.[path];
    const l = results.pglite?.[path];
    return [
      path,
      {
        ...(p
          ? { postgresVsPgbench10: +(p.okPerSec / tps).toFixed(2), postgresP99ms: p.p99ms }
          : {}),
        ...(l ? { pgliteOkPerSec: l.okPerSec, pgliteP99ms: l.p99ms } : {}),
      },
    ];
  }),
);
console.log(JSON.stringify({ ...(tps ? { pgbench10Tps: Math.round(tps) } : {}), reads: summary }));
