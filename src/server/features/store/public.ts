import { sql } from 'drizzle-orm';
import type { PublishedItem } from '../../../shared/published';
import type { Queryable } from '../../db/client';
import type { EffectType, ItemType } from './tables';
import { effectValueOf } from './presenter';

/**
 * What other features may read of the store (DESIGN.md section 1a): the items /fairness lists,
 * every store item not retired (sold out too: it may come back), without mystery-box
 * collectibles and pet goods, which publish their values in their own sections.
 */
export async function publishedItems(q: Queryable): Promise<PublishedItem[]> {
  const rows = await q.rows<{
    id: number;
    name: string;
    emoji: string | null;
    type: ItemType;
    effect_type: EffectType | null;
    effect_value: number | null;
    price: number;
  }>(sql`
    select id, name, emoji, type, effect_type, effect_value, price from items
    where retired_at is null and pet_key is null and collectible_key is null
    order by id`);
  return rows.map((r) => ({
    id: String(r.id),
    name: r.name,
    emoji: r.emoji,
    type: r.type,
    effectType: r.effect_type,
    effectValue: effectValueOf(r.effect_value),
    price: Number(r.price),
    sellBack: null,
  }));
}
export { buffEffectTypes, items } from './tables';
export type { BuffEffectType } from './tables';
export { collectibleKeyOf, upsertCollectibles, upsertPetGoods } from './catalogRows';
/**
 * The items table (the store's catalogue, with the collectibles and pet goods other features
 * keep in it), for joining holdings and trade lines to what their items are, the hot
 * statements' lookups among them: interpolated, each statement stays the one it was.
 */
export const itemsTable = sql.raw('items');
