// `npm run bench:bets`: wager throughput (spread over 50 bets, on one hot bet, and on one hot
// community bet paid from its treasury) against pgbench on the same machine, wagers/s on
// PGlite, and finalize time for 100,000 wagers.
import { execFileSync } from 'node:child_process';
import pg from 'pg';
import {
  api,
  driveLoad,
  freshPgDatabase,
  PG_BASE,
  pgbench,
  pgReachable,
  randomWager,
  setupWagerBench,
  startServer,
  stopServer,
} from './lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = 32;
const USERS = Number(process.env.BENCH_USERS ?? 200);

async function drive(url, users, bets, label, serverPid) {
  const { okPerSec, ...rest } = await driveLoad({
    url,
    serverPid,
    path: '/api/bets/predict',
    seconds: DURATION,
    connections: CONNECTIONS,
    makeRequest: randomWager(users, bets),
  });
  const line = { case: label, wagersPerSec: okPerSec, ...rest };
  console.log(JSON.stringify(line));
  return line;
}

/** Puts 100,000 one-coin wagers on a bet straight in SQL, stakes debited through ledger rows. */
/**
 * Before each case, as pgbench does before each of its runs: a case's wagers leave every player's
 * row with thousands of dead versions, and each case should start from clean tables rather than
 * pay for the one before it.
 */
async function vacuum(databaseUrl) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  await c.query('vacuum analyze');
  await c.end();
}

async function seedWagers(databaseUrl, betId, count) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  await c.query('begin');
  await c.query(
    `
    with u as (select id, row_number() over (order by id) - 1 as n from users where role = 'user'),
    k as (select count(*) as k from u)
    insert into wagers (bet_id, option_id, user_id, stake, odds)
    select $1, (select id from bet_options where bet_id = $1 order by position limit 1 offset (g % 2)),
           (select id from u where n = g % (select k from k)), 1, 190
    from generate_series(1, $2::int) g`,
    [betId, count],
  );
  await c.query(
    `
    with s as (select user_id, sum(stake)::bigint as total from wagers where bet_id = $1 group by user_id),
    upd as (update users u set balance = u.balance - s.total, bets_placed = u.bets_placed + 1 from s where u.id = s.user_id returning u.id, u.balance, s.total)
    insert into ledger (user_id, delta, balance_after, category, ref_type, ref_id)
    select id, -total, balance, 'bet_stake', 'bet', $1::text from upd
    union all select null, (select sum(total) from upd), null, 'bet_stake', 'bet', $1::text`,
    [betId],
  );
  await c.query('commit');
  await c.end();
}

/**
 * A community of every bench player, its treasury topped up by its founder so exposure never
 * refuses a wager during the run, and one bet in it: every community wager goes through the
 * treasury's row (stake in, exposure committed).
 */
async function hotCommunityBet(url, users) {
  const [owner] = users;
  const slug = `bench-${Date.now().toString(36)}`;
  await api(url, 'POST', '/api/communities', { slug, name: 'Bench community' }, owner.token);
  for (const u of users.slice(1))
    await api(url, 'POST', `/api/communities/${slug}/join`, {}, u.token);
  await api(
    url,
    'POST',
    `/api/communities/${slug}/treasury/donate`,
    { amount: 900_000 },
    owner.token,
  );
  const made = await api(
    url,
    'POST',
    `/api/communities/${slug}/bets`,
    {
      title: `Bench community bet ${Date.now()}`,
      description: 'load test',
      endTime: new Date(Date.now() + 24 * 3600_000).toISOString(),
      options: [
        { text: 'Yes', odds: 1.9 },
        { text: 'No', odds: 2.1 },
      ],
    },
    owner.token,
  );
  return made.bet;
}

const results = {};
if (!(await pgReachable())) {
  console.log(`PostgreSQL not reachable at ${PG_BASE}; set BENCH_DATABASE_URL`);
  process.exit(1);
}

{
  const databaseUrl = await freshPgDatabase('fs_bench_bets');
  const { child, url } = await startServer({ databaseUrl, port: 3821 });
  try {
    const { admin, users, bets } = await setupWagerBench(url, USERS);
    await vacuum(databaseUrl);
    results.spread = await drive(url, users, bets, 'postgres, spread over 50 bets', child.pid);
    await vacuum(databaseUrl);
    results.hot = await drive(url, users, [bets[0]], 'postgres, one hot bet', child.pid);
    const communityBet = await hotCommunityBet(url, users);
    await vacuum(databaseUrl);
    results.community = await drive(
      url,
      users,
      [communityBet],
      'postgres, one hot community bet',
      child.pid,
    );

    const target = bets[1];
    await seedWagers(databaseUrl, Number(target._id), 100_000);
    const started = process.hrtime.bigint();
    await api(
      url,
      'POST',
      '/api/bets/finalize',
      { betId: target._id, optionId: target.options[0]._id },
      admin.token,
    );
    results.finalizeMs = Math.round(Number(process.hrtime.bigint() - started) / 1e6);
    console.log(
      JSON.stringify({
        finalize: 'bet with ~100,000 wagers (plus what the load run added)',
        ms: results.finalizeMs,
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
}

results.pgbench10 = pgbench(10, DURATION);
results.pgbench1 = pgbench(1, DURATION);
console.log(
  JSON.stringify({
    spreadVsPgbench10: +(results.spread.wagersPerSec / results.pgbench10).toFixed(2),
    hotVsPgbench1: +(results.hot.wagersPerSec / results.pgbench1).toFixed(2),
    communityVsPgbench1: +(results.community.wagersPerSec / results.pgbench1).toFixed(2),
    communityVsHot: +(results.community.wagersPerSec / results.hot.wagersPerSec).toFixed(2),
    targets: { spread: 0.5, hot: 0.3, communityVsHot: 0.8, p99ms: 50, finalizeMs: 2000 },
  }),
);

if (process.env.BENCH_SKIP_PGLITE !== '1') {
  const { child, url } = await startServer({ port: 3822 });
  try {
    const { users, bets } = await setupWagerBench(url, USERS);
    await drive(url, users, bets, 'pglite, spread over 50 bets');
  } finally {
    await stopServer(child);
  }
}
