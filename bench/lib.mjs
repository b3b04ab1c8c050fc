// Shared helpers for the load benchmarks: start the real server, make users, drive load (wrk or autocannon).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const PG_BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';

export async function freshPgDatabase(name) {
  const c = new pg.Client({ connectionString: PG_BASE });
  await c.connect();
  await c.query(`drop database if exists ${name} with (force)`);
  await c.query(`create database ${name}`);
  await c.end();
  const url = new URL(PG_BASE);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a database freshPgDatabase made, once a run is done with it (the machine is shared). */
export async function dropPgDatabase(name) {
  const c = new pg.Client({ connectionString: PG_BASE });
  await c.connect();
  await c.query(`drop database if exists ${name} with (force)`);
  await c.end();
}

export async function pgReachable() {
  const c = new pg.Client({ connectionString: PG_BASE, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

const builtIn = new Set();
/**
 * The server to run in `cwd`: the built one (dist/server/main.mjs, what `npm start` runs), built
 * once per bench when stale; the TypeScript through tsx in a checkout from before the build.
 */
function serverCommand(cwd = process.cwd()) {
  if (!existsSync(path.join(cwd, 'scripts/build-server.mjs')))
    return ['--import', 'tsx', 'src/server/main.ts'];
  if (!builtIn.has(cwd)) {
    execFileSync(process.execPath, ['scripts/build-server.mjs', '--if-stale'], {
      cwd,
      stdio: 'inherit',
    });
    builtIn.add(cwd);
  }
  return ['dist/server/main.mjs'];
}

/**
 * Starts the server as `npm start` would (without the client build) and waits for it.
 * `cwd` runs another checkout's server (bench/compare-bets.mjs).
 */
export async function startServer({ databaseUrl, port, extraEnv = {}, cwd }) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fs-bench-'));
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: 'bench-admin-password',
    AUTH_RATE_LIMIT: '100000',
    // Benches register many accounts that move coins at once: the new-account rules are off.
    NEW_ACCOUNT_HOURS: '0',
    NEW_ACCOUNT_ACTIONS: '0',
    SIGNUPS_PER_DAY: '0',
    SEED_DEMO: 'false',
    ...extraEnv,
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : []),
      ...serverCommand(cwd),
    ],
    { env, cwd, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${url}/api/leaderboard/users`)).ok) return { child, url, dataDir };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('server did not start');
}

export function stopServer(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

export async function api(url, method, pathName, body, token) {
  const res = await fetch(url + pathName, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${pathName}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

export async function registerUsers(url, count, prefix) {
  const users = [];
  // Registration hashes passwords (argon2id); a few at a time keeps setup quick.
  for (let i = 0; i < count; i += 8) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(8, count - i) }, (_, j) =>
        api(url, 'POST', '/auth/register', {
          username: `${prefix}${i + j}`,
          password: 'bench-password-1',
        }),
      ),
    );
    users.push(...batch.map((r) => ({ token: r.token, username: r.user.username })));
  }
  return users;
}

/** An admin, `userCount` users holding 1,000,000 coins each and 50 open two-option bets. */
export async function setupWagerBench(url, userCount) {
  const admin = await api(url, 'POST', '/auth/login', {
    username: 'admin',
    password: 'bench-admin-password',
  });
  const users = await registerUsers(url, userCount, `bb${Date.now().toString(36).slice(-4)}`);
  for (const u of users)
    await api(url, 'PATCH', `/api/admin/balance/${u.username}`, { amount: 1_000_000 }, admin.token);
  const end = new Date(Date.now() + 24 * 3600_000).toISOString();
  const bets = [];
  for (let i = 0; i < 50; i++) {
    const res = await api(
      url,
      'POST',
      '/api/bets/create',
      {
        title: `Bench bet ${i} ${Date.now()}`,
        description: 'load test',
        endTime: end,
        options: [
          { text: 'Yes', odds: 1.9 },
          { text: 'No', odds: 2.1 },
        ],
      },
      admin.token,
    );
    bets.push(res.bet);
  }
  return { admin, users, bets };
}

/** A request maker for driveLoad: a random user stakes 1 coin on a random side of a random bet. */
export function randomWager(users, bets) {
  return () => ({
    token: users[Math.floor(Math.random() * users.length)].token,
    body: {
      betId: bets[Math.floor(Math.random() * bets.length)]._id,
      choice: Math.random() < 0.5 ? 'Yes' : 'No',
      amount: 1,
    },
  });
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * CPU time (user + system, ms) spent so far by the given process and by every `postgres`
 * process on this machine, from /proc. Null where /proc is missing. Throughput on a shared
 * 2-core host swings ±10% run to run; CPU per request barely moves, so it is the steadier
 * yardstick when comparing two trees.
 */
export function cpuMs(pid) {
  if (!existsSync('/proc/self/stat')) return null;
  // With `reaped`, the CPU of its children that have exited too: the postmaster's, for the
  // backends and autovacuum workers that ended during a case (they made the figure negative).
  const ticks = (p, reaped = false) => {
    try {
      const fields = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ');
      return (
        Number(fields[11]) +
        Number(fields[12]) +
        (reaped ? Number(fields[13]) + Number(fields[14]) : 0)
      );
    } catch {
      return 0;
    }
  };
  let db = 0;
  for (const p of readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue;
    try {
      if (readFileSync(`/proc/${p}/comm`, 'utf8').trim() === 'postgres') db += ticks(p, true);
    } catch {
      // exited meanwhile
    }
  }
  return { server: ticks(pid) * MS_PER_TICK, db: db * MS_PER_TICK };
}
const MS_PER_TICK = (() => {
  try {
    return 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
  } catch {
    return 10;
  }
})();

/**
 * The load generator: wrk (C, like pgbench's own client) where it is installed, so the
 * generator takes as little of the shared cores as the yardstick's does; autocannon (JavaScript,
 * in this process) otherwise or with BENCH_LOADGEN=autocannon.
 */
export const LOADGEN =
  process.env.BENCH_LOADGEN ?? (existsSync('/usr/bin/wrk') ? 'wrk' : 'autocannon');

/**
 * Drives one route (POST unless `method` says otherwise) with LOADGEN for `seconds` at
 * `connections`; `makeRequest()` returns { token, body } for each request (no body for a GET, a
 * null token for a visitor). Answers the 200s per second, latencies and status counts. With `serverPid`, also reports the server's and PostgreSQL's
 * CPU microseconds per answered request (backends that exit during the run are not counted).
 */
export async function driveLoad({
  url,
  path: route,
  method = 'POST',
  seconds,
  connections,
  makeRequest,
  serverPid,
}) {
  const cpuBefore = serverPid ? cpuMs(serverPid) : null;
  const load = { url, route, method, seconds, connections, makeRequest };
  const run = LOADGEN === 'wrk' ? await wrkLoad(load) : await autocannonLoad(load);
  const cpuAfter = cpuBefore ? cpuMs(serverPid) : null;
  const perRequest = (k) =>
    cpuBefore && run.answered
      ? Math.round(((cpuAfter[k] - cpuBefore[k]) * 1000) / run.answered)
      : undefined;
  return {
    okPerSec: Math.round(run.ok / seconds),
    p50ms: run.p50ms,
    p99ms: run.p99ms,
    serverCpuUs: perRequest('server'),
    dbCpuUs: perRequest('db'),
    statuses: run.statuses,
    errors: run.errors,
    loadgen: LOADGEN,
  };
}

const headersFor = (token, body) => ({
  ...(body === undefined ? {} : { 'content-type': 'application/json' }),
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});

async function autocannonLoad({ url, route, method, seconds, connections, makeRequest }) {
  const { default: autocannon } = await import('autocannon');
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: [
      {
        method,
        path: route,
        setupRequest: (req) => {
          const { token, body } = makeRequest();
          return {
            ...req,
            headers: headersFor(token, body),
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          };
        },
      },
    ],
  });
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count]),
  );
  const answered = Object.values(statuses).reduce((a, b) => a + b, 0);
  return {
    ok: statuses['200'] ?? 0,
    answered,
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    statuses,
    errors: result.errors,
  };
}

/**
 * wrk with one thread: 4,000 requests drawn from `makeRequest()` beforehand (Lua string
 * literals written as JSON strings, whose escapes Lua reads alike for this ASCII), sent in a random
 * order, so the mix is the one autocannon would send. wrk counts every non-2xx answer, so
 * statuses are 200 and "other".
 */
async function wrkLoad({ url, route, method, seconds, connections, makeRequest }) {
  const luaString = (v) => JSON.stringify(v);
  const samples = Array.from({ length: 4000 }, () => {
    const { token, body } = makeRequest();
    const headers = Object.entries(headersFor(token, body))
      .map(([k, v]) => `[${luaString(k)}] = ${luaString(v)}`)
      .join(', ');
    return `wrk.format(${luaString(method)}, ${luaString(route)}, { ${headers} }${body === undefined ? '' : `, ${luaString(JSON.stringify(body))}`})`;
  });
  const lua = `
local reqs = {}
init = function(args)
  ${samples.map((r, i) => `reqs[${i + 1}] = ${r}`).join('\n  ')}
  math.randomseed(os.time())
end
request = function() return reqs[math.random(#reqs)] end
done = function(summary, latency, requests)
  io.write(string.format('WRK_RESULT {"requests":%d,"non2xx":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d,"p50us":%d,"p99us":%d}\\n',
    summary.requests, summary.errors.status, summary.errors.connect, summary.errors.read, summary.errors.write, summary.errors.timeout,
    latency:percentile(50), latency:percentile(99)))
end
`;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fs-wrk-'));
  const script = path.join(dir, 'load.lua');
  writeFileSync(script, lua);
  try {
    const r = await runWrk({ script, url, connections, seconds });
    const errors = r.connect + r.read + r.write + r.timeout;
    return {
      ok: r.requests - r.non2xx,
      answered: r.requests,
      p50ms: +(r.p50us / 1000).toFixed(1),
      p99ms: +(r.p99us / 1000).toFixed(1),
      statuses: { 200: r.requests - r.non2xx, ...(r.non2xx ? { other: r.non2xx } : {}) },
      errors,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Runs wrk (one thread) with a Lua `script` whose done() writes `WRK_RESULT {json}`; answers
 * that JSON.
 */
export async function runWrk({ script, url, connections, seconds }) {
  const out = await new Promise((resolve, reject) => {
    const child = spawn(
      'wrk',
      [
        '-t',
        '1',
        '-c',
        String(connections),
        '-d',
        `${seconds}s`,
        '--timeout',
        '10s',
        '-s',
        script,
        url,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let text = '';
    child.stdout.on('data', (d) => (text += d));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(text) : reject(new Error(`wrk exited ${code}: ${text}`)),
    );
  });
  const line = /WRK_RESULT (\{.*\})/.exec(out);
  if (!line) throw new Error(`wrk printed no result: ${out}`);
  return JSON.parse(line[1]);
}

/**
 * The JavaScript a page loads in Debian's chromium (every .js response up to network idle),
 * raw and as gzip -9 and brotli would send it. Null without chromium or a client build.
 */
export async function pageJs(port, pagePath, clientDir = 'dist/client', { signedIn = false } = {}) {
  const sizes = await pagesJs(
    port,
    [{ path: pagePath, auth: signedIn ? 'user' : 'public' }],
    clientDir,
  );
  return sizes?.[0] ?? null;
}

/**
 * pageJs for many pages on one server and one browser: each page is a first visit (a fresh
 * browser context, so nothing cached), as a visitor ('public'), a fresh player ('user') or the
 * admin ('admin'). A page that never settles answers { page, error }.
 */
export async function pagesJs(port, pages, clientDir = 'dist/client') {
  if (!existsSync('/usr/bin/chromium') || !existsSync(path.join(clientDir, 'index.html')))
    return null;
  const { chromium } = await import('playwright-core');
  const { child, url } = await startServer({
    port,
    extraEnv: { CLIENT_DIR: path.resolve(clientDir) },
  });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  // A file's three sizes, once: brotli at its top level takes a while on the entry chunk.
  const sizes = new Map();
  const sizeOf = (p) => {
    if (!sizes.has(p)) {
      const buf = readFileSync(path.join(clientDir, p));
      sizes.set(p, {
        raw: buf.length,
        gz: gzipSync(buf, { level: 9 }).length,
        br: brotliCompressSync(buf).length,
      });
    }
    return sizes.get(p);
  };
  const sessions = {};
  const sessionFor = async (auth) => {
    if (auth === 'public') return null;
    sessions[auth] ??= (async () => {
      const { token } =
        auth === 'admin'
          ? await api(url, 'POST', '/auth/login', {
              username: 'admin',
              password: 'bench-admin-password',
            })
          : await api(url, 'POST', '/auth/register', {
              username: `js${port}${Date.now().toString(36).slice(-4)}`,
              password: 'bench-password-1',
            });
      const user = await (
        await fetch(`${url}/api/user/stats`, { headers: { authorization: `Bearer ${token}` } })
      ).json();
      return [token, user];
    })();
    return sessions[auth];
  };
  const results = [];
  try {
    for (const { path: pagePath, auth = 'public' } of pages) {
      const context = await browser.newContext();
      try {
        const session = await sessionFor(auth);
        if (session) {
          // The session in local storage before the app's first script runs (src/client/lib/sessionStore.ts).
          await context.addInitScript(([token, user]) => {
            localStorage.setItem('token', token);
            localStorage.setItem('user', JSON.stringify(user));
          }, session);
        }
        const page = await context.newPage();
        const scripts = new Set();
        page.on('response', (res) => {
          if (res.url().endsWith('.js')) scripts.add(new URL(res.url()).pathname);
        });
        const settled = watchNetwork(page);
        await page.goto(url + pagePath, { waitUntil: 'load' });
        await settled();
        let raw = 0;
        let gz = 0;
        let br = 0;
        for (const p of scripts) {
          const size = sizeOf(p);
          raw += size.raw;
          gz += size.gz;
          br += size.br;
        }
        const kib = (n) => +(n / 1024).toFixed(1);
        results.push({
          page: pagePath,
          ...(auth === 'public' ? {} : { signedIn: auth }),
          files: scripts.size,
          rawKiB: kib(raw),
          gzipKiB: kib(gz),
          brotliKiB: kib(br),
        });
      } catch (error) {
        results.push({ page: pagePath, error: String(error?.message ?? error).split('\n')[0] });
      } finally {
        await context.close();
      }
    }
    return results;
  } finally {
    await browser.close();
    await stopServer(child);
  }
}

/**
 * Resolves once the page is done loading: no request in flight or started for a second, and then
 * an idle moment on its main thread that started none either. Playwright's networkidle (half a
 * second without requests) fired on a busy host while the entry chunk was still running, before
 * it asked for the route's chunk.
 */
function watchNetwork(page) {
  let inflight = 0;
  let events = 0;
  page.on('request', () => {
    inflight++;
    events++;
  });
  const done = () => {
    inflight--;
    events++;
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  // A page that polls faster than that would never settle: it is measured after 30 s.
  return async () => {
    for (const started = Date.now(); Date.now() - started < 30_000;) {
      const seen = events;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      if (inflight > 0 || events !== seen) continue;
      await page.evaluate(
        () => new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout: 5000 })),
      );
      if (inflight === 0 && events === seen) return;
    }
  };
}

/** pgbench's TPC-B-like load (16 clients) on a scratch database of the given scale: the yardstick the benches compare against. */
export function pgbench(scale, seconds) {
  const url = new URL(PG_BASE);
  const db = `fs_pgbench_s${scale}`;
  // A socket directory in ?host= (as node-pg reads it) is where pgbench connects too: same transport for both.
  const conn = [
    '-h',
    url.searchParams.get('host') ?? url.hostname,
    '-p',
    url.port || '5432',
    '-U',
    decodeURIComponent(url.username || 'root'),
  ];
  execFileSync(
    'psql',
    [
      ...conn,
      '-d',
      url.pathname.slice(1),
      '-qc',
      `drop database if exists ${db} with (force)`,
      '-c',
      `create database ${db}`,
    ],
    { stdio: 'ignore' },
  );
  execFileSync('pgbench', [...conn, '-i', '-q', '-s', String(scale), db], { stdio: 'ignore' });
  const out = execFileSync('pgbench', [...conn, '-c', '16', '-j', '2', '-T', String(seconds), db], {
    encoding: 'utf8',
  });
  const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? NaN);
  execFileSync(
    'psql',
    [...conn, '-d', url.pathname.slice(1), '-qc', `drop database if exists ${db} with (force)`],
    { stdio: 'ignore' },
  );
  console.log(
    JSON.stringify({ pgbench: `TPC-B-like scale ${scale}, 16 clients`, tps: Math.round(tps) }),
  );
  return tps;
}

/**
 * Resident memory of a process and of every process under it, from /proc (null where /proc is
 * missing): what an operator's `ps` shows for `npm start`. `hwm` is each process's peak.
 */
export function processTree(pid) {
  if (!existsSync('/proc/self/status')) return null;
  const children = new Map();
  for (const p of readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(p)]);
    } catch {
      // exited meanwhile
    }
  }
  const mib = (kib) => Math.round(kib / 1024);
  const processes = [];
  for (const queue = [pid]; queue.length;) {
    const p = queue.shift();
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8');
      const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
      const cmd = readFileSync(`/proc/${p}/cmdline`, 'utf8')
        .split('\0')
        .filter(Boolean)
        .map((a) => path.basename(a))
        .join(' ');
      processes.push({
        pid: p,
        cmd: cmd.slice(0, 60),
        rssMiB: mib(field('VmRSS')),
        peakMiB: mib(field('VmHWM')),
      });
    } catch {
      continue;
    }
    queue.push(...(children.get(p) ?? []));
  }
  return {
    processes: processes.length,
    rssMiB: processes.reduce((a, p) => a + p.rssMiB, 0),
    each: processes,
  };
}

/** GETs `url` until it answers 200 (or `child` exits): ms since `startedAt` (process.hrtime.bigint()). */
export async function waitReady(url, child, startedAt) {
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`exited ${child.exitCode} before answering ${url}`);
    try {
      if ((await fetch(url)).ok) return Number(process.hrtime.bigint() - startedAt) / 1e6;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}
