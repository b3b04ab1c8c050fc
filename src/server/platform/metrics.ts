import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { gameRtps } from '../../shared/games/engine/rtp';
import { ROUND_GAMES } from '../../shared/games/engine/roundGames';
import { economyFromBalances } from '../features/audit/public';
import { observedReturns } from '../features/games/engine/public';
import type { Deps } from './deps';
import { AppError } from './errors';

/*
 * GET /metrics (DESIGN.md section 13), Prometheus text. Request, pool, batch, socket and sweep
 * figures are this process's own: with several processes each is scraped on its own (the
 * economy is the database's, the same from every process). The economy is read when scraped,
 * at most every ECONOMY_CACHE_MS, so a scrape every few seconds costs the database little.
 */

const ECONOMY_CACHE_MS = 5_000;
/** The observed returns move slowly and cost a walk over recent rounds: read less often. */
const RETURNS_CACHE_MS = 60_000;
/** Each game's observed return is over its last this many settled staked rounds. */
const RETURNS_ROUNDS = 10_000;

/**
 * The process's own figures (memory, CPU, event loop, and the group-commit statements, whose
 * groups live per database for the whole process): one registry however many apps the process
 * builds (the tests build many), since the default collectors watch the process once each.
 */
const processRegistry = new Registry();
let processCollecting = false;

/** Group-commit statements carry many operations each (platform/batching/groupCommit.ts). */
const groupSizes = new Histogram({
  name: 'fs_group_commit_batch_size',
  help: 'Operations carried by each group-commit statement, by kind (a lone operation is not a group)',
  labelNames: ['kind'],
  buckets: [2, 4, 8, 16, 32, 64],
  registers: [processRegistry],
});

export const observeGroupSize = (kind: string, size: number): void =>
  groupSizes.observe({ kind }, size);

