import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';

/** Each process renews its rows this often... */
const HEARTBEAT_MS = 10_000;
/** ...and a row not renewed for this long is a dead process's: its player counts as away. */
const FRESH_SECONDS = 30;
/** Rows of processes gone for this long are deleted by whichever process beats next. */
const FORGET_SECONDS = 600;

/**
 * Whether a player has a live socket open on any process (DESIGN.md section 12: web push goes
 * only to players who are away), as an SQL condition on `userId`.
 */
export const hasLiveSocket = (userId: SQL): SQL => sql`exists (
  select 1 from live_presence lp
  where lp.user_id = ${userId} and lp.seen_at > now() - make_interval(secs => ${FRESH_SECONDS}))`;

/**
 * This process's part of live_presence: a row per player with a socket here, written when their
 * first socket opens (before the socket hears hello, so a test or a push after that sees it),
 * deleted when their last one closes, and all renewed by a heartbeat. Writes go one at a time,
 * in order, so an arrival is never undone by an older departure.
 */
export class Presence {
  private readonly processId = randomUUID();
  private queue: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    /** The players with a socket on this process now. */
    private readonly present: () => number[],
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.run(() => this.beat()), HEARTBEAT_MS);
    this.timer.unref();
  }

  /** A player's socket opened here. */
  arrived(userId: number): Promise<void> {
    return this.run(() =>
      this.db.rows(sql`
          insert into live_presence (process_id, user_id) values (${this.processId}, ${userId})
          on conflict (process_id, user_id) do update set seen_at = now()`),
    );
  }

  /** A player's socket closed here: their row goes if it was their last one on this process. */
  left(userId: number): void {
    void this.run(async () => {
      if (this.present().includes(userId)) return;
      await this.db.rows(
        sql`delete from live_presence where process_id = ${this.processId} and user_id = ${userId}`,
      );
    });
  }

  /** The process stops: none of its sockets stay open. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.run(() =>
      this.db.rows(sql`delete from live_presence where process_id = ${this.processId}`),
    );
  }

  private async beat(): Promise<void> {
    const ids = `{${this.present().join(',')}}`;
    await this.db.rows(sql`
      insert into live_presence (process_id, user_id)
      select ${this.processId}, u from unnest(${ids}::bigint[]) u
      on conflict (process_id, user_id) do update set seen_at = now()`);
    await this.db.rows(sql`
      delete from live_presence
      where (process_id = ${this.processId} and user_id <> all(${ids}::bigint[]))
        or seen_at < now() - make_interval(secs => ${FORGET_SECONDS})`);
  }

  private run(write: () => Promise<unknown>): Promise<void> {
    this.queue = this.queue.then(write).then(
      () => undefined,
      (err: unknown) => this.log.warn({ err }, 'live: writing presence failed'),
    );
    return this.queue;
  }
}
