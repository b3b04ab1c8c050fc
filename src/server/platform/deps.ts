import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Sessions } from './auth';
import type { EventBus } from './events';
import type { Idempotency } from './idempotency';
import type { Clock } from './clock';
import type { Uploads } from './uploads';
import type { LiveHub } from './realtime/hub';

/** What every feature's routes and services are built with. */
export interface Deps {
  config: Config;
  db: Db;
  sessions: Sessions;
  events: EventBus;
  uploads: Uploads;
  idempotency: Idempotency;
  clock: Clock;
  live: LiveHub;
}
