// `npm run bench:games`: coin flip, roulette and slots rounds/s (with the server's and PostgreSQL's
// CPU microseconds per round) at 32 connections on PostgreSQL against pgbench
// scale 10 in the same run (the betting bench's method), and Minefield reveal latency at 32
// connections with many users each playing their own game.
import { execFileSync } from 'node:child_process';
import { api, driveLoad, freshPgDatabase, PG_BASE, pgReachable, registerUsers, startServer, stopServer, pgbench } from './lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 32;
const USERS = Number(process.env.BENCH_USERS ?? 128);
// A big grid with the fewest mines keeps each game long, so most timed requests are reveals
// rather than the game starts that follow an explosion.
const GRID = { rows: 12, cols: 12, mines: 2 };


const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : NaN;
};

/**
 * Minefield reveals at `CONNECTIONS` concurrent workers. autocannon cannot follow a game's
 * state (which cells are left, when a mine ends it), so each worker owns its own users and
 * reveals their next cell in turn; only reveal calls are timed, the restarts are not.
 */
async function minefieldReveals(url, users) {
  const games = new Map();
  const start = async (u) => {
    const g = await api(url, 'POST', '/api/games/minefield/start', { betAmount: 1, ...GRID }, u.token);
    games.set(u.username, { sessionId: g.sessionId, next: 0 });
  };
  for (let i = 0; i < users.length; i += 16) await Promise.all(users.slice(i, i + 16).map(start));
  const times = [];
  const statuses = {};
  let restarts = 0;
  const deadline = Date.now() + DURATION * 1000;
  const worker = async (w) => {
    const mine = users.filter((_, i) => i % CONNECTIONS === w);
    for (let k = 0; Date.now() < deadline; k++) {
      const u = mine[k % mine.length];
      const g = games.get(u.username);
      const started = process.hrtime.bigint();
      const res = await fetch(`${url}/api/games/minefield/reveal`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${u.token}` },
        body: JSON.stringify({ sessionId: g.sessionId, cellIndex: g.next++ }),
      });
      const body = await res.json();
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      if (!res.ok || body.exploded || body.reward !== null) {
        restarts++;
        await start(u);
      }
    }
  };
  const t0 = Date.now();
  await Promise.all(Array.from({ length: Math.min(CONNECTIONS, users.length) }, (_, w) => worker(w)));
  const seconds = (Date.now() - t0) / 1000;
  const line = {
    case: `postgres, Minefield reveal ${GRID.rows}x${GRID.cols} ${GRID.mines} mines, ${users.length} users`,
    revealsPerSec: Math.round((statuses['200'] ?? 0) / seconds),
    p50ms: +percentile(times, 50).toFixed(1),
    p99ms: +percentile(times, 99).toFixed(1),
    statuses,
    gamesRestarted: restarts,
  };
  console.log(JSON.stringify(line));
  return line;
}

if (!(await pgReachable())) {
  console.log(`PostgreSQL not reachable at ${PG_BASE}; set BENCH_DATABASE_URL`);
  process.exit(1);
}

const results = {};
const databaseUrl = await freshPgDatabase('fs_bench_games');
const { child, url } = await startServer({ databaseUrl, port: 3841 });
try {
  const admin = await api(url, 'POST', '/auth/login', { username: 'admin', password: 'bench-admin-password' });
  const users = await registerUsers(url, USERS, `bg${Date.now().toString(36).slice(-4)}`);
  for (const u of users) await api(url, 'PATCH', `/api/admin/balance/${u.username}`, { amount: 1_000_000 }, admin.token);

  const pick = () => users[Math.floor(Math.random() * users.length)].token;
  const stakeGames = [
    ['coinFlip', '/api/games/coin-flip', () => ({ betAmount: 1, guess: Math.random() < 0.5 ? 'heads' : 'tails' })],
    ['roulette', '/api/games/roulette', () => ({ betAmount: 1, color: ['red', 'black', 'green'][Math.floor(Math.random() * 3)] })],
    ['slots', '/api/games/slots', () => ({ betAmount: 1 })],
  ];
  // JIT and pools warm before anything counts (the first case measured ran ~20% slow).
  await driveLoad({ url, path: stakeGames[0][1], seconds: 3, connections: CONNECTIONS, makeRequest: () => ({ token: pick(), body: stakeGames[0][2]() }) });
  for (const [key, path, body] of stakeGames) {
    const { okPerSec, ...rest } = await driveLoad({
      url,
      serverPid: child.pid,
      path,
      seconds: DURATION,
      connections: CONNECTIONS,
      makeRequest: () => ({ token: pick(), body: body() }),
    });
    results[key] = { case: `postgres, ${path}, bet 1`, roundsPerSec: okPerSec, ...rest };
    console.log(JSON.stringify(results[key]));
  }

  results.minefield = await minefieldReveals(url, users);
} finally {
  await stopServer(child);
}
const audit = execFileSync(process.execPath, ['--import', 'tsx', 'src/server/scripts/audit.ts'], { env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: 'utf8' });
console.log(audit.trim());

results.pgbench10 = pgbench(10, DURATION);
console.log(
  JSON.stringify({
    pgbench10Tps: results.pgbench10,
    ...Object.fromEntries(
      ['coinFlip', 'roulette', 'slots'].flatMap((k) => [
        [`${k}VsPgbench10`, +(results[k].roundsPerSec / results.pgbench10).toFixed(2)],
        [`${k}P99ms`, results[k].p99ms],
      ]),
    ),
    minefieldRevealP99ms: results.minefield.p99ms,
  }),
);
