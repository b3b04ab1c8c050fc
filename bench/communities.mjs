// `npm run bench:communities` (issue 37): the communities directory and a feed at size, at 16
// connections, on PostgreSQL (a fresh database, dropped at the end) and on PGlite (the embedded
// default, DATABASE_URL unset). BENCH_COMMUNITIES communities (10,000 by default; a fifth of
// them private, members and activity skewed as real ones are), one of them with every one of
// BENCH_MEMBERS players (50,000) as members and BENCH_POSTS posts (200,000), with comments and
// mentions, all written straight into the tables with generate_series (registering 50,000
// players through the API would take an hour of argon2). Each read is measured signed in as a
// member of the big community and as a visitor (no token): the directory in each sort, two
// searches, the big community's first feed page and one 50 pages down (the cursor its earlier
// pages gave). Prints a table per database: requests/s, p50, p99, the server's and PostgreSQL's
// CPU µs per request, and PASS/FAIL against p99 < 25 ms; exits 1 when a read fails.
//
// The server is stopped while the bench writes the rows (an embedded database opens in one
// process only) and started again on them. The rows are vacuumed and analyzed before the server
// starts again, as pgbench does, on both databases. PGlite runs no autovacuum, and the server
// runs no ANALYZE of its own, so a PGlite database that grew this big has no statistics unless
// someone analyzes it: BENCH_VACUUM=0 measures it so (the planner then picks bitmap scans and
// sorts for the directory, several times slower).
//
// BENCH_SECONDS (default 10), BENCH_DATABASES=postgres,pglite (both by default).
import { createHash, randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDb } from '../src/server/db/client.ts';
import {
  driveLoad,
  freshPgDatabase,
  PG_BASE,
  pgReachable,
  startServer,
  stopServer,
} from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 16;
const TARGET_P99_MS = 25;
const COMMUNITIES = Number(process.env.BENCH_COMMUNITIES ?? 10_000);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 50_000);
const POSTS = Number(process.env.BENCH_POSTS ?? 200_000);
const COMMENTS = Math.round(POSTS / 2);
const OTHER_POSTS = Math.round(POSTS / 4);
/** Members of the big community whose tokens sign the member's requests. */
const SIGNED_IN = 200;
const DEEP_PAGE = 50;
const VACUUM = process.env.BENCH_VACUUM !== '0';
const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',');
const DB_NAME = 'fs_bench_communities';
const BIG = 'big-community';

/**
 * The rows, in order. `u0` is the first bench player's id (player k is u0 + k, named cm<k+1>),
 * `a0` the first treasury's, `c0` the first (the big) community's, `p0` its first post's: each
 * statement that needs one runs after the statement that made it.
 */
