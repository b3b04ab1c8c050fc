import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from '../features/accounts/tables';
import type { StatName } from './stats';

/**
 * Tables of platform services that are not a feature: sessions, the admin audit log, user
 * counters, idempotency keys, the domain events' outbox.
 */

/**
 * One row per sign-in and registration. Rows are never deleted (logout and bans set
 * revoked_at): logins are counted from them, in total and since a task period's start.
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Sessions expire after SESSION_IDLE_DAYS without use; touched at most hourly. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_created_idx').on(t.userId, t.createdAt)],
);

/**
 * What admin_logs.action can say. Typed in code only: each feature with admin actions adds
 * its own, and a CHECK would turn every new one into a migration.
 */
export const adminActions = [
  'add_funds',
  'remove_funds',
  'ban_user',
  'unban_user',
  'create_bet',
  'finalize_bet',
  'void_bet',
  'set_odds',
  'create_item',
  'update_item',
  'create_task',
  'retire_task',
  'create_achievement',
  'retire_achievement',
  'sanction_user',
  'lift_sanction',
  'decide_appeal',
  'create_invite',
  'revoke_invite',
  'approve_signup',
  'deny_signup',
  'resolve_report',
  'issue_reset_link',
] as const;
export type AdminAction = (typeof adminActions)[number];

export const adminLogs = pgTable(
  'admin_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    action: text('action', { enum: adminActions }).notNull(),
    details: text('details').notNull(),
    adminId: bigint('admin_id', { mode: 'number' }).references(() => users.id),
    target: text('target'),
  },
  (t) => [index('admin_logs_created_idx').on(t.createdAt)],
);

/**
 * Per-user lifetime counters that tasks and achievements read, owned by platform/stats.ts
 * (which keeps the closed list of names and the only code that writes them).
 */
export const userStats = pgTable(
  'user_stats',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    stat: text('stat').$type<StatName>().notNull(),
    value: bigint('value', { mode: 'number' }).notNull().default(0),
    /** The same counter for the UTC day and the week of its latest bump (platform/stats.ts). */
    day: date('day', { mode: 'string' }),
    inDay: bigint('in_day', { mode: 'number' }).notNull().default(0),
    week: date('week', { mode: 'string' }),
    inWeek: bigint('in_week', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.stat] })],
);

/** Answers of requests sent with an Idempotency-Key, kept 24 hours (platform/idempotency.ts). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    route: text('route').notNull(),
    /** Hash of the route, params and body: a key reused for another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    /** Null while the first request runs. */
    status: integer('status'),
    body: jsonb('body'),
    /** The run that holds the key while it has no answer (db/writeMarks.ts checks it at each write). */
    runId: text('run_id'),
    /**
     * Set in the same transaction as the run's first committed write. False: nothing of the
     * request was committed. Null on rows from before it was recorded: unknown, as if true.
     */
    applied: boolean('applied'),
    /** The run's lease, renewed while its process lives: past it, with no answer, the run died. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/**
 * The outbox of domain events (platform/events.ts): written in the transaction of the action
 * they describe, delivered to their listeners by the dispatcher of any process, which sets
 * delivered_at in the same transaction as the listeners' writes. Delivered rows are pruned.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** A key of DomainEvents (platform/events.ts). */
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    // The dispatcher's claim reads the undelivered rows oldest first: few, whatever the table holds.
    index('domain_events_undelivered_idx')
      .on(t.id)
      .where(sql`${t.deliveredAt} is null`),
    // The prune reads the delivered rows by age.
    index('domain_events_delivered_idx')
      .on(t.deliveredAt)
      .where(sql`${t.deliveredAt} is not null`),
  ],
);
