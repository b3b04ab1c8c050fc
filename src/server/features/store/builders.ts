import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import * as items from '../items/holdings';
import type { EffectType, ItemType } from './tables';

let seq = 0;

/** Test builder: a store item written straight to its table. */
export async function insertItem(
  q: Queryable,
  fields: {
    name?: string;
    type?: ItemType;
    effectType?: EffectType | null;
    effectValue?: number | null;
    price?: number;
    stock?: number;
    emoji?: string;
  } = {},
): Promise<{ id: number; price: number }> {
  const [row] = await q.rows<{ id: number; price: number }>(sql`
    insert into items (name, type, effect, effect_type, effect_value, price, stock, emoji, description)
    values (${fields.name ?? `Test item ${Date.now().toString(36)}${seq++}`}, ${fields.type ?? 'power-up'}, ${'test effect'},
      ${fields.effectType === undefined ? 'reward-multiplier' : fields.effectType}, ${fields.effectValue === undefined ? 150 : fields.effectValue},
      ${fields.price ?? 100}, ${fields.stock ?? 100}, ${fields.emoji ?? '🧪'}, ${'made by a test'})
    returning id, price`);
  if (!row) throw new Error('insertItem: nothing inserted');
  return row;
}

/** Test builder: units of an item in a user's inventory, granted through the items module. */
export async function giveItem(
  q: Queryable,
  userId: number,
  itemId: number,
  quantity = 1,
): Promise<void> {
  await items.give(
    q,
    { userId, itemId, quantity },
    { reason: 'grant', refType: 'user', refId: userId },
  );
}
