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
import { users } from '../accounts/public';
import { buffEffectTypes, items } from '../store/public';
import { oneOf } from '../../db/columns';

/**
 * Why a unit moved: a closed list in code (no CHECK, like user_stats' names), so a new item
 * source adds a reason here and needs no migration for it.
 * - opening: the holdings that existed when movements began (migration 0016)
 * - grant: handed out by the seed, an admin or a test builder
 * - purchase: bought in the store (ref: purchases.id)
 * - use: consumed by 'Use' to start a buff (ref: buffs.id)
 * - game: consumed by a game it modifies (ref: game_rounds.id)
 * - trade: given or received in a finalized trade (ref: trades.id)
 * - pet_shop: bought in the pet shop (ref: virtual_pet_purchases.id)
 * - pet_claim: drawn by a sanctuary claim (ref: game_rounds.id)
 * - care: fed to or played with by a critter (ref: virtual_pet_critters.id)
 * - box_drop: dropped by a mystery box (ref: game_rounds.id)
 * - box_sale: sold back at its published value (ref: mystery_box_sales.id)
 */
export const movementReasons = [
  'opening',
  'grant',
  'purchase',
  'use',
  'game',
  'trade',
  'pet_shop',
  'pet_claim',
  'care',
  'box_drop',
  'box_sale',
] as const;
export type MovementReason = (typeof movementReasons)[number];

/** What a movement's ref_id names. */
export const itemRefTypes = [
  'user',
  'admin_log',
  'purchase',
  'buff',
  'round',
  'trade',
  'pet_purchase',
  'critter',
  'box_sale',
] as const;
export type ItemRefType = (typeof itemRefTypes)[number];

/**
 * What each user holds, written only by features/items/holdings.ts. `locked` units are
 * promised to something still open (an active trade): they can be neither used, sold nor
 * promised again, and `quantity - locked` is what a conditional UPDATE may take.
 */
export const inventory = pgTable(
  'inventory',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => items.id),
    quantity: integer('quantity').notNull(),
    locked: integer('locked').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.itemId] }),
    check('inventory_quantity_non_negative', sql`${t.quantity} >= 0`),
    check(
      'inventory_locked_within_quantity',
      sql`${t.locked} >= 0 and ${t.locked} <= ${t.quantity}`,
    ),
  ],
);

/**
 * Every change of a holding's quantity, written in the same statement as the change (as the
 * ledger is for coins), so that per user and item the deltas sum to the holding and a user's
 * items are explained unit by unit. Locks move no unit and write no row.
 */
export const itemMovements = pgTable(
  'item_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => items.id),
    delta: integer('delta').notNull(),
    quantityAfter: integer('quantity_after').notNull(),
    reason: text('reason', { enum: movementReasons }).notNull(),
    refType: text('ref_type', { enum: itemRefTypes }).notNull(),
    refId: text('ref_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('item_movements_user_item_idx').on(t.userId, t.itemId, t.id),
    check('item_movements_delta_nonzero', sql`${t.delta} <> 0`),
  ],
);

/**
 * A power-up in use (DESIGN.md section 6): 60 minutes from 'Use', or until the extra coins it
 * added reach `extra_cap` (its item's price, shared/games/engine/items.ts), whichever comes first.
 */
export const buffs = pgTable(
  'buffs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => items.id),
    effectType: text('effect_type', { enum: buffEffectTypes }).notNull(),
    /** Hundredths, copied from the item when used. */
    value: integer('value').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    extraPaid: bigint('extra_paid', { mode: 'number' }).notNull().default(0),
    extraCap: bigint('extra_cap', { mode: 'number' }).notNull(),
    /** Set when the cap is reached before expiry. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('buffs_user_expires_idx').on(t.userId, t.expiresAt),
    check('buffs_effect_known', oneOf(t.effectType, buffEffectTypes)),
    check('buffs_extra_within_cap', sql`${t.extraPaid} >= 0 and ${t.extraPaid} <= ${t.extraCap}`),
  ],
);

/**
 * The cosmetic a player chose to show beside their name. It shows only while they hold it;
 * without a row (or once it has left them) the default applies: a store cosmetic before a
 * mystery-box collectible, then the newest item.
 */
export const cosmeticChoices = pgTable('cosmetic_choices', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  itemId: bigint('item_id', { mode: 'number' })
    .notNull()
    .references(() => items.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