/** What app.ts hands the sweeps' timers, so each run is counted. */
export interface SweepMetrics {
  ran(what: string, seconds: number, failed: boolean): void;
  /** The timer fired while the previous run was still going. */
  late(what: string): void;
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * From this machine and not through a proxy: a proxy on the same host (nginx in front) connects
 * from loopback too, so a request it forwards (X-Forwarded-For) is not taken for a local one.
 */
const fromLoopback = (request: FastifyRequest): boolean =>
  LOOPBACK.test(request.socket.remoteAddress ?? '') &&
  request.headers['x-forwarded-for'] === undefined &&
  request.headers.forwarded === undefined;

function tokenMatches(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function allow(request: FastifyRequest, token: string | undefined): void {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const given = /^Bearer (.+)$/.exec(header)?.[1];
    if (token && given && tokenMatches(given, token)) return;
    throw new AppError(
      401,
      'UNAUTHORIZED',
      token
        ? 'The metrics token is not right'
        : 'No METRICS_TOKEN is set on the server: metrics are served to loopback only',
    );
  }
  if (fromLoopback(request)) return;
  throw new AppError(
    403,
    'FORBIDDEN',
    token
      ? 'Metrics need Authorization: Bearer <METRICS_TOKEN> from outside this machine'
      : 'Metrics are served to loopback only; set METRICS_TOKEN to allow other addresses with it',
  );
}

/** A value read at most every `ms`; concurrent scrapes share one read. */
function cached<T>(ms: number, read: () => Promise<T>): () => Promise<T> {
  let at = 0;
  let value: Promise<T> | undefined;
  return () => {
    if (!value || Date.now() - at > ms) {
      at = Date.now();
      value = read();
      value.catch(() => {
        value = undefined;
      });
    }
    return value;
  };
}

/**
 * Registers GET /metrics and the hooks that count requests; returns what the sweeps' timers
 * report to. Called before the sweeps start and the routes are registered.
 */
export function registerMetrics(app: FastifyInstance, deps: Deps): SweepMetrics {
  if (!processCollecting) {
    processCollecting = true;
    collectDefaultMetrics({ register: processRegistry, prefix: 'fs_' });
  }
  const registry = new Registry();

  const requests = new Counter({
    name: 'fs_http_requests_total',
    help: 'Requests answered by this process, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'fs_http_request_duration_seconds',
    help: 'Time to answer a request, by method and route pattern',
    labelNames: ['method', 'route'],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  // Each series' children kept by one string: finding them by a labels object costs every
  // request a sort and a join of the labels.
  const series = new Map<
    string,
    { count: ReturnType<typeof requests.labels>; time: ReturnType<typeof latency.labels> }
  >();
  app.addHook('onResponse', (request, reply, done) => {
    // The pattern (/api/bets/:id), never the raw URL: one series per route, not per id.
    const route = request.routeOptions.url ?? 'unmatched';
    const key = `${request.method} ${reply.statusCode} ${route}`;
    let children = series.get(key);
    if (!children) {
      children = {
        count: requests.labels(request.method, route, String(reply.statusCode)),
        time: latency.labels(request.method, route),
      };
      series.set(key, children);
    }
    children.count.inc();
    children.time.observe(reply.elapsedTime / 1000);
    done();
  });

  new Gauge({
    name: 'fs_db_connections',
    help: 'Database connections by state (PGlite: its one thread)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const load = deps.db.load();
      this.set({ state: 'open' }, load.connections);
      this.set({ state: 'idle' }, load.idle);
    },
  });
  new Gauge({
    name: 'fs_db_waiting',
    help: 'Requests waiting for a pooled connection (PGlite: statements queued for its thread)',
    registers: [registry],
    collect() {
      this.set(deps.db.load().waiting);
    },
  });
  new Gauge({
    name: 'fs_live_sockets',
    help: 'Live update sockets open on this process',
    registers: [registry],
    collect() {
      this.set(deps.live.socketCount);
    },
  });

  const sweepRuns = new Counter({
    name: 'fs_sweep_runs_total',
    help: 'Sweep runs in this process, by sweep and outcome',
    labelNames: ['sweep', 'outcome'],
    registers: [registry],
  });
  const sweepSeconds = new Histogram({
    name: 'fs_sweep_duration_seconds',
    help: 'How long each sweep run took',
    labelNames: ['sweep'],
    buckets: [0.005, 0.025, 0.1, 0.5, 2, 10, 60],
    registers: [registry],
  });
  const sweepsLate = new Counter({
    name: 'fs_sweeps_late_total',
    help: "Times a sweep's timer fired while its previous run was still going",
    labelNames: ['sweep'],
    registers: [registry],
  });

  const economy = cached(ECONOMY_CACHE_MS, () => economyFromBalances(deps.db));
  const returns = cached(RETURNS_CACHE_MS, () =>
    observedReturns(deps.db, ROUND_GAMES, RETURNS_ROUNDS),
  );
  new Gauge({
    name: 'fs_coins',
    help: 'Coins of each currency by holder: players, the house (negative: minted net of what came back), community treasuries, escrow; they sum to zero',
    labelNames: ['currency', 'holder'],
    registers: [registry],
    async collect() {
      for (const c of (await economy()).coins)
        for (const holder of ['players', 'house', 'treasuries', 'escrow'] as const)
          this.set({ currency: c.currency, holder }, c[holder]);
    },
  });
  new Gauge({
    name: 'fs_item_units',
    help: 'Units of items held by players (items in circulation)',
    registers: [registry],
    async collect() {
      this.set((await economy()).itemUnits);
    },
  });
  new Gauge({
    name: 'fs_game_rtp_observed',
    help: `Each game's paid coins per coin staked over its last ${RETURNS_ROUNDS} settled staked rounds`,
    labelNames: ['game'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const r of await returns())
        if (r.staked > 0) this.set({ game: r.game }, r.paid / r.staked);
    },
  });
  new Gauge({
    name: 'fs_game_rounds_observed',
    help: 'Rounds behind fs_game_rtp_observed, per game',
    labelNames: ['game'],
    registers: [registry],
    async collect() {
      for (const r of await returns()) this.set({ game: r.game }, r.rounds);
    },
  });
  const published = new Gauge({
    name: 'fs_game_rtp_published',
    help: "Each bet's published return per coin staked (the /fairness page), by game and bet",
    labelNames: ['game', 'variant'],
    registers: [registry],
  });
  for (const r of gameRtps()) published.set({ game: r.game, variant: r.variant }, r.value);

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    allow(request, deps.config.metricsToken);
    const [own, ofProcess] = await Promise.all([registry.metrics(), processRegistry.metrics()]);
    return reply.header('content-type', registry.contentType).send(`${own}\n${ofProcess}`);
  });

  return {
    ran(what, seconds, failed) {
      sweepRuns.inc({ sweep: what, outcome: failed ? 'failed' : 'ok' });
      sweepSeconds.observe({ sweep: what }, seconds);
    },
    late(what) {
      sweepsLate.inc({ sweep: what });
    },
  };
}
