import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { LiveEventPayloads, LiveMessage } from '@shared/api/live';
import type { Db } from '../../db/client';
import type { Sessions } from '../auth';
import { Presence } from './presence';
import { Trickle } from './trickle';
import { accountsSql } from '../../features/accounts/public';
import { ledger } from '../../features/wallet/public';

/** How far behind the newest id a reader looks again: ids can commit out of order. */
const REREAD_WINDOW = 1000;
/**
 * An event id skipped by a read may belong to a transaction that has not committed yet: it is
 * looked up again, by id, for this long. (Re-reading the last REREAD_WINDOW events on every
 * read instead cost bench:bets ~12% of its wagers/s: a thousand rows parsed 20 times a second.)
 */
const GAP_MS = 10_000;
/** More missing ids than this at once (a burst of rolled-back inserts) are not chased one by one. */
const MAX_GAPS = 1000;
/** Under a burst of writes a process wakes the others at most this often; NOTIFY takes a global lock at commit. */
const NOTIFY_BATCH_MS = 100;
/**
 * Changes (and wake-ups) come as a trickle while fewer than TRICKLE_MAX came in the
 * TRICKLE_WINDOW_MS before each: a trickle is pushed at once, anything faster is a burst and
 * coalesced. Measured over a window, not as the gap since the last one: at 40 transfers a
 * second some gaps fell under a 20 ms threshold by jitter alone, and those pushes waited for the
 * next batch (bench:live p99 52-62 ms; with this, 16-31 ms, and still ~10 NOTIFYs a second
 * under the wager load). 25 rather than 15: a reader's own re-reads count as wake-ups too.
 */
const TRICKLE_WINDOW_MS = 250;
const TRICKLE_MAX = 25;
/** Reads even without a wake-up, so a lost NOTIFY delays an event by at most this. */
const SAFETY_POLL_MS = 1000;
/** Reads are batched: a burst of writes costs one read per this interval, not one each. */
const READ_EVERY_MS = 50;
const PING_MS = 30_000;
export const TICKET_SECONDS = 30;
const PRUNE_MS = 3_600_000;
const KEEP_EVENTS = '1 hour';
const CHANNEL = 'fs_live';

interface Client {
  socket: WebSocket;
  userId: number;
  tokenHash: string;
  isAdmin: boolean;
  alive: boolean;
  /** Ledger rows up to here were committed before the socket opened; its page has read them. */
  ledgerSeen: number;
}

const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/**
 * Live updates (DESIGN.md section 7). Every process reads what changed from durable rows (the
 * ledger for balances, realtime_events for the rest) and pushes it to its own sockets; NOTIFY
 * only wakes the readers of other processes. The same reader invalidates the session cache
 * when a session is revoked anywhere, so a ban or logout holds on every process within a second.
 */
export class LiveHub {
  private readonly clients = new Map<number, Set<Client>>();
  private ledgerCursor = 0;
  private eventsCursor = 0;
  private readonly sentLedger = new Set<number>();
  private readonly sentEvents = new Set<number>();
  /** Ids below eventsCursor not seen yet, with when they were first missed. */
  private readonly eventGaps = new Map<number, number>();
  private reading: Promise<void> | null = null;
  private readAgain = false;
  private readTimer: NodeJS.Timeout | null = null;
  private lastRead = 0;
  private notifyTimer: NodeJS.Timeout | null = null;
  private lastNotify = 0;
  private readonly changes = new Trickle(TRICKLE_WINDOW_MS, TRICKLE_MAX);
  private readonly wakes = new Trickle(TRICKLE_WINDOW_MS, TRICKLE_MAX);
  private listener: pg.Client | null = null;
  private readonly timers: NodeJS.Timeout[] = [];
  private closed = false;
  private readonly presence: Presence;

  constructor(
    private readonly db: Db,
    private readonly sessions: Sessions,
    private readonly log: FastifyBaseLogger,
    private readonly databaseUrl?: string,
  ) {
    this.presence = new Presence(db, log, () => [...this.clients.keys()]);
  }

  async start(): Promise<void> {
    const [row] = await this.db.rows<{ ledger: number; events: number }>(sql`
      select coalesce(${ledger.newestRowId}, 0) as ledger, (select coalesce(max(id), 0) from realtime_events) as events`);
    this.ledgerCursor = row?.ledger ?? 0;
    this.eventsCursor = row?.events ?? 0;
    if (this.databaseUrl) await this.listen();
    this.presence.start();
    this.timers.push(
      setInterval(() => this.wake(), SAFETY_POLL_MS),
      setInterval(() => this.ping(), PING_MS),
      setInterval(() => void this.prune(), PRUNE_MS),
    );
    for (const timer of this.timers) timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    if (this.notifyTimer) clearTimeout(this.notifyTimer);
    if (this.readTimer) clearTimeout(this.readTimer);
    this.closeSockets();
    await this.presence.close();
    await this.reading;
    await this.listener?.end().catch(() => undefined);
  }

  /** Closes every socket with 1012 (restart): the page reconnects, to a process still up. */
  closeSockets(): void {
    for (const set of this.clients.values())
      for (const client of set) client.socket.close(1012, 'Service restart');
  }

