import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { itemsTable } from '../store/public';

/** Back to the default cosmetic beside the player's name. */
export async function clearCosmeticChoice(q: Queryable, userId: number): Promise<void> {
  await q.rows(sql`delete from cosmetic_choices where user_id = ${userId}`);
}

/**
 * Chooses the cosmetic shown beside the player's name, written only if, in that same statement,
 * the player holds the item and it is a store cosmetic (no pet good); false when it was not.
 */
export async function chooseHeldCosmetic(
  q: Queryable,
  userId: number,
  itemId: number,
): Promise<boolean> {
  const chosen = await q.rows(sql`
        insert into cosmetic_choices (user_id, item_id)
        select inv.user_id, inv.item_id from inventory inv join ${itemsTable} i on i.id = inv.item_id
        where inv.user_id = ${userId} and inv.item_id = ${itemId} and inv.quantity > 0 and i.type = 'cosmetic' and i.pet_key is null
        on conflict (user_id) do update set item_id = excluded.item_id, updated_at = now()
        returning item_id`);
  return chosen.length > 0;
}

/** The item id the player chose to show beside their name (held or not), as a scalar subquery. */
export const cosmeticChoiceValue = (userId: unknown): SQL =>
  sql`(select item_id from cosmetic_choices where user_id = ${userId})`;
