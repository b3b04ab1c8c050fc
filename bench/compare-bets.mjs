// `node bench/compare-bets.mjs <other checkout>`: wagers/s of this tree against another
// checkout (say `git worktree add /tmp/base <commit>` with node_modules linked), on PostgreSQL.
//
// Two runs of bench:bets one after the other differ by ±10% on a shared 2-core host, more than
// the differences worth finding. Here both servers run at once on their own databases and take
// short bursts of the same load in turn (A B, then B A, ...), so a slow minute of the host lands
// on both; the answer is the median of each round's ratio.
//
// BENCH_GAME=coin-flip|roulette|slots compares that stake game's rounds instead of wagers (the
// same users, bet 1; 'one hot bet' then means one player). BENCH_COMPARE_DB=pglite compares the
// embedded database (each server on its own data directory) instead of PostgreSQL.
//
// BENCH_CASE=send-money compares transfers of 1 coin instead (POST /api/user/send-money; 'one
// hot recipient': everyone sends to one player). A transfer's CoinsSent event is delivered after
// its answer, by the dispatcher of the server that took it: after each burst the bench waits
// until that server has delivered them all (PostgreSQL: no undelivered domain_events row left;
// PGlite, in the server's process: its CPU idle), so neither tree's backlog lands in the other's
// burst, and also prints transfers per second of burst and drain together.
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import {
  cpuMs,
  driveLoad,
  freshPgDatabase,
  median,
  PG_BASE,
  pgReachable,
  randomWager,
  setupWagerBench,
  startServer,
  stopServer,
} from './lib.mjs';

const other = process.argv[2];
if (!other || !existsSync(path.join(other, 'src/server/main.ts'))) {
  console.log('usage: node bench/compare-bets.mjs <path of another checkout, with node_modules>');
  process.exit(2);
}
const EMBEDDED = process.env.BENCH_COMPARE_DB === 'pglite';
if (!EMBEDDED && !(await pgReachable())) {
  console.log(`PostgreSQL not reachable at ${PG_BASE}; set BENCH_DATABASE_URL`);
  process.exit(1);
}
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const BURST = Number(process.env.BENCH_BURST_SECONDS ?? 4);
const USERS = Number(process.env.BENCH_USERS ?? 200);
const GAME = process.env.BENCH_GAME;
const gameBodies = {
  'coin-flip': () => ({ betAmount: 1, guess: Math.random() < 0.5 ? 'heads' : 'tails' }),
  roulette: () => ({
    betAmount: 1,
    color: ['red', 'black', 'green'][Math.floor(Math.random() * 3)],
  }),
  slots: () => ({ betAmount: 1 }),
};
if (GAME && !gameBodies[GAME]) {
  console.log(`BENCH_GAME must be one of ${Object.keys(gameBodies).join(', ')}`);
  process.exit(2);
}
const TRANSFERS = process.env.BENCH_CASE === 'send-money';
if (process.env.BENCH_CASE && !TRANSFERS) {
  console.log('BENCH_CASE must be send-money (or unset: wagers)');
  process.exit(2);
}

/** A random player sends 1 coin to another, or (`hot`) to the first player. */
const transfer = (users, hot) => () => {
  const i = hot
    ? 1 + Math.floor(Math.random() * (users.length - 1))
    : Math.floor(Math.random() * users.length);
  // Any other user: an offset of 1..n-1 never lands on the sender.
  const j = hot ? 0 : (i + 1 + Math.floor(Math.random() * (users.length - 1))) % users.length;
  return { token: users[i].token, body: { recipientUsername: users[j].username, amount: 1 } };
};

