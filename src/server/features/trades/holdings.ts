import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { conflict, notFound } from '../../platform/errors';

/**
 * The inventory side of trades: units offered in an active trade are counted in
 * inventory.locked, so `quantity - locked` is what may still be offered, used or sold.
 * Every function here runs inside the caller's transaction, next to the trade's status change.
 */

export interface TradeEntry {
  itemId: number;
  quantity: number;
}

/** Why `userId` cannot put these units up; names the first item short of them. */
async function explainShortfall(q: Queryable, userId: number, field: string, entry: TradeEntry): Promise<never> {
  const [row] = await q.rows<{ name: string; quantity: number | null; locked: number | null }>(sql`
    select i.name, inv.quantity, inv.locked
    from items i left join inventory inv on inv.item_id = i.id and inv.user_id = ${userId}
    where i.id = ${entry.itemId}`);
  if (!row) throw notFound(`${field}: no item with id ${entry.itemId}`);
  const free = (row.quantity ?? 0) - (row.locked ?? 0);
  if ((row.quantity ?? 0) === 0) throw conflict(`${field}: you do not own ${row.name}`);
  throw conflict(
    `${field}: you have ${free} unlocked ${row.name} (${row.locked ?? 0} already offered in active trades), not ${entry.quantity}`,
  );
}

/**
 * Locks the units of every entry, all or nothing: one conditional UPDATE takes only rows with
 * enough unlocked units, and a shortfall on any entry throws (rolling back the transaction).
 * Two requests racing for the last unit serialize on its row, and the second one's condition
 * is re-checked against the first one's result.
 */
export async function lockUnits(q: Queryable, userId: number, entries: TradeEntry[], field: string): Promise<void> {
  if (entries.length === 0) return;
  const requested = JSON.stringify(entries.map((e) => ({ item_id: e.itemId, quantity: e.quantity })));
  const short = await q.rows<{ item_id: number; quantity: number }>(sql`
    with req as (
      select item_id, quantity from jsonb_to_recordset(${requested}::jsonb) as r(item_id bigint, quantity int)
    ), upd as (
      update inventory inv set locked = inv.locked + req.quantity, updated_at = now()
      from req
      where inv.user_id = ${userId} and inv.item_id = req.item_id and inv.quantity - inv.locked >= req.quantity
      returning inv.item_id
    )
    select item_id, quantity from req where item_id not in (select item_id from upd) order by item_id`);
  const first = short[0];
  if (first) await explainShortfall(q, userId, field, { itemId: Number(first.item_id), quantity: first.quantity });
}

/** Releases every unit the given trades hold locked, on both sides. */
export async function unlockTradeUnits(q: Queryable, tradeIds: number[]): Promise<void> {
  if (tradeIds.length === 0) return;
  // Summed per holder and item first: one UPDATE may change each inventory row only once.
  // Never below zero, so a trade stays cancelable whatever happened to the holdings meanwhile.
  await q.rows(sql`
    update inventory inv set locked = greatest(inv.locked - x.quantity, 0), updated_at = now()
    from (
      select case ti.side when 'from' then t.from_user_id else t.to_user_id end as user_id, ti.item_id, sum(ti.quantity)::int as quantity
      from trade_items ti join trades t on t.id = ti.trade_id
      where ti.trade_id in ${tradeIds}
      group by 1, 2
    ) x
    where inv.user_id = x.user_id and inv.item_id = x.item_id`);
}

const movesOf = (tradeId: number) => sql`
  select case ti.side when 'from' then t.from_user_id else t.to_user_id end as giver,
    case ti.side when 'from' then t.to_user_id else t.from_user_id end as taker,
    ti.item_id, ti.quantity
  from trade_items ti join trades t on t.id = ti.trade_id
  where ti.trade_id = ${tradeId}`;

/**
 * Moves every entry of the trade from its giver to its taker, taking the units out of the
 * giver's locked ones. Re-checks the holdings: if a giver no longer holds an entry's units
 * locked, it throws a 409 naming the item (the caller's transaction rolls back, so nothing
 * moves and the trade keeps its status).
 */
export async function swapTradeUnits(q: Queryable, tradeId: number): Promise<void> {
  const missing = await q.rows<{ name: string; username: string; quantity: number }>(sql`
    with moves as (${movesOf(tradeId)}),
    taken as (
      update inventory inv set quantity = inv.quantity - m.quantity, locked = inv.locked - m.quantity, updated_at = now()
      from moves m
      where inv.user_id = m.giver and inv.item_id = m.item_id and inv.locked >= m.quantity and inv.quantity >= m.quantity
      returning inv.user_id, inv.item_id
    )
    select i.name, u.username, m.quantity
    from moves m join items i on i.id = m.item_id join users u on u.id = m.giver
    where not exists (select 1 from taken where taken.user_id = m.giver and taken.item_id = m.item_id)
    order by m.item_id limit 1`);
  const gone = missing[0];
  if (gone) throw conflict(`${gone.username} no longer holds ${gone.quantity} ${gone.name}; the trade cannot be finalized`);
  // A separate statement: a user who gives and receives the same item touches one row twice.
  await q.rows(sql`
    insert into inventory (user_id, item_id, quantity)
    select taker, item_id, quantity from (${movesOf(tradeId)}) m
    on conflict (user_id, item_id) do update set quantity = inventory.quantity + excluded.quantity, updated_at = now()`);
  // Entries emptied by the trade are removed, as if never held (a badge may be bought again).
  await q.rows(sql`
    delete from inventory inv using (${movesOf(tradeId)}) m
    where inv.user_id = m.giver and inv.item_id = m.item_id and inv.quantity = 0 and inv.locked = 0`);
}
