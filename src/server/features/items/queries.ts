import { sql, type SQL } from 'drizzle-orm';
import { itemsTable } from '../store/public';

/**
 * Which held cosmetic shows beside a name, best first: the one the player chose (PUT
 * /api/user/cosmetic), then a store cosmetic before a mystery-box collectible (a 40-coin
 * pebble from a box must not hide a 1,500-coin crown), then the newest item. store/presenter.ts
 * cosmeticOf applies the same order to an inventory already read.
 */
const shownCosmeticOrder = (choice: SQL) =>
  sql`coalesce(i.id = ${choice}, false) desc, (i.collectible_key is null) desc, i.id desc`;

/**
 * The cosmetic a user shows beside their name, as a json column for lists of users such as
 * the leaderboard: `userId` is their id column.
 */
export const cosmeticColumn = (userId: SQL) => sql`(
  select json_build_object('emoji', i.emoji, 'image', i.image, 'name', i.name)
  from inventory inv join ${itemsTable} i on i.id = inv.item_id
  where inv.user_id = ${userId} and inv.quantity > 0 and i.type = 'cosmetic' and i.pet_key is null
  order by ${shownCosmeticOrder(sql`(select c.item_id from cosmetic_choices c where c.user_id = ${userId})`)} limit 1)`;
