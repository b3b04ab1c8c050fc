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
import { communities } from '../communities/public';
import { ledgerAccounts } from '../wallet/public';

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
    /** A community's bet (DESIGN.md section 11), paid from its treasury; null for the site's. */
    communityId: bigint('community_id', { mode: 'number' }).references(() => communities.id),
    /**
     * The treasury's ledger account, copied from the community when the bet is made, so the
     * wager and settlement statements need not read communities.
     */
    accountId: bigint('account_id', { mode: 'number' }).references(() => ledgerAccounts.id),
    /**
     * A community bet's worst case: the largest of its options' liabilities, which the
     * treasury holds committed (ledger_accounts.committed) while the bet is open.
     */
    exposure: bigint('exposure', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    // Titles are unique among the site's bets (the admin's odds route names a bet by title)
    // and within each community.
    uniqueIndex('bets_title_lower_idx')
      .on(sql`lower(${t.title})`)
      .where(sql`${t.communityId} is null`),
    uniqueIndex('bets_community_title_idx')
      .on(t.communityId, sql`lower(${t.title})`)
      .where(sql`${t.communityId} is not null`),
    index('bets_status_idx').on(t.status),
    index('bets_community_idx')
      .on(t.communityId, t.id)
      .where(sql`${t.communityId} is not null`),
    check('bets_status_known', oneOf(t.status, betStatuses)),
    check('bets_community_account', sql`(${t.communityId} is null) = (${t.accountId} is null)`),
    check('bets_exposure_non_negative', sql`${t.exposure} >= 0`),
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
    /** A community bet's: what its open wagers on this option would pay (sum of stake * odds). */
    liability: bigint('liability', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('bet_options_text_idx').on(t.betId, t.text),
    check('bet_options_odds_min', sql`${t.odds} >= 101`),
    check('bet_options_liability_non_negative', sql`${t.liability} >= 0`),
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
    /** A community parlay's treasury (its legs are that community's bets); null: the house's. */
    accountId: bigint('account_id', { mode: 'number' }).references(() => ledgerAccounts.id),
    /** What the treasury holds against it while open: its payout at the current total odds. */
    committed: bigint('committed', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('parlays_user_idx').on(t.userId, t.id),
    // A treasury's parlays: its open promises (the audit), its season's settled ones (profit).
    index('parlays_account_idx')
      .on(t.accountId, t.settledAt)
      .where(sql`account_id is not null`),
    index('parlays_user_created_idx').on(t.userId, t.createdAt),
    index('parlays_user_won_idx')
      .on(t.userId, t.settledAt)
      .where(sql`status = 'won'`),
    check('parlays_stake_positive', sql`${t.stake} > 0`),
    check('parlays_status_known', oneOf(t.status, wagerStatuses)),
    check('parlays_committed_house', sql`${t.accountId} is not null or ${t.committed} = 0`),
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

/**
 * Comments under a community bet. Each shows its author's position on the bet when read (from
 * the wagers), so nothing here copies it. Removed ones keep their row for the moderation log.
 */
export const betComments = pgTable(
  'bet_comments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    betId: bigint('bet_id', { mode: 'number' })
      .notNull()
      .references(() => bets.id),
    authorId: bigint('author_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    /** Ids of the site's users the body @mentions, as written. */
    mentions: bigint('mentions', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    index('bet_comments_bet_idx')
      .on(t.betId, t.id)
      .where(sql`${t.removedAt} is null`),
  ],
);
