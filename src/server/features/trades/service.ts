import { sql } from 'drizzle-orm';
import type { LiveEventKind } from '../../../shared/api/live';
import type {
  CancelTradeResponse,
  TradeDto,
  TradeInventoryDto,
  TradesDto,
  TradeStatus,
} from '../../../shared/api/trades';
import type { Queryable } from '../../db/client';
import type { Deps } from '../../platform/deps';
import { badRequest, banned, conflict, forbidden, notFound } from '../../platform/errors';
import { publishLive } from '../../platform/realtime/publish';
import { recordEvent, type DomainEvents } from '../../platform/events';
import { accountsSql, assertEstablished } from '../accounts/public';
import { lockUnits, swapTradeUnits, unlockTradeUnits, type TradeEntry } from './holdings';
import { presentTradable, presentTrade, type TradeRow } from './presenter';
import { composedRead, jsonValue, readPart } from '../../platform/readParts';
import * as queries from './queries';

type TradeEventKind = Extract<LiveEventKind, `trade.${string}`>;

interface TradeParties {
  id: number;
  from_user_id: number;
  to_user_id: number;
}

const tradeList = (direction: 'incoming' | 'outgoing') =>
  readPart({
    expr: ({ userId }) => queries.tradesJson(userId, direction),
    decode: (value) => jsonValue<TradeRow[]>(value, []).map(presentTrade),
  });

/** Both directions in one prepared statement: two unprepared ones cost more in planning than in rows. */
const LIST = composedRead('trades_list', {
  incoming: tradeList('incoming'),
  outgoing: tradeList('outgoing'),
});

export async function listTrades(deps: Deps, userId: number): Promise<TradesDto> {
  return LIST(deps.db, userId, deps.clock.now());
}

export async function tradableInventory(deps: Deps, userId: number): Promise<TradeInventoryDto> {
  return { inventory: (await queries.tradableInventory(deps.db, userId)).map(presentTradable) };
}

/**
 * The acting user's row, locked FOR SHARE until the transaction ends: a concurrent ban or
 * account deletion waits for this trade action and then cancels what it left active.
 */
async function lockActiveActor(q: Queryable, userId: number): Promise<void> {
  const [row] = await q.rows<{ status: string }>(sql`${accountsSql.statusOf(userId)} for share`);
  if (row?.status !== 'active') throw banned();
}

async function reload(q: Queryable, tradeId: number): Promise<TradeDto> {
  const row = await queries.findTrade(q, tradeId);
  if (!row) throw notFound(`id: no trade with id ${tradeId}`);
  return presentTrade(row);
}

/**
 * Both sides learn of every change (the other party, and the actor's other tabs), and the change
 * is a domain event (the other party's notification).
 */
async function tellParties(
  q: Queryable,
  kind: TradeEventKind,
  trade: TradeParties,
  change: DomainEvents['TradeChanged']['change'],
  byUserId: number | null,
): Promise<void> {
  const payload = { tradeId: String(trade.id) };
  await publishLive(q, kind, payload, trade.from_user_id);
  await publishLive(q, kind, payload, trade.to_user_id);
  await recordEvent(q, 'TradeChanged', {
    tradeId: trade.id,
    change,
    fromUserId: trade.from_user_id,
    toUserId: trade.to_user_id,
    byUserId,
  });
}

export async function requestTrade(
  deps: Deps,
  userId: number,
  toUsername: string,
  fromItems: TradeEntry[],
): Promise<TradeDto> {
  await assertEstablished(deps, userId, 'offer trades');
  return deps.db
    .tx(async (tx) => {
      await lockActiveActor(tx, userId);
      const [recipient] = await tx.rows<{ id: number; username: string; status: string }>(
        sql`${accountsSql.byUsername(toUsername)} for share`,
      );
      if (!recipient)
        throw notFound(`toUsername: no user named ${toUsername}`, [
          { field: 'toUsername', rule: 'not_found', value: toUsername },
        ]);
      if (recipient.id === userId)
        throw badRequest('toUsername: you cannot trade with yourself', [
          { field: 'toUsername', rule: 'self' },
        ]);
      if (recipient.status !== 'active')
        throw conflict(
          `toUsername: ${recipient.username} is ${recipient.status} and cannot trade`,
          [
            {
              field: 'toUsername',
              rule: recipient.status === 'deleted' ? 'deleted' : 'banned',
              value: recipient.username,
            },
          ],
        );
      const [trade] = await tx.rows<TradeParties>(sql`
      insert into trades (from_user_id, to_user_id) values (${userId}, ${recipient.id}) returning id, from_user_id, to_user_id`);
      if (!trade) throw conflict('The trade could not be created; try again');
      await lockUnits(tx, userId, fromItems, 'fromItems');
      await insertEntries(tx, trade.id, 'from', fromItems);
      await tellParties(tx, 'trade.offered', trade, 'offered', userId);
      return reload(tx, trade.id);
    })
    .finally(() => deps.events.nudge());
}

async function insertEntries(
  q: Queryable,
  tradeId: number,
  side: 'from' | 'to',
  entries: TradeEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  const json = JSON.stringify(entries.map((e) => ({ item_id: e.itemId, quantity: e.quantity })));
  await q.rows(sql`
    insert into trade_items (trade_id, side, item_id, quantity)
    select ${tradeId}, ${side}, item_id, quantity from jsonb_to_recordset(${json}::jsonb) as r(item_id bigint, quantity int)`);
}

