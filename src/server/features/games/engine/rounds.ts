import { sql } from 'drizzle-orm';
import type { RoundsPage } from '../../../../shared/api/fairness';
import type { RoundGame } from '../../../../shared/games/roundGames';
import type { Queryable } from '../../../db/client';
import type { Deps } from '../../../platform/deps';
import { conflict } from '../../../platform/errors';
import { presentRoundsPage } from './presenter';
import { roundsOf } from './queries';
import { ensureSeed, MAX_SEED_ATTEMPTS } from './seeds';
import type { RoundState } from './tables';

/** What decides a round: the active pair's seeds and the nonce this round took. */
export interface Draw {
  seedId: number;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

/** What a game records for its round, computed from the draw. */
export interface RoundRecord {
  params: Record<string, unknown>;
  outcome: Record<string, unknown>;
  stake: number;
  payout: number;
  state?: RoundState;
}

export interface PlayedRound<R extends RoundRecord> {
  id: number;
  draw: Draw;
  record: R;
}

/**
 * Takes the user's next nonce with one UPDATE ... RETURNING (which also locks the pair, so a
 * rotation waits for this round), lets the game compute its outcome from the draw, and records
 * the round. Runs inside the game's transaction: the caller posts the round's coins with
 * ref ('round', id) afterwards, in the same transaction.
 */
export async function nextRound<R extends RoundRecord>(
  tx: Queryable,
  userId: number,
  game: RoundGame,
  play: (draw: Draw) => Promise<R> | R,
): Promise<PlayedRound<R>> {
  let draw: Draw | undefined;
  for (let attempt = 0; attempt < MAX_SEED_ATTEMPTS && !draw; attempt++) {
    const [row] = await tx.rows<{ id: number; server_seed: string; server_seed_hash: string; client_seed: string; nonce: number }>(sql`
      update fairness_seeds set nonce = nonce + 1
      where user_id = ${userId} and revealed_at is null
      returning id, server_seed, server_seed_hash, client_seed, nonce - 1 as nonce`);
    if (row) {
      draw = { seedId: row.id, serverSeed: row.server_seed, serverSeedHash: row.server_seed_hash, clientSeed: row.client_seed, nonce: Number(row.nonce) };
    } else {
      // No pair yet, or a rotation committed while this statement waited: make sure one exists.
      await ensureSeed(tx, userId);
    }
  }
  if (!draw) throw conflict('Your seeds changed meanwhile; try again');
  const record = await play(draw);
  const state = record.state ?? 'settled';
  const [round] = await tx.rows<{ id: number }>(sql`
    insert into game_rounds (user_id, game, seed_id, client_seed, nonce, stake, payout, params, outcome, state, settled_at)
    values (${userId}, ${game}, ${draw.seedId}, ${draw.clientSeed}, ${draw.nonce}, ${record.stake}, ${record.payout},
      ${JSON.stringify(record.params)}::jsonb, ${JSON.stringify(record.outcome)}::jsonb, ${state},
      ${state === 'settled' ? sql`now()` : sql`null`})
    returning id`);
  if (!round) throw new Error('nextRound: insert returned nothing');
  return { id: round.id, draw, record };
}

/** A user's rounds, newest first, of the games asked for; the server seed only once its pair was rotated. */
export async function listRounds(deps: Deps, userId: number, query: { before?: number; limit: number; game?: RoundGame[] }): Promise<RoundsPage> {
  // One more than the page tells whether there is a next one.
  return presentRoundsPage(await roundsOf(deps.db, userId, query.before, query.limit + 1, query.game), query.limit);
}
