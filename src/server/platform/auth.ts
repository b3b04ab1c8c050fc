import { createHash, randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Queryable } from '../db/client';
import type { Role } from '../../shared/api/accounts';
import { banned, forbidden, unauthorized } from './errors';
import { publishLive } from './realtime/publish';
import { readBatch } from './batching/readBatch';
import { accountsSql } from '../features/accounts/public';
import { sanctionsInForceJson } from '../features/sanctions/public';
import type { SanctionDetails, SanctionScope } from '../../shared/sanctions';

/** A sanction in force as the session look-up reads it. */
export interface SanctionInForce {
  id: string;
  scope: SanctionScope;
  reason: string;
  endsAt: string | null;
  appealed: boolean;
}

export interface AuthUser {
  id: number;
  username: string;
  role: Role;
  /** In force when the session was read (a timed one's end is checked again at use). */
  sanctions?: readonly SanctionInForce[];
}

export const sanctionDetails = (s: SanctionInForce): SanctionDetails => ({
  rule: 'sanction',
  sanctionId: s.id,
  scope: s.scope,
  reason: s.reason,
  endsAt: s.endsAt,
  appealed: s.appealed,
});

interface CachedSession {
  user: AuthUser;
  tokenHash: string;
  expiresAt: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: { user: AuthUser; tokenHash: string } | null;
  }
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A session unused this long is over (sliding: every use pushes the end back). */
export const SESSION_IDLE_DAYS = 30;

interface SessionRow extends Record<string, unknown> {
  id: number;
  username: string;
  role: Role;
  status: string;
  revoked: boolean;
  idle: boolean;
  stale: boolean;
  sanctions: SanctionInForce[];
}

/**
 * Many look-ups in one statement (platform/batching/readBatch.ts): a player's first call after a
 * while away (an hourly spin, say) waits for this, and most of a look-up's cost was the
 * statement's. Planned on every call, a look-up per statement held bench:games' spins of 20,000
 * players at 1,571/s with 624 us of PostgreSQL CPU each; prepared, 1,895/s at 506 us; gathered with
 * the seed-pair reads, 4,916/s at 107 us. The LATERAL with a LIMIT keeps each token's look-up an
 * index probe, never a join over every session.
 */
const sessionLookups = readBatch<string>({
  name: 'session_lookups',
  statement: sql`
    select k.i, x.* from jsonb_to_recordset(${sql.placeholder('keys')}::jsonb) as k(i int, token_hash text)
    cross join lateral (
      select u.id, u.username, u.role, u.status, s.revoked_at is not null as revoked,
        s.last_used_at < now() - make_interval(days => ${SESSION_IDLE_DAYS}) as idle,
        s.last_used_at < now() - interval '1 hour' as stale,
        ${sanctionsInForceJson(sql`u.id`)} as sanctions
      from sessions s join ${accountsSql.users} u on u.id = s.user_id
      where s.token_hash = k.token_hash limit 1
    ) x`,
  toJson: (tokenHash) => ({ token_hash: tokenHash }),
});

const SESSION_TOUCH = sql`update sessions set last_used_at = now() where token_hash = any(${sql.placeholder('hashes')}::text[])`;

/**
 * Whether the player used the site at or after `since`, as an EXISTS condition (the e-mail
 * digest goes only to players who were away). A session's last_used_at moves at most hourly, so
 * a visit up to an hour after its last move reads as that move.
 */
export const sessionUsedSince = (userId: SQL, since: SQL): SQL =>
  sql`exists (select 1 from sessions s where s.user_id = ${userId} and s.last_used_at >= ${since})`;

/** Session look-ups and the statements they took in this process on `db` (tests). */
export const sessionLookupCounts = (db: Db) => sessionLookups.counts(db);
/** Tests: holds back this process's session look-ups on `db` until the answer is called. */
export const holdSessionLookups = (db: Db) => sessionLookups.hold(db);
/** Tests: session look-ups waiting for a statement now. */
export const sessionLookupsWaiting = (db: Db) => sessionLookups.waiting(db);

/**
 * Session tokens: 256 random bits, stored only as a SHA-256 hash. Lookups are cached in
 * process for a few seconds so the hot paths do not pay a query per request; every
 * revocation made through this object also drops the cached entries at once.
 */
export class Sessions {
  private readonly cache = new Map<string, CachedSession>();
  /** Bumped by every revocation, so a look-up that raced one is not cached. */
  private epoch = 0;

