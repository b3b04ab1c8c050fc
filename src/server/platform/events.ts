import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../db/client';
import { withMarks } from '../db/writeMarks';
import type { Clock } from './clock';
import type { SanctionScope } from '../../shared/sanctions';
import type { ReportAction, ReportTargetType } from '../../shared/reports';

/**
 * Typed domain events between features (DESIGN.md section 1a), kept in an outbox: a producer
 * records the event in its action's own transaction (a row of domain_events), so it exists
 * exactly when the action committed. A dispatcher delivers it later, in a transaction of its
 * own in which every listener runs and the row is marked delivered: what a listener writes
 * (a live event, later a notification) commits together with that mark, so it happens once, and
 * a listener that fails leaves the event to be delivered again, not lost.
 *
 * Every event has a listener (a test checks it). Work that belongs to the action itself
 * (counters, progress, rewards) is still written by the action, not by a listener.
 */
export interface DomainEvents {
  /** A player sent coins to another (wallet send money). `from` is the sender's name then. */
  CoinsSent: {
    transferId: string;
    fromUserId: number;
    from: string;
    toUserId: number;
    amount: number;
  };
  /** A bet was finalized or voided: its wagers and parlays were settled and paid in that transaction. */
  BetSettled: { betId: number; outcome: 'finalized' | 'voided'; winningOptionId: number | null };
  /** A trade moved: offered, answered (accepted or denied), finalized or cancelled (by `byUserId`, null: a closing account). */
  TradeChanged: {
    tradeId: number;
    change: 'offered' | 'accepted' | 'denied' | 'finalized' | 'cancelled';
    fromUserId: number;
    toUserId: number;
    byUserId: number | null;
  };
  /** A service changed hands or state. */
  ServiceChanged: {
    serviceId: number;
    change: 'bought' | 'finalized' | 'accepted' | 'released' | 'refunded';
    providerId: number;
    buyerId: number;
  };
  /** A post or comment in a community (with `betId`: a comment on that community bet) mentioned these players. */
  Mentioned: { slug: string; postId: number; authorId: number; userIds: number[]; betId?: number };
  /** A community's bet was finalized or voided: the treasury paid its wagers in that transaction. */
  CommunityBetSettled: { betId: number; slug: string; outcome: 'finalized' | 'voided' };
  /** A moderator's act about one player of a community. */
  CommunityActed: {
    slug: string;
    userId: number;
    act: 'approved' | 'denied' | 'promoted' | 'demoted' | 'owner' | 'muted' | 'banned' | 'removed';
    reason: string | null;
    until: string | null;
  };
  /**
   * A two-player game asked a player to play (`challenged`) or ended a match the player did not
   * end themselves (`ended`, with their outcome). The game names itself and its page.
   */
  DuelChanged: {
    duelKey: string;
    change: 'challenged' | 'ended';
    gameName: string;
    link: string;
    fromUserId: number;
    toUserId: number;
    stake: number;
    outcome: 'won' | 'lost' | 'draw' | null;
  };
  /** An admin changed a player's balance. */
  BalanceAdjusted: { userId: number; delta: number; logId: number };
  /** A player's sanction was imposed, lifted, or its appeal decided (with the admin's reply). */
  SanctionChanged: {
    sanctionId: number;
    userId: number;
    change: 'imposed' | 'lifted' | 'appeal_upheld' | 'appeal_lifted';
    scope: SanctionScope;
    reason: string;
    endsAt: string | null;
    reply: string | null;
  };
  /** A player reached an achievement they can now claim (found by the achievements' sweep). */
  AchievementReached: { userId: number; achievementId: number; title: string; icon: string };
  /** A moderator or admin resolved a report: its reporter hears the outcome. */
  ReportResolved: {
    reportId: number;
    reporterId: number;
    targetType: ReportTargetType;
    label: string;
    action: ReportAction;
  };
  /**
   * A season ended (communities' weekly leaderboards): its best members in one community, best
   * first, as its recorded table ranks them (profit, then wins).
   */
  SeasonEnded: {
    communityId: number;
    slug: string;
    name: string;
    seasonStart: string;
    top: { userId: number; rank: number; profit: number; wins: number }[];
  };
}

export type DomainEventName = keyof DomainEvents;

/** The events at run time, for the test that finds a listener for each. */
export const domainEventNames = Object.keys({
  CoinsSent: true,
  BetSettled: true,
  TradeChanged: true,
  ServiceChanged: true,
  Mentioned: true,
  CommunityBetSettled: true,
  CommunityActed: true,
  DuelChanged: true,
  BalanceAdjusted: true,
  AchievementReached: true,
  SanctionChanged: true,
  ReportResolved: true,
  SeasonEnded: true,
} satisfies Record<DomainEventName, true>) as DomainEventName[];

