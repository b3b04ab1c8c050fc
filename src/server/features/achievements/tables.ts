import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  pgTable,
  text,
  primaryKey,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { achievementCriteria } from '../../../shared/api/tasks';
import { users } from '../accounts/public';

/** Achievements an admin defines (spec section 3); retired ones stay for those who claimed them. */
export const achievements = pgTable(
  'achievements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    criteria: text('criteria', { enum: achievementCriteria }).notNull(),
    threshold: bigint('threshold', { mode: 'number' }).notNull(),
    reward: bigint('reward', { mode: 'number' }).notNull(),
    icon: text('icon').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'achievements_criteria_known',
      sql.raw(`criteria in (${achievementCriteria.map((c) => `'${c}'`).join(', ')})`),
    ),
    check('achievements_threshold_positive', sql`${t.threshold} > 0`),
    check('achievements_reward_positive', sql`${t.reward} > 0`),
  ],
);

/** Claimed once per user (unique); the reward's ledger rows reference this row. */
export const achievementClaims = pgTable(
  'achievement_claims',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    achievementId: bigint('achievement_id', { mode: 'number' })
      .notNull()
      .references(() => achievements.id),
    reward: bigint('reward', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('achievement_claims_once_idx').on(t.userId, t.achievementId),
    index('achievement_claims_achievement_idx').on(t.achievementId),
  ],
);

/**
 * The achievements a player was told they can claim: the sweep that finds them (reached.ts)
 * inserts here first, so each is told once, whichever process finds it and however often.
 */
export const achievementNotices = pgTable(
  'achievement_notices',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    achievementId: bigint('achievement_id', { mode: 'number' })
      .notNull()
      .references(() => achievements.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.achievementId] })],
);
