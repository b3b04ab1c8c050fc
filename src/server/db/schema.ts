import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull().default('user'),
    status: text('status').notNull().default('active'),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    profileImage: text('profile_image'),
    betsPlaced: integer('bets_placed').notNull().default(0),
    betsWon: integer('bets_won').notNull().default(0),
    storePurchases: integer('store_purchases').notNull().default(0),
    logins: integer('logins').notNull().default(0),
    tasksCompleted: integer('tasks_completed').notNull().default(0),
    minefieldWins: integer('minefield_wins').notNull().default(0),
    puzzleWins: integer('puzzle_wins').notNull().default(0),
    rpsWins: integer('rps_wins').notNull().default(0),
    frenzyClicks: integer('frenzy_clicks').notNull().default(0),
    casinoWins: integer('casino_wins').notNull().default(0),
    achievementsClaimed: integer('achievements_claimed').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    index('users_balance_idx').on(t.balance),
    check('users_balance_non_negative', sql`${t.balance} >= 0`),
    check('users_role_known', sql`${t.role} in ('user', 'admin')`),
    check('users_status_known', sql`${t.status} in ('active', 'banned', 'deleted')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Every balance change. user_id NULL is the house, which takes the other side of mints and
 * burns so that sum(delta) over the whole table is always zero. The house keeps no stored
 * balance: that would make one row every payout has to lock.
 */
export const ledger = pgTable(
  'ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    delta: bigint('delta', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }),
    category: text('category').notNull(),
    refType: text('ref_type'),
    refId: text('ref_id'),
    counterpartyId: bigint('counterparty_id', { mode: 'number' }).references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ledger_user_idx').on(t.userId, t.id), check('ledger_delta_nonzero', sql`${t.delta} <> 0`)],
);

export const adminLogs = pgTable(
  'admin_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    action: text('action').notNull(),
    details: text('details').notNull(),
    adminId: bigint('admin_id', { mode: 'number' }).references(() => users.id),
    target: text('target'),
  },
  (t) => [index('admin_logs_created_idx').on(t.createdAt)],
);
