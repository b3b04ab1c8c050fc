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

export const bets = pgTable(
  'bets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('open'),
    resultOptionId: bigint('result_option_id', { mode: 'number' }),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bets_title_lower_idx').on(sql`lower(${t.title})`),
    index('bets_status_idx').on(t.status),
    check('bets_status_known', sql`${t.status} in ('open', 'finalized', 'voided')`),
  ],
);

export const betOptions = pgTable(
  'bet_options',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    betId: bigint('bet_id', { mode: 'number' })
      .notNull()
      .references(() => bets.id),
    text: text('text').notNull(),
    /** Integer hundredths: 2.35x is 235. */
    odds: integer('odds').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    uniqueIndex('bet_options_text_idx').on(t.betId, t.text),
    check('bet_options_odds_min', sql`${t.odds} >= 101`),
  ],
);

/** Single wagers. Votes are counted from here (no counter row every wager would lock). */
export const wagers = pgTable(
  'wagers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    betId: bigint('bet_id', { mode: 'number' })
      .notNull()
      .references(() => bets.id),
    optionId: bigint('option_id', { mode: 'number' })
      .notNull()
      .references(() => betOptions.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    stake: bigint('stake', { mode: 'number' }).notNull(),
    /** The option's odds when the wager was placed; later edits do not touch it. */
    odds: integer('odds').notNull(),
    status: text('status').notNull().default('open'),
    payout: bigint('payout', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('wagers_bet_option_idx').on(t.betId, t.optionId),
    index('wagers_user_idx').on(t.userId, t.id),
    check('wagers_stake_positive', sql`${t.stake} > 0`),
    check('wagers_status_known', sql`${t.status} in ('open', 'won', 'lost', 'refunded')`),
  ],
);

export const parlays = pgTable(
  'parlays',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    stake: bigint('stake', { mode: 'number' }).notNull(),
    /** Product of the live legs' locked odds, rounded to hundredths. */
    totalOdds: bigint('total_odds', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('open'),
    payout: bigint('payout', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('parlays_user_idx').on(t.userId, t.id),
    check('parlays_stake_positive', sql`${t.stake} > 0`),
    check('parlays_status_known', sql`${t.status} in ('open', 'won', 'lost', 'refunded')`),
  ],
);

export const parlayLegs = pgTable(
  'parlay_legs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    parlayId: bigint('parlay_id', { mode: 'number' })
      .notNull()
      .references(() => parlays.id),
    betId: bigint('bet_id', { mode: 'number' })
      .notNull()
      .references(() => bets.id),
    optionId: bigint('option_id', { mode: 'number' })
      .notNull()
      .references(() => betOptions.id),
    odds: integer('odds').notNull(),
    status: text('status').notNull().default('open'),
  },
  (t) => [
    uniqueIndex('parlay_legs_one_per_bet_idx').on(t.parlayId, t.betId),
    index('parlay_legs_bet_idx').on(t.betId, t.optionId),
    check('parlay_legs_status_known', sql`${t.status} in ('open', 'won', 'lost', 'void')`),
  ],
);
