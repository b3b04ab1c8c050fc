import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { oneOf } from '../../../db/columns';
import { users } from '../../accounts/public';

/**
 * A user's provably fair seed pairs (DESIGN.md section 5). One active pair per user (revealed_at
 * NULL); rotating reveals it and starts the next. The server seed leaves the server only once
 * revealed_at is set; until then only its SHA-256 is shown.
 */
export const fairnessSeeds = pgTable(
  'fairness_seeds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** 64 lowercase hex characters; its text is the HMAC key. */
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    /** The nonce the next round on this pair will use; +1 per round. */
    nonce: bigint('nonce', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('fairness_seeds_one_active_idx')
      .on(t.userId)
      .where(sql`${t.revealedAt} is null`),
    index('fairness_seeds_user_idx').on(t.userId, t.id),
    check('fairness_seeds_server_seed_hex', sql`${t.serverSeed} ~ '^[0-9a-f]{64}$'`),
    check('fairness_seeds_client_seed_printable', sql`${t.clientSeed} ~ '^[ -~]{1,64}$'`),
    check('fairness_seeds_nonce_non_negative', sql`${t.nonce} >= 0`),
  ],
);

/** 'open' rounds (a running Minefield game) keep their seed pair from being rotated. */
export const roundStates = ['open', 'settled'] as const;
export type RoundState = (typeof roundStates)[number];

/**
 * Every round of every game with a random outcome: what was staked and paid, which seed pair
 * and nonce decided it, and the inputs (params) and result (outcome) the verifier replays.
 * `game` is typed in code only (shared/api/games.ts GAME_NAMES): each new game would otherwise
 * be a migration that feature branches collide on.
 */
export const gameRounds = pgTable(
  'game_rounds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    game: text('game').notNull(),
    seedId: bigint('seed_id', { mode: 'number' })
      .notNull()
      .references(() => fairnessSeeds.id),
    /** The client seed when the round was played (it can be changed between rounds). */
    clientSeed: text('client_seed').notNull(),
    nonce: bigint('nonce', { mode: 'number' }).notNull(),
    stake: bigint('stake', { mode: 'number' }).notNull().default(0),
    payout: bigint('payout', { mode: 'number' }).notNull().default(0),
    params: jsonb('params').notNull(),
    outcome: jsonb('outcome').notNull(),
    state: text('state', { enum: roundStates }).notNull().default('settled'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('game_rounds_seed_nonce_idx').on(t.seedId, t.nonce),
    index('game_rounds_user_idx').on(t.userId, t.id),
    index('game_rounds_open_idx')
      .on(t.seedId)
      .where(sql`${t.state} = 'open'`),
    // One running Minefield game per user, whatever races to start two.
    uniqueIndex('game_rounds_one_open_minefield_idx')
      .on(t.userId)
      .where(sql`${t.state} = 'open' and ${t.game} = 'minefield'`),
    check('game_rounds_state_known', oneOf(t.state, roundStates)),
    check('game_rounds_amounts_non_negative', sql`${t.stake} >= 0 and ${t.payout} >= 0`),
  ],
);

/**
 * The columns of a game whose state lives on the server (engine/gameState.ts, DESIGN.md section
 * 9): one row per player with the whole state in jsonb, and the version its conditional UPDATE
 * checks. A function, so each table gets its own column builders.
 */
export const gameStateColumns = () => ({
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  state: jsonb('state').notNull(),
  version: integer('version').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What one account has won from another in duels (Quiz Duel, rock-paper-scissors) on a UTC day
 * while the two shared an address, net of the winner's own stake: capped by
 * SAME_ADDRESS_DAILY_WIN_CAP (engine/sameAddress.ts). Only the pair's current day is kept.
 */
export const duelPairWins = pgTable(
  'duel_pair_wins',
  {
    winnerId: bigint('winner_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    loserId: bigint('loser_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    day: text('day').notNull(),
    won: bigint('won', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.winnerId, t.loserId, t.day] })],
);

/**
 * Addresses a user called Quiz Duel or rock-paper-scissors from, as SHA-256 of the address (never
 * the address itself), with when last seen: what one of two accounts seen on one address within
 * a day may win from the other is capped (sameAddress.ts). The rule's own table: its name is
 * Quiz Duel's, the rule's first user, kept so moving it here needed no migration.
 */
export const duelAddresses = pgTable(
  'quiz_duel_addresses',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    addressHash: text('address_hash').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.addressHash] }),
    index('quiz_addresses_hash_idx').on(t.addressHash, t.seenAt),
  ],
);
