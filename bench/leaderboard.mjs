// `npm run bench:leaderboard`: GET /api/leaderboard/users (each sort) and GET /api/games/leaderboard
// at 16 connections on PostgreSQL with BENCH_USERS players (300,000 by default), once with the
// boards computed on every request (LEADERBOARD_CACHE_MS=0) and once as served (a snapshot a
// second old at most), with the server's and PostgreSQL's CPU microseconds per request; and the
// admin's user list (a page, a search, a page from the middle) at that size.
import pg from 'pg';
import {
  api,
  driveLoad,
  freshPgDatabase,
  PG_BASE,
  pgReachable,
  startServer,
  stopServer,
} from './lib.mjs';

const USERS = Number(process.env.BENCH_USERS ?? 300_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 16;

if (!(await pgReachable())) {
  console.log(`PostgreSQL not reachable at ${PG_BASE}; set BENCH_DATABASE_URL`);
  process.exit(1);
}

async function getLoad(url, path, token, serverPid) {
  const { okPerSec, ...rest } = await driveLoad({
    url,
    path,
    method: 'GET',
    seconds: SECONDS,
    connections: CONNECTIONS,
    makeRequest: () => ({ token }),
    serverPid,
  });
  return { path, perSec: okPerSec, ...rest };
}

const databaseUrl = await freshPgDatabase('fs_bench_leaderboard');
for (const cacheMs of [0, 1000]) {
  const { child, url } = await startServer({
    databaseUrl,
    port: 3851,
    extraEnv: { LEADERBOARD_CACHE_MS: String(cacheMs) },
  });
  try {
    if (cacheMs === 0) {
      // Players straight into the table: registering 300,000 through the API would take an hour of argon2.
      const c = new pg.Client({ connectionString: databaseUrl });
      await c.connect();
      await c.query(
        `insert into users (username, password_hash, balance, bets_won)
        select 'lb' || i, 'x', (random() * 1000000)::bigint, (random() * 500)::int from generate_series(1, $1) i`,
        [USERS],
      );
      await c.query(`insert into user_stats (user_id, stat, value)
        select id, 'achievements_claimed', (random() * 30)::int from users where username like 'lb%' and id % 3 = 0`);
      await c.query('analyze');
      await c.end();
    }
    const player = await api(url, 'POST', '/auth/register', {
      username: `lbp${cacheMs}`,
      password: 'bench-password-1',
    });
    const one = async (path) => {
      const t = process.hrtime.bigint();
      await fetch(url + path, { headers: { authorization: `Bearer ${player.token}` } }).then((r) =>
        r.arrayBuffer(),
      );
      return +(Number(process.hrtime.bigint() - t) / 1e6).toFixed(1);
    };
    const paths = [
      '/api/leaderboard/users?sort=balance',
      '/api/leaderboard/users?sort=wins',
      '/api/leaderboard/users?sort=achievements',
      '/api/games/leaderboard',
    ];
    for (const path of paths) {
      const alone = [await one(path), await one(path), await one(path)];
      console.log(
        JSON.stringify({
          case: `${USERS} users, LEADERBOARD_CACHE_MS=${cacheMs}`,
          aloneMs: alone,
          ...(await getLoad(url, path, player.token, child.pid)),
        }),
      );
    }
    if (cacheMs === 0) {
      // The admin's lists at this size: a page, a search, the page after one in the middle.
      const admin = await api(url, 'POST', '/auth/login', {
        username: 'admin',
        password: 'bench-admin-password',
      });
      for (const path of [
        '/api/admin/users',
        '/api/admin/users?q=lb1234',
        '/api/admin/users?after=lb150000',
        '/api/admin/logs',
        '/api/admin/bets',
      ]) {
        const times = [];
        let bytes = 0;
        for (let i = 0; i < 5; i++) {
          const t = process.hrtime.bigint();
          const res = await fetch(url + path, {
            headers: { authorization: `Bearer ${admin.token}`, 'accept-encoding': 'identity' },
          });
          bytes = (await res.arrayBuffer()).byteLength;
          times.push(+(Number(process.hrtime.bigint() - t) / 1e6).toFixed(1));
        }
        console.log(JSON.stringify({ case: `${USERS} users, admin list`, path, bytes, ms: times }));
      }
    }
  } finally {
    await stopServer(child);
  }
}
