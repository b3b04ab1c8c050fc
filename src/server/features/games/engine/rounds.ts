import { sql } from 'drizzle-orm';
import type { RoundsPage } from '../../../../shared/api/fairness';
import type { RoundGame } from '../../../../shared/games/engine/roundGames';
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
    const [row] = await tx.rows<{
      id: number;
      server_seed: string;
      server_seed_hash: string;
      client_seed: string;
      nonce: number;
    }>(sql`
      update fairness_seeds set nonce = nonce + 1
      where user_id = ${userId} and revealed_at is null
      returning id, server_seed, server_seed_hash, client_seed, nonce - 1 as nonce`);
    if (row) {
      draw = {
        seedId: row.id,
        serverSeed: row.server_seed,
        serverSeedHash: row.server_seed_hash,
        clientSeed: row.client_seed,
        nonce: Number(row.nonce),
      };
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
export async function listRounds(
  deps: Deps,
  userId: number,
  query: { before?: number; limit: number; game?: RoundGame[] },
): Promise<RoundsPage> {
  // One more than the page tells whether there is a next one.
  return presentRoundsPage(
    await roundsOf(deps.db, userId, query.before, query.limit + 1, query.game),
    query.limit,
  );
}

/**
 * nextRound for `count` rounds at once (a gacha x10): one UPDATE takes `count` consecutive
 * nonces, `play` computes every record in nonce order (each may depend on the one before, as
 * pity does), and one INSERT records them all. Returns the rounds in nonce order.
 */
export async function nextRounds<R extends RoundRecord>(
  tx: Queryable,
  userId: number,
  game: RoundGame,
  count: number,
  play: (draws: Draw[]) => R[],
): Promise<PlayedRound<R>[]> {
  if (!Number.isSafeInteger(count) || count < 1)
    throw new Error(`nextRounds: count must be a positive integer, got ${count}`);
  let first:
    | {
        id: number;
        server_seed: string;
        server_seed_hash: string;
        client_seed: string;
        nonce: number;
      }
    | undefined;
  for (let attempt = 0; attempt < MAX_SEED_ATTEMPTS && !first; attempt++) {
    [first] = await tx.rows<{
      id: number;
      server_seed: string;
      server_seed_hash: string;
      client_seed: string;
      nonce: number;
    }>(sql`
      update fairness_seeds set nonce = nonce + ${count}
      where user_id = ${userId} and revealed_at is null
      returning id, server_seed, server_seed_hash, client_seed, nonce - ${count} as nonce`);
    if (!first) await ensureSeed(tx, userId);
  }
  if (!first) throw conflict('Your seeds changed meanwhile; try again');
  const start = Number(first.nonce);
  const draws: Draw[] = Array.from({ length: count }, (_, i) => ({
    seedId: first.id,
    serverSeed: first.server_seed,
    serverSeedHash: first.server_seed_hash,
    clientSeed: first.client_seed,
    nonce: start + i,
  }));
  const records = play(draws);
  if (records.length !== count) throw new Error('nextRounds: play must return one record per draw');
  const rows = records.map((r, i) => ({
    nonce: start + i,
    stake: r.stake,
    payout: r.payout,
    params: r.params,
    outcome: r.outcome,
    state: r.state ?? 'settled',
  }));
  const inserted = await tx.rows<{ id: number; nonce: number }>(sql`
    insert into game_rounds (user_id, game, seed_id, client_seed, nonce, stake, payout, params, outcome, state, settled_at)
    select ${userId}, ${game}, ${first.id}, ${first.client_seed}, r.nonce, r.stake, r.payout, r.params, r.outcome, r.state,
      case when r.state = 'settled' then now() end
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(nonce bigint, stake bigint, payout bigint, params jsonb, outcome jsonb, state text)
    order by r.nonce
    returning id, nonce`);
  const byNonce = new Map(inserted.map((r) => [Number(r.nonce), Number(r.id)]));
  return records.map((record, i) => ({ id: byNonce.get(start + i)!, draw: draws[i]!, record }));
}
