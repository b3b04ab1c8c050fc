// `npm run bench`: send-money throughput on PGlite and PostgreSQL (autocannon, 32 connections),
// cold start of `npm start` on an existing build, and the gzipped JS the home page loads.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { driveLoad, freshPgDatabase, median, pageJs, pgReachable, registerUsers, startServer, stopServer } from './lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = 32;
const USERS = 64;

async function benchSendMoney(label, databaseUrl, port) {
  const { child, url } = await startServer({ databaseUrl, port });
  try {
    const users = await registerUsers(url, USERS, `bm${Date.now().toString(36).slice(-4)}`);
    const { okPerSec, ...rest } = await driveLoad({
      url,
      serverPid: child.pid,
      path: '/api/user/send-money',
      seconds: DURATION,
      connections: CONNECTIONS,
      makeRequest: () => {
        const i = Math.floor(Math.random() * users.length);
        // Any other user: an offset of 1..n-1 never lands on the sender.
        const j = (i + 1 + Math.floor(Math.random() * (users.length - 1))) % users.length;
        return { token: users[i].token, body: { recipientUsername: users[j].username, amount: 1 } };
      },
    });
    const line = { backend: label, transfersPerSec: okPerSec, ...rest };
    console.log(JSON.stringify(line));
    return line;
  } finally {
    await stopServer(child);
  }
}

async function coldStart(port) {
  // On an existing build and an existing data directory: spawn `npm start`'s script, time to first 200.
  const times = [];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fs-coldstart-'));
  // The first start creates the database; the three after it are the cold starts measured.
  for (let i = 0; i < 4; i++) {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ADMIN_PASSWORD: 'bench-admin-password', DATABASE_URL: '' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/`)).ok) break;
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    if (i > 0) times.push(Number(process.hrtime.bigint() - started) / 1e6);
    await stopServer(child);
  }
  return times;
}

const results = [];
results.push(await benchSendMoney('pglite', undefined, 3811));
if (await pgReachable()) results.push(await benchSendMoney('postgres', await freshPgDatabase('fs_bench_send'), 3812));
else console.log('PostgreSQL not reachable: skipped the PostgreSQL run');

if (!existsSync('dist/client/index.html')) console.log('No client build: run `npm run build` for the cold start and size figures');
else {
  const times = await coldStart(3813);
  console.log(JSON.stringify({ coldStartMs: times.map(Math.round), medianMs: Math.round(median(times)) }));
  const size = await pageJs(3814, '/');
  if (size) console.log(JSON.stringify({ homePageJs: size }));
}
