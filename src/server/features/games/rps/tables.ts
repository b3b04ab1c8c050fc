import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { RPS_MOVES } from '../../../../shared/games/rps/contract';
import { oneOf } from '../../../db/columns';
import { users } from '../../accounts/public';

/** open -> resolved (answered), canceled (by the challenger, or a ban/deletion) or expired (24 h). */
export const duelStates = ['open', 'resolved', 'canceled', 'expired'] as const;
export type DuelState = (typeof duelStates)[number];

/**
 * A rock-paper-scissors duel. While open, the challenger's buy-in is held by the house (ledger
 * duel_buy_in, ref_type 'duel', this id) and their move sits here with its salt; only the
 * commitment SHA-256(`${move}:${salt}`) leaves the server before it resolves. Each transition
 * is one conditional UPDATE on state, which pays or refunds in the same transaction.
 */
export const rpsDuels = pgTable(
  'rps_duels',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    challengerId: bigint('challenger_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    opponentId: bigint('opponent_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    buyIn: bigint('buy_in', { mode: 'number' }).notNull(),
    challengerMove: text('challenger_move', { enum: RPS_MOVES }).notNull(),
    salt: text('salt').notNull(),
    commitment: text('commitment').notNull(),
    opponentMove: text('opponent_move', { enum: RPS_MOVES }),
    state: text('state', { enum: duelStates }).notNull().default('open'),
    /** Null for a draw (and while open). */
    winnerId: bigint('winner_id', { mode: 'number' }).references(() => users.id),
    /** From deps.clock, so tests can move time past the expiry. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('rps_duels_opponent_idx').on(t.opponentId, t.state, t.id),
    index('rps_duels_challenger_idx').on(t.challengerId, t.state, t.id),
    index('rps_duels_open_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.state} = 'open'`),
    check('rps_duels_state_known', oneOf(t.state, duelStates)),
    check('rps_duels_challenger_move_known', oneOf(t.challengerMove, RPS_MOVES)),
    check(
      'rps_duels_opponent_move_known',
      sql`${t.opponentMove} is null or ${oneOf(t.opponentMove, RPS_MOVES)}`,
    ),
    check('rps_duels_buy_in_positive', sql`${t.buyIn} > 0`),
    check('rps_duels_not_self', sql`${t.challengerId} <> ${t.opponentId}`),
    check(
      'rps_duels_resolved_has_move',
      sql`(${t.state} = 'resolved') = (${t.opponentMove} is not null)`,
    ),
  ],
);