/**
 * Records an event in the caller's transaction: it exists exactly when the action committed.
 * The producer nudges its process's dispatcher after the commit (deps.events.nudge()); where it
 * cannot, the sweep delivers within SWEEP_MS.
 */
export async function recordEvent<K extends DomainEventName>(
  q: Queryable,
  name: K,
  payload: DomainEvents[K],
): Promise<void> {
  await q.rows(
    sql`insert into domain_events (name, payload) values (${name}, ${JSON.stringify(payload)}::jsonb)`,
  );
}

/**
 * Runs in the delivery transaction: write through `q` only. It may run more than once for one
 * event (another of its listeners failed, or the transaction was retried after a serialization
 * failure), but only one run ever commits. Rows of other features it writes or references are
 * locked until that commit: lock several users in id order (publishLiveFrom does).
 */
export type Listener<K extends DomainEventName> = (
  q: Queryable,
  payload: DomainEvents[K],
) => Promise<void>;

/** What a module listens to (FeatureModule.listeners). */
export type Listeners = { [K in DomainEventName]?: Listener<K> };

/** The sweep: events of a process that died after its commit wait at most this long. */
export const SWEEP_MS = 5_000;
/** An event whose listener failed rests this long, doubling with each failure up to RETRY_MAX_MS. */
const RETRY_MS = 5_000;
const RETRY_MAX_MS = 600_000;
/** Delivered rows are kept this long (for looking into what happened), then pruned. */
const KEEP_DELIVERED_MS = 7 * 24 * 3_600_000;
const PRUNE_EVERY_MS = 3_600_000;

interface Options {
  log: FastifyBaseLogger;
  clock: Clock;
  /** After a delivery committed: its listeners may have published live events. */
  delivered?: () => void;
}

type AnyListener = (q: Queryable, payload: unknown) => Promise<void>;

export class EventBus {
  private readonly listeners = new Map<DomainEventName, AnyListener[]>();
  /** This process's run of nudges; one at a time, and a nudge during it runs it once more. */
  private running: Promise<void> | null = null;
  private again = false;
  private readonly runs = new Set<Promise<unknown>>();
  private closed = false;
  private lastPrune = -Infinity;
  /** Events whose listener failed here: how often, and until when they rest (ms of the clock). */
  private readonly failing = new Map<number, { failures: number; until: number }>();

  constructor(
    private readonly db: Db,
    private readonly options: Options,
  ) {}

  /** Records the event in the caller's transaction (or as its own statement). */
  record<K extends DomainEventName>(
    q: Queryable,
    name: K,
    payload: DomainEvents[K],
  ): Promise<void> {
    return recordEvent(q, name, payload);
  }

  /**
   * The same for a producer that writes in one statement: a CTE named `cte` recording one event
   * per row of `from` (e.g. sql`from credit`; empty: one event), each field an SQL expression.
   * The fields' names are checked against the event's type; their SQL types are the caller's
   * care (a bigint id as text, as the payload says).
   */
  recording<K extends DomainEventName>(
    cte: string,
    name: K,
    fields: { [F in keyof DomainEvents[K]]-?: SQL },
    from: SQL = sql``,
  ): SQL {
    const pairs = Object.entries<SQL>(fields).map(([key, value]) => {
      if (!/^[a-zA-Z]+$/.test(key)) throw new Error(`domain event field ${key}: letters only`);
      return sql`${sql.raw(`'${key}'`)}, ${value}`;
    });
    if (!/^[a-z_]+$/.test(cte)) throw new Error(`CTE name ${cte}: lower case letters and _ only`);
    return sql`${sql.raw(cte)} as (
      insert into domain_events (name, payload)
      select ${sql.raw(`'${name}'`)}, jsonb_build_object(${sql.join(pairs, sql`, `)}) ${from}
    )`;
  }

