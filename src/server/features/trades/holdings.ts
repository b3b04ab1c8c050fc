import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { conflict, notFound } from '../../platform/errors';
import { items } from '../items/public';
import { itemsTable } from '../store/public';

/**
 * The inventory side of trades, through the items module: units offered in an active trade
 * are locked, so `quantity - locked` is what may still be offered, used or sold. Every
 * function here runs inside the caller's transaction, next to the trade's status change.
 */

export interface TradeEntry {
  itemId: number;
  quantity: number;
}

/** Units promised by open trades, for the items audit: every locked unit must be one of them. */
export const tradeItemLocks = sql`
  select case ti.side when 'from' then t.from_user_id else t.to_user_id end as user_id, ti.item_id, ti.quantity
  from trade_items ti join trades t on t.id = ti.trade_id
  where t.status in ('pending', 'responded')`;

/** Why `userId` cannot put these units up; names the first item short of them. */
async function explainShortfall(
  q: Queryable,
  userId: number,
  field: string,
  entry: TradeEntry,
): Promise<never> {
  const [row] = await q.rows<{ name: string; quantity: number | null; locked: number | null }>(sql`
    select i.name, inv.quantity, inv.locked
    from ${itemsTable} i left join ${items.holdingsOf(userId)} inv on inv.item_id = i.id
    where i.id = ${entry.itemId}`);
  if (!row) throw notFound(`${field}: no item with id ${entry.itemId}`);
  const free = (row.quantity ?? 0) - (row.locked ?? 0);
  if ((row.quantity ?? 0) === 0) throw conflict(`${field}: you do not own ${row.name}`);
  throw conflict(
    `${field}: you have ${free} unlocked ${row.name} (${row.locked ?? 0} already offered in active trades), not ${entry.quantity}`,
  );
}

/** Locks the units of every entry; a shortfall on any entry throws (rolling back the transaction). */
export async function lockUnits(
  q: Queryable,
  userId: number,
  entries: TradeEntry[],
  field: string,
): Promise<void> {
  // Pet goods are worn and fed in the sanctuary, which counts on them staying with their owner.
  const ids = entries.map((e) => e.itemId);
  if (ids.length > 0) {
    const [pet] = await q.rows<{ name: string }>(
      sql`select name from ${itemsTable} where id in ${ids} and pet_key is not null limit 1`,
    );
    if (pet)
      throw conflict(`${field}: ${pet.name} belongs to the pet sanctuary and cannot be traded`);
  }
  const short = await items.lock(
    q,
    entries.map((e) => ({ userId, itemId: e.itemId, quantity: e.quantity })),
  );
  if (short)
    await explainShortfall(q, userId, field, { itemId: short.itemId, quantity: short.quantity });
}

const entriesOf = (q: Queryable, tradeIds: number[]) =>
  q.rows<{ giver: number; taker: number; item_id: number; quantity: number }>(sql`
    select case ti.side when 'from' then t.from_user_id else t.to_user_id end as giver,
      case ti.side when 'from' then t.to_user_id else t.from_user_id end as taker,
      ti.item_id, ti.quantity
    from trade_items ti join trades t on t.id = ti.trade_id
    where ti.trade_id in ${tradeIds}`);

/** Releases every unit the given trades hold locked, on both sides. */
export async function unlockTradeUnits(q: Queryable, tradeIds: number[]): Promise<void> {
  if (tradeIds.length === 0) return;
  const rows = await entriesOf(q, tradeIds);
  await items.unlock(
    q,
    rows.map((r) => ({ userId: Number(r.giver), itemId: Number(r.item_id), quantity: r.quantity })),
  );
}

/**
 * Moves every entry of the trade from its giver to its taker, taking the units out of the
 * giver's locked ones. If a giver no longer holds an entry's units locked, it throws a 409
 * naming the item (the caller's transaction rolls back, so nothing moves and the trade keeps
 * its status).
 */
export async function swapTradeUnits(q: Queryable, tradeId: number): Promise<void> {
  const rows = await entriesOf(q, [tradeId]);
  const missing = await items.swap(
    q,
    rows.map((r) => ({
      fromUserId: Number(r.giver),
      toUserId: Number(r.taker),
      itemId: Number(r.item_id),
      quantity: r.quantity,
    })),
    { reason: 'trade', refType: 'trade', refId: tradeId },
  );
  if (!missing) return;
  const [gone] = await q.rows<{ name: string; username: string }>(sql`
    select i.name, u.username from ${itemsTable} i, users u where i.id = ${missing.itemId} and u.id = ${missing.fromUserId}`);
  throw conflict(
    `${gone?.username} no longer holds ${missing.quantity} ${gone?.name}; the trade cannot be finalized`,
  );
}