const SEED = [
  // The big community's players, and the owners and members of all the others.
  () => `insert into users (username, password_hash, created_at)
    select 'cm' || i, 'x', now() - interval '800 days' from generate_series(1, ${MEMBERS}) i`,
  // Each community's treasury, a ledger account of its own.
  () => `insert into ledger_accounts (kind)
    select 'community_treasury' from generate_series(1, ${COMMUNITIES})`,
  // Community i (1 is the big one) was created (COMMUNITIES - i) hours ago, by player i * 7919.
  ({ u0, a0 }) => `insert into communities (slug, name, description, icon, visibility, join_policy,
      owner_id, treasury_account_id, created_at, last_active_at)
    select case when i = 1 then '${BIG}' else 'community-' || i end,
      case when i = 1 then 'The Big Community' else initcap(
        (array['lucky','golden','midnight','silver','cosmic','wild','happy','royal','neon','secret'])[1 + i % 10]
        || ' ' || (array['dice','poker','chess','critters','quiz','slots','tycoon','roulette','arcade','traders','bettors','club'])[1 + (i / 10) % 12])
        || ' ' || i end,
      'A community of the communities bench', '👥',
      case when i = 1 or i % 5 <> 0 then 'public' else 'private' end,
      (array['open','approval','invite'])[1 + i % 3],
      ${u0} + (i * 7919) % ${MEMBERS}, ${a0} + i - 1,
      now() - (${COMMUNITIES} - i) * interval '1 hour', now() - (${COMMUNITIES} - i) * interval '1 hour'
    from generate_series(1, ${COMMUNITIES}) i`,
  // The others' members: most have a few, some a few hundred; how many posted lately varies
  // by community (many quiet ones drop out of the directory's 30 days).
  ({ u0, c0 }) => `insert into community_members (community_id, user_id, role, since, last_post_at)
    select c.id, ${u0} + (c.n * 7919 + k) % ${MEMBERS},
      case when k = 0 then 'owner' when k < 3 then 'moderator' else 'member' end,
      case when k = 0 then c.created_at else c.created_at + random() * (now() - c.created_at) end,
      case when random() < c.activity then now() - random() * interval '45 days' end
    from (select id, id - ${c0} + 1 as n, created_at, least(1 + floor(power(random(), 4) * 250)::int, ${MEMBERS}) as m,
        power(random(), 2) as activity
      from communities where id > ${c0}) c, generate_series(0, c.m - 1) k`,
  // The big one's: everyone; a fifth posted this week, three in ten before.
  ({ u0, c0 }) => `insert into community_members (community_id, user_id, role, since, last_post_at)
    select ${c0}, ${u0} + k,
      case when k = 7919 % ${MEMBERS} then 'owner' when k < 10 then 'moderator' else 'member' end,
      now() - random() * interval '700 days',
      case when r < 0.2 then now() - random() * interval '7 days'
        when r < 0.5 then now() - interval '7 days' - random() * interval '358 days' end
    from (select k, random() as r from generate_series(0, ${MEMBERS} - 1) k) s`,
  // Its posts, one every 150 s back to about a year ago; one in ten mentions a player.
  ({ u0, c0 }) => `insert into community_posts (community_id, author_id, body, mentions, created_at)
    select ${c0}, ${u0} + floor(random() * ${MEMBERS})::int,
      'Post ' || i || ': ' || repeat('what a round that was ', 1 + i % 8)
        || case when i % 10 = 0 then ' @cm' || (1 + (i * 31) % ${MEMBERS}) else '' end,
      case when i % 10 = 0 then array[${u0} + (i * 31) % ${MEMBERS}]::bigint[] else '{}' end,
      now() - (${POSTS} - i) * interval '150 seconds'
    from generate_series(1, ${POSTS}) i`,
  // Comments, mostly on recent posts.
  ({
    u0,
    c0,
    p0,
  }) => `insert into community_posts (community_id, post_id, author_id, body, mentions, created_at)
    select ${c0}, p.id, ${u0} + floor(random() * ${MEMBERS})::int,
      'Comment ' || s.k || case when s.k % 7 = 0 then ' @cm' || (1 + (s.k * 13) % ${MEMBERS}) else '' end,
      case when s.k % 7 = 0 then array[${u0} + (s.k * 13) % ${MEMBERS}]::bigint[] else '{}' end,
      least(now(), p.created_at + random() * interval '2 days')
    from (select k, ${p0} + ${POSTS} - 1 - floor(power(random(), 3) * ${POSTS})::int as pid
      from generate_series(1, ${COMMENTS}) k) s join community_posts p on p.id = s.pid`,
  // The other communities' posts, by their owners.
  ({ c0 }) => `insert into community_posts (community_id, author_id, body, created_at)
    select c.id, c.owner_id, 'A post in a smaller community', now() - random() * interval '60 days'
    from (select ${c0} + 1 + floor(random() * ${COMMUNITIES - 1})::int as cid
      from generate_series(1, ${OTHER_POSTS})) s join communities c on c.id = s.cid`,
  // One post in a hundred of the big community's removed by a moderator.
  ({ c0 }) => `update community_posts set removed_at = now()
    where community_id = ${c0} and post_id is null and id % 100 = 0`,
  // The kept counts, as the writes would have left them.
  () => `update community_posts p set comments = x.n
    from (select post_id, count(*)::int as n from community_posts
      where post_id is not null and removed_at is null group by post_id) x
    where p.id = x.post_id`,
  () => `update communities c set members = x.n, active_members_7d = x.active,
      last_active_at = greatest(c.created_at, x.last)
    from (select community_id, count(*)::int as n,
        count(*) filter (where last_post_at > now() - interval '7 days')::int as active,
        max(last_post_at) as last
      from community_members group by community_id) x
    where c.id = x.community_id`,
  () => `update communities c set posts = x.n
    from (select community_id, count(*)::int as n from community_posts
      where post_id is null and removed_at is null group by community_id) x
    where c.id = x.community_id`,
];

