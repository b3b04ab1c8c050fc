import { sql } from 'drizzle-orm';
import type { PetResourcesDto } from '../../../../shared/games/virtualPet/contract';
import { goodOf } from '../../../../shared/games/virtualPet/catalog';
import type { Queryable } from '../../../db/client';
import { jsonValue, readPart } from '../../../platform/readParts';
import { items } from '../../items/public';
import { itemsTable } from '../../store/public';
import { ledger } from '../../wallet/public';

interface ResourcesRow {
  coins: number;
  shards: number;
  /** Only while it is later than the reader's now. */
  next_claim_at: string | null;
  goods: { key: string; n: number }[];
}

/** The pet currencies and goods a user holds, and when their next claim opens, as one json value. */
export const resourcesPart = readPart({
  expr: ({ userId, now }) => sql`json_build_object(
      'coins', coalesce(${ledger.balanceValue(userId, 'pet_coins')}, 0)::bigint,
      'shards', coalesce(${ledger.balanceValue(userId, 'shards')}, 0)::bigint,
      'next_claim_at', (select next_claim_at from virtual_pet_profiles where user_id = ${userId} and next_claim_at > ${now}),
      'goods', coalesce((
        select json_agg(json_build_object('key', i.pet_key, 'n', inv.quantity) order by i.id)
        from ${items.holdingsOf(userId)} inv join ${itemsTable} i on i.id = inv.item_id
        where inv.quantity > 0 and i.pet_key is not null
      ), '[]'::json))`,
  decode: (value): PetResourcesDto => {
    const row = jsonValue<ResourcesRow | null>(value, null);
    const out: PetResourcesDto = {
      coins: Number(row?.coins ?? 0),
      shards: Number(row?.shards ?? 0),
      food: {},
      toys: {},
      cosmetics: {},
      nextClaim: row?.next_claim_at ? new Date(row.next_claim_at).toISOString() : null,
    };
    for (const { key, n } of row?.goods ?? []) {
      const kind = goodOf(key)?.kind;
      if (kind === 'food') out.food[key] = n;
      else if (kind === 'toy') out.toys[key] = n;
      else if (kind === 'cosmetic') out.cosmetics[key] = n;
    }
    return out;
  },
});

/** resourcesPart on its own, in the caller's transaction (the answer to a pet action). */
export async function resourcesOf(
  q: Queryable,
  userId: number,
  now: Date,
): Promise<PetResourcesDto> {
  const [row] = await q.rows<{ resources: unknown }>(
    sql`select ${resourcesPart.expr({ userId: sql`${userId}::bigint`, now: sql`${now.toISOString()}::timestamptz` })} as resources`,
  );
  return resourcesPart.decode(row?.resources);
}
