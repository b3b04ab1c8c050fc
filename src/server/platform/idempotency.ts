import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { writeMarks, type WriteMarks } from '../db/writeMarks';
import { badRequest, conflict } from './errors';

/**
 * Idempotency-Key support for the routes that move coins or items (DESIGN.md section 4): a
 * repeat of a request with the same key from the same user within 24 hours answers what the
 * first one answered and changes nothing, so a client whose connection dropped can retry.
 *
 * The key is reserved in its own statement before the handler runs (handlers own their
 * transactions, several per request at times, and group commit puts many requests in one
 * statement, so the key cannot simply join "the" transaction), and its answer stored after.
 * What makes a crash in between safe:
 * - Every write of the run commits together with `applied = true` on the key's row
 *   (db/writeMarks.ts). So a row without an answer and with applied = false means nothing of
 *   the request was committed; applied = true means its effect was, and only its answer is lost.
 * - The reservation is a lease (locked_until) renewed every few seconds while its process runs.
 *   Past it the run is dead: a retry takes the key over and runs the request cleanly if nothing
 *   was applied, and otherwise gets a definite answer (carried out, reload to see it) that is
 *   stored as the key's answer. It never runs an applied request again, and the mark's run_id
 *   check stops a stalled run that was taken over from committing anything more.
 * - A PGlite directory has one process (its lock), so a start expires every lease at once.
 * While a live run holds the key, a copy of the request gets 409 "still being processed".
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[\x21-\x7e]{8,100}$/;
const IDEMPOTENCY_WINDOW_HOURS = 24;

/** How long a reservation outlives its last renewal: a retry after a crash waits at most this. */
const LEASE_SECONDS = 15;
/** Renewals come three times per lease, so a busy event loop does not lose a live run's key. */
export const LEASE_RENEW_MS = (LEASE_SECONDS * 1000) / 3;

export type Reservation =
  { kind: 'new'; runId: string } | { kind: 'replay'; status: number; body: unknown };

/** The answer to a retry of a request whose process died after its effect was committed. */
export const LOST_ANSWER = {
  status: 409,
  body: {
    message:
      'This request was carried out, but the server stopped before it could answer; reload to see the result',
    code: 'CONFLICT',
  },
} as const;

export function readIdempotencyKey(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined || !KEY_PATTERN.test(key)) {
    throw badRequest(
      'Idempotency-Key must be 8 to 100 visible ASCII characters (a UUID is a good choice)',
    );
  }
  return key;
}

export const requestFingerprint = (route: string, params: unknown, body: unknown): string =>
  createHash('sha256')
    .update(JSON.stringify([route, params ?? null, body ?? null]))
    .digest('hex');

export class Idempotency {
  /** Runs of this process that hold a key: their leases are renewed until they answer. */
  private readonly running = new Set<string>();

  constructor(private readonly db: Db) {}

