// `npm run bench:quiz` (issue 23): mystery-box openings per second at 32 connections on
// PostgreSQL against pgbench scale 10 in the same run, and the time from a live quiz question's
// close to both players' sockets holding the reveal, p99 over 200 questions, with the two
// players of each duel on two server processes sharing one database.
import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { WebSocket } from 'ws';
import {
  api,
  driveLoad,
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
const OPENERS = Number(process.env.BENCH_USERS ?? 128);
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 200);
const PAIRS_AT_ONCE = 10;

const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : NaN;
};

if (!(await pgReachable())) {
  console.log(`PostgreSQL not reachable at ${PG_BASE}; set BENCH_DATABASE_URL`);
  process.exit(1);
}

// Every player calls from an address of its own (the servers trust one proxy hop), as the
// same-address rule refuses duels between accounts seen on one address.
const addressOf = (i) => `10.9.${Math.floor(i / 250)}.${(i % 250) + 1}`;
async function call(url, method, pathName, body, token, address) {
  const res = await fetch(url + pathName, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      authorization: `Bearer ${token}`,
      'x-forwarded-for': address,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${pathName}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

function openSocket(url, token) {
  return new Promise((resolve, reject) => {
    fetch(`${url}/api/live/ticket`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    })
      .then((r) => r.json())
      .then(({ ticket }) => {
        const ws = new WebSocket(
          `${url.replace(/^http/, 'ws')}/api/live?ticket=${encodeURIComponent(ticket)}`,
        );
        const listeners = new Set();
        ws.on('message', (data) => {
          const at = performance.timeOrigin + performance.now();
          const m = JSON.parse(data.toString());
          for (const l of listeners) l(m, at);
        });
        ws.once('open', () => resolve({ ws, listeners }));
        ws.once('error', reject);
      }, reject);
  });
}

const databaseUrl = await freshPgDatabase('fs_bench_quiz');
const env = { TRUST_PROXY: '1' };
const one = await startServer({ databaseUrl, port: 3861, extraEnv: env });
const two = await startServer({ databaseUrl, port: 3862, extraEnv: env });
const results = {};
try {
  // --- Mystery box openings: one bronze box per request, each a round, a drop and a debit.
  const admin = await api(one.url, 'POST', '/auth/login', {
    username: 'admin',
    password: 'bench-admin-password',
  });
  const openers = await registerUsers(one.url, OPENERS, `mb${Date.now().toString(36).slice(-4)}`);
  for (const u of openers)
    await api(
      one.url,
      'PATCH',
      `/api/admin/balance/${u.username}`,
      { amount: 10_000_000 },
      admin.token,
    );
  const pick = () => openers[Math.floor(Math.random() * openers.length)].token;
  const load = {
    url: one.url,
    path: '/api/games/mystery-box/open',
    connections: CONNECTIONS,
    makeRequest: () => ({ token: pick(), body: { boxId: 'bronze', count: 1 } }),
  };
  await driveLoad({ ...load, seconds: 3 });
  const { okPerSec, ...rest } = await driveLoad({
    ...load,
    seconds: SECONDS,
    serverPid: one.child.pid,
  });
  results.openings = {
    case: 'postgres, POST /api/games/mystery-box/open, bronze x1',
    openingsPerSec: okPerSec,
    ...rest,
  };
  console.log(JSON.stringify(results.openings));

  // --- Live quiz reveals across two processes.
  const duels = Math.ceil(QUESTIONS / 7);
  const players = await registerUsers(one.url, 2 * duels, `qz${Date.now().toString(36).slice(-4)}`);
  const db = new pg.Pool({ connectionString: databaseUrl, max: PAIRS_AT_ONCE });
  const latencies = [];
  let n = 0;
  async function playDuel(k) {
    const [a, b] = [players[2 * k], players[2 * k + 1]];
    const [addrA, addrB] = [addressOf(2 * k), addressOf(2 * k + 1)];
    const [sa, sb] = await Promise.all([
      openSocket(one.url, a.token),
      openSocket(two.url, b.token),
    ]);
    // When each socket first held each question closed, by question.
    const seen = [new Map(), new Map()];
    const watch = (i) => (m, at) => {
      if (m.kind !== 'quizDuel.update') return;
      for (const q of m.payload.duel.questions)
        if (q.closed && !seen[i].has(q.index)) seen[i].set(q.index, at);
    };
    sa.listeners.add(watch(0));
    sb.listeners.add(watch(1));
    const made = await call(
      one.url,
      'POST',
      '/api/games/quiz-duel/challenge',
      { opponentUsername: b.username, stake: 10, mode: 'live' },
      a.token,
      addrA,
    );
    const id = made.duel._id;
    await call(two.url, 'POST', `/api/games/quiz-duel/${id}/join`, undefined, b.token, addrB);
    for (let q = 0; q < 7; q++) {
      // Wait for the question to open (the view on each process says when).
      let view;
      for (;;) {
        view = await call(one.url, 'GET', `/api/games/quiz-duel/${id}`, undefined, a.token, addrA);
        if (view.questions[q]) break;
        const opensIn =
          view.startsAt && q === 0 ? Date.parse(view.startsAt) - Date.parse(view.serverTime) : 300;
        await new Promise((r) => setTimeout(r, Math.max(50, Math.min(opensIn, 1000))));
      }
      await call(
        one.url,
        'POST',
        `/api/games/quiz-duel/${id}/answer`,
        { question: q, choice: q % 4 },
        a.token,
        addrA,
      );
      await call(
        two.url,
        'POST',
        `/api/games/quiz-duel/${id}/answer`,
        { question: q, choice: (q + 1) % 4 },
        b.token,
        addrB,
      );
    }
    // Both sockets hold every reveal (or give up after 5 s).
    const until = Date.now() + 5000;
    while ((seen[0].size < 7 || seen[1].size < 7) && Date.now() < until)
      await new Promise((r) => setTimeout(r, 50));
    // The close instants: each next question opens 3 s after its close; the last closes when the duel does.
    const { rows } = await db.query(
      'select q_windows, closed_at from quiz_duel_matches where id = $1',
      [Number(id)],
    );
    const windows = rows[0].q_windows;
    for (let q = 0; q < 7 && n < QUESTIONS; q++) {
      const closedAt =
        q < 6 ? Date.parse(windows[q + 1][0]) - 3000 : new Date(rows[0].closed_at).getTime();
      const both = Math.max(seen[0].get(q) ?? Infinity, seen[1].get(q) ?? Infinity);
      latencies.push(both - closedAt);
      n++;
    }
    sa.ws.close();
    sb.ws.close();
  }
  for (let k = 0; k < duels; k += PAIRS_AT_ONCE) {
    await Promise.all(
      Array.from({ length: Math.min(PAIRS_AT_ONCE, duels - k) }, (_, i) => playDuel(k + i)),
    );
  }
  await db.end();
  const missed = latencies.filter((l) => !Number.isFinite(l)).length;
  const finite = latencies.filter((l) => Number.isFinite(l));
  results.reveals = {
    case: `live quiz reveal, close to both sockets, ${latencies.length} questions, players on two processes, ${PAIRS_AT_ONCE} duels at once`,
    p50ms: +percentile(finite, 50).toFixed(1),
    p99ms: +percentile(finite, 99).toFixed(1),
    maxms: +Math.max(...finite).toFixed(1),
    missed,
  };
  console.log(JSON.stringify(results.reveals));
} finally {
  await stopServer(one.child);
  await stopServer(two.child);
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
    openingsVsPgbench10: +(results.openings.openingsPerSec / results.pgbench10).toFixed(2),
    openingsP99ms: results.openings.p99ms,
    revealP99ms: results.reveals.p99ms,
  }),
);
