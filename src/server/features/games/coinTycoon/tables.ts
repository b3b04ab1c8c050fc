import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../../accounts/public';
import { gameStateColumns } from '../engine/public';

/**
 * A player's company: the whole state (shared/games/coinTycoon/rules.ts TycoonStateJson) in one jsonb,
 * written only by engine/gameState's conditional UPDATE on version.
 */
export const coinTycoonGames = pgTable('coin_tycoon_games', gameStateColumns());

/** A dividend paid: once per player per UTC day (the unique index backs the state's own check). */
export const coinTycoonClaims = pgTable(
  'coin_tycoon_claims',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    day: text('day').notNull(),
    coins: integer('coins').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tycoon_claims_user_day_idx').on(t.userId, t.day)],
);

/** A x2 boost bought with coins: what its ledger row references. */
export const coinTycoonBoosts = pgTable(
  'coin_tycoon_boosts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    price: integer('price').notNull(),
    boostUntil: timestamp('boost_until', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tycoon_boosts_user_idx').on(t.userId, t.id)],
);
