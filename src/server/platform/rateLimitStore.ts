import { createRequire } from 'node:module';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * Sign-in limits shared by every process through Redis (DESIGN.md section 7), and counted by
 * each process on its own while Redis is away. Without this, a Redis that is down made every
 * sign-in wait for ioredis's connect and retry time-outs (5-10 s) while the rest of the API
 * answered in milliseconds. Here a command is sent only while the connection is ready, fails
 * fast (no offline queue, a short command time-out) and falls back to the local count; the
 * outage and its end are logged once each, and the shared count resumes when Redis is back.
 */

interface StoreResult {
  current: number;
  ttl: number;
}
type Callback = (err: Error | null, result: StoreResult | null) => void;
interface Store {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read?(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: RouteOptions): Store;
}
interface RouteOptions {
  continueExceeding: boolean;
  exponentialBackoff: boolean;
  routeInfo: { method: string; url: string };
  cache?: number;
}
type StoreConstructor = new (...args: unknown[]) => Store;

// The plugin's own stores, so both counts behave exactly as the plugin's do.
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore') as StoreConstructor;
const RedisStore = require('@fastify/rate-limit/store/RedisStore') as StoreConstructor;

const NAMESPACE = 'fs-rate-limit-';

/** How long a command may take before the process counts on its own instead. */
const REDIS_COMMAND_TIMEOUT_MS = 300;

export class SharedLimits {
  readonly redis: Redis;
  private up = false;
  private downLogged = false;

  constructor(
    url: string,
    private readonly log: FastifyBaseLogger,
  ) {
    const where = redisAddress(url);
    this.redis = new Redis(url, {
      connectTimeout: 1000,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      maxRetriesPerRequest: 0,
      // A command while disconnected fails at once instead of waiting for a reconnect.
      enableOfflineQueue: false,
      // Keep trying in the background, at most every 5 s.
      retryStrategy: (times) => Math.min(250 * times, 5000),
    });
    this.redis.on('ready', () => {
      this.up = true;
      if (this.downLogged)
        this.log.warn(`redis: ${where} is back; sign-in limits are shared again`);
      this.downLogged = false;
    });
    // ioredis reports every failed attempt; one line per outage is what an operator needs.
    const down = (err?: Error) => {
      this.up = false;
      if (this.downLogged) return;
      this.downLogged = true;
      this.log.warn(
        `redis: ${where} is unreachable (${err?.message ?? 'connection closed'}); each process counts sign-in limits on its own until it is back`,
      );
    };
    this.redis.on('error', down);
    this.redis.on('close', () => down());
  }

  get connected(): boolean {
    return this.up && this.redis.status === 'ready';
  }

  /**
   * The store class for @fastify/rate-limit's `store` option (the plugin constructs it with its
   * resolved global options, which carry continueExceeding and exponentialBackoff).
   */
  storeClass(): FastifyRateLimitStoreCtor {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the plugin constructs the store itself
    const limits = this;
    return class FallbackStore implements Store {
      private readonly shared: Store;
      private readonly local: Store;
      constructor(
        params: { continueExceeding: boolean; exponentialBackoff: boolean },
        shared?: Store,
        local?: Store,
      ) {
        this.shared =
          shared ??
          new RedisStore(
            params.continueExceeding,
            params.exponentialBackoff,
            limits.redis,
            NAMESPACE,
          );
        this.local = local ?? new LocalStore(params.continueExceeding, params.exponentialBackoff);
      }
      incr(key: string, cb: Callback, timeWindow: number, max: number) {
        if (!limits.connected) return this.local.incr(key, cb, timeWindow, max);
        this.shared.incr(
          key,
          (err, result) => (err ? this.local.incr(key, cb, timeWindow, max) : cb(null, result)),
          timeWindow,
          max,
        );
      }
      read(key: string, cb: Callback, timeWindow: number, max: number) {
        const local = this.local.read?.bind(this.local);
        if (!limits.connected || !this.shared.read)
          return local ? local(key, cb, timeWindow, max) : cb(null, { current: 0, ttl: 0 });
        this.shared.read(
          key,
          (err, result) => (err && local ? local(key, cb, timeWindow, max) : cb(err, result)),
          timeWindow,
          max,
        );
      }
      child(routeOptions: RouteOptions): Store {
        return new FallbackStore(
          routeOptions,
          this.shared.child(routeOptions),
          this.local.child(routeOptions),
        );
      }
    } as unknown as FastifyRateLimitStoreCtor;
  }

  close(): void {
    this.redis.disconnect();
  }
}

/** A counter of the plugin's store kind, for limits counted in code (platform/passwordChecks.ts). */
export interface CountStore {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
}

/** The store sign-in limits use: shared through Redis when configured, this process's own otherwise. */
export function countStore(shared: SharedLimits | null): CountStore {
  if (!shared) return new LocalStore(false, false);
  const Shared = shared.storeClass() as unknown as new (params: {
    continueExceeding: boolean;
    exponentialBackoff: boolean;
  }) => Store;
  return new Shared({ continueExceeding: false, exponentialBackoff: false });
}

/** host:port of a redis:// URL, for log lines (never the password). */
function redisAddress(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname || '127.0.0.1'}:${u.port || '6379'}`;
  } catch {
    return 'the configured Redis';
  }
}
