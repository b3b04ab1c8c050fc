import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { oneOf } from '../../../db/columns';
import { users } from '../../accounts/public';

/** The closed list of puzzle types (src/shared/games/puzzleRush/puzzles PUZZLE_TYPES). */
export const puzzleTypes = ['sliding', 'memory', 'match-3', 'logic-grid', 'n-queens'] as const;

/**
 * One random seed per UTC day, drawn by whichever process needs the day first (insert ... on
 * conflict do nothing), so every process and every restart builds the same five puzzles, and
 * nobody can rebuild the solutions from the date alone.
 */
export const puzzleRushDays = pgTable(
  'puzzle_rush_days',
  {
    date: text('date').primaryKey(),
    seed: text('seed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('puzzle_days_date_format', sql`${t.date} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`)],
);

/**
 * A paid solve. The unique key (user, date, type) is what makes a puzzle pay once per user
 * per day however many submits race; the row is the business row its reward references.
 */
export const puzzleRushSolves = pgTable(
  'puzzle_rush_solves',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    date: text('date').notNull(),
    puzzleType: text('puzzle_type', { enum: puzzleTypes }).notNull(),
    reward: bigint('reward', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('puzzle_solves_once_a_day').on(t.userId, t.date, t.puzzleType),
    index('puzzle_solves_date_idx').on(t.date),
    check('puzzle_solves_type_known', oneOf(t.puzzleType, puzzleTypes)),
    check('puzzle_solves_reward_positive', sql`${t.reward} > 0`),
  ],
);

/**
 * A player's tries at one of today's puzzles, which the server paces (spec: a puzzle locks for
 * 2 s after an invalid submit; memory cards turn at a human's pace, a bounded number of times).
 * Only today's rows are kept: each write deletes the player's older ones.
 */
export const puzzleRushAttempts = pgTable(
  'puzzle_rush_attempts',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    date: text('date').notNull(),
    puzzleType: text('puzzle_type', { enum: puzzleTypes }).notNull(),
    /** Submits are refused until then (a wrong one sets it 2 s ahead). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Memory cards turned today, and when the first was. */
    flips: integer('flips').notNull().default(0),
    firstFlipAt: timestamp('first_flip_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.date, t.puzzleType] })],
);
