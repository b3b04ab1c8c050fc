import path from 'node:path';
import { loadConfig } from './config';
import { createLogger } from './platform/logger';
import { DatabaseUnavailableError, openDb } from './db/client';
import { DirLockedError } from './db/dirLock';
import { credentialsBox, seed, type SeedResult } from './db/seed';
import { buildApp } from './app';
import { systemClock } from './platform/clock';
import { modules } from './modules';

const config = loadConfig();
const log = createLogger(config);
let seeded: SeedResult = { created: false, demoBets: 0 };
const db = await openDb({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pglite'),
  poolSize: config.dbPoolSize,
  purpose: 'server',
  createApart: true,
  pgliteSharedBuffers: config.pgliteSharedBuffers,
  waitMs: config.dbWaitMs,
  onWaiting: (message) => log.warn(message),
  afterMigrate: async (opened) => {
    seeded = await seed(opened, config, systemClock, modules);
  },
}).catch((err: unknown) => {
  // What an operator can act on, in one line, instead of a driver's stack trace.
  if (err instanceof DatabaseUnavailableError || err instanceof DirLockedError) {
    log.fatal(err.message);
    process.exit(1);
  }
  throw err;
});
const { app, drain, lifecycle } = await buildApp({ config, db, loggerInstance: log });

const SHUTDOWN_DEADLINE_MS = 10_000;
let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  app.log.info(
    `${signal}: shutting down (readyz 503, finishing requests in flight, closing live sockets with 1012)`,
  );
  lifecycle.draining = true;
  // A request that never ends must not keep the process (and the PGlite directory) forever.
  setTimeout(() => {
    app.log.error(`shutdown took over ${SHUTDOWN_DEADLINE_MS / 1000} s; exiting`);
    process.exit(1);
  }, SHUTDOWN_DEADLINE_MS).unref();
  // Stops accepting, closes the sockets (preClose) and waits for the requests in flight.
  await app.close();
  await drain();
  // Releases the PGlite directory (its lock file) for the next process or an audit.
  await db.close();
  process.exit(0);
};
// `on`, not `once`: a stop often brings the signal twice (the process group's copy, and the one
// npm or the cluster's primary forwards), and with no listener left the repeat killed the process
// on the spot, mid-drain: sockets closed without their 1012, requests cut, exit code lost.
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
db.dirLock?.update({ port });
if (seeded.created)
  log.info(
    `First start: created admin "${config.adminUsername}"${config.seedDemo ? ' and the demo players' : ''}`,
  );
if (seeded.demoBets > 0) log.info(`Opened ${seeded.demoBets} demo bets`);
app.log.info(
  `Fair & Square on http://localhost:${port} (${db.kind}${db.kind === 'pglite' ? ` in ${config.dataDir}` : ''})`,
);
// Last, after the address to open, so that it does not scroll away among the log lines; plain
// lines on stdout, not a log line: the operator must be able to read them.
const box = credentialsBox(config, seeded);
if (box) console.log(box);