  on<K extends DomainEventName>(name: K, listener: Listener<K>): void {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener as AnyListener]);
  }

  /** Registers a module's listeners. */
  listen(listeners: Listeners): void {
    for (const [name, listener] of Object.entries(listeners) as [DomainEventName, AnyListener][])
      this.on(name, listener);
  }

  /**
   * A producer's action committed: deliver soon, in this process, without waiting for the
   * sweep. Returns at once; nudges during a run make one more run after it.
   */
  nudge(): void {
    if (this.closed) return;
    this.again = true;
    this.running ??= this.track(this.drain()).finally(() => {
      this.running = null;
      // A nudge that came after the last loop's check but before this.
      if (this.again) this.nudge();
    });
  }

  /** Nudges, and waits until this process has delivered what was committed before the call. */
  async flush(): Promise<void> {
    this.nudge();
    while (this.running) await this.running;
  }

  /** The interval's work: prunes old delivered rows (hourly) and delivers what is waiting. */
  async sweep(): Promise<void> {
    if (this.closed) return;
    const now = this.options.clock.now().getTime();
    if (now - this.lastPrune >= PRUNE_EVERY_MS) {
      this.lastPrune = now;
      await this.track(
        this.db.rows(
          sql`delete from domain_events where delivered_at < ${new Date(now - KEEP_DELIVERED_MS).toISOString()}`,
        ),
      );
    }
    await this.flush();
  }

  private async drain(): Promise<void> {
    while (this.again && !this.closed) {
      this.again = false;
      await this.dispatch();
    }
  }

  /**
   * Delivers what can be claimed now, oldest first, until none is left; returns how many events
   * it delivered. Any number of these may run at once, here and in other processes: each claims
   * its own rows (FOR UPDATE SKIP LOCKED). Never throws: a failure is logged and left to the sweep.
   */
  async dispatch(): Promise<number> {
    // Outside the request that nudged: its Idempotency-Key marks are not this transaction's.
    return withMarks([], async () => {
      let delivered = 0;
      while (!this.closed) {
        const outcome = await this.deliverOne();
        if (outcome === 'delivered') delivered++;
        else if (outcome !== 'failed') break;
      }
      return delivered;
    });
  }

  /** Stops nudges and waits for the runs in progress (before the database closes). */
  async close(): Promise<void> {
    this.closed = true;
    while (this.runs.size > 0) await Promise.allSettled([...this.runs]);
  }

  private track<T>(run: Promise<T>): Promise<T> {
    this.runs.add(run);
    void run.finally(() => this.runs.delete(run)).catch(() => undefined);
    return run;
  }

  private resting(now: number): number[] {
    const ids: number[] = [];
    for (const [id, { until }] of this.failing) if (until > now) ids.push(id);
    return ids.slice(-1000);
  }

  /**
   * Claims the oldest event it can and delivers it, in one transaction: 'none' when nothing is
   * left. One event a transaction, not a batch: a listener's write can lock rows of other
   * features (inserting a realtime_events row takes a key-share lock on its user), and a batch
   * would take those locks in the order of its events, so a batch delivering to users B then A
   * deadlocked with a transfer that had locked A and waited for B (ledger.ts locks accounts in
   * id order). A single event's listener locks in its own order, which it can keep ascending.
   */
  private async deliverOne(): Promise<'delivered' | 'none' | 'failed' | 'error'> {
    const names = [...this.listeners.keys()];
    // Only events this process can deliver: another version's new event waits for a process that knows it.
    if (names.length === 0) return 'none';
    const now = this.options.clock.now().getTime();
    const resting = this.resting(now);
    let claimed: { id: number; name: DomainEventName } | null = null;
    try {
      const id = await this.db.tx(async (tx) => {
        const [row] = await tx.rows<{ id: number; name: DomainEventName; payload: unknown }>(sql`
          select id, name, payload from domain_events
          where delivered_at is null and name = any(${`{${names.join(',')}}`}::text[])
            and id <> all(${`{${resting.join(',')}}`}::bigint[])
          order by id limit 1
          for update skip locked`);
        if (!row) return null;
        claimed = { id: Number(row.id), name: row.name };
        for (const listener of this.listeners.get(row.name) ?? []) await listener(tx, row.payload);
        await tx.rows(sql`update domain_events set delivered_at = now() where id = ${row.id}`);
        return claimed.id;
      });
      if (id === null) return 'none';
      this.failing.delete(id);
      this.options.delivered?.();
      return 'delivered';
    } catch (err) {
      const event = claimed as { id: number; name: DomainEventName } | null;
      if (!event) {
        if (!this.closed)
          this.options.log.warn(
            { err },
            'delivering domain events failed; the next sweep tries again',
          );
        return 'error';
      }
      // Rolled back: it stays undelivered, and rests (longer after each failure) so that the
      // run goes on with the others and a listener that keeps failing is not retried hot.
      const failures = (this.failing.get(event.id)?.failures ?? 0) + 1;
      const restMs = Math.min(RETRY_MS * 2 ** (failures - 1), RETRY_MAX_MS);
      this.failing.set(event.id, { failures, until: now + restMs });
      this.options.log.error(
        { err, eventId: event.id, event: event.name, failures },
        `domain event ${event.name} ${event.id}: a listener failed; it stays undelivered and is tried again in ${restMs / 1000} s`,
      );
      return 'failed';
    }
  }
}
