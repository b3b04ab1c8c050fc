import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { roles, userStatuses } from '../../../shared/api/accounts';
import { oneOf } from '../../db/columns';

/** What users.status can hold: the statuses the API shows, plus 'deleted', which it never shows. */
export const accountStatuses = [...userStatuses, 'deleted'] as const;

export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: roles }).notNull().default('user'),
    status: text('status', { enum: accountStatuses }).notNull().default('active'),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    profileImage: text('profile_image'),
    /**
     * Wagers and parlays placed, and won. Unlike the other counters (user_stats, owned by
     * platform/stats.ts) these two stay here: the wager statement already updates this row for
     * the stake and the settlement for the payout, so counting costs one more assignment in
     * the same UPDATE, where a user_stats upsert would be one more write per wager on the
     * hottest path.
     */
    betsPlaced: integer('bets_placed').notNull().default(0),
    betsWon: integer('bets_won').notNull().default(0),
    /**
     * The same placements counted for the UTC day and the week (from Monday) of the latest one:
     * tasks read "placed today / this week" here (platform/placements.ts) instead of a range of
     * the user's wagers, which have no index on created_at. Bumped in the same UPDATE.
     */
    placedDay: date('placed_day', { mode: 'string' }),
    placedInDay: integer('placed_in_day').notNull().default(0),
    placedWeek: date('placed_week', { mode: 'string' }),
    placedInWeek: integer('placed_in_week').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the account first met the new-account rule (newAccounts.ts); it never becomes new again. */
    establishedAt: timestamp('established_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  // No index on balance: every stake, payout and transfer rewrites this row, and with no
  // indexed column changing (and fillfactor 90, migration 0015) PostgreSQL does it as a
  // heap-only update instead of inserting into every index of the table. The balance
  // leaderboard sorts the active users instead: a top-N sort, not a full one.
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    check('users_balance_non_negative', sql`${t.balance} >= 0`),
    check('users_role_known', oneOf(t.role, roles)),
    check('users_status_known', oneOf(t.status, accountStatuses)),
  ],
);

/**
 * Accounts registered from one address on one UTC day, kept as a hash of the address
 * (SIGNUPS_PER_DAY, issue 34). Counted in the registration's transaction, so every process
 * shares the count and a refused or failed registration counts nothing. Past days are pruned.
 */
export const signupDays = pgTable(
  'signup_days',
  {
    addressHash: text('address_hash').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.addressHash, t.day] })],
);

/**
 * Invite codes an admin hands out under REGISTRATION_MODE=invite. A registration spends one use
 * with one conditional UPDATE (uses < max_uses), so racing registrations never pass max_uses.
 */
export const signupInvites = pgTable('signup_invites', {
  code: text('code').primaryKey(),
  maxUses: integer('max_uses').notNull(),
  uses: integer('uses').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

export const signupRequestStatuses = ['pending', 'denied'] as const;

/**
 * Registrations waiting for an admin under REGISTRATION_MODE=approval. The account itself is
 * made only on approval (with its starting grant), so a waiting or declined one holds no coins
 * and appears in no list; its name is held here, and a declined one keeps it, so signing in
 * can say what became of it.
 */
export const signupRequests = pgTable(
  'signup_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    status: text('status', { enum: signupRequestStatuses }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => users.id),
  },
  (t) => [
    uniqueIndex('signup_requests_username_lower_idx').on(sql`lower(${t.username})`),
    check('signup_requests_status_known', oneOf(t.status, signupRequestStatuses)),
  ],
);
