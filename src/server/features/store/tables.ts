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
import { oneOf } from '../../db/columns';
import { users } from '../accounts/public';
import { buffEffectTypes, effectTypes, itemTypes } from '../../../shared/api/store';

// The closed lists live in the shared contract; re-exported for the server code that had them here.
export { buffEffectTypes, effectTypes, itemTypes };
export type { BuffEffectType, EffectType, ItemType } from '../../../shared/api/store';

export const items = pgTable(
  'items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    type: text('type', { enum: itemTypes }).notNull(),
    /** The effect as players read it ('Reward ×1.5'); effect_type and value are what the code applies. */
    effect: text('effect'),
    effectType: text('effect_type', { enum: effectTypes }),
    /** Hundredths, like odds: a reward multiplier of 1.5 is 150, +10% slot luck is 1000. */
    effectValue: integer('effect_value'),
    price: bigint('price', { mode: 'number' }).notNull(),
    /** Units left to sell; decremented by the purchase statement itself. */
    stock: integer('stock').notNull(),
    image: text('image'),
    emoji: text('emoji'),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Retired items leave the store but stay in inventories. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    /**
     * The pet catalogue's key (the pet game's catalog.ts) of a food, toy or cosmetic: those units
     * live in the items module like any other, but are sold by the pet shop, not the store.
     */
    petKey: text('pet_key'),
    /** A mystery-box collectible's key (the mystery box game's rules.ts): a store cosmetic that is dropped, never sold. */
    collectibleKey: text('collectible_key'),
  },
  (t) => [
    // Names are unique among the store's items; the pet catalogue's and the boxes' collectibles may repeat one.
    uniqueIndex('items_name_lower_idx')
      .on(sql`lower(${t.name})`)
      .where(sql`${t.petKey} is null and ${t.collectibleKey} is null`),
    uniqueIndex('items_pet_key_idx').on(t.petKey),
    uniqueIndex('items_collectible_key_idx').on(t.collectibleKey),
    check('items_type_known', oneOf(t.type, itemTypes)),
    check(
      'items_effect_type_known',
      sql`${t.effectType} is null or ${oneOf(t.effectType, effectTypes)}`,
    ),
    check('items_price_non_negative', sql`${t.price} >= 0`),
    check('items_stock_non_negative', sql`${t.stock} >= 0`),
  ],
);

// Holdings (inventory) belong to the items module: features/items/tables.ts.

/** Purchase history: price and time as paid; the ledger row of each purchase references it. */
export const purchases = pgTable(
  'purchases',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => items.id),
    price: bigint('price', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('purchases_user_created_idx').on(t.userId, t.createdAt)],
);

// Running buffs belong to the items module (features/items/tables.ts), with the holdings whose units start them.