/** Writes the rows through `db`; answers the tokens of SIGNED_IN members of the big community. */
async function seed(db) {
  const first = async (q) => Number((await db.rows(sql.raw(q)))[0].id);
  const ids = {};
  const started = Date.now();
  for (const statement of SEED) {
    await db.rows(sql.raw(statement(ids)));
    ids.u0 ||= await first(
      `select coalesce(min(id), 0) as id from users where username like 'cm%'`,
    );
    ids.a0 ||= await first(`select coalesce(min(id), 0) as id from ledger_accounts`);
    ids.c0 ||= await first(`select coalesce(min(id), 0) as id from communities`);
    ids.p0 ||= await first(
      `select coalesce(min(id), 0) as id from community_posts where community_id = ${ids.c0 || 0}`,
    );
  }
  const tokens = Array.from({ length: SIGNED_IN }, () => randomBytes(32).toString('base64url'));
  const values = tokens.map(
    (t, i) =>
      `('${createHash('sha256').update(t).digest('hex')}', ${ids.u0 + ((1000 + i) % MEMBERS)})`,
  );
  await db.rows(sql.raw(`insert into sessions (token_hash, user_id) values ${values.join(', ')}`));
  console.log(
    JSON.stringify({
      seeded: `${COMMUNITIES} communities, ${MEMBERS} members and ${POSTS} posts (+${COMMENTS} comments) in the big one`,
      seconds: Math.round((Date.now() - started) / 1000),
    }),
  );
  return tokens;
}

/** The reads measured; the deep feed page's cursor is filled in once the earlier pages gave it. */
const READS = [
  { name: 'directory (sort=active)', path: '/api/communities' },
  { name: 'directory sort=members', path: '/api/communities?sort=members' },
  { name: 'directory sort=new', path: '/api/communities?sort=new' },
  { name: 'search q=poker', path: '/api/communities?q=poker' },
  { name: 'search q=9999 (rare)', path: '/api/communities?q=9999' },
  { name: 'feed, first page', path: `/api/communities/${BIG}/posts` },
  { name: `feed, page ${DEEP_PAGE + 1}`, path: null },
];

