import { sql } from 'drizzle-orm';
import type { FairnessDto, RotateSeedResponse } from '../../../../shared/api/fairness';
import {
  randomClientSeed,
  randomServerSeed,
  sha256Hex,
} from '../../../../shared/games/engine/fairness';
import type { Queryable } from '../../../db/client';
import type { Deps } from '../../../platform/deps';
import { conflict } from '../../../platform/errors';
import { presentRotation, presentSeed, type SeedRow } from './presenter';

/**
 * Each concurrent rotation can retire the pair a statement was waiting for, and the statement
 * then looks again; rotations are rare, so a few looks always suffice in practice.
 */
export const MAX_SEED_ATTEMPTS = 10;

/**
 * Gives the user an active seed pair if they have none. Concurrent callers race on the partial
 * unique index (one active pair per user): the loser's insert does nothing.
 */
export async function ensureSeed(
  q: Queryable,
  userId: number,
  clientSeed = randomClientSeed(),
): Promise<void> {
  const serverSeed = randomServerSeed();
  await q.rows(sql`
    insert into fairness_seeds (user_id, server_seed, server_seed_hash, client_seed)
    values (${userId}, ${serverSeed}, ${sha256Hex(serverSeed)}, ${clientSeed})
    on conflict (user_id) where revealed_at is null do nothing`);
}

async function activeSeed(
  q: Queryable,
  userId: number,
  lock: boolean,
): Promise<SeedRow & { server_seed: string }> {
  for (let attempt = 0; attempt < MAX_SEED_ATTEMPTS; attempt++) {
    const [row] = await q.rows<SeedRow & { server_seed: string }>(sql`
      select id, server_seed, server_seed_hash, client_seed, nonce from fairness_seeds
      where user_id = ${userId} and revealed_at is null ${lock ? sql`for update` : sql``}`);
    if (row) return row;
    await ensureSeed(q, userId);
  }
  throw conflict('Your seeds changed meanwhile; try again');
}

export async function currentSeed(deps: Deps, userId: number): Promise<FairnessDto> {
  return presentSeed(await activeSeed(deps.db, userId, false));
}

/** The next round keeps its nonce, so changing the client seed needs no rotation. */
export async function setClientSeed(
  deps: Deps,
  userId: number,
  clientSeed: string,
): Promise<FairnessDto> {
  return deps.db.tx(async (tx) => {
    await ensureSeed(tx, userId, clientSeed);
    const [row] = await tx.rows<SeedRow>(sql`
      update fairness_seeds set client_seed = ${clientSeed}
      where user_id = ${userId} and revealed_at is null
      returning id, server_seed_hash, client_seed, nonce`);
    if (!row) throw conflict('Your seeds changed meanwhile; try again');
    return presentSeed(row);
  });
}

/**
 * Reveals the active server seed and starts a new pair at nonce 0. The active row is locked
 * first, so a round being played on it finishes before (its nonce counted) or waits and then
 * plays on the new pair. Refused while a round on the old seed is still open: revealing its
 * seed would tell the player the outcome (a Minefield board).
 */
export async function rotateSeed(deps: Deps, userId: number): Promise<RotateSeedResponse> {
  return deps.db.tx(async (tx) => {
    const old = await activeSeed(tx, userId, true);
    const [open] = await tx.rows<{ id: number }>(sql`
      select id from game_rounds where seed_id = ${old.id} and state = 'open' limit 1`);
    if (open)
      throw conflict(
        'Finish your open game before rotating seeds: its outcome depends on this server seed',
      );
    await tx.rows(sql`update fairness_seeds set revealed_at = now() where id = ${old.id}`);
    await ensureSeed(tx, userId);
    const next = await activeSeed(tx, userId, false);
    return presentRotation(old, next);
  });
}
