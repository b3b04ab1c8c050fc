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
} from 'drizzle-orm/pg-core';
import { users } from '../../accounts/public';

/**
 * Click Frenzy clicks per user per UTC hour, with the current second's count beside them: one
 * conditional upsert counts a click only under both limits (100 an hour, 8 a second).
 */
export const clickFrenzyHours = pgTable(
  'click_frenzy_hours',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    hourStart: timestamp('hour_start', { withTimezone: true }).notNull(),
    clicks: integer('clicks').notNull(),
    /** The whole second (epoch seconds) the last click counted in, and how many counted in it. */
    secondAt: bigint('second_at', { mode: 'number' }).notNull(),
    secondClicks: integer('second_clicks').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.hourStart] }),
    check('frenzy_hours_clicks_range', sql`${t.clicks} between 0 and 100`),
  ],
);

/** One row per counted click: the business row its reward's ledger rows reference. */
export const clickFrenzyClicks = pgTable(
  'click_frenzy_clicks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    emoji: text('emoji').notNull(),
    reward: bigint('reward', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('frenzy_clicks_user_idx').on(t.userId, t.id)],
);
