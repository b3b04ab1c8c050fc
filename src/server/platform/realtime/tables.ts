import {
  bigint,
  bigserial,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from '../../features/accounts/tables';

/**
 * What changed, for live pushes (DESIGN.md section 7): written in the same transaction as the
 * change, read by every process's fan-out after a wake-up. Balances are not here: the ledger is
 * their durable record. Old rows are pruned; a client that was away longer refetches.
 */
export const realtimeEvents = pgTable(
  'realtime_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** A kind from src/shared/api/live.ts (e.g. 'trade.offered', 'duel.result', 'bet.settled'). */
    kind: text('kind').notNull(),
    /** Private to this user; null goes to every signed-in socket. */
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('realtime_events_created_idx').on(t.createdAt)],
);

/**
 * One-time tickets for opening /api/live: a socket cannot carry the bearer header, and a token
 * in a URL ends up in logs. Stored (not in memory) so the POST and the socket may reach
 * different processes; used once, by one conditional UPDATE, within 30 seconds.
 */
export const liveTickets = pgTable('live_tickets', {
  ticketHash: text('ticket_hash').primaryKey(),
  userId: bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id),
  /** The session the ticket was taken with: its revocation closes the socket. */
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * Who has a live socket open, per process (presence.ts): each process writes its own rows when a
 * socket opens or its player's last one closes, and renews them all every few seconds; rows not
 * renewed lately belong to a process that died and count for nothing. Web push asks it whether
 * a player is away.
 */
export const livePresence = pgTable(
  'live_presence',
  {
    processId: text('process_id').notNull(),
    // No foreign key: the heartbeat renews thousands of rows, and each would lock its user.
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.processId, t.userId] }),
    index('live_presence_user_idx').on(t.userId),
  ],
);
