import { bigint, bigserial, integer, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../accounts/public';
import { gameStateColumns } from '../engine/public';

/** A player's trainer: the whole state (shared/games/idleNgu/rules.ts IdleStateJson), written by engine/gameState. */
export const idleNguGames = pgTable('idle_ngu_games', gameStateColumns());

/** A first-ever kill of a boss, paid once: the unique index backs the state's highestKill. */
export const idleNguKills = pgTable(
  'idle_ngu_kills',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    boss: integer('boss').notNull(),
    coins: integer('coins').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('idle_kills_user_boss_idx').on(t.userId, t.boss)],
);
