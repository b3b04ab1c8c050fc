import path from 'node:path';
import { loadConfig } from './config';
import { openDb } from './db/client';
import { seed } from './db/seed';
import { buildApp } from './app';

const config = loadConfig();
const db = await openDb({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite'), poolSize: config.dbPoolSize });
const { app, drain } = await buildApp({ config, db });
await seed(db, config, app.log);

const shutdown = async (signal: string) => {
  app.log.info(`${signal}: shutting down`);
  await app.close();
  await drain();
  await db.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`Fair & Square on http://localhost:${config.port} (${db.kind}${db.kind === 'pglite' ? ` in ${config.dataDir}` : ''})`);
