// `npm start`: build the client and the server if either is missing or older than its sources,
// then serve API + client from this very process (the built server, plain JavaScript, is
// imported here: no TypeScript compiler and no second process at run time).
// `npm run start:cluster` (or WEB_CONCURRENCY=N npm start) runs N processes on one port through
// Node's cluster module; they share state only through PostgreSQL, so DATABASE_URL is required.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import cluster from 'node:cluster';
import os from 'node:os';
import { root, serverBuildIsStale, serverFile } from './build-server.mjs';

const builtIndex = path.join(root, 'dist/client/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Runs a build step in a child process, so that its memory (vite, esbuild) is not the server's. */
function build(what, args) {
  console.log(`Building the ${what}…`);
  const built = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const clientSources = [path.join(root, 'src/client'), path.join(root, 'src/shared')];
// SKIP_CLIENT_BUILD=true: an image that built the client already, or a test of the processes alone.
const clientStale =
  process.env.SKIP_CLIENT_BUILD !== 'true' &&
  (!existsSync(builtIndex) ||
    clientSources.some((dir) => newestMtime(dir) > statSync(builtIndex).mtimeMs));
if (clientStale)
  build('client', [
    path.join(root, 'node_modules/vite/bin/vite.js'),
    'build',
    '--logLevel',
    'warn',
  ]);

// SKIP_SERVER_BUILD=true: run dist/server as built (an image that built it with `npm run build`).
if (process.env.SKIP_SERVER_BUILD === 'true') {
  if (!existsSync(serverFile)) {
    console.error(
      `SKIP_SERVER_BUILD=true but ${path.relative(root, serverFile)} does not exist: run \`npm run build\` first`,
    );
    process.exit(2);
  }
} else if (serverBuildIsStale()) build('server', [path.join(root, 'scripts/build-server.mjs')]);

const clusterFlag = process.argv.indexOf('--cluster');
const processes =
  clusterFlag >= 0
    ? Number(
        process.argv[clusterFlag + 1] ??
          process.env.WEB_CONCURRENCY ??
          Math.max(2, os.availableParallelism()),
      )
    : Number(process.env.WEB_CONCURRENCY ?? 1);

if (!Number.isInteger(processes) || processes < 1) {
  console.error('--cluster / WEB_CONCURRENCY must be a whole number of processes');
  process.exit(2);
} else if (processes === 1) {
  // Relative settings (DATA_DIR, CLIENT_DIR) mean the same wherever this script is started from.
  process.chdir(root);
  // The server installs its own SIGTERM/SIGINT handlers: this process is the server.
  await import(pathToFileURL(serverFile).href);
} else {
  if (!process.env.DATABASE_URL) {
    console.error(
      'Several processes need PostgreSQL: set DATABASE_URL (the embedded database opens in one process only).',
    );
    process.exit(2);
  }
  cluster.setupPrimary({ exec: serverFile, cwd: root });
  /** Workers still to exit once stopping; null while running. */
  let left = null;
  let failed = false;
  for (let i = 0; i < processes; i++) cluster.fork();
  console.log(`Started ${processes} server processes sharing one port`);
  cluster.on('exit', (worker, code, signal) => {
    if (left === null) {
      console.error(
        `Server process ${worker.process.pid} exited (${signal ?? code}); starting another`,
      );
      cluster.fork();
      return;
    }
    failed ||= code !== 0;
    if (--left === 0) process.exit(failed ? 1 : 0);
  });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      // A repeat (the group's copy and npm's forwarded one) must not start a second stop.
      if (left !== null) return;
      const workers = Object.values(cluster.workers ?? {}).filter(
        (worker) => worker && !worker.isDead(),
      );
      left = workers.length;
      if (left === 0) process.exit(0);
      // Each worker is told once; one that got the group's copy as well ignores the repeat.
      for (const worker of workers) worker.process.kill(signal);
    });
  }
}
