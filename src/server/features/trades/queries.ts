import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { items } from '../items/public';
import { itemsTable } from '../store/public';
import type { TradableRow, TradeRow } from './presenter';
import { accountsSql } from '../accounts/public';

const sideItems = (side: 'from' | 'to') => sql`
  (select json_agg(json_build_object('item_id', ti.item_id, 'name', i.name, 'image', i.image, 'emoji', i.emoji,
      'price', i.price, 'quantity', ti.quantity) order by ti.id)
   from trade_items ti join ${itemsTable} i on i.id = ti.item_id
   where ti.trade_id = t.id and ti.side = ${side})`;

const tradeSelect = (where: SQL) => sql`
  select t.id, t.status, t.from_user_id, t.to_user_id, t.created_at, t.responded_at, t.closed_at,
    fu.username as from_username, fu.status as from_status, tu.username as to_username, tu.status as to_status,
    ${sideItems('from')} as from_items, ${sideItems('to')} as to_items
  from trades t join ${accountsSql.users} fu on fu.id = t.from_user_id join ${accountsSql.users} tu on tu.id = t.to_user_id
  where ${where}`;

export async function findTrade(q: Queryable, tradeId: number): Promise<TradeRow | undefined> {
  const [row] = await q.rows<TradeRow>(tradeSelect(sql`t.id = ${tradeId}`));
  return row;
}

/** How many trades of each direction the list shows: every active one, then the newest closed ones. */
const LIST_LIMIT = 100;
const listOrder = (t: string) =>
  sql`(${sql.raw(t)}.status in ('pending', 'responded')) desc, ${sql.raw(t)}.id desc`;

/** A user's trades of one direction as a json array of TradeRow (a part of the list's one statement). */
export function tradesJson(userId: SQL, direction: 'incoming' | 'outgoing'): SQL {
  const mine =
    direction === 'incoming' ? sql`t.to_user_id = ${userId}` : sql`t.from_user_id = ${userId}`;
  return sql`(
    select coalesce(json_agg(x order by ${listOrder('x')}), '[]'::json) from (
      ${tradeSelect(mine)}
      order by ${listOrder('t')}
      limit ${sql.raw(String(LIST_LIMIT))}
    ) x)`;
}

export async function tradableInventory(q: Queryable, userId: number): Promise<TradableRow[]> {
  return q.rows<TradableRow>(sql`
    select inv.item_id, i.name, i.image, i.emoji, i.price, inv.quantity, inv.locked
    from ${items.holdingsOf(userId)} inv join ${itemsTable} i on i.id = inv.item_id
    where inv.quantity > 0 and i.pet_key is null
    order by lower(i.name), inv.item_id`);
}

/** The bare trade row, for explaining why a transition did not apply. */
export async function tradeHeader(q: Queryable, tradeId: number) {
  const [row] = await q.rows<{
    id: number;
    status: string;
    from_user_id: number;
    to_user_id: number;
  }>(sql`select id, status, from_user_id, to_user_id from trades where id = ${tradeId}`);
  return row;
}