type Role = 'recipient' | 'initiator' | 'either';

/**
 * Why a transition's conditional UPDATE changed nothing: no such trade (404), not this
 * actor's to make (403) or not from this status (409). Runs only on the refusal path.
 */
async function explainRefusal(
  q: Queryable,
  tradeId: number,
  userId: number,
  role: Role,
  verb: string,
): Promise<never> {
  const trade = await queries.tradeHeader(q, tradeId);
  if (!trade) throw notFound(`id: no trade with id ${tradeId}`);
  const isFrom = trade.from_user_id === userId;
  const isTo = trade.to_user_id === userId;
  if (!isFrom && !isTo) throw forbidden('This trade is between other users');
  if (role === 'recipient' && !isTo) throw forbidden(`Only the recipient can ${verb} this trade`);
  if (role === 'initiator' && !isFrom) throw forbidden(`Only the initiator can ${verb} this trade`);
  const status = trade.status as TradeStatus;
  if (status === 'pending' && verb === 'finalize')
    throw conflict('This trade has not been answered yet; it cannot be finalized');
  if (status === 'responded' && verb === 'respond to')
    throw conflict('This trade has already been answered');
  throw conflict(`This trade is already ${status}`);
}

export async function respondToTrade(
  deps: Deps,
  userId: number,
  tradeId: number,
  action: 'accept' | 'deny',
  toItems: TradeEntry[],
): Promise<TradeDto> {
  // Denying, or accepting with nothing offered back, passes nothing on.
  if (action === 'accept' && toItems.length > 0)
    await assertEstablished(deps, userId, 'offer trades');
  return deps.db
    .tx(async (tx) => {
      await lockActiveActor(tx, userId);
      const next: TradeStatus = action === 'accept' ? 'responded' : 'denied';
      const [trade] = await tx.rows<TradeParties>(sql`
      update trades set status = ${next}, responded_at = now(), closed_at = ${action === 'deny' ? sql`now()` : null}
      where id = ${tradeId} and to_user_id = ${userId} and status = 'pending'
      returning id, from_user_id, to_user_id`);
      if (!trade) return explainRefusal(tx, tradeId, userId, 'recipient', 'respond to');
      if (action === 'accept') {
        await lockUnits(tx, userId, toItems, 'toItems');
        await insertEntries(tx, trade.id, 'to', toItems);
      } else {
        await unlockTradeUnits(tx, [trade.id]);
      }
      await tellParties(
        tx,
        'trade.answered',
        trade,
        action === 'accept' ? 'accepted' : 'denied',
        userId,
      );
      return reload(tx, trade.id);
    })
    .finally(() => deps.events.nudge());
}

export async function cancelTrade(
  deps: Deps,
  userId: number,
  tradeId: number,
): Promise<CancelTradeResponse> {
  return deps.db
    .tx(async (tx) => {
      await lockActiveActor(tx, userId);
      const [trade] = await tx.rows<TradeParties>(sql`
      update trades set status = 'canceled', closed_at = now()
      where id = ${tradeId} and (from_user_id = ${userId} or to_user_id = ${userId}) and status in ('pending', 'responded')
      returning id, from_user_id, to_user_id`);
      if (!trade) return explainRefusal(tx, tradeId, userId, 'either', 'cancel');
      await unlockTradeUnits(tx, [trade.id]);
      await tellParties(tx, 'trade.canceled', trade, 'cancelled', userId);
      return { message: 'Trade canceled', trade: await reload(tx, trade.id) };
    })
    .finally(() => deps.events.nudge());
}

export async function finalizeTrade(
  deps: Deps,
  userId: number,
  tradeId: number,
): Promise<TradeDto> {
  return deps.db
    .tx(async (tx) => {
      await lockActiveActor(tx, userId);
      const [trade] = await tx.rows<TradeParties>(sql`
      update trades set status = 'accepted', closed_at = now()
      where id = ${tradeId} and from_user_id = ${userId} and status = 'responded'
      returning id, from_user_id, to_user_id`);
      if (!trade) return explainRefusal(tx, tradeId, userId, 'initiator', 'finalize');
      // The recipient too must still be active (a ban cancels its trades; this waits for one in progress).
      const [other] = await tx.rows<{ status: string }>(
        sql`${accountsSql.statusOf(trade.to_user_id)} for share`,
      );
      if (other?.status !== 'active') throw conflict('The other user can no longer trade');
      await swapTradeUnits(tx, trade.id);
      await tellParties(tx, 'trade.finalized', trade, 'finalized', userId);
      return reload(tx, trade.id);
    })
    .finally(() => deps.events.nudge());
}

/**
 * Cancels every active trade of a user who is banned or deletes the account, releasing the
 * locked units of both sides; runs in the caller's transaction (admin/service.ts setStatus,
 * accounts/service.ts deleteAccount). Returns how many trades it canceled.
 */
export async function cancelTradesOf(q: Queryable, userId: number): Promise<number> {
  const canceled = await q.rows<TradeParties>(sql`
    update trades set status = 'canceled', closed_at = now()
    where (from_user_id = ${userId} or to_user_id = ${userId}) and status in ('pending', 'responded')
    returning id, from_user_id, to_user_id`);
  await unlockTradeUnits(
    q,
    canceled.map((t) => t.id),
  );
  for (const trade of canceled) await tellParties(q, 'trade.canceled', trade, 'cancelled', null);
  return canceled.length;
}
