// `npm start`: build the client if it is missing or older than its sources, then serve API + client.
// `npm run start:cluster` (or WEB_CONCURRENCY=N npm start) runs N processes on one port through
// Node's cluster module; they share state only through PostgreSQL, so DATABASE_URL is required.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import os from 'node:os';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const builtIndex = path.join(root, 'dist/client/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = [path.join(root, 'src/client'), path.join(root, 'src/shared')];
// SKIP_CLIENT_BUILD=true: an image that built the client already, or a test of the processes alone.
const stale =
  process.env.SKIP_CLIENT_BUILD !== 'true' && (!existsSync(builtIndex) || sources.some((dir) => newestMtime(dir) > statSync(builtIndex).mtimeMs));
if (stale) {
  console.log('Building the client…');
  const built = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const clusterFlag = process.argv.indexOf('--cluster');
const processes =
  clusterFlag >= 0 ? Number(process.argv[clusterFlag + 1] ?? process.env.WEB_CONCURRENCY ?? Math.max(2, os.availableParallelism())) : Number(process.env.WEB_CONCURRENCY ?? 1);
const main = path.join(root, 'src/server/main.ts');

if (!Number.isInteger(processes) || processes < 1) {
  console.error('--cluster / WEB_CONCURRENCY must be a whole number of processes');
  process.exit(2);
} else if (processes === 1) {
  const server = spawn(process.execPath, ['--import', 'tsx', main], { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  if (!process.env.DATABASE_URL) {
    console.error('Several processes need PostgreSQL: set DATABASE_URL (the embedded database opens in one process only).');
    process.exit(2);
  }
  cluster.setupPrimary({ exec: main, execArgv: ['--import', 'tsx'], cwd: root });
  let stopping = false;
  for (let i = 0; i < processes; i++) cluster.fork();
  console.log(`Started ${processes} server processes sharing one port`);
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`Server process ${worker.process.pid} exited (${signal ?? code}); starting another`);
    cluster.fork();
  });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
      let left = Object.keys(cluster.workers ?? {}).length;
      if (left === 0) process.exit(0);
      cluster.on('exit', () => --left === 0 && process.exit(0));
    });
  }
}
