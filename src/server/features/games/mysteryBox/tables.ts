import { bigint, bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../accounts/public';
import { items } from '../../store/public';

/** One request to open boxes (1 or 5, one debit): the business row its ledger rows reference; each opening is a round. */
export const mysteryBoxOpenings = pgTable(
  'mystery_box_openings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    box: text('box').notNull(),
    count: integer('count').notNull(),
    cost: bigint('cost', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('box_openings_user_idx').on(t.userId, t.id)],
);

/** A sell-back of collectibles at their published value: what its ledger row and item movement reference. */
export const mysteryBoxSales = pgTable(
  'mystery_box_sales',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => items.id),
    quantity: integer('quantity').notNull(),
    paid: bigint('paid', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('box_sales_user_idx').on(t.userId, t.id)],
);
