import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Sessions } from './auth';
import type { EventBus } from './events';
import type { Idempotency } from './idempotency';
import type { Clock } from './clock';
import type { Uploads } from './uploads';
import type { LiveHub } from './realtime/hub';
import type { FeatureModule } from './module';
import type { InFlight } from './inFlight';
import type { PasswordChecks } from './passwordChecks';

/** What every feature's routes and services are built with. */
export interface Deps {
  config: Config;
  db: Db;
  sessions: Sessions;
  events: EventBus;
  uploads: Uploads;
  idempotency: Idempotency;
  /** Counts each password check against the sign-in budget (per account and per address). */
  passwordChecks: PasswordChecks;
  clock: Clock;
  live: LiveHub;
  /** Every feature module, in the order closure hooks run (src/server/modules.ts). */
  modules: readonly FeatureModule[];
  /** Route handlers still running (shutdown drains them). */
  inFlight: InFlight;
  /** The process's logger, for work no request carries (sweeps). */
  log: FastifyBaseLogger;
}
