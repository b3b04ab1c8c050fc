import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { betStatuses, type ParlayLegDto, type WagerStatus } from '../../../shared/api/bets';
import { listOf, oneOf } from '../../db/columns';
import { users } from '../accounts/public';

/** Status of a single wager and of a parlay as a whole. */
export const wagerStatuses = listOf<WagerStatus>()(['open', 'won', 'lost', 'refunded']);
/** A leg is 'void' when its bet was voided: the parlay goes on without it. */
export const parlayLegStatuses = listOf<ParlayLegDto['status']>()(['open', 'won', 'lost', 'void']);

export const bets = pgTable(
  'bets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    status: text('status', { enum: betStatuses }).notNull().default('open'),
    resultOptionId: bigint('result_option_id', { mode: 'number' }),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bets_title_lower_idx').on(sql`lower(${t.title})`),
    index('bets_status_idx').on(t.status),
    check('bets_status_known', oneOf(t.status, betStatuses)),
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
    status: text('status', { enum: wagerStatuses }).notNull().default('open'),
    payout: bigint('payout', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('wagers_bet_option_idx').on(t.betId, t.optionId),
    index('wagers_user_idx').on(t.userId, t.id),
    // No index on created_at, status or settled_at: task progress (features/tasks) finds a
    // user's wagers through wagers_user_idx and filters them. Each extra index cost every wager
    // an index insert, and one naming status or settled_at made settlement's rewrite of every
    // wager a non-HOT update (bench:bets: -17% wagers/s, finalize 0.7 s -> 1.5 s).
    check('wagers_stake_positive', sql`${t.stake} > 0`),
    check('wagers_status_known', oneOf(t.status, wagerStatuses)),
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
    status: text('status', { enum: wagerStatuses }).notNull().default('open'),
    payout: bigint('payout', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('parlays_user_idx').on(t.userId, t.id),
    index('parlays_user_created_idx').on(t.userId, t.createdAt),
    index('parlays_user_won_idx')
      .on(t.userId, t.settledAt)
      .where(sql`status = 'won'`),
    check('parlays_stake_positive', sql`${t.stake} > 0`),
    check('parlays_status_known', oneOf(t.status, wagerStatuses)),
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
    status: text('status', { enum: parlayLegStatuses }).notNull().default('open'),
  },
  (t) => [
    uniqueIndex('parlay_legs_one_per_bet_idx').on(t.parlayId, t.betId),
    index('parlay_legs_bet_idx').on(t.betId, t.optionId),
    check('parlay_legs_status_known', oneOf(t.status, parlayLegStatuses)),
  ],
);

/**
 * Single wagers won per user per UTC day of settlement, written by settlement in its
 * transaction. Tasks count a week's wins from here (at most seven rows) instead of every wager
 * the user ever placed: wagers carry no index on settled_at, which would make each
 * settlement's rewrite of its wagers a non-HOT update (migration 0014).
 */
export const wagerWinsDaily = pgTable(
  'wager_wins_daily',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    day: date('day', { mode: 'string' }).notNull(),
    wins: integer('wins').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
