import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
} from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import compress from '@fastify/compress';
import websocket from '@fastify/websocket';
import { constants as zlib } from 'node:zlib';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/client';
import { Sessions } from './platform/auth';
import type { Deps } from './platform/deps';
import { AppError, installErrorHandling } from './platform/errors';
import { InFlight } from './platform/inFlight';
import { EventBus } from './platform/events';
import { Uploads } from './platform/uploads';
import { Idempotency, LEASE_RENEW_MS } from './platform/idempotency';
import { PasswordChecks } from './platform/passwordChecks';
import { systemClock, type Clock } from './platform/clock';
import { securityHeaders } from './platform/security';
import { MAX_UPLOAD_BYTES } from '../shared/constants';
import { registerRoutes } from './platform/routing';
import { registerHealth, type Lifecycle } from './platform/health';
import { registerMetrics } from './platform/metrics';
import { registerBackupRoute } from './platform/backups/server';
import { countStore, SharedLimits } from './platform/rateLimitStore';
import { MAX_SEGMENT_LENGTH, PATH_TOO_LONG, rejectLongPaths } from './platform/paths';

import { registerApiDocs } from './platform/apiDocs';
import { LiveHub } from './platform/realtime/hub';
import { registerLiveSocket } from './platform/realtime/routes';
import type { AllHandlers } from './platform/routing';
import { modules as moduleList } from './modules';
import type { FeatureModule } from './platform/module';

export interface BuildOptions {
  config: Config;
  db: Db;
  logger?: boolean;
  /** The process's logger (main.ts); without it Fastify makes its own JSON one when `logger`. */
  loggerInstance?: FastifyBaseLogger;
  clock?: Clock;
}

const YEAR_SECONDS = 365 * 24 * 3600;