/** Waits until `t`'s server has delivered the events its burst recorded; answers the ms it took. */
async function drained(t) {
  const started = Date.now();
  const deadline = started + 60_000;
  if (t.db) {
    while (Date.now() < deadline) {
      const { rows } = await t.db.query(
        'select count(*)::int as n from domain_events where delivered_at is null',
      );
      if (rows[0].n === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
  } else {
    // PGlite runs in the server: its dispatcher is busy while the process's CPU is.
    let before = cpuMs(t.child.pid)?.server ?? 0;
    while (Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      const now = cpuMs(t.child.pid)?.server ?? 0;
      if (now - before < 10) break;
      before = now;
    }
  }
  return Date.now() - started;
}

const trees = [
  { name: 'this', cwd: process.cwd(), port: 3831 },
  { name: 'other', cwd: path.resolve(other), port: 3832 },
];
try {
  for (const t of trees) {
    const databaseUrl = EMBEDDED ? undefined : await freshPgDatabase(`fs_compare_${t.name}`);
    const { child, url } = await startServer({ databaseUrl, port: t.port, cwd: t.cwd });
    Object.assign(t, { child, url }, await setupWagerBench(url, USERS));
    if (databaseUrl && TRANSFERS) {
      t.db = new pg.Client({ connectionString: databaseUrl });
      await t.db.connect();
    }
  }
  const burst = async (t, hot, seconds) => {
    if (!TRANSFERS) return wagerBurst(t, hot, seconds);
    const run = await driveLoad({
      url: t.url,
      serverPid: t.child.pid,
      path: '/api/user/send-money',
      seconds,
      connections: 32,
      makeRequest: transfer(t.users, hot),
    });
    const drainMs = await drained(t);
    return {
      ...run,
      drainMs,
      deliveredPerSec: Math.round((run.okPerSec * seconds) / (seconds + drainMs / 1000)),
    };
  };
  const wagerBurst = (t, hot, seconds) =>
    GAME
      ? driveLoad({
          url: t.url,
          serverPid: t.child.pid,
          path: `/api/games/${GAME}`,
          seconds,
          connections: 32,
          makeRequest: () => ({
            token: (hot ? t.users[0] : t.users[Math.floor(Math.random() * t.users.length)]).token,
            body: gameBodies[GAME](),
          }),
        })
      : driveLoad({
          url: t.url,
          serverPid: t.child.pid,
          path: '/api/bets/predict',
          seconds,
          connections: 32,
          makeRequest: randomWager(t.users, hot ? [t.bets[0]] : t.bets),
        });
  // JIT and pools warm before anything counts.
  for (const t of trees) await burst(t, false, 3);

  for (const hot of [false, true]) {
    const rounds = [];
    for (let r = 0; r < ROUNDS; r++) {
      const order = r % 2 ? [trees[1], trees[0]] : trees;
      const got = {};
      for (const t of order) got[t.name] = await burst(t, hot, BURST);
      rounds.push(got);
    }
    const of = (name, key) => median(rounds.map((g) => g[name][key]));
    const ratios = rounds.map((g) => g.this.okPerSec / g.other.okPerSec);
    const delivered = TRANSFERS
      ? rounds.map((g) => g.this.deliveredPerSec / g.other.deliveredPerSec)
      : null;
    console.log(
      JSON.stringify({
        case: TRANSFERS
          ? `send-money, ${hot ? 'one hot recipient' : `${USERS} players`}`
          : GAME
            ? `${GAME}, ${hot ? 'one player' : `${USERS} players`}`
            : hot
              ? 'one hot bet'
              : 'spread over 50 bets',
        rounds: ROUNDS,
        burstSeconds: BURST,
        [TRANSFERS ? 'thisTransfersPerSec' : 'thisWagersPerSec']: of('this', 'okPerSec'),
        [TRANSFERS ? 'otherTransfersPerSec' : 'otherWagersPerSec']: of('other', 'okPerSec'),
        ratioMedian: +median(ratios).toFixed(3),
        ratioRange: [+Math.min(...ratios).toFixed(3), +Math.max(...ratios).toFixed(3)],
        thisServerCpuUs: of('this', 'serverCpuUs'),
        otherServerCpuUs: of('other', 'serverCpuUs'),
        thisDbCpuUs: of('this', 'dbCpuUs'),
        otherDbCpuUs: of('other', 'dbCpuUs'),
        ...(TRANSFERS
          ? {
              thisDrainMs: of('this', 'drainMs'),
              otherDrainMs: of('other', 'drainMs'),
              deliveredRatioMedian: +median(delivered).toFixed(3),
              deliveredRatioRange: [
                +Math.min(...delivered).toFixed(3),
                +Math.max(...delivered).toFixed(3),
              ],
            }
          : {}),
        errors: rounds.reduce((n, g) => n + g.this.errors + g.other.errors, 0),
      }),
    );
  }
} finally {
  for (const t of trees) {
    if (t.db) await t.db.end();
    if (t.child) await stopServer(t.child);
  }
}
