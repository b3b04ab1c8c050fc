import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { oneOf } from '../../../db/columns';
import { users } from '../../accounts/public';
import { gameStateColumns } from '../engine/public';

/** A player's lab: the whole state (shared/games/mergeLab/rules.ts MergeLabState), written by engine/gameState. */
export const mergeLabGames = pgTable('merge_lab_games', gameStateColumns());

export const mergePayoutKinds = ['order', 'sale'] as const;

/** Coins paid for a delivered order or a sold item: what their ledger rows reference. */
export const mergeLabPayouts = pgTable(
  'merge_lab_payouts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: mergePayoutKinds }).notNull(),
    chain: text('chain').notNull(),
    tier: integer('tier').notNull(),
    coins: integer('coins').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('merge_payouts_user_idx').on(t.userId, t.id),
    check('merge_payouts_kind_known', oneOf(t.kind, mergePayoutKinds)),
    check('merge_payouts_coins_positive', sql`${t.coins} > 0`),
  ],
);
