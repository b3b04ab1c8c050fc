// `npm run bench:tasks`: GET /api/tasks and GET /api/achievements latency (p50, p99) at 32
// connections on PostgreSQL for a user with 10,000 wagers and 1,000 purchases, among other
// users' rows; prints the EXPLAIN of the progress query (index range scans, no ledger).
import pg from 'pg';
import { api, freshPgDatabase, pgReachable, registerUsers, startServer, stopServer } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 32;

async function seed(databaseUrl) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  await c.query('begin');
  const { rows: [bet] } = await c.query(`
    insert into bets (title, description, end_time) values ('Bench bet', 'rows for progress', now() + interval '1 day') returning id`);
  const { rows: [opt] } = await c.query(`insert into bet_options (bet_id, text, odds, position) values ($1, 'Yes', 190, 0) returning id`, [bet.id]);
  const { rows: [item] } = await c.query(`
    insert into items (name, type, effect, price, stock, emoji, description) values ('Bench item', 'cosmetic', 'none', 1, 1000000, '🧪', 'bench') returning id`);
  // Every user gets rows (the measured one 10,000 wagers and 1,000 purchases; the others 1,000
  // and 100), spread over the last 30 days so the period filters have work to do.
  await c.query(`
    insert into wagers (bet_id, option_id, user_id, stake, odds, created_at)
    select $1, $2, u.id, 1, 190, now() - (g % 720) * interval '1 hour'
    from users u cross join lateral generate_series(1, case when u.username = 'tb0' then 10000 else 1000 end) g
    where u.role = 'user'`, [bet.id, opt.id]);
  await c.query(`
    insert into purchases (user_id, item_id, price, created_at)
    select u.id, $1, 1, now() - (g % 720) * interval '1 hour'
    from users u cross join lateral generate_series(1, case when u.username = 'tb0' then 1000 else 100 end) g
    where u.role = 'user'`, [item.id]);
  await c.query(`update users set bets_placed = (select count(*) from wagers w where w.user_id = users.id)`);
  await c.query('commit');
  await c.query('analyze');
  const { rows: [u] } = await c.query(`select id from users where username = 'tb0'`);
  const plan = await c.query(`explain (analyze, costs off, timing off, summary off)
    select count(*) from wagers where user_id = $1 and created_at >= now() - interval '7 days'`, [u.id]);
  console.log('EXPLAIN wagers since the week start:\n' + plan.rows.map((r) => '  ' + r['QUERY PLAN']).join('\n'));
  const won = await c.query(`explain (analyze, costs off, timing off, summary off)
    select count(*) from wagers where user_id = $1 and status = 'won' and settled_at >= now() - interval '7 days'`, [u.id]);
  console.log('EXPLAIN wagers won since the week start:\n' + won.rows.map((r) => '  ' + r['QUERY PLAN']).join('\n'));
  const bought = await c.query(`explain (analyze, costs off, timing off, summary off)
    select count(*) from purchases where user_id = $1 and created_at >= now() - interval '7 days'`, [u.id]);
  console.log('EXPLAIN purchases since the week start:\n' + bought.rows.map((r) => '  ' + r['QUERY PLAN']).join('\n'));
  await c.end();
}

async function get(url, path, token) {
  const { default: autocannon } = await import('autocannon');
  const result = await autocannon({ url: url + path, connections: CONNECTIONS, duration: SECONDS, headers: { authorization: `Bearer ${token}` } });
  const ok = result['2xx'];
  return { path, okPerSec: Math.round(ok / SECONDS), p50ms: result.latency.p50, p99ms: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

if (!(await pgReachable())) {
  console.log('PostgreSQL not reachable; skipped');
  process.exit(0);
}
const databaseUrl = await freshPgDatabase('fs_bench_tasks');
const server = await startServer({ databaseUrl, port: 3917 });
try {
  const users = await registerUsers(server.url, 50, 'tb');
  await seed(databaseUrl);
  const me = users[0];
  await api(server.url, 'GET', '/api/tasks', undefined, me.token);
  for (const path of ['/api/tasks', '/api/achievements']) console.log(JSON.stringify(await get(server.url, path, me.token)));
} finally {
  await stopServer(server.child);
}
