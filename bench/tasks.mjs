// `npm run bench:tasks`: GET /api/tasks and GET /api/achievements latency (p50, p99) at 32
// connections on PostgreSQL for a user with 10,000 wagers and 1,000 purchases, among other
// users' rows; prints the EXPLAIN of the progress query's parts (a row, index range scans, no ledger).
import pg from 'pg';
import {
  api,
  driveLoad,
  freshPgDatabase,
  pgReachable,
  registerUsers,
  startServer,
  stopServer,
} from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 32;

async function seed(databaseUrl) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  await c.query('begin');
  const {
    rows: [bet],
  } = await c.query(`
    insert into bets (title, description, end_time) values ('Bench bet', 'rows for progress', now() + interval '1 day') returning id`);
  const {
    rows: [opt],
  } = await c.query(
    `insert into bet_options (bet_id, text, odds, position) values ($1, 'Yes', 190, 0) returning id`,
    [bet.id],
  );
  const {
    rows: [item],
  } = await c.query(`
    insert into items (name, type, effect, price, stock, emoji, description) values ('Bench item', 'cosmetic', 'none', 1, 1000000, '🧪', 'bench') returning id`);
  // Every user gets rows (the measured one 10,000 wagers and 1,000 purchases; the others 1,000
  // and 100), spread over the last 30 days so the period filters have work to do. Wagers take
  // their ids in the order of their times, as real ones do; a third of them won an hour later.
  await c.query(
    `
    insert into wagers (bet_id, option_id, user_id, stake, odds, created_at, status, payout, settled_at)
    select $1, $2, id, 1, 190, at, case when won then 'won' else 'open' end, case when won then 1 else 0 end,
      case when won then at + interval '1 hour' end
    from (
      select u.id, now() - (g % 720) * interval '1 hour' - interval '2 hours' as at, g % 3 = 0 as won
      from users u cross join lateral generate_series(1, case when u.username = 'tb0' then 10000 else 1000 end) g
      where u.role = 'user'
    ) r order by at`,
    [bet.id, opt.id],
  );
  await c.query(`
    insert into wager_wins_daily (user_id, day, wins)
    select user_id, (settled_at at time zone 'UTC')::date, count(*) from wagers where status = 'won' group by 1, 2`);
  await c.query(
    `
    insert into purchases (user_id, item_id, price, created_at)
    select u.id, $1, 1, now() - (g % 720) * interval '1 hour'
    from users u cross join lateral generate_series(1, case when u.username = 'tb0' then 1000 else 100 end) g
    where u.role = 'user'`,
    [item.id],
  );
  // The counters the wager statement keeps on the users row (accounts/placements.ts).
  await c.query(`update users set bets_placed = (select count(*) from wagers w where w.user_id = users.id),
    bets_won = (select count(*) from wagers w where w.user_id = users.id and w.status = 'won'),
    placed_day = (now() at time zone 'UTC')::date, placed_week = date_trunc('week', now() at time zone 'UTC')::date,
    placed_in_day = (select count(*) from wagers w where w.user_id = users.id and w.created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'),
    placed_in_week = (select count(*) from wagers w where w.user_id = users.id and w.created_at >= date_trunc('week', now() at time zone 'UTC') at time zone 'UTC')`);
  // ...and the store_purchases counter every purchase bumps (platform/stats.ts).
  await c.query(`insert into user_stats (user_id, stat, value, day, in_day, week, in_week)
    select user_id, 'store_purchases', count(*), (now() at time zone 'UTC')::date,
      count(*) filter (where created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'),
      date_trunc('week', now() at time zone 'UTC')::date,
      count(*) filter (where created_at >= date_trunc('week', now() at time zone 'UTC') at time zone 'UTC')
    from purchases group by user_id
    on conflict (user_id, stat) do update set value = excluded.value, day = excluded.day, in_day = excluded.in_day, week = excluded.week, in_week = excluded.in_week`);
  await c.query('commit');
  await c.query('analyze');
  const {
    rows: [u],
  } = await c.query(`select id from users where username = 'tb0'`);
  const explain = async (what, query) => {
    const plan = await c.query(`explain (analyze, costs off, timing off, summary off) ${query}`, [
      u.id,
    ]);
    console.log(`EXPLAIN ${what}:\n` + plan.rows.map((r) => '  ' + r['QUERY PLAN']).join('\n'));
  };
  const weekStart = `date_trunc('week', now() at time zone 'UTC') at time zone 'UTC'`;
  await explain(
    'wagers placed this week (the users row)',
    `select case when placed_week >= (${weekStart} at time zone 'UTC')::date then placed_in_week else 0 end from users where id = $1`,
  );
  await explain(
    'wagers won since the week start',
    `select coalesce(sum(wins), 0) from wager_wins_daily where user_id = $1 and day >= (${weekStart} at time zone 'UTC')::date`,
  );
  await explain(
    "purchases this week (the counter's row)",
    `select case when week >= (${weekStart} at time zone 'UTC')::date then in_week else 0 end from user_stats where user_id = $1 and stat = 'store_purchases'`,
  );
  await c.end();
}

async function get(url, path, token, serverPid) {
  const { okPerSec, ...rest } = await driveLoad({
    url,
    path,
    method: 'GET',
    seconds: SECONDS,
    connections: CONNECTIONS,
    makeRequest: () => ({ token }),
    serverPid,
  });
  return { path, okPerSec, ...rest };
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
  for (const path of ['/api/tasks', '/api/achievements'])
    console.log(JSON.stringify(await get(server.url, path, me.token, server.child.pid)));
} finally {
  await stopServer(server.child);
}
