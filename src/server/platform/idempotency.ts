import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { badRequest, conflict } from './errors';

/**
 * Idempotency-Key support for the routes that move coins or items (DESIGN.md section 4): a
 * repeat of a request with the same key from the same user within 24 hours answers what the
 * first one answered and changes nothing, so a client whose connection dropped can retry.
 *
 * The key is reserved before the handler runs and its answer stored after. A crash between
 * the two leaves the key reserved without an answer: a retry then gets 409 rather than a
 * second application, the safe side of not knowing whether the first one committed.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[\x21-\x7e]{8,100}$/;
export const IDEMPOTENCY_WINDOW_HOURS = 24;

export type Reservation = { kind: 'new' } | { kind: 'replay'; status: number; body: unknown };

export function readIdempotencyKey(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined || !KEY_PATTERN.test(key)) {
    throw badRequest('Idempotency-Key must be 8 to 100 visible ASCII characters (a UUID is a good choice)');
  }
  return key;
}

export const requestFingerprint = (route: string, params: unknown, body: unknown): string =>
  createHash('sha256').update(JSON.stringify([route, params ?? null, body ?? null])).digest('hex');

export class Idempotency {
  constructor(private readonly db: Db) {}

  async reserve(userId: number, key: string, route: string, fingerprint: string): Promise<Reservation> {
    // A key older than the window is free again: the conflict branch takes it over.
    const [taken] = await this.db.rows<{ fresh: boolean }>(sql`
      insert into idempotency_keys (user_id, key, route, fingerprint)
      values (${userId}, ${key}, ${route}, ${fingerprint})
      on conflict (user_id, key) do update
        set route = excluded.route, fingerprint = excluded.fingerprint, status = null, body = null, created_at = now()
        where idempotency_keys.created_at < now() - make_interval(hours => ${IDEMPOTENCY_WINDOW_HOURS})
      returning true as fresh`);
    if (taken) return { kind: 'new' };
    const [earlier] = await this.db.rows<{ route: string; fingerprint: string; status: number | null; body: unknown }>(sql`
      select route, fingerprint, status, body from idempotency_keys where user_id = ${userId} and key = ${key}`);
    if (!earlier) return this.reserve(userId, key, route, fingerprint);
    if (earlier.route !== route || earlier.fingerprint !== fingerprint) {
      throw conflict('This Idempotency-Key was already used for a different request; send a new key for a new action');
    }
    if (earlier.status === null) {
      throw conflict('A request with this Idempotency-Key is still being processed (or was cut off); check your balance before trying again');
    }
    return { kind: 'replay', status: earlier.status, body: earlier.body };
  }

  async complete(userId: number, key: string, status: number, body: unknown): Promise<void> {
    await this.db.rows(sql`
      update idempotency_keys set status = ${status}, body = ${JSON.stringify(body)}::jsonb
      where user_id = ${userId} and key = ${key}`);
  }

  /** The request failed on our side before any effect we can vouch for: let a retry run it. */
  async release(userId: number, key: string): Promise<void> {
    await this.db.rows(sql`delete from idempotency_keys where user_id = ${userId} and key = ${key} and status is null`);
  }

  async prune(): Promise<number> {
    const rows = await this.db.rows<{ n: number }>(sql`
      with gone as (delete from idempotency_keys where created_at < now() - make_interval(hours => ${IDEMPOTENCY_WINDOW_HOURS}) returning 1)
      select count(*)::int as n from gone`);
    return rows[0]?.n ?? 0;
  }
}
