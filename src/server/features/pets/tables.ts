import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/columns';
import { users } from '../accounts/tables';
import { RARITIES } from '../../../shared/pets/catalog';

/**
 * A user's critters (DESIGN.md section 8). Level is computed from experience, never stored.
 * Species, variant and traits are catalogue keys (shared/pets/catalog.ts), checked in code:
 * a catalogue that grows needs no migration. Critters never die; a closed account keeps them.
 */
export const critters = pgTable(
  'critters',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    species: text('species').notNull(),
    variant: text('variant').notNull(),
    rarity: text('rarity', { enum: RARITIES }).notNull(),
    generation: integer('generation').notNull().default(1),
    experience: integer('experience').notNull().default(0),
    affection: integer('affection').notNull(),
    traits: text('traits').array().notNull().default(sql`'{}'::text[]`),
    /** Slot to cosmetic key. */
    equippedCosmetics: jsonb('equipped_cosmetics').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    breedingHatchAt: timestamp('breeding_hatch_at', { withTimezone: true }),
    lastHatchedAt: timestamp('last_hatched_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('critters_user_idx').on(t.userId, t.id),
    check('critters_rarity_known', oneOf(t.rarity, RARITIES)),
    check('critters_affection_range', sql`${t.affection} between 0 and 100`),
    check('critters_experience_non_negative', sql`${t.experience} >= 0`),
    check('critters_generation_positive', sql`${t.generation} >= 1`),
  ],
);

/**
 * One row per user who has entered the sanctuary: the row adoption and shop pets lock (so two
 * adoptions at once make one critter), the claim's next time (one conditional upsert claims),
 * and counters the achievements can read later.
 */
export const petProfiles = pgTable(
  'pet_profiles',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    nextClaimAt: timestamp('next_claim_at', { withTimezone: true }),
    claims: integer('claims').notNull().default(0),
    adopted: integer('adopted').notNull().default(0),
    fed: integer('fed').notNull().default(0),
    played: integer('played').notNull().default(0),
    evolved: integer('evolved').notNull().default(0),
    traitsUnlocked: integer('traits_unlocked').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
);

/** Pet shop purchases: the business row their ledger rows and item movements reference. */
export const petPurchases = pgTable(
  'pet_purchases',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** The shop item's _id (a catalogue key, or 'pet:<species>'). */
    good: text('good').notNull(),
    quantity: integer('quantity').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pet_purchases_user_idx').on(t.userId, t.id), check('pet_purchases_quantity_positive', sql`${t.quantity} > 0`)],
);
