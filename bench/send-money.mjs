// `npm run bench`: the server as an operator runs it (`node scripts/start.mjs`, what `npm start`
// runs), on PGlite and on PostgreSQL: the first start on an empty database, the resident memory
// idle (every process of the tree), three restarts, then send-money throughput (wrk or
// autocannon, 32 connections) and the memory under and after that load; then the gzipped
// JavaScript the home page loads.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  driveLoad,
  freshPgDatabase,
  median,
  pageJs,
  pgReachable,
  processTree,
  registerUsers,
  stopServer,
  waitReady,
} from './lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = 32;
const USERS = 64;
const RESTARTS = 3;
/** How long a started server is left alone before its idle memory is read. */
const IDLE_MS = 5_000;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function launch(port, dataDir, databaseUrl) {
  const startedAt = process.hrtime.bigint();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'bench-admin-password',
      AUTH_RATE_LIMIT: process.env.AUTH_RATE_LIMIT ?? '100000',
      // Fresh accounts send at once here: the new-account rules are off.
      NEW_ACCOUNT_HOURS: '0',
      NEW_ACCOUNT_ACTIONS: '0',
      SIGNUPS_PER_DAY: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { child, ready: waitReady(`http://127.0.0.1:${port}/readyz`, child, startedAt) };
}

/** The tree's memory in one line: total and each process. */
const memory = (tree) =>
  tree
    ? {
        totalMiB: tree.rssMiB,
        processes: tree.each.map(({ cmd, rssMiB, peakMiB }) => ({ cmd, rssMiB, peakMiB })),
      }
    : null;

async function operatorRun(label, databaseUrl, port) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fs-bench-op-'));
  try {
    let server = launch(port, dataDir, databaseUrl);
    const firstStartMs = Math.round(await server.ready);
    await sleep(IDLE_MS);
    const idleAfterFirstStart = processTree(server.child.pid);
    await stopServer(server.child);
    const restartMs = [];
    for (let i = 0; i < RESTARTS; i++) {
      if (i > 0) await stopServer(server.child);
      server = launch(port, dataDir, databaseUrl);
      restartMs.push(Math.round(await server.ready));
    }
    await sleep(IDLE_MS);
    const idle = processTree(server.child.pid);
    console.log(
      JSON.stringify({
        backend: label,
        firstStartMs,
        restartMs,
        restartMedianMs: median(restartMs),
      }),
    );
    console.log(
      JSON.stringify({ backend: label, idleAfterFirstStart: memory(idleAfterFirstStart) }),
    );
    console.log(JSON.stringify({ backend: label, idle: memory(idle) }));

    const url = `http://127.0.0.1:${port}`;
    const users = await registerUsers(url, USERS, `bm${Date.now().toString(36).slice(-4)}`);
    // The process that serves: the deepest of the tree (the only one once start.mjs serves in-process).
    const serverPid = idle?.each.at(-1)?.pid ?? server.child.pid;
    let loadedPeak = 0;
    const sampler = setInterval(
      () => (loadedPeak = Math.max(loadedPeak, processTree(server.child.pid)?.rssMiB ?? 0)),
      500,
    );
    const { okPerSec, ...rest } = await driveLoad({
      url,
      serverPid,
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
    clearInterval(sampler);
    console.log(JSON.stringify({ backend: label, transfersPerSec: okPerSec, ...rest }));
    const afterLoad = processTree(server.child.pid);
    console.log(
      JSON.stringify({
        backend: label,
        loadedPeakTotalMiB: loadedPeak,
        afterLoad: memory(afterLoad),
      }),
    );
    await stopServer(server.child);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (!existsSync('dist/client/index.html'))
  console.log('No client build: the first start below includes building it');
await operatorRun('pglite', undefined, 3811);
if (await pgReachable())
  await operatorRun('postgres', await freshPgDatabase('fs_bench_send'), 3812);
else console.log('PostgreSQL not reachable: skipped the PostgreSQL run');

const size = await pageJs(3814, '/');
if (size) console.log(JSON.stringify({ homePageJs: size }));