  async reserve(
    userId: number,
    key: string,
    route: string,
    fingerprint: string,
  ): Promise<Reservation> {
    const runId = randomUUID();
    // A key older than the window is free again: the conflict branch takes it over.
    const [taken] = await this.db.rows<{ fresh: boolean }>(sql`
      insert into idempotency_keys (user_id, key, route, fingerprint, run_id, applied, locked_until)
      values (${userId}, ${key}, ${route}, ${fingerprint}, ${runId}, false, now() + make_interval(secs => ${LEASE_SECONDS}))
      on conflict (user_id, key) do update
        set route = excluded.route, fingerprint = excluded.fingerprint, status = null, body = null, created_at = now(),
            run_id = excluded.run_id, applied = false, locked_until = excluded.locked_until
        where idempotency_keys.created_at < now() - make_interval(hours => ${IDEMPOTENCY_WINDOW_HOURS})
      returning true as fresh`);
    if (taken) return this.started(runId);
    const [earlier] = await this.db.rows<{
      route: string;
      fingerprint: string;
      status: number | null;
      body: unknown;
      applied: boolean | null;
      expired: boolean;
    }>(sql`
      select route, fingerprint, status, body, applied, coalesce(locked_until < now(), true) as expired
      from idempotency_keys where user_id = ${userId} and key = ${key}`);
    if (!earlier) return this.reserve(userId, key, route, fingerprint);
    if (earlier.route !== route || earlier.fingerprint !== fingerprint) {
      throw conflict(
        'This Idempotency-Key was already used for a different request; send a new key for a new action',
      );
    }
    if (earlier.status !== null)
      return { kind: 'replay', status: earlier.status, body: earlier.body };
    if (!earlier.expired) {
      throw conflict(
        'A request with this Idempotency-Key is still being processed; check your balance before trying again',
      );
    }
    // The run that held the key died. One conditional statement decides, so two retries cannot
    // both take it over: nothing applied -> this run takes the key; applied -> the lost answer.
    const [decided] = await this.db.rows<{ applied: boolean }>(sql`
      update idempotency_keys
      set run_id = case when applied = false then ${runId} else run_id end,
          locked_until = case when applied = false then now() + make_interval(secs => ${LEASE_SECONDS}) else locked_until end,
          status = case when applied = false then null else ${LOST_ANSWER.status}::int end,
          body = case when applied = false then null else ${JSON.stringify(LOST_ANSWER.body)}::jsonb end
      where user_id = ${userId} and key = ${key} and status is null and coalesce(locked_until < now(), true)
      returning applied is distinct from false as applied`);
    // Another retry decided first: answer as it left the row.
    if (!decided) return this.reserve(userId, key, route, fingerprint);
    return decided.applied ? { kind: 'replay', ...LOST_ANSWER } : this.started(runId);
  }

  private started(runId: string): Reservation {
    this.running.add(runId);
    return { kind: 'new', runId };
  }

  /** Runs the handler with its writes marked as this run's (db/writeMarks.ts). */
  async run<T>(runId: string, fn: () => Promise<T>): Promise<T> {
    const marks: WriteMarks = { runIds: [runId], open: true };
    try {
      return await writeMarks.run(marks, fn);
    } finally {
      // Timers the handler started keep this context: their writes are not the request's.
      marks.open = false;
    }
  }

  async complete(runId: string, status: number, body: unknown): Promise<void> {
    this.running.delete(runId);
    await this.db.rows(sql`
      update idempotency_keys set status = ${status}, body = ${JSON.stringify(body)}::jsonb, locked_until = null
      where run_id = ${runId} and status is null`);
  }

  /**
   * The request failed on our side. Nothing applied: a retry may run it, so the key is freed.
   * Something applied: a retry must not run it again; the lease ends now, so it gets the lost answer.
   */
  async release(runId: string): Promise<void> {
    this.running.delete(runId);
    await this.db.rows(sql`
      with freed as (delete from idempotency_keys where run_id = ${runId} and status is null and applied = false returning 1)
      update idempotency_keys set locked_until = now() where run_id = ${runId} and status is null and not exists (select 1 from freed)`);
  }

  /** Renews the leases of this process's running requests (a timer calls it every LEASE_RENEW_MS). */
  async renewLeases(): Promise<void> {
    if (this.running.size === 0) return;
    await this.db.rows(sql`
      update idempotency_keys set locked_until = now() + make_interval(secs => ${LEASE_SECONDS})
      where run_id = any(${`{${[...this.running].join(',')}}`}::text[]) and status is null`);
  }

  /** PGlite only (one process per directory): every run without an answer died with its process. */
  async expireAllLeases(): Promise<void> {
    await this.db.rows(
      sql`update idempotency_keys set locked_until = now() where status is null and locked_until > now()`,
    );
  }

  async prune(): Promise<number> {
    const rows = await this.db.rows<{ n: number }>(sql`
      with gone as (delete from idempotency_keys where created_at < now() - make_interval(hours => ${IDEMPOTENCY_WINDOW_HOURS}) returning 1)
      select count(*)::int as n from gone`);
    return rows[0]?.n ?? 0;
  }
}