async function deepFeedPath(url, token) {
  let cursor = null;
  for (let page = 0; page < DEEP_PAGE; page++) {
    const res = await fetch(
      `${url}/api/communities/${BIG}/posts${cursor ? `?cursor=${cursor}` : ''}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    ({ nextCursor: cursor } = await res.json());
    if (!cursor) throw new Error(`the feed ended after ${page + 1} pages`);
  }
  return `/api/communities/${BIG}/posts?cursor=${cursor}`;
}

async function measure(database, url, serverPid, tokens) {
  const reads = READS.map((r) => ({ ...r }));
  reads[reads.length - 1].path = await deepFeedPath(url, tokens[0]);
  const who = {
    member: () => ({ token: tokens[Math.floor(Math.random() * tokens.length)] }),
    visitor: () => ({ token: null }),
  };
  // JIT, caches and pools warm before anything counts.
  await driveLoad({
    url,
    path: reads[0].path,
    method: 'GET',
    seconds: Math.min(3, SECONDS),
    connections: CONNECTIONS,
    makeRequest: who.member,
  });
  const rows = [];
  for (const read of reads) {
    for (const [as, makeRequest] of Object.entries(who)) {
      // One answer first: what it carries, and that it is a 200.
      const { token } = makeRequest();
      const res = await fetch(url + read.path, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      const body = await res.json();
      const items = (body.communities ?? body.posts ?? []).length;
      const run = await driveLoad({
        url,
        path: read.path,
        method: 'GET',
        seconds: SECONDS,
        connections: CONNECTIONS,
        makeRequest,
        serverPid,
      });
      const ok =
        res.status === 200 && !run.errors && Object.keys(run.statuses).every((k) => k === '200');
      const row = {
        case: `${database}, ${read.name}, ${as}`,
        path: read.path,
        items,
        ...run,
        ...(database === 'postgres' ? {} : { dbCpuUs: undefined }),
        pass: ok && run.p99ms < TARGET_P99_MS,
      };
      console.log(JSON.stringify(row));
      rows.push({ read: read.name, as, ...row });
    }
  }
  return rows;
}

function printTable(database, rows) {
  const head = ['read', 'as', 'items', 'req/s', 'p50 ms', 'p99 ms', 'server µs', 'db µs', ''];
  const lines = rows.map((r) => [
    r.read,
    r.as,
    String(r.items),
    String(r.okPerSec),
    String(r.p50ms),
    String(r.p99ms),
    String(r.serverCpuUs ?? ''),
    String(r.dbCpuUs ?? ''),
    r.pass ? 'PASS' : 'FAIL',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells) =>
    cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(
    `\n${database}: ${COMMUNITIES} communities; the big one ${MEMBERS} members, ${POSTS} posts; ` +
      `${CONNECTIONS} connections, ${SECONDS} s each, ${rows[0]?.loadgen ?? ''}; target p99 < ${TARGET_P99_MS} ms` +
      (database === 'pglite' ? ' (PGlite runs in the server: its CPU is in server µs)' : ''),
  );
  console.log(fmt(head));
  for (const l of lines) console.log(fmt(l));
}

/** A server on a database already migrated, stopped, seeded and started again. */
async function seededServer({ databaseUrl, port }) {
  const first = await startServer({ databaseUrl, port });
  await stopServer(first.child);
  const db = await openDb(
    databaseUrl
      ? { databaseUrl, poolSize: 2 }
      : { pgliteDir: path.join(first.dataDir, 'pglite'), purpose: 'communities bench seed' },
  );
  let tokens;
  try {
    tokens = await seed(db);
    // As pgbench does before it runs: vacuumed and analyzed now, not by an autovacuum that lands
    // inside one read's window. PGlite runs no autovacuum at all: without this its planner has
    // no statistics (see the note at the top).
    if (VACUUM) await db.rows(sql`vacuum analyze`);
  } finally {
    await db.close();
  }
  const server = await startServer({ databaseUrl, port, extraEnv: { DATA_DIR: first.dataDir } });
  rmSync(server.dataDir, { recursive: true, force: true });
  return { ...server, dataDir: first.dataDir, tokens };
}

const results = {};
const pgUp = DATABASES.includes('postgres') && (await pgReachable());
if (DATABASES.includes('postgres') && !pgUp)
  console.log(
    JSON.stringify({
      postgres: 'skipped',
      reason: `not reachable at ${PG_BASE}; set BENCH_DATABASE_URL`,
    }),
  );

if (pgUp) {
  const databaseUrl = await freshPgDatabase(DB_NAME);
  const server = await seededServer({ databaseUrl, port: 3891 });
  try {
    results.postgres = await measure('postgres', server.url, server.child.pid, server.tokens);
  } finally {
    await stopServer(server.child);
    rmSync(server.dataDir, { recursive: true, force: true });
    const c = new pg.Client({ connectionString: PG_BASE });
    await c.connect();
    await c.query(`drop database if exists ${DB_NAME} with (force)`);
    await c.end();
  }
}

if (DATABASES.includes('pglite')) {
  const server = await seededServer({ port: 3892 });
  try {
    results.pglite = await measure('pglite', server.url, server.child.pid, server.tokens);
  } finally {
    await stopServer(server.child);
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}

for (const [database, rows] of Object.entries(results)) printTable(database, rows);
const failed = Object.values(results)
  .flat()
  .filter((r) => !r.pass);
console.log(
  failed.length
    ? `\n${failed.length} read(s) missed p99 < ${TARGET_P99_MS} ms: ${failed.map((r) => r.case).join('; ')}`
    : `\nEvery read's p99 was under ${TARGET_P99_MS} ms.`,
);
if (failed.length) process.exitCode = 1;
