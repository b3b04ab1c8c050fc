import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tradeStatuses } from '../../../shared/api/trades';
import { oneOf } from '../../db/columns';
import { users } from '../accounts/public';
import { items } from '../store/public';

/** Which party an entry belongs to: 'from' is the initiator's offer, 'to' the recipient's answer. */
export const tradeSides = ['from', 'to'] as const;
export type TradeSide = (typeof tradeSides)[number];

/**
 * A trade between two users (DESIGN.md section 6). Every status change is one conditional
 * UPDATE on `status`; while it is pending or responded, its entries' units are counted in the
 * holders' inventory.locked.
 */
export const trades = pgTable(
  'trades',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fromUserId: bigint('from_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    toUserId: bigint('to_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: tradeStatuses }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    /** When it was accepted (finalized), denied or canceled. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('trades_from_user_idx').on(t.fromUserId, t.id),
    index('trades_to_user_idx').on(t.toUserId, t.id),
    check('trades_status_known', oneOf(t.status, tradeStatuses)),
    check('trades_not_with_self', sql`${t.fromUserId} <> ${t.toUserId}`),
  ],
);

export const tradeItems = pgTable(
  'trade_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tradeId: bigint('trade_id', { mode: 'number' })
      .notNull()
      .references(() => trades.id),
    side: text('side', { enum: tradeSides }).notNull(),
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => items.id),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    uniqueIndex('trade_items_entry_idx').on(t.tradeId, t.side, t.itemId),
    check('trade_items_side_known', oneOf(t.side, tradeSides)),
    check('trade_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);