  /** A one-time ticket for opening the socket, tied to the session that asked for it. */
  async issueTicket(userId: number, tokenHash: string): Promise<string> {
    const ticket = randomBytes(32).toString('base64url');
    await this.db.rows(sql`
      insert into live_tickets (ticket_hash, user_id, token_hash, expires_at)
      values (${hashTicket(ticket)}, ${userId}, ${tokenHash}, now() + make_interval(secs => ${TICKET_SECONDS}))`);
    return ticket;
  }

  /** Takes the socket if the ticket is fresh, unused and its session still valid; closes it otherwise. */
  async accept(socket: WebSocket, ticket: string | undefined): Promise<void> {
    const [row] = ticket
      ? await this.db.rows<{ user_id: number; token_hash: string; role: string; ok: boolean }>(sql`
          with used as (
            update live_tickets set used_at = now()
            where ticket_hash = ${hashTicket(ticket)} and used_at is null and expires_at > now()
            returning user_id, token_hash
          )
          select used.user_id, used.token_hash, u.role, (u.status = 'active' and s.revoked_at is null) as ok
          from used join ${accountsSql.users} u on u.id = used.user_id join sessions s on s.token_hash = used.token_hash`)
      : [];
    if (!row?.ok) {
      socket.close(4401, 'Invalid or expired ticket: ask for a new one');
      return;
    }
    const [top] = await this.db.rows<{ max: number | null }>(
      sql`select ${ledger.newestRowId} as max`,
    );
    const newest = top?.max ?? 0;
    if (this.clients.size === 0) this.ledgerCursor = Math.max(this.ledgerCursor, newest);
    const client: Client = {
      socket,
      userId: row.user_id,
      tokenHash: row.token_hash,
      isAdmin: row.role === 'admin',
      alive: true,
      ledgerSeen: newest,
    };
    let set = this.clients.get(client.userId);
    if (!set) this.clients.set(client.userId, (set = new Set()));
    set.add(client);
    socket.on('pong', () => (client.alive = true));
    socket.on('close', () => {
      set.delete(client);
      if (set.size === 0 && this.clients.get(client.userId) === set)
        this.clients.delete(client.userId);
      this.presence.left(client.userId);
    });
    socket.on('error', () => socket.terminate());
    await this.presence.arrived(client.userId);
    this.send(client, { kind: 'hello', payload: { userId: String(client.userId) } });
  }

  /** Sockets open on this process (for tests and the health of a process). */
  get socketCount(): number {
    let count = 0;
    for (const set of this.clients.values()) count += set.size;
    return count;
  }

  /**
   * Something committed here: read now for this process's sockets, and wake the other processes:
   * at once in a trickle (TRICKLE_MAX), so it is pushed everywhere within a few milliseconds; a
   * burst shares one NOTIFY at the end of each NOTIFY_BATCH_MS, however loaded the process.
   */
  changed(): void {
    this.wake();
    const now = Date.now();
    const quiet = this.changes.hit(now);
    if (!this.databaseUrl || this.notifyTimer || this.closed) return;
    if (quiet) {
      this.notify();
      return;
    }
    this.notifyTimer = setTimeout(
      () => {
        this.notifyTimer = null;
        this.notify();
      },
      Math.max(0, this.lastNotify + NOTIFY_BATCH_MS - now),
    );
    this.notifyTimer.unref();
  }

  private notify(): void {
    this.lastNotify = Date.now();
    this.db
      .rows(sql`select pg_notify(${CHANNEL}, '')`)
      .catch((err: unknown) => this.log.warn({ err }, 'live: NOTIFY failed'));
  }

  /**
   * Reads what changed: at once in a trickle of calls (TRICKLE_MAX), else at most once per
   * READ_EVERY_MS: under load every write calls this, and one read covers all the writes since
   * the last. Calls during a read run one more after it.
   */
  wake(): void {
    const now = Date.now();
    const quiet = this.wakes.hit(now);
    if (this.closed || this.readTimer) return;
    if (this.reading) {
      this.readAgain = true;
      return;
    }
    const wait = quiet ? 0 : this.lastRead + READ_EVERY_MS - now;
    if (wait > 0) {
      this.readTimer = setTimeout(() => {
        this.readTimer = null;
        this.wake();
      }, wait);
      return;
    }
    this.lastRead = Date.now();
    this.reading = this.read()
      .catch((err: unknown) => this.log.warn({ err }, 'live: reading changes failed'))
      .finally(() => {
        this.reading = null;
        if (this.readAgain) {
          this.readAgain = false;
          this.wake();
        }
      });
  }

  private async read(): Promise<void> {
    await this.readEvents();
    await this.readBalances();
  }