  /** Live sessions over an hour old, whose clocks the next touch statement moves. */
  private readonly stale = new Set<string>();
  /** The ones the touch statement in flight moves. */
  private beingTouched = new Set<string>();
  private touching: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly cacheMs: number,
  ) {}

  async create(q: Queryable, userId: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await q.rows(
      sql`insert into sessions (token_hash, user_id) values (${hashToken(token)}, ${userId})`,
    );
    return token;
  }

  async resolve(token: string): Promise<{ user: AuthUser; tokenHash: string }> {
    const tokenHash = hashToken(token);
    const now = Date.now();
    const cached = this.cache.get(tokenHash);
    if (cached && cached.expiresAt > now) return cached;
    const epoch = this.epoch;
    const row = await sessionLookups.read<SessionRow>(this.db, tokenHash);
    // A suspension revokes every session; the player still learns why rather than a bare 401.
    if (row?.status === 'banned') {
      const all = row.sanctions.find((x) => x.scope === 'all');
      throw banned(all && sanctionDetails(all));
    }
    if (!row || row.revoked || row.status === 'deleted') {
      this.cache.delete(tokenHash);
      throw unauthorized('Your session has expired; sign in again');
    }
    if (row.idle) {
      this.cache.delete(tokenHash);
      throw unauthorized(
        `You were signed out after ${SESSION_IDLE_DAYS} days without a visit; sign in again`,
      );
    }
    if (row.stale) this.touch(tokenHash);
    const entry = {
      user: {
        id: row.id,
        username: row.username,
        role: row.role,
        ...(row.sanctions.length > 0 ? { sanctions: row.sanctions } : {}),
      },
      tokenHash,
      expiresAt: now + this.cacheMs,
    };
    if (this.cacheMs > 0 && epoch === this.epoch) {
      if (this.cache.size > 50_000) this.cache.clear();
      this.cache.set(tokenHash, entry);
    }
    return entry;
  }

  /**
   * Sliding expiry without a write per request: a live session's clock moves when a look-up finds
   * it over an hour old, which is every look-up of a player back after an hour away. The request
   * does not wait for it: a write waits for the disk, and in the look-up's statement it cost
   * bench:games' returning spinners a fifth of their speed. The touches of many sessions go in one
   * statement, one at a time. One that fails or is lost in a crash leaves the clock as it was, a
   * little over an hour behind, and the next look-up moves it.
   */
  private touch(tokenHash: string): void {
    this.stale.add(tokenHash);
    this.touching ??= this.touchAll().finally(() => {
      this.touching = null;
    });
  }

  private async touchAll(): Promise<void> {
    while (this.stale.size > 0) {
      const hashes = [...this.stale].slice(0, 1000);
      for (const hash of hashes) this.stale.delete(hash);
      this.beingTouched = new Set(hashes);
      try {
        await this.db.compiled('session_touch', SESSION_TOUCH, { hashes });
      } catch {
        // Left as it was: the next look-up finds it stale again (see touch).
      } finally {
        this.beingTouched = new Set();
      }
    }
  }

  /** Tests: the touches asked for so far are written (or failed). */
  async touched(): Promise<void> {
    while (this.touching) await this.touching;
  }

  /** When this session ends if it is not used again. */
  async expiresAt(tokenHash: string): Promise<Date | null> {
    // This request's look-up may have asked for a touch not written yet: the end counts from now.
    const touching = this.stale.has(tokenHash) || this.beingTouched.has(tokenHash);
    const [row] = await this.db.rows<{ expires_at: Date | string }>(sql`
      select ${touching ? sql`now()` : sql`last_used_at`} + make_interval(days => ${SESSION_IDLE_DAYS}) as expires_at
      from sessions where token_hash = ${tokenHash}`);
    return row ? new Date(row.expires_at) : null;
  }

  async revoke(q: Queryable, tokenHash: string): Promise<void> {
    const [row] = await q.rows<{ user_id: number }>(
      sql`update sessions set revoked_at = now() where token_hash = ${tokenHash} and revoked_at is null returning user_id`,
    );
    // Other processes drop their cached copy (and close its sockets) when they read this.
    if (row)
      await publishLive(q, 'session.revoked', { tokenHash, keepTokenHash: null }, row.user_id);
    this.cache.delete(tokenHash);
    this.epoch++;
  }

  /** Revokes every session of the user except keepTokenHash (if given). */
  async revokeAllFor(q: Queryable, userId: number, keepTokenHash?: string): Promise<void> {
    await q.rows(sql`update sessions set revoked_at = now()
      where user_id = ${userId} and revoked_at is null and token_hash <> ${keepTokenHash ?? ''}`);
    await publishLive(
      q,
      'session.revoked',
      { tokenHash: null, keepTokenHash: keepTokenHash ?? null },
      userId,
    );
    this.forgetUser(userId, keepTokenHash);
  }

  /**
   * Drops cached sessions of a user, e.g. after a rename or role change. Callers that revoke
   * inside a transaction must call this again after it commits: a look-up between the first
   * call and the commit still reads the old rows.
   */
  forgetUser(userId: number, keepTokenHash?: string): void {
    this.epoch++;
    for (const [hash, entry] of this.cache) {
      if (entry.user.id === userId && hash !== keepTokenHash) this.cache.delete(hash);
    }
  }

  requireUser = async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) throw unauthorized('Sign in to continue: missing bearer token');
    if (match[1].length > 200) throw unauthorized('Invalid token');
    request.auth = await this.resolve(match[1]);
  };

  /** For routes anyone may call: a bearer token, when sent, must be valid and names the caller. */
  optionalUser = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (request.headers.authorization) await this.requireUser(request, reply);
  };

  requireAdmin = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    await this.requireUser(request, reply);
    if (request.auth?.user.role !== 'admin') throw forbidden('Admins only');
  };
}
