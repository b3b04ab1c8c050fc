import { sql } from 'drizzle-orm';
import type { TradeDto } from '../../../shared/api/trades';
import type { Queryable } from '../../db/client';
import type { HttpResult, TestServer, TestUser } from '../../testing/harness';
import { callRoute, callRouteRaw } from '../../testing/callRoute';

/** Test helpers for trades: HTTP calls by name, holdings as stored, and the item audit. */

export const tradeCalls = (server: TestServer) => ({
  request: (token: string | undefined, body: unknown, headers?: Record<string, string>) =>
    callRouteRaw(server, 'POST /api/trades/request', { token, body, headers }),
  respond: (token: string | undefined, id: string, body: unknown) =>
    callRouteRaw(server, 'POST /api/trades/:id/respond', { token, params: { id }, body }),
  cancel: (token: string | undefined, id: string) =>
    callRoute(server, 'POST /api/trades/:id/cancel', { token, params: { id } }),
  finalize: (token: string | undefined, id: string) =>
    callRoute(server, 'POST /api/trades/:id/finalize', { token, params: { id } }),
});

/** A pending trade from `from` to `to` offering these units; fails the test if refused. */
export async function offer(
  server: TestServer,
  from: TestUser,
  to: TestUser,
  items: { itemId: number; quantity: number }[],
): Promise<TradeDto> {
  const res: HttpResult<TradeDto> = await tradeCalls(server).request(from.token, {
    toUsername: to.username,
    fromItems: items.map((i) => ({ itemId: String(i.itemId), quantity: i.quantity })),
  });
  if (res.status !== 201)
    throw new Error(`offer failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** quantity and locked of one inventory row; zeros when the row does not exist. */
export async function holding(
  q: Queryable,
  userId: number,
  itemId: number,
): Promise<{ quantity: number; locked: number }> {
  const [row] = await q.rows<{ quantity: number; locked: number }>(
    sql`select quantity, locked from inventory where user_id = ${userId} and item_id = ${itemId}`,
  );
  return row ?? { quantity: 0, locked: 0 };
}

export async function tradeStatus(q: Queryable, tradeId: string): Promise<string | undefined> {
  const [row] = await q.rows<{ status: string }>(
    sql`select status from trades where id = ${Number(tradeId)}`,
  );
  return row?.status;
}

/**
 * Item conservation: no negative quantity, locked within quantity, every locked unit accounted
 * for by an active trade's entry, and (when `expectedTotals` is given) each item's units in
 * all inventories equal to what the test handed out. Returns the problems found.
 */
export async function itemAudit(
  q: Queryable,
  expectedTotals?: Map<number, number>,
): Promise<string[]> {
  const problems: string[] = [];
  const bad = await q.rows<{ user_id: number; item_id: number; quantity: number; locked: number }>(
    sql`select user_id, item_id, quantity, locked from inventory where quantity < 0 or locked < 0 or locked > quantity`,
  );
  for (const r of bad)
    problems.push(
      `inventory ${r.user_id}/${r.item_id}: quantity ${r.quantity}, locked ${r.locked}`,
    );
  const mismatched = await q.rows<{
    user_id: number;
    item_id: number;
    locked: number;
    offered: number;
  }>(sql`
    with offered as (
      select case ti.side when 'from' then t.from_user_id else t.to_user_id end as user_id, ti.item_id, sum(ti.quantity)::int as offered
      from trade_items ti join trades t on t.id = ti.trade_id
      where t.status in ('pending', 'responded')
      group by 1, 2
    )
    select coalesce(inv.user_id, o.user_id) as user_id, coalesce(inv.item_id, o.item_id) as item_id,
      coalesce(inv.locked, 0) as locked, coalesce(o.offered, 0) as offered
    from inventory inv full join offered o on o.user_id = inv.user_id and o.item_id = inv.item_id
    where coalesce(inv.locked, 0) <> coalesce(o.offered, 0)`);
  for (const r of mismatched)
    problems.push(
      `inventory ${r.user_id}/${r.item_id}: locked ${r.locked} but ${r.offered} offered in active trades`,
    );
  if (expectedTotals) {
    const totals = await q.rows<{ item_id: number; total: number }>(
      sql`select item_id, sum(quantity)::int as total from inventory group by item_id`,
    );
    const byItem = new Map(totals.map((t) => [Number(t.item_id), Number(t.total)]));
    for (const [itemId, expected] of expectedTotals) {
      const actual = byItem.get(itemId) ?? 0;
      if (actual !== expected)
        problems.push(`item ${itemId}: ${actual} units held, ${expected} handed out`);
    }
  }
  return problems;
}