  private async readEvents(): Promise<void> {
    const gaps = [...this.eventGaps.keys()];
    // Two index lookups, not `id > c or id = any(gaps)`: the OR made PostgreSQL scan the table.
    const missing =
      gaps.length > 0
        ? sql` union all select id, kind, user_id, payload from realtime_events where id = any(${`{${gaps.join(',')}}`}::bigint[]) and id <= ${this.eventsCursor}`
        : sql``;
    const rows = await this.db.rows<{
      id: number;
      kind: string;
      user_id: number | null;
      payload: unknown;
    }>(sql`
      select id, kind, user_id, payload from realtime_events where id > ${this.eventsCursor}${missing} order by id limit 5000`);
    const now = Date.now();
    for (const row of rows) {
      const id = Number(row.id);
      if (id > this.eventsCursor) {
        if (id - this.eventsCursor - 1 <= MAX_GAPS)
          for (let skipped = this.eventsCursor + 1; skipped < id; skipped++)
            this.eventGaps.set(skipped, now);
        this.eventsCursor = id;
      } else {
        this.eventGaps.delete(id);
      }
      if (this.sentEvents.has(id)) continue;
      this.sentEvents.add(id);
      this.dispatch(row.kind, row.user_id, row.payload);
    }
    for (const [id, since] of this.eventGaps) if (now - since > GAP_MS) this.eventGaps.delete(id);
    forgetBelow(this.sentEvents, this.eventsCursor - REREAD_WINDOW);
  }

  private dispatch(kind: string, userId: number | null, payload: unknown): void {
    if (kind === 'session.revoked') {
      // Internal: drop the cached sessions and close the sockets they opened.
      const { tokenHash, keepTokenHash } = payload as LiveEventPayloads['session.revoked'];
      if (userId === null) return;
      this.sessions.forgetUser(userId);
      for (const client of this.clients.get(userId) ?? []) {
        const ended =
          tokenHash === null ? client.tokenHash !== keepTokenHash : client.tokenHash === tokenHash;
        if (ended) client.socket.close(4401, 'Session ended');
      }
      return;
    }
    const message = { kind, payload } as LiveMessage;
    if (userId !== null) {
      for (const client of this.clients.get(userId) ?? []) this.send(client, message);
      return;
    }
    const adminsOnly = kind.startsWith('admin.');
    for (const set of this.clients.values()) {
      for (const client of set) if (!adminsOnly || client.isAdmin) this.send(client, message);
    }
  }

  private async readBalances(): Promise<void> {
    const ids = [...this.clients.keys()];
    // Nobody to tell: a socket opened later starts from the newest row (see accept).
    if (ids.length === 0) return;
    const [top] = await this.db.rows<{ max: number | null }>(
      sql`select ${ledger.newestRowId} as max`,
    );
    const max = top?.max ?? 0;
    if (max > this.ledgerCursor - REREAD_WINDOW) {
      const rows = await this.db.rows<{
        id: number;
        user_id: number;
        balance_after: number | null;
      }>(ledger.goldRowsOf(`{${ids.join(',')}}`, this.ledgerCursor - REREAD_WINDOW, max));
      const latest = new Map<number, { id: number; balance: number }>();
      for (const row of rows) {
        if (this.sentLedger.has(row.id)) continue;
        this.sentLedger.add(row.id);
        if (row.balance_after !== null)
          latest.set(row.user_id, { id: row.id, balance: row.balance_after });
      }
      for (const [userId, { id, balance }] of latest) {
        for (const client of this.clients.get(userId) ?? []) {
          if (id > client.ledgerSeen) this.send(client, { kind: 'balance', payload: { balance } });
        }
      }
    }
    this.ledgerCursor = Math.max(this.ledgerCursor, max);
    forgetBelow(this.sentLedger, this.ledgerCursor - REREAD_WINDOW);
  }

  private send(client: Client, message: LiveMessage): void {
    if (client.socket.readyState === client.socket.OPEN)
      client.socket.send(JSON.stringify(message));
  }

  private ping(): void {
    for (const set of this.clients.values()) {
      for (const client of set) {
        if (!client.alive) {
          client.socket.terminate();
          continue;
        }
        client.alive = false;
        client.socket.ping();
      }
    }
  }

  private async prune(): Promise<void> {
    await this.db
      .rows(sql`delete from realtime_events where created_at < now() - ${KEEP_EVENTS}::interval`)
      .catch((err: unknown) => this.log.warn({ err }, 'live: pruning events failed'));
    await this.db
      .rows(sql`delete from live_tickets where expires_at < now() - interval '1 hour'`)
      .catch(() => undefined);
  }

  /** One LISTEN connection outside the pool; after a reconnect it catches up by reading. */
  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    let retried = false;
    const retry = () => {
      if (retried || this.closed) return;
      retried = true;
      this.listener = null;
      setTimeout(() => void this.listen(), 1000).unref();
    };
    client.on('notification', () => this.wake());
    client.on('error', retry);
    client.on('end', retry);
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
      this.listener = client;
      this.wake();
    } catch (err) {
      this.log.warn({ err }, 'live: LISTEN connection failed; retrying');
      await client.end().catch(() => undefined);
      retry();
    }
  }
}

function forgetBelow(set: Set<number>, floor: number): void {
  if (set.size < 2 * REREAD_WINDOW) return;
  for (const id of set) if (id <= floor) set.delete(id);
}
