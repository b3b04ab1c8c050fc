import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../accounts/public';

/**
 * Admin overrides of a wheel's reward table; a wheel without a row uses the defaults in
 * defaults.ts. The table a spin used is copied into its round's params, so editing a wheel
 * never changes how an old round verifies.
 */
export const spinnerTables = pgTable(
  'spinner_tables',
  {
    spinnerId: text('spinner_id').primaryKey(),
    rewardOptions: integer('reward_options').array().notNull(),
    weights: integer('weights').array().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'spinner_tables_parallel',
      sql`cardinality(${t.rewardOptions}) = cardinality(${t.weights}) and cardinality(${t.weights}) > 0`,
    ),
  ],
);

/** When each user may spin each wheel again; claimed by one conditional upsert per spin. */
export const spinnerCooldowns = pgTable(
  'spinner_cooldowns',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    spinnerId: text('spinner_id').notNull(),
    nextSpinAt: timestamp('next_spin_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.spinnerId] })],
);
