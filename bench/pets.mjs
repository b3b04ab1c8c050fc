// `npm run bench:pets` (issue 21): GET /api/critters/mine for a player with 200 critters, and
// sanctuary claims per second at 32 connections on PostgreSQL, each request a different player
// (a player claims once per 4 hours), and gacha x10 spins, against pgbench scale 10 in the same run.
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import {
  api,
  cpuMs,
  freshPgDatabase,
  pgbench,
  pgReachable,
  startServer,
  stopServer,
} from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 32;
// Enough players that none claims twice in the run.
const CLAIMERS = Number(process.env.BENCH_CLAIMERS ?? 40_000);

if (!(await pgReachable())) {
  console.log(JSON.stringify({ skipped: 'PostgreSQL is not reachable' }));
  process.exit(0);
}

const databaseUrl = await freshPgDatabase('fs_bench_pets');
const { child, url } = await startServer({ databaseUrl, port: 3853 });
const { default: autocannon } = await import('autocannon');

function perRequest(before, after, ok) {
  return {
    serverCpuUs: Math.round(((after.server - before.server) * 1000) / Math.max(1, ok)),
    dbCpuUs: Math.round(((after.db - before.db) * 1000) / Math.max(1, ok)),
  };
}

try {
  const keeper = await api(url, 'POST', '/auth/register', {
    username: 'petkeeper',
    password: 'bench-password-1',
  });
  await api(url, 'POST', '/api/critters/adopt', { species: 'emberpup' }, keeper.token);
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  // 199 more critters, raised and decorated as a long-time keeper's would be.
  await c.query(
    `
    insert into virtual_pet_critters (user_id, species, variant, rarity, generation, experience, affection, traits, equipped_cosmetics)
    select $1, (array['sproutling','emberpup','puddlefin','bloomback','tidecrest'])[1 + g % 5], 'Classic', 'Common', 1 + g % 4, g * 37, g % 101,
      (array['{forager}','{naptime,cheerful}','{}'])[1 + g % 3]::text[], '{"hat":"party-hat"}'::jsonb
    from generate_series(1, 199) g`,
    [Number(keeper.user._id ?? keeper.user.id)],
  );

  // Claimers straight into the tables (registering 40,000 through the API would take an hour
  // of argon2): each with a session, a seed pair and a critter, as after their first visit.
  const [{ password_hash: hash }] = (
    await c.query(`select password_hash from users where username = 'petkeeper'`)
  ).rows;
  await c.query(
    `insert into users (username, password_hash) select 'pc' || i, $1 from generate_series(1, $2) i`,
    [hash, CLAIMERS],
  );
  const tokens = Array.from({ length: CLAIMERS }, () => randomBytes(32).toString('base64url'));
  const hashes = tokens.map((t) => createHash('sha256').update(t).digest('hex'));
  await c.query(
    `
    insert into sessions (token_hash, user_id)
    select h, u.id from unnest($1::text[]) with ordinality as s(h, n) join users u on u.username = 'pc' || s.n`,
    [hashes],
  );
  await c
    .query(
      `
    insert into fairness_seeds (user_id, server_seed, server_seed_hash, client_seed)
    select id, s, encode(sha256(s::bytea), 'hex'), 'bench' from (select id, encode(gen_random_bytes(32), 'hex') as s from users where username like 'pc%') x`,
    )
    .catch(async () => {
      // Without pgcrypto: md5 twice makes 64 hex characters just as well for a bench.
      await c.query(`
      insert into fairness_seeds (user_id, server_seed, server_seed_hash, client_seed)
      select id, s, encode(sha256(convert_to(s, 'UTF8')), 'hex'), 'bench' from (select id, md5(random()::text) || md5(random()::text) as s from users where username like 'pc%') x`);
    });
  await c.query(
    `insert into virtual_pet_critters (user_id, species, variant, rarity, affection) select id, 'sproutling', 'Classic', 'Common', 20 from users where username like 'pc%'`,
  );
  await c.query('analyze');

  // Warm-up, then the critter list.
  for (let i = 0; i < 50; i++)
    await fetch(`${url}/api/critters/mine`, {
      headers: { authorization: `Bearer ${keeper.token}` },
    }).then((r) => r.arrayBuffer());
  const size = (
    await (
      await fetch(`${url}/api/critters/mine`, {
        headers: { authorization: `Bearer ${keeper.token}` },
      })
    ).text()
  ).length;
  let before = cpuMs(child.pid);
  const list = await autocannon({
    url: `${url}/api/critters/mine`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { authorization: `Bearer ${keeper.token}` },
  });
  let after = cpuMs(child.pid);
  console.log(
    JSON.stringify({
      case: 'GET /api/critters/mine, 200 critters',
      bytes: size,
      okPerSec: Math.round(list['2xx'] / SECONDS),
      p50ms: list.latency.p50,
      p99ms: list.latency.p99,
      ...perRequest(before, after, list['2xx']),
      non2xx: list.non2xx,
    }),
  );

  let next = 0;
  before = cpuMs(child.pid);
  const claims = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        method: 'GET',
        path: '/api/sanctuary/resources',
        setupRequest: (req) => ({
          ...req,
          headers: { authorization: `Bearer ${tokens[next++ % CLAIMERS]}` },
        }),
      },
    ],
  });
  after = cpuMs(child.pid);
  const ok = claims['2xx'];
  if (next > CLAIMERS)
    console.log(
      JSON.stringify({
        warning: `${next} requests for ${CLAIMERS} claimers: some were refused as too soon`,
      }),
    );
  const [{ n }] = (
    await c.query(`select count(*)::int as n from game_rounds where game = 'sanctuary-claim'`)
  ).rows;
  console.log(
    JSON.stringify({
      case: 'GET /api/sanctuary/resources (claim), distinct players',
      claimsPerSec: Math.round(ok / SECONDS),
      p50ms: claims.latency.p50,
      p99ms: claims.latency.p99,
      ...perRequest(before, after, ok),
      non2xx: claims.non2xx,
      roundsRecorded: n,
    }),
  );

  // x10 gacha spins: 200 players with gold for many spins, 32 connections (one player's spins
  // take turns on their pity row, as two tabs would).
  const SPINNERS = 200;
  await c.query(
    `update users set balance = balance + 100000000 where username like 'pc%' and id in (select id from users where username like 'pc%' order by id limit ${SPINNERS})`,
  );
  await c.query(`
    insert into ledger (user_id, delta, balance_after, category, ref_type, ref_id)
    select id, 100000000, balance, 'admin_grant', 'user', id::text from users where username like 'pc%' and id in (select id from users where username like 'pc%' order by id limit ${SPINNERS})`);
  await c.query(
    `insert into ledger (user_id, delta, category, ref_type, ref_id) values (null, -100000000::bigint * ${SPINNERS}, 'admin_grant', 'user', 'bench')`,
  );
  const spinners = (
    await c.query(
      `select u.username from users u where username like 'pc%' order by id limit ${SPINNERS}`,
    )
  ).rows.map((r) => Number(r.username.slice(2)) - 1);
  let turn = 0;
  before = cpuMs(child.pid);
  const spins = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        method: 'POST',
        path: '/api/gacha/spin',
        setupRequest: (req) => ({
          ...req,
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${tokens[spinners[turn++ % SPINNERS]]}`,
          },
          body: JSON.stringify({ pool: 'starlight', count: 10 }),
        }),
      },
    ],
  });
  after = cpuMs(child.pid);
  const spun = spins['2xx'];
  console.log(
    JSON.stringify({
      case: 'POST /api/gacha/spin x10, 200 players',
      spinsPerSec: Math.round(spun / SECONDS),
      pullsPerSec: Math.round((10 * spun) / SECONDS),
      p50ms: spins.latency.p50,
      p99ms: spins.latency.p99,
      ...perRequest(before, after, spun),
      non2xx: spins.non2xx,
    }),
  );
  await c.end();
  const audit = await import('node:child_process').then(({ execFileSync }) =>
    execFileSync(process.execPath, ['--import', 'tsx', 'src/server/scripts/audit.ts'], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      encoding: 'utf8',
    }),
  );
  console.log(audit.trim());
  const tps = pgbench(10, SECONDS);
  console.log(
    JSON.stringify({
      claimsVsPgbench10: +(ok / SECONDS / tps).toFixed(2),
      x10SpinsVsPgbench10: +(spun / SECONDS / tps).toFixed(2),
      pullsVsPgbench10: +((10 * spun) / SECONDS / tps).toFixed(2),
    }),
  );
} finally {
  await stopServer(child);
}
