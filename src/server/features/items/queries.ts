import { sql, type SQL } from 'drizzle-orm';

/**
 * The cosmetic a user shows beside their name (the newest item held, like store/presenter.ts cosmeticOf),
 * as a json column for lists of users such as the leaderboard: `userId` is their id column.
 */
export const cosmeticColumn = (userId: SQL) => sql`(
  select json_build_object('emoji', i.emoji, 'image', i.image, 'name', i.name)
  from inventory inv join items i on i.id = inv.item_id
  where inv.user_id = ${userId} and inv.quantity > 0 and i.type = 'cosmetic' and i.pet_key is null
  order by i.id desc limit 1)`;
