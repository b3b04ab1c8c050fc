import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminUsername: string;
  adminPassword: string | undefined;
  logLevel: string;
  /** Sign-in and registration attempts per IP per minute. */
  authRateLimit: number;
  /** How long an authenticated session may be served from the in-process cache. */
  authCacheMs: number;
  seedDemo: boolean;
  /** Behind a reverse proxy, trust X-Forwarded-For so rate limits see real client IPs. */
  trustProxy: boolean;
  /** PostgreSQL connections in the pool. */
  dbPoolSize: number;
  clientDir: string | undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must start with postgres:// or postgresql://');
  }
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl,
    adminUsername: env.ADMIN_USERNAME?.trim() || 'admin',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    authRateLimit: Number(env.AUTH_RATE_LIMIT ?? 20),
    authCacheMs: Number(env.AUTH_CACHE_MS ?? 3000),
    seedDemo: env.SEED_DEMO !== 'false',
    dbPoolSize: Number(env.DB_POOL_SIZE ?? 20),
    trustProxy: env.TRUST_PROXY === 'true',
    clientDir: path.resolve(env.CLIENT_DIR ?? 'dist/client'),
  };
}
