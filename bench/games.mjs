// `npm run bench:games`: coin flip, roulette and slots rounds/s (with the server's and PostgreSQL's
// CPU microseconds per round) at 32 connections on PostgreSQL against pgbench
// scale 10 in the same run (the betting bench's method), Minefield reveal and cash-out latency
// at 32 connections with many users each playing their own game, and the wheels' spins and
// Click Frenzy's clicks of 20,000 players against the same pgbench.
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import pg from 'pg';
import { driveCalls, post, seedPlayers } from './players.mjs';
import {
  api,
  cpuMs,
  driveLoad,
  freshPgDatabase,
  PG_BASE,
  pgReachable,
  registerUsers,
  startServer,
  stopServer,
  pgbench,
} from './lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 32;
const USERS = Number(process.env.BENCH_USERS ?? 128);
/** Players written straight into the tables for the wheels and Click Frenzy. */
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 20_000);
const CLICKERS = Math.ceil(PLAYERS / 10);
/** BENCH_ONLY=spinner,frenzy runs only those cases (keys as in the summary line). */
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',')) : null;
const runs = (key) => !ONLY || ONLY.has(key);
// A big grid with the fewest mines keeps each game long, so most timed requests are reveals
// rather than the game starts that follow an explosion.
const GRID = { rows: 12, cols: 12, mines: 2 };

const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : NaN;
};

/**
 * Minefield at `CONNECTIONS` concurrent workers. wrk cannot follow a game's state (which cells
 * are left, when a mine ends it), so each worker owns its own users and plays their games in
 * turn. Mode 'reveal' reveals each game's next cell, restarting it when it ends; mode 'cashout'
 * reveals one cell and cashes out, then starts again. Only the reveals, or only the cash-outs,
 * are timed. Reports the server's and PostgreSQL's CPU per timed call (the untimed calls'
 * included) and the bench client's own. `games` holds each user's open game between calls.
 */
async function minefield(url, users, serverPid, mode, games) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const start = async (u) => {
    const res = await post(agent, url, '/api/games/minefield/start', u.token, {
      betAmount: 100,
      ...GRID,
    });
    if (res.status !== 200)
      throw new Error(`minefield start: ${res.status} ${JSON.stringify(res.body)}`);
    games.set(u.username, { sessionId: res.body.sessionId, next: 0 });
  };
  const idle = users.filter((u) => !games.has(u.username));
  for (let i = 0; i < idle.length; i += 16) await Promise.all(idle.slice(i, i + 16).map(start));
  const times = [];
  const statuses = {};
  let restarts = 0;
  const deadline = Date.now() + DURATION * 1000;
  const worker = async (w) => {
    const mine = users.filter((_, i) => i % CONNECTIONS === w);
    for (let k = 0; Date.now() < deadline; k++) {
      const u = mine[k % mine.length];
      const g = games.get(u.username);
      const timed = async (route, body) => {
        const started = process.hrtime.bigint();
        const res = await post(agent, url, route, u.token, body);
        times.push(Number(process.hrtime.bigint() - started) / 1e6);
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        return res;
      };
      const reveal = { sessionId: g.sessionId, cellIndex: g.next++ };
      const res =
        mode === 'reveal'
          ? await timed('/api/games/minefield/reveal', reveal)
          : await post(agent, url, '/api/games/minefield/reveal', u.token, reveal);
      const ended = res.status !== 200 || res.body.exploded || res.body.reward !== null;
      if (mode === 'cashout' && !ended)
        await timed('/api/games/minefield/cashout', { sessionId: g.sessionId });
      if (ended || mode === 'cashout') {
        restarts++;
        await start(u);
      }
    }
  };
  const t0 = Date.now();
  const cpuBefore = cpuMs(serverPid);
  const clientBefore = process.cpuUsage();
  await Promise.all(
    Array.from({ length: Math.min(CONNECTIONS, users.length) }, (_, w) => worker(w)),
  );
  const seconds = (Date.now() - t0) / 1000;
  const cpuAfter = cpuMs(serverPid);
  const client = process.cpuUsage(clientBefore);
  const answered = Object.values(statuses).reduce((a, b) => a + b, 0);
  const perCall = (ms) => Math.round((ms * 1000) / answered);
  const line = {
    case: `postgres, Minefield ${mode} ${GRID.rows}x${GRID.cols} ${GRID.mines} mines, ${users.length} users`,
    [`${mode}sPerSec`]: Math.round((statuses['200'] ?? 0) / seconds),
    p50ms: +percentile(times, 50).toFixed(1),
    p99ms: +percentile(times, 99).toFixed(1),
    serverCpuUs: perCall(cpuAfter.server - cpuBefore.server),
    dbCpuUs: perCall(cpuAfter.db - cpuBefore.db),
    benchClientCpuUs: Math.round((client.user + client.system) / answered),
    statuses,
    gamesRestarted: restarts,
  };
  agent.destroy();
  console.log(JSON.stringify(line));
  return line;
}

async function pastSpins(databaseUrl, prefix, wheels) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    await c.query(
      `insert into spinner_cooldowns (user_id, spinner_id, next_spin_at)
       select u.id, w, now() - interval '7 days' from users u, unnest($2::text[]) w where u.username like $1 || '%'`,
      [prefix, wheels],
    );
    await c.query(
      `update sessions set last_used_at = now() - interval '2 hours' where user_id in (select id from users where username like $1 || '%')`,
      [prefix],
    );
    await c.query('analyze spinner_cooldowns');
  } finally {
    await c.end();
  }
}

