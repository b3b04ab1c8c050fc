import { sql } from 'drizzle-orm';
import type { PetResourcesDto } from '../../../../shared/games/virtualPet/contract';
import { goodOf } from '../../../../shared/games/virtualPet/catalog';
import type { Queryable } from '../../../db/client';
import { items } from '../../items/public';
import { itemsTable } from '../../store/public';
import { ledger } from '../../wallet/public';

interface ResourcesRow {
  coins: number;
  shards: number;
  next_claim_at: Date | string | null;
  goods: { key: string; n: number }[];
}

/** The pet currencies and goods a user holds, and when their next claim opens, in one read. */
export async function resourcesOf(
  q: Queryable,
  userId: number,
  now: Date,
): Promise<PetResourcesDto> {
  const [row] = await q.rows<ResourcesRow>(sql`
    select
      coalesce(${ledger.balanceValue(userId, 'pet_coins')}, 0)::bigint as coins,
      coalesce(${ledger.balanceValue(userId, 'shards')}, 0)::bigint as shards,
      (select next_claim_at from virtual_pet_profiles where user_id = ${userId}) as next_claim_at,
      coalesce((
        select json_agg(json_build_object('key', i.pet_key, 'n', inv.quantity) order by i.id)
        from ${items.holdingsOf(userId)} inv join ${itemsTable} i on i.id = inv.item_id
        where inv.quantity > 0 and i.pet_key is not null
      ), '[]'::json) as goods`);
  const out: PetResourcesDto = {
    coins: Number(row?.coins ?? 0),
    shards: Number(row?.shards ?? 0),
    food: {},
    toys: {},
    cosmetics: {},
    nextClaim: null,
  };
  for (const { key, n } of row?.goods ?? []) {
    const kind = goodOf(key)?.kind;
    if (kind === 'food') out.food[key] = n;
    else if (kind === 'toy') out.toys[key] = n;
    else if (kind === 'cosmetic') out.cosmetics[key] = n;
  }
  const next = row?.next_claim_at ? new Date(row.next_claim_at) : null;
  out.nextClaim = next && next.getTime() > now.getTime() ? next.toISOString() : null;
  return out;
}
