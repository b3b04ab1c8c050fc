// `npm run bench:idle` (issue 24): Coin Tycoon buys and Merge Lab merges per second at 32
// connections on PostgreSQL, many players each acting on their own game, against pgbench scale
// 10 in the same run. Each action settles the game to the server clock and writes its state
// under the game row's lock (engine/gameState.ts).
import { execFileSync } from 'node:child_process';
import pg from 'pg';
import {
  api,
  cpuMs,
  freshPgDatabase,
  PG_BASE,
  pgbench,
  pgReachable,
  registerUsers,
  startServer,
  stopServer,
} from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 32;
const USERS = Number(process.env.BENCH_USERS ?? 128);

const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : NaN;
};

if (!(await pgReachable())) {
  console.log(`PostgreSQL not reachable at ${PG_BASE}; set BENCH_DATABASE_URL`);
  process.exit(1);
}

/**
 * `CONNECTIONS` workers, each owning its players, sending `next(player)` in turn for SECONDS;
 * `refill(players)` (untimed) runs when a player has nothing left to do.
 */
async function drive(url, users, label, next, pid) {
  const times = [];
  const statuses = {};
  const deadline = Date.now() + SECONDS * 1000;
  const before = cpuMs(pid);
  const worker = async (w) => {
    const mine = users.filter((_, i) => i % CONNECTIONS === w);
    for (let k = 0; Date.now() < deadline; k++) {
      const u = mine[k % mine.length];
      const req = await next(u);
      const started = process.hrtime.bigint();
      const res = await fetch(`${url}${req.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${u.token}` },
        body: JSON.stringify(req.body),
      });
      await res.arrayBuffer();
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }
  };
  const t0 = Date.now();
  await Promise.all(
    Array.from({ length: Math.min(CONNECTIONS, users.length) }, (_, w) => worker(w)),
  );
  const seconds = (Date.now() - t0) / 1000;
  const after = cpuMs(pid);
  const ok = statuses['200'] ?? 0;
  const line = {
    case: label,
    actionsPerSec: Math.round(ok / seconds),
    p50ms: +percentile(times, 50).toFixed(1),
    p99ms: +percentile(times, 99).toFixed(1),
    serverCpuUs: Math.round(((after.server - before.server) * 1000) / Math.max(1, times.length)),
    dbCpuUs: Math.round(((after.db - before.db) * 1000) / Math.max(1, times.length)),
    statuses,
  };
  console.log(JSON.stringify(line));
  return line;
}

const databaseUrl = await freshPgDatabase('fs_bench_idle');
const { child, url } = await startServer({ databaseUrl, port: 3871 });
const db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
const results = {};
try {
  const users = await registerUsers(url, USERS, `id${Date.now().toString(36).slice(-4)}`);
  for (const u of users) {
    await api(url, 'GET', '/api/games/coin-tycoon', undefined, u.token);
    await api(url, 'GET', '/api/games/merge-lab', undefined, u.token);
  }
  // Every company rich enough for any number of lemonade stands.
  await db.query(
    `update coin_tycoon_games set state = state || '{"bucks": "1000000000000000000000000000000000000000"}'::jsonb`,
  );
  results.buy = await drive(
    url,
    users,
    'postgres, POST /api/games/coin-tycoon/buy, 1 lemonade stand',
    async () => ({ path: '/api/games/coin-tycoon/buy', body: { business: 'lemonade', count: 1 } }),
    child.pid,
  );

  // Boards of 21 identical pairs (cells 2k and 2k+1); each merge uses one, then the board is refilled (untimed).
  const pairs = Array.from({ length: 42 }, (_, i) => ({
    c: ['potion', 'crystal', 'plant'][Math.floor(i / 2) % 3],
    t: 1 + (Math.floor(i / 6) % 4),
  }));
  const fill = (ids) =>
    db.query(
      `update merge_lab_games set state = jsonb_set(state, '{board}', $1::jsonb) where user_id = any($2::bigint[])`,
      [JSON.stringify(pairs), ids],
    );
  const ids = (await db.query('select user_id from merge_lab_games')).rows.map((r) => r.user_id);
  await fill(ids);
  const { rows: idRows } = await db.query('select id, username from users');
  const idOf = new Map(idRows.map((r) => [r.username, r.id]));
  const nextPair = new Map(users.map((u) => [u.username, 0]));
  results.merge = await drive(
    url,
    users,
    'postgres, POST /api/games/merge-lab/merge, one pair',
    async (u) => {
      let k = nextPair.get(u.username);
      if (k >= 21) {
        await fill([idOf.get(u.username)]);
        k = 0;
      }
      nextPair.set(u.username, k + 1);
      return { path: '/api/games/merge-lab/merge', body: { from: 2 * k, to: 2 * k + 1 } };
    },
    child.pid,
  );
} finally {
  await db.end();
  await stopServer(child);
}
const audit = execFileSync(process.execPath, ['--import', 'tsx', 'src/server/scripts/audit.ts'], {
  env: { ...process.env, DATABASE_URL: databaseUrl },
  encoding: 'utf8',
});
console.log(audit.trim());
results.pgbench10 = pgbench(10, SECONDS);
console.log(
  JSON.stringify({
    pgbench10Tps: Math.round(results.pgbench10),
    buyVsPgbench10: +(results.buy.actionsPerSec / results.pgbench10).toFixed(2),
    buyP99ms: results.buy.p99ms,
    mergeVsPgbench10: +(results.merge.actionsPerSec / results.pgbench10).toFixed(2),
    mergeP99ms: results.merge.p99ms,
  }),
);
