import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { oneOf } from '../../../db/columns';
import { users } from '../../accounts/public';
import { RARITIES } from '../../../../shared/games/virtualPet/catalog';

/**
 * A user's critters (DESIGN.md section 8). Level is computed from experience, never stored.
 * Species, variant and traits are catalogue keys (shared/games/virtualPet/catalog.ts), checked in code:
 * a catalogue that grows needs no migration. Critters never die; a closed account keeps them.
 */
export const virtualPetCritters = pgTable(
  'virtual_pet_critters',
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
    traits: text('traits')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Slot to cosmetic key. */
    equippedCosmetics: jsonb('equipped_cosmetics')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
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
export const virtualPetProfiles = pgTable('virtual_pet_profiles', {
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
});

/** Pet shop purchases: the business row their ledger rows and item movements reference. */
export const virtualPetPurchases = pgTable(
  'virtual_pet_purchases',
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
  (t) => [
    index('pet_purchases_user_idx').on(t.userId, t.id),
    check('pet_purchases_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** Pulls on each gacha pool since the user's last Legendary-or-better (DESIGN.md section 8: pity). */
export const virtualPetGachaPity = pgTable(
  'virtual_pet_gacha_pity',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    pool: text('pool').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.pool] }),
    check('gacha_pity_range', sql`${t.count} between 0 and 99`),
  ],
);

/** One spin (1 or 10 pulls, one debit): the business row its ledger rows reference; each pull is a round. */
export const virtualPetGachaSpins = pgTable(
  'virtual_pet_gacha_spins',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    pool: text('pool').notNull(),
    pulls: integer('pulls').notNull(),
    cost: bigint('cost', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('gacha_spins_user_idx').on(t.userId, t.id)],
);

/**
 * An egg: its child was drawn when the parents bred (the round), and hatching is one
 * conditional UPDATE of hatched_at, so two hatches never make two critters.
 */
export const virtualPetEggs = pgTable(
  'virtual_pet_eggs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    parentA: bigint('parent_a', { mode: 'number' })
      .notNull()
      .references(() => virtualPetCritters.id),
    parentB: bigint('parent_b', { mode: 'number' })
      .notNull()
      .references(() => virtualPetCritters.id),
    species: text('species').notNull(),
    variant: text('variant').notNull(),
    rarity: text('rarity', { enum: RARITIES }).notNull(),
    generation: integer('generation').notNull(),
    traits: text('traits').array().notNull(),
    roundId: bigint('round_id', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    hatchAt: timestamp('hatch_at', { withTimezone: true }).notNull(),
    hatchedAt: timestamp('hatched_at', { withTimezone: true }),
    critterId: bigint('critter_id', { mode: 'number' }).references(() => virtualPetCritters.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('eggs_user_idx').on(t.userId, t.id),
    check('eggs_rarity_known', oneOf(t.rarity, RARITIES)),
  ],
);

/** A mini-game run: started and timed by the server, completed (and paid) once. */
export const virtualPetMinigameRuns = pgTable(
  'virtual_pet_minigame_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    critterId: bigint('critter_id', { mode: 'number' })
      .notNull()
      .references(() => virtualPetCritters.id),
    game: text('game').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    claimedScore: integer('claimed_score'),
    score: integer('score'),
    experience: integer('experience'),
    coins: integer('coins'),
  },
  (t) => [index('minigame_runs_user_idx').on(t.userId, t.id)],
);

/** Pet coins paid by mini-games per user and UTC day, under the published daily cap. */
export const virtualPetMinigameDays = pgTable(
  'virtual_pet_minigame_days',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    day: date('day').notNull(),
    coins: integer('coins').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
