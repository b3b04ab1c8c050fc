// `npm run bench:store`: purchases/s on one hot item (stock 1,000,000) at 32 connections on
// PostgreSQL against pgbench scale 1 in the same run, and the time of GET /api/store/user for a
// user with 500 inventory entries and 5,000 purchases.
import { execFileSync } from 'node:child_process';
import pg from 'pg';
import {
  api,
  driveLoad,
  freshPgDatabase,
  median,
  PG_BASE,
  pgReachable,
  registerUsers,
  startServer,
  stopServer,
  pgbench,
} from './lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = 32;
const USERS = Number(process.env.BENCH_USERS ?? 200);

/** 500 items held and 5,000 purchases for one user, written straight in SQL (no coins move). */
async function seedCollector(databaseUrl, userId) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  await c.query('begin');
  await c.query(`
    insert into items (name, type, effect_type, effect_value, price, stock, emoji, description)
    select 'Collector item ' || g, 'power-up', 'slots-luck', 1000, 10, 100, '🎁', 'bench' from generate_series(1, 500) g`);
  // With the movement the items module would write, so the audit at the end still balances.
  await c.query(
    `
    with held as (
      insert into inventory (user_id, item_id, quantity)
      select $1, id, 10 from items where name like 'Collector item %'
      returning user_id, item_id, quantity
    )
    insert into item_movements (user_id, item_id, delta, quantity_after, reason, ref_type, ref_id)
    select user_id, item_id, quantity, quantity, 'grant', 'user', user_id::text from held`,
    [userId],
  );
  await c.query(
    `
    insert into purchases (user_id, item_id, price, created_at)
    select $1, i.id, 10, now() - (g || ' seconds')::interval
    from generate_series(1, 5000) g join items i on i.name = 'Collector item ' || (1 + g % 500)`,
    [userId],
  );
  await c.query('commit');
  await c.end();
}

if (!(await pgReachable())) {
  console.log(`PostgreSQL not reachable at ${PG_BASE}; set BENCH_DATABASE_URL`);
  process.exit(1);
}

const results = {};
const databaseUrl = await freshPgDatabase('fs_bench_store');
const { child, url } = await startServer({ databaseUrl, port: 3831 });
try {
  const admin = await api(url, 'POST', '/auth/login', {
    username: 'admin',
    password: 'bench-admin-password',
  });
  const users = await registerUsers(url, USERS, `bs${Date.now().toString(36).slice(-4)}`);
  for (const u of users)
    await api(url, 'PATCH', `/api/admin/balance/${u.username}`, { amount: 1_000_000 }, admin.token);
  const { item } = await api(
    url,
    'POST',
    '/api/store/create',
    {
      name: `Hot item ${Date.now()}`,
      type: 'power-up',
      effectType: 'reward-multiplier',
      effectValue: 1.5,
      price: 1,
      stock: 1_000_000,
      emoji: '🔥',
      description: 'load test',
    },
    admin.token,
  );

  const { okPerSec, ...rest } = await driveLoad({
    url,
    serverPid: child.pid,
    path: '/api/store/purchase',
    seconds: DURATION,
    connections: CONNECTIONS,
    makeRequest: () => ({
      token: users[Math.floor(Math.random() * users.length)].token,
      body: { itemId: item._id },
    }),
  });
  results.hot = {
    case: 'postgres, one hot item, stock 1,000,000',
    purchasesPerSec: okPerSec,
    ...rest,
  };
  console.log(JSON.stringify(results.hot));

  const collector = users[0];
  const me = await api(url, 'GET', '/api/user/stats', undefined, collector.token);
  await seedCollector(databaseUrl, Number(me._id));
  const times = [];
  let answer;
  for (let i = 0; i < 21; i++) {
    const started = process.hrtime.bigint();
    answer = await api(url, 'GET', '/api/store/user', undefined, collector.token);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  results.storeUserMs = +median(times.slice(1)).toFixed(1);
  console.log(
    JSON.stringify({
      storeUser: 'GET /api/store/user, 500+ inventory entries, 5,000+ purchases',
      medianMs: results.storeUserMs,
      inventoryEntries: answer.inventory.length,
      purchaseHistoryShown: answer.purchaseHistory.length,
    }),
  );
} finally {
  await stopServer(child);
}
const audit = execFileSync(process.execPath, ['--import', 'tsx', 'src/server/scripts/audit.ts'], {
  env: { ...process.env, DATABASE_URL: databaseUrl },
  encoding: 'utf8',
});
console.log(audit.trim());

results.pgbench1 = pgbench(1, DURATION);
console.log(
  JSON.stringify({
    hotVsPgbench1: +(results.hot.purchasesPerSec / results.pgbench1).toFixed(2),
    p99ms: results.hot.p99ms,
  }),
);
