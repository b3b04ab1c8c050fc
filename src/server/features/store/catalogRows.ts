import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';

/**
 * The items rows other features keep from their own catalogues: Mystery Box collectibles
 * (collectible_key) and Virtual Pet goods (pet_key). Each is an upsert by key, so processes
 * starting together, or a catalogue that changed a price or an emoji, agree. Returns the
 * items id of each key.
 */
export interface CollectibleRow {
  key: string;
  name: string;
  emoji: string;
  value: number;
  description: string;
}

/** Collectibles are cosmetics never on the shelf (stock 0) and never a buff, priced at their value. */
export async function upsertCollectibles(
  q: Queryable,
  rows: CollectibleRow[],
): Promise<Map<string, number>> {
  const ids = await q.rows<{ id: number; collectible_key: string }>(sql`
        insert into items (name, type, effect, effect_type, effect_value, price, stock, emoji, description, collectible_key)
        select name, 'cosmetic', 'Collectible', 'cosmetic', 100, value, 0, emoji, description, key
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(key text, name text, emoji text, value bigint, description text)
        on conflict (collectible_key) do update set name = excluded.name, emoji = excluded.emoji, price = excluded.price, description = excluded.description
        returning id, collectible_key`);
  return new Map(ids.map((x) => [x.collectible_key, Number(x.id)]));
}

export interface PetGoodRow {
  key: string;
  name: string;
  emoji: string;
  type: 'cosmetic' | 'power-up';
  price: number;
  description: string;
}

/** Pet goods: pet_key keeps them out of the store and trades. */
export async function upsertPetGoods(
  q: Queryable,
  rows: PetGoodRow[],
): Promise<Map<string, number>> {
  const ids = await q.rows<{ id: number; pet_key: string }>(sql`
    insert into items (name, type, effect, price, stock, emoji, description, pet_key)
    select name, type, null, price, 0, emoji, description, key
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(key text, name text, emoji text, type text, price bigint, description text)
    on conflict (pet_key) do update set name = excluded.name, emoji = excluded.emoji, price = excluded.price, description = excluded.description
    returning id, pet_key`);
  return new Map(ids.map((r) => [r.pet_key, Number(r.id)]));
}

/** An item's name and collectible key (null for any other item); undefined when there is no such item. */
export async function collectibleKeyOf(
  q: Queryable,
  itemId: number,
): Promise<{ collectible_key: string | null; name: string } | undefined> {
  const [row] = await q.rows<{ collectible_key: string | null; name: string }>(
    sql`select collectible_key, name from items where id = ${itemId}`,
  );
  return row;
}
