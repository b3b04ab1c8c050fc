import { sql } from 'drizzle-orm';
import type {
  GachaPoolDto,
  GachaSpinResponse,
} from '../../../../../shared/games/virtualPet/contract';
import { speciesOf, STARTING_AFFECTION } from '../../../../../shared/games/virtualPet/catalog';
import {
  GACHA_POOLS,
  gachaPoolOf,
  pityAfter,
  pull,
  type GachaResult,
} from '../../../../../shared/games/virtualPet/gacha';
import type { Deps } from '../../../../platform/deps';
import { badRequest } from '../../../../platform/errors';
import { ledger } from '../../../wallet/public';
import { nextRounds } from '../../engine/public';
import { lockProfile } from '../profile';

export async function pools(deps: Deps, userId: number): Promise<{ pools: GachaPoolDto[] }> {
  const rows = await deps.db.rows<{ pool: string; count: number }>(
    sql`select pool, count from virtual_pet_gacha_pity where user_id = ${userId}`,
  );
  const pity = new Map(rows.map((r) => [r.pool, r.count]));
  return {
    pools: GACHA_POOLS.map((p) => ({
      id: p.id,
      name: p.name,
      emoji: p.emoji,
      cost: p.cost,
      odds: { ...p.odds },
      pityCount: pity.get(p.id) ?? 0,
    })),
  };
}

/**
 * One spin: the pool's pity row is locked, the gold for every pull leaves in one posting, then
 * the pulls take consecutive nonces (one round each, each with the pity count before it) and
 * their critters are written, all in one transaction. A refused debit changes nothing, not
 * even a nonce.
 */
export async function spin(
  deps: Deps,
  userId: number,
  poolId: string,
  count: number,
): Promise<GachaSpinResponse> {
  const pool = gachaPoolOf(poolId);
  if (!pool)
    throw badRequest(`pool: there is no pool called ${poolId}`, [
      { field: 'pool', rule: 'one_of', value: poolId },
    ]);
  return deps.db.tx(async (tx) => {
    await lockProfile(tx, userId);
    await tx.rows(
      sql`insert into virtual_pet_gacha_pity (user_id, pool, count) values (${userId}, ${pool.id}, 0) on conflict do nothing`,
    );
    const [pityRow] = await tx.rows<{ count: number }>(
      sql`select count from virtual_pet_gacha_pity where user_id = ${userId} and pool = ${pool.id} for update`,
    );
    const [spinRow] = await tx.rows<{ id: number }>(sql`
      insert into virtual_pet_gacha_spins (user_id, pool, pulls, cost) values (${userId}, ${pool.id}, ${count}, ${pool.cost * count}) returning id`);
    const balances = await ledger.post(
      tx,
      [{ userId, delta: -pool.cost * count, category: 'gacha_pull' }],
      { refType: 'gacha_spin', refId: spinRow!.id },
      { actorId: userId },
    );
    let pity = pityRow?.count ?? 0;
    const rounds = nextRounds(tx, userId, 'gacha', count, (draws) =>
      draws.map((draw) => {
        const pityBefore = pity;
        const result: GachaResult = pull(draw.serverSeed, draw.clientSeed, draw.nonce, {
          odds: pool.odds,
          pityBefore,
        });
        pity = pityAfter(pityBefore, result.rarity);
        // The stake is the pull's price, so the round lists show what it cost.
        return {
          params: { pool: pool.id, odds: { ...pool.odds }, pityBefore },
          outcome: { ...result },
          stake: pool.cost,
          payout: 0,
        };
      }),
    );
    const played = await rounds;
    const critters = played.map((r) => ({
      species: r.record.outcome.species,
      variant: r.record.outcome.variant,
      rarity: r.record.outcome.rarity,
      traits: r.record.outcome.traits,
    }));
    const inserted = await tx.rows<{ id: number }>(sql`
      insert into virtual_pet_critters (user_id, species, variant, rarity, affection, traits)
      select ${userId}, c.species, c.variant, c.rarity, ${STARTING_AFFECTION}, array(select jsonb_array_elements_text(c.traits))
      from jsonb_to_recordset(${JSON.stringify(critters.map((c, n) => ({ ...c, n })))}::jsonb) as c(species text, variant text, rarity text, traits jsonb, n int)
      order by c.n
      returning id`);
    // Ids come from the sequence in insertion order, which the ORDER BY sets: ascending ids are the pulls in order.
    inserted.sort((a, b) => Number(a.id) - Number(b.id));
    await tx.rows(
      sql`update virtual_pet_gacha_pity set count = ${pity} where user_id = ${userId} and pool = ${pool.id}`,
    );
    return {
      newBalance: balances.get(userId) ?? 0,
      pityCount: pity,
      results: played.map((r, i) => {
        const o = r.record.outcome;
        const species = speciesOf(o.species);
        return {
          species: o.species,
          name: species?.name ?? o.species,
          emoji: species?.emoji ?? '🐾',
          variant: o.variant,
          rarity: o.rarity,
          traits: o.traits,
          pity: o.pity,
          critterId: String(inserted[i]!.id),
          roundId: String(r.id),
          nonce: r.draw.nonce,
        };
      }),
    };
  });
}