if (!(await pgReachable())) {
  console.log(`PostgreSQL not reachable at ${PG_BASE}; set BENCH_DATABASE_URL`);
  process.exit(1);
}

const results = {};
/** Answered calls per second of each case, for the ratios to pgbench. */
const rates = {};
const databaseUrl = await freshPgDatabase('fs_bench_games');
const { child, url } = await startServer({ databaseUrl, port: 3841 });
try {
  const admin = await api(url, 'POST', '/auth/login', {
    username: 'admin',
    password: 'bench-admin-password',
  });
  const users = await registerUsers(url, USERS, `bg${Date.now().toString(36).slice(-4)}`);
  for (const u of users)
    await api(url, 'PATCH', `/api/admin/balance/${u.username}`, { amount: 1_000_000 }, admin.token);

  const pick = () => users[Math.floor(Math.random() * users.length)].token;
  const stakeGames = [
    [
      'coinFlip',
      '/api/games/coin-flip',
      () => ({ betAmount: 1, guess: Math.random() < 0.5 ? 'heads' : 'tails' }),
    ],
    [
      'roulette',
      '/api/games/roulette',
      () => ({ betAmount: 1, color: ['red', 'black', 'green'][Math.floor(Math.random() * 3)] }),
    ],
    ['slots', '/api/games/slots', () => ({ betAmount: 1 })],
  ];
  // JIT and pools warm before anything counts (the first case measured ran ~20% slow).
  await driveLoad({
    url,
    path: stakeGames[0][1],
    seconds: 3,
    connections: CONNECTIONS,
    makeRequest: () => ({ token: pick(), body: stakeGames[0][2]() }),
  });
  for (const [key, path, body] of stakeGames) {
    if (!runs(key)) continue;
    const { okPerSec, ...rest } = await driveLoad({
      url,
      serverPid: child.pid,
      path,
      seconds: DURATION,
      connections: CONNECTIONS,
      makeRequest: () => ({ token: pick(), body: body() }),
    });
    results[key] = { case: `postgres, ${path}, bet 1`, roundsPerSec: okPerSec, ...rest };
    rates[key] = okPerSec;
    console.log(JSON.stringify(results[key]));
  }

  // Each user's game, as the reveals left it for the cash-outs.
  const games = new Map();
  if (runs('minefield')) {
    results.minefield = await minefield(url, users, child.pid, 'reveal', games);
    results.minefieldCashout = await minefield(url, users, child.pid, 'cashout', games);
  }

  // Each player spins each wheel once (a wheel's cooldown is hours, so every spin is a player's
  // first call for a while: the session and the seed pair are read too).
  const prefix = `gp${Date.now().toString(36).slice(-4)}`;
  const tokens = await seedPlayers(databaseUrl, PLAYERS, prefix, users[0].username);
  const wheels = ['spinner', 'spinner12', 'spinnerDaily', 'spinnerWeekly'];
  // They have spun every wheel before, a week ago, as on a site that has run a while (with the
  // table empty when last analyzed, PostgreSQL plans its look-ups as scans of the whole table
  // until autovacuum analyzes it again, up to a minute), and come back after two hours away.
  await pastSpins(databaseUrl, prefix, wheels);
  const rewardGames = [
    [
      'spinner',
      'spins',
      (k) =>
        k < PLAYERS * wheels.length
          ? { route: `/api/games/${wheels[Math.floor(k / PLAYERS)]}`, token: tokens[k % PLAYERS] }
          : null,
    ],
    // A tenth of them click, a click each every second or so, as players do while the animals fall.
    [
      'frenzy',
      'clicks',
      (k) =>
        k < CLICKERS * 100
          ? {
              route: '/api/games/click-frenzy',
              token: tokens[k % CLICKERS],
              body: { clicks: 1, emoji: '🐶' },
            }
          : null,
    ],
  ];
  for (const [key, unit, calls] of rewardGames) {
    if (!runs(key)) continue;
    const { okPerSec, ...rest } = await driveCalls({
      url,
      serverPid: child.pid,
      calls,
      seconds: DURATION,
      connections: CONNECTIONS,
    });
    results[key] = {
      case: `postgres, ${key}, ${key === 'frenzy' ? CLICKERS : PLAYERS} players`,
      [`${unit}PerSec`]: okPerSec,
      ...rest,
    };
    rates[key] = okPerSec;
    console.log(JSON.stringify(results[key]));
  }
} finally {
  await stopServer(child);
}
const audit = execFileSync(process.execPath, ['--import', 'tsx', 'src/server/scripts/audit.ts'], {
  env: { ...process.env, DATABASE_URL: databaseUrl },
  encoding: 'utf8',
});
console.log(audit.trim());

results.pgbench10 = pgbench(10, DURATION);
console.log(
  JSON.stringify({
    pgbench10Tps: results.pgbench10,
    ...Object.fromEntries(
      ['coinFlip', 'roulette', 'slots', 'spinner', 'frenzy'].filter(runs).flatMap((k) => [
        [`${k}VsPgbench10`, +(rates[k] / results.pgbench10).toFixed(2)],
        [`${k}P99ms`, results[k].p99ms],
      ]),
    ),
    ...(runs('minefield')
      ? {
          minefieldRevealP99ms: results.minefield.p99ms,
          minefieldCashoutP99ms: results.minefieldCashout.p99ms,
        }
      : {}),
  }),
);
