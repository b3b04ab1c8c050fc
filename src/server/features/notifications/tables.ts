import { sql } from 'drizzle-orm';
import {
  bigint,
  smallint,
  bigserial,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { notificationKinds } from '../../../shared/api/notifications';
import { oneOf } from '../../db/columns';
import { users } from '../accounts/public';

/**
 * The inbox (DESIGN.md section 12): written only by this feature, in the transaction that
 * delivers the domain event (or the scheduled moment) that causes it. `dedupe_key` makes a
 * second delivery of the same cause write nothing.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: notificationKinds }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** When a push went out for it (or was not needed: the player had a live socket). */
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
    /** When an e-mail digest included it. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    // The inbox filtered by one kind, newest first (inbox.ts).
    index('notifications_user_kind_idx').on(t.userId, t.kind, t.id),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    uniqueIndex('notifications_dedupe_idx').on(t.userId, t.dedupeKey),
    check('notifications_kind_known', oneOf(t.kind, notificationKinds)),
    // The push sender's queue: only rows of subscribed players wait here, and not for long.
    index('notifications_push_due_idx')
      .on(t.id)
      .where(sql`${t.pushedAt} is null`),
  ],
);

/** Channel choices that differ from the default (every channel on), per kind. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: notificationKinds }).notNull(),
    inbox: boolean('inbox').notNull(),
    push: boolean('push').notNull(),
    email: boolean('email').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * Notifications that become due at a moment (an egg hatching, a claim ready, an idle cap full):
 * a sweep on any process moves each due row into the inbox once (FOR UPDATE SKIP LOCKED, the
 * key deduplicates). The producer's later event moves or drops the row.
 */
export const notificationSchedule = pgTable(
  'notification_schedule',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    dedupeKey: text('dedupe_key').notNull(),
    kind: text('kind', { enum: notificationKinds }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    payload: jsonb('payload').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.dedupeKey] }),
    index('notification_schedule_due_idx').on(t.dueAt),
  ],
);

/**
 * A browser's push subscription (the Push API's endpoint and keys): one row per endpoint, which
 * moves to whoever subscribed it last (a shared browser signs in as someone else).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret (base64url), which the payload is encrypted to. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/**
 * The server's VAPID key pair when none is configured: made by the first process that needs
 * it (insert ... on conflict do nothing, then read), so every process signs with the same one.
 */
export const notificationVapidKeys = pgTable(
  'notification_vapid_keys',
  {
    id: smallint('id').primaryKey(),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('notification_vapid_keys_one_row', sql`${t.id} = 1`)],
);

/**
 * A player's e-mail address for the digest (DESIGN.md section 12): confirmed by a link whose
 * token only its hash is kept of, and a per-player secret that signs the unsubscribe links (so
 * they work without signing in, and a new secret would void them all).
 */
export const notificationEmails = pgTable(
  'notification_emails',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    email: text('email').notNull(),
    /** Null until the link in the confirmation mail is opened; a new address starts over. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** sha256 of the last confirmation link's token (kept after use: a second click is told it is done). */
    confirmTokenHash: text('confirm_token_hash'),
    confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true }),
    /** When the last confirmation mail went out: resends wait a few minutes. */
    confirmSentAt: timestamp('confirm_sent_at', { withTimezone: true }),
    /** HMAC key of this player's unsubscribe links (base64url). */
    unsubscribeSecret: text('unsubscribe_secret').notNull(),
    /** When the last digest was claimed for sending: at most one a day. */
    lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notification_emails_confirm_token_idx').on(t.confirmTokenHash),
    check('notification_emails_email_length', sql`length(${t.email}) <= 254`),
  ],
);