export async function buildApp({
  config,
  db,
  logger = true,
  loggerInstance,
  clock = systemClock,
}: BuildOptions): Promise<{
  app: FastifyInstance;
  deps: Deps;
  drain: () => Promise<void>;
  lifecycle: Lifecycle;
}> {
  const app = Fastify({
    ...(loggerInstance
      ? { loggerInstance }
      : { logger: logger ? { level: config.logLevel } : false }),
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    bodyLimit: 1024 * 1024,
    // A hop count trusts the n proxies nearest to us, as proxy-addr defines it.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    // Three times the hook's limit: a percent-encoded segment of 200 characters still routes.
    routerOptions: { maxParamLength: 3 * MAX_SEGMENT_LENGTH },
    // Node answers malformed requests (headers over 16 KB, bad framing) before any route runs;
    // this keeps those answers in the API's one error shape.
    clientErrorHandler: (err, socket) => {
      if ((err as NodeJS.ErrnoException).code === 'ECONNRESET' || socket.destroyed) return;
      const code = (err as NodeJS.ErrnoException).code;
      const [status, text, message] =
        code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'Request Header Fields Too Large', 'Request headers are too large']
          : code === 'ERR_HTTP_REQUEST_TIMEOUT'
            ? [408, 'Request Timeout', 'The request took too long to arrive']
            : [400, 'Bad Request', 'The request could not be read'];
      const body = JSON.stringify({ message, code: 'BAD_REQUEST' });
      if (socket.writable) {
        socket.write(
          `HTTP/1.1 ${status} ${text}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
        );
      }
      socket.destroy(err);
    },
    // Errors raised by the router (bad percent-encoding, over-long params) bypass the error
    // handler; without this they answer Fastify's own { error, code, message, statusCode } body.
    frameworkErrors: (err, _request, reply) => {
      const status =
        err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : err.code === 'FST_ERR_BAD_URL' ? 400 : 500;
      const message =
        status === 414
          ? PATH_TOO_LONG.message
          : status === 400
            ? 'Request URL is not valid'
            : 'Internal server error';
      void (reply as FastifyReply)
        .status(status)
        .send({ message, code: status === 500 ? 'INTERNAL' : 'BAD_REQUEST' });
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  installErrorHandling(app);

  // Shutdown waits for handlers still running so none of them meets a closed database pool.
  const inFlight = new InFlight();
  const drain = (timeoutMs = 10_000) => inFlight.idle(timeoutMs);

  const modules: readonly FeatureModule[] = moduleList;
  const lifecycle: Lifecycle = { draining: false };
  // Shared limits across processes when Redis is configured (each process's own while it is
  // away); per process otherwise.
  const shared = config.redisUrl ? new SharedLimits(config.redisUrl, app.log) : null;
  if (shared) app.addHook('onClose', async () => shared.close());
  const sessions = new Sessions(db, config.authCacheMs);
  const live = new LiveHub(db, sessions, app.log, config.databaseUrl);
  // A delivered event's listeners may have published live events: push them now.
  const events = new EventBus(db, { log: app.log, clock, delivered: () => live.changed() });
  const deps: Deps = {
    config,
    db,
    events,
    sessions,
    live,
    uploads: new Uploads(config.dataDir),
    idempotency: new Idempotency(db),
    passwordChecks: new PasswordChecks(countStore(shared), config.authRateLimit, clock),
    clock,
    modules,
    inFlight,
    log: app.log,
  };
  const pruneTimer = setInterval(() => {
    deps.idempotency
      .prune()
      .catch((err: unknown) => app.log.warn({ err }, 'pruning idempotency keys failed'));
  }, 3_600_000);
  pruneTimer.unref();
  app.addHook('onClose', async () => clearInterval(pruneTimer));
  const leaseTimer = setInterval(() => {
    deps.idempotency
      .renewLeases()
      .catch((err: unknown) => app.log.warn({ err }, 'renewing idempotency leases failed'));
  }, LEASE_RENEW_MS);
  leaseTimer.unref();
  app.addHook('onClose', async () => clearInterval(leaseTimer));
  // A PGlite directory is this process's alone (its lock): a key still reserved was reserved by
  // a process that died, so a retry need not wait for its lease to run out.
  if (db.dirLock) await deps.idempotency.expireAllLeases();
  // Before any sweep or request: an event is only claimed by a process that listens to it.
  for (const m of modules) events.listen(m.listeners?.(deps) ?? {});
  app.addHook('onClose', async () => events.close());
  // Before the routes: its hooks time every request.
  const metrics = registerMetrics(app, deps);
  for (const m of modules) {
    for (const sweep of m.sweeps ?? []) {
      let running = 0;
      const timer = setInterval(() => {
        if (running > 0) metrics.late(sweep.what);
        running++;
        const started = performance.now();
        sweep
          .run(deps)
          .then(
            () => metrics.ran(sweep.what, (performance.now() - started) / 1000, false),
            (err: unknown) => {
              metrics.ran(sweep.what, (performance.now() - started) / 1000, true);
              app.log.warn({ err }, `${sweep.what} failed`);
            },
          )
          .finally(() => running--);
      }, sweep.everyMs);
      timer.unref();
      app.addHook('onClose', async () => clearInterval(timer));
    }
  }

  const headers = securityHeaders(config);
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
  rejectLongPaths(app);
  await app.register(rateLimit, {
    global: false,
    ...(shared ? { store: shared.storeClass() } : {}),
    errorResponseBuilder: (_req, ctx) =>
      new AppError(
        429,
        'RATE_LIMITED',
        `Too many attempts; try again in ${Math.ceil(ctx.ttl / 1000)} seconds`,
      ),
  });
  // JSON answers above 1 KB go out compressed; static files come pre-compressed from the build.
  // Brotli at quality 4: on the fly, the default 11 costs more CPU than the bytes it saves.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 12 },
  });
  // RFC 8058's one-click unsubscribe posts a form (List-Unsubscribe=One-Click) to a signed link.
  // A form cannot carry the bearer token, so no signed-in route is opened to other sites by this.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  await live.start();
  const stops = modules.flatMap((m) => (m.start ? [m.start(deps, app.log)] : []));
  app.addHook('onClose', async () => {
    for (const stop of stops) await stop();
    await live.close();
  });
  // A write that succeeded may have changed what sockets show: read it and wake the other processes.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400)
      live.changed();
  });
  // Before @fastify/websocket's own preClose, which closes every socket without a code (1005).
  app.addHook('preClose', (done) => {
    live.closeSockets();
    done();
  });
  await app.register(websocket, { options: { maxPayload: 4096 } });
  registerLiveSocket(app, deps);

  registerHealth(app, db, lifecycle);
  registerBackupRoute(app, db);
  await registerApiDocs(app);
  registerRoutes(
    app,
    deps,
    Object.assign({}, ...modules.map((m) => m.handlers?.(deps) ?? {})) as AllHandlers,
  );

  await app.register(fastifyStatic, {
    root: deps.uploads.dir,
    prefix: '/uploads/',
    decorateReply: false,
    maxAge: YEAR_SECONDS * 1000,
    immutable: true,
    allowedPath: (pathName) => /^\/[a-f0-9]{32}\.webp$/.test(pathName),
  });

  const clientDir = config.clientDir;
  const hasClient = clientDir !== undefined && existsSync(path.join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      // Wildcard mode looks files up per request, so a rebuilt client is served without a restart.
      wildcard: true,
      // '/' is a page like the others, served by sendPage below with its prerendered copy.
      index: false,
      // `vite build` writes .br and .gz beside each asset (scripts/precompress.mjs).
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Hashed chunk names never change content; index.html must always be revalidated.
        res.header(
          'Cache-Control',
          filePath.includes(`${path.sep}static${path.sep}`)
            ? `public, max-age=${YEAR_SECONDS}, immutable`
            : 'no-cache',
        );
      },
    });
  }

  /**
   * Client-side routes: the SPA decides what exists, including its own not-found page. The
   * public pages' first screens come prerendered (scripts/prerender.mjs) when the build has them.
   */
  const sendPage = (reply: FastifyReply, pathName: string) => {
    // scripts/prerender.mjs names each file after its path ('/' is home.html); it alone lists the pages.
    const slug =
      pathName === '/' ? 'home' : /^\/[a-z-]+$/.test(pathName) ? pathName.slice(1) : null;
    const file =
      slug && existsSync(path.join(clientDir!, 'prerendered', `${slug}.html`))
        ? `prerendered/${slug}.html`
        : 'index.html';
    return reply.header('Cache-Control', 'no-cache').sendFile(file, clientDir!);
  };
  if (hasClient)
    app.get('/', { schema: { hide: true } }, (_request, reply) => sendPage(reply, '/'));

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    // A missing file (favicon.ico, sitemap.xml) is a 404, not the app: only page paths get index.html.
    const isFile = /\.[a-z0-9]+$/i.test(url.split('?')[0]!);
    const isApi =
      isFile ||
      url.startsWith('/api') ||
      url.startsWith('/auth') ||
      url.startsWith('/uploads') ||
      url.startsWith('/static');
    if (!isApi && hasClient && request.method === 'GET') {
      return sendPage(reply, url.split('?')[0]!);
    }
    const pathName = url.split('?')[0]!;
    const shown = pathName.length > 120 ? `${pathName.slice(0, 120)}…` : pathName;
    return reply
      .status(404)
      .send({ message: `No route for ${request.method} ${shown}`, code: 'NOT_FOUND' });
  });

  return { app, deps, drain, lifecycle };
}
