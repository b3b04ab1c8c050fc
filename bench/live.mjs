// `npm run bench:live`: live balance pushes across processes. Two server processes on one
// PostgreSQL database; 200 players hold their sockets on process B while 200 transfers to them
// go through process A, 40 a second: how long from each request's start until the player's
// socket shows the new balance. Then the wager bench's load on A for a few seconds, counting
// the NOTIFYs (wake-ups of the other processes) A sends per second.
import pg from 'pg';
import { WebSocket } from 'ws';
import {
  api,
  driveLoad,
  freshPgDatabase,
  PG_BASE,
  pgReachable,
  randomWager,
  registerUsers,
  setupWagerBench,
  startServer,
  stopServer,
} from './lib.mjs';

const PLAYERS = Number(process.env.BENCH_USERS ?? 200);
const PER_SECOND = 40;

if (!(await pgReachable())) {
  console.log(`PostgreSQL not reachable at ${PG_BASE}; set BENCH_DATABASE_URL`);
  process.exit(1);
}
const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : NaN;
};

/** A socket that calls `onBalance` with each balance pushed to it. */
async function openSocket(url, token, onBalance) {
  const res = await fetch(`${url}/api/live/ticket`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  const { ticket } = await res.json();
  const socket = new WebSocket(
    `${url.replace(/^http/, 'ws')}/api/live?ticket=${encodeURIComponent(ticket)}`,
  );
  await new Promise((resolve, reject) => {
    socket.on('message', (data) => {
      const m = JSON.parse(data.toString());
      if (m.kind === 'hello') resolve();
      if (m.kind === 'balance') onBalance(m.payload.balance);
    });
    socket.on('error', reject);
  });
  return socket;
}

const databaseUrl = await freshPgDatabase('fs_bench_live');
const a = await startServer({ databaseUrl, port: 3861 });
const b = await startServer({ databaseUrl, port: 3862 });
const sockets = [];
try {
  const admin = await api(a.url, 'POST', '/auth/login', {
    username: 'admin',
    password: 'bench-admin-password',
  });
  const [sender] = await registerUsers(a.url, 1, `ls${Date.now().toString(36).slice(-4)}`);
  await api(
    a.url,
    'PATCH',
    `/api/admin/balance/${sender.username}`,
    { amount: 1_000_000 },
    admin.token,
  );
  const players = await registerUsers(a.url, PLAYERS, `lp${Date.now().toString(36).slice(-4)}`);
  const arrived = new Map();
  for (const [i, p] of players.entries()) {
    sockets.push(
      await openSocket(b.url, p.token, (balance) => {
        if (balance === 1001 && !arrived.has(i)) arrived.set(i, performance.now());
      }),
    );
  }
  const started = new Map();
  const answered = new Map();
  const t0 = performance.now() + 100;
  await Promise.all(
    players.map(async (p, i) => {
      const at = t0 + (i * 1000) / PER_SECOND;
      await new Promise((r) => setTimeout(r, Math.max(0, at - performance.now())));
      started.set(i, performance.now());
      await api(
        a.url,
        'POST',
        '/api/user/send-money',
        { recipientUsername: p.username, amount: 1 },
        sender.token,
      );
      answered.set(i, performance.now());
    }),
  );
  const deadline = performance.now() + 5000;
  while (arrived.size < players.length && performance.now() < deadline)
    await new Promise((r) => setTimeout(r, 20));
  const latencies = [...arrived].map(([i, t]) => t - started.get(i));
  console.log(
    JSON.stringify({
      case: `${PLAYERS} transfers through process A at ${PER_SECOND}/s, sockets on process B`,
      pushed: arrived.size,
      p50ms: +percentile(latencies, 50).toFixed(1),
      p90ms: +percentile(latencies, 90).toFixed(1),
      p99ms: +percentile(latencies, 99).toFixed(1),
      // The transfer's own answer, which the push's latency includes.
      answeredP99ms: +percentile(
        [...answered].map(([i, t]) => t - started.get(i)),
        99,
      ).toFixed(1),
    }),
  );

  // NOTIFYs under the wager bench's load, heard by a listener of our own.
  const listener = new pg.Client({ connectionString: databaseUrl });
  await listener.connect();
  let notifies = 0;
  listener.on('notification', () => notifies++);
  await listener.query('listen fs_live');
  const wagers = await setupWagerBench(a.url, 100);
  notifies = 0;
  const load = await driveLoad({
    url: a.url,
    serverPid: a.child.pid,
    path: '/api/bets/predict',
    seconds: 5,
    connections: 32,
    makeRequest: randomWager(wagers.users, wagers.bets),
  });
  // Process B wakes too, from its own writes only; A's are the ones counted here.
  console.log(
    JSON.stringify({
      case: 'wager load on process A, 32 connections, 5 s',
      wagersPerSec: load.okPerSec,
      notifiesPerSec: +(notifies / 5).toFixed(1),
    }),
  );
  await listener.end();
} finally {
  for (const s of sockets) s.close();
  await stopServer(a.child);
  await stopServer(b.child);
}
