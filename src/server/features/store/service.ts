import { sql } from 'drizzle-orm';
import {
  buffEffectTypes,
  describeEffect,
  type ActiveBuffsDto,
  type BuffEffectType,
  type CosmeticChoiceDto,
  type CreateItemBody,
  type ItemActionResponse,
  type PurchaseResponse,
  type StoreItemDto,
  type StoreUserDto,
  type UseItemResponse,
} from '../../../shared/api/store';
import { pgErrorCode, type Db } from '../../db/client';
import type { Deps } from '../../platform/deps';
import type { AuthUser } from '../../platform/auth';
import {
  alreadyOwned,
  badRequest,
  banned,
  conflict,
  notFound,
  soldOut,
  unauthorized,
} from '../../platform/errors';
import { logAdminAction } from '../../platform/adminLog';
import { statBumpCte, statBumpRowsCte } from '../../platform/stats';
import { composedRead, readPart } from '../../platform/readParts';
import { turns } from '../../platform/batching/turns';
import { refuse } from '../../platform/batching/refusals';
import { defineHotWrite } from '../../platform/batching/hotWrite';
import { ledger } from '../wallet/public';
import { groupPostings } from '../wallet/public';
import { items } from '../items/public';
import { buffState, chooseHeldCosmetic, clearCosmeticChoice, startBuff } from '../items/public';
import {
  presentBuff,
  presentInventoryEntry,
  presentItem,
  presentPurchase,
  type ItemRow,
} from './presenter';
import * as queries from './queries';
import { accountsSql } from '../accounts/public';

export async function storeItems(deps: Deps): Promise<StoreItemDto[]> {
  return (await queries.listOnSale(deps.db)).map(presentItem);
}

export async function allItems(deps: Deps): Promise<StoreItemDto[]> {
  return (await queries.listAll(deps.db)).map(presentItem);
}

/** The store's page of the player: one prepared statement (issue 36). */
const storeUserRead = composedRead('store_user', {
  inventory: queries.inventoryPart,
  purchaseHistory: queries.purchaseHistoryPart,
  balance: readPart({
    expr: ({ userId }) => accountsSql.visibleBalanceOf(userId),
    decode: (value) => (value === null || value === undefined ? null : Number(value)),
  }),
});

export async function storeUser(deps: Deps, userId: number): Promise<StoreUserDto> {
  const { inventory, purchaseHistory, balance } = await storeUserRead(
    deps.db,
    userId,
    deps.clock.now(),
  );
  if (balance === null) throw unauthorized('Your account no longer exists');
  return { inventory, purchaseHistory, balance };
}

export async function activeBuffs(deps: Deps, userId: number): Promise<ActiveBuffsDto> {
  const now = deps.clock.now();
  const [buffs, state] = await Promise.all([
    queries.runningBuffsOf(deps.db, userId, now),
    buffState(deps.db, userId, now),
  ]);
  return {
    buffs,
    rewardMultiplier: state.rewardMultiplier / 100,
    slotsLuck: state.slotsLuck,
    now: now.toISOString(),
  };
}

const itemReturning = sql`returning id, name, type, effect, effect_type, effect_value, price, stock, image, emoji, description, retired_at`;

/** Why the purchase statement bought nothing; runs only on that path, after it changed nothing. */
async function explainRefusedPurchase(db: Db, userId: number, itemId: number): Promise<never> {
  const found = await queries.findItem(db, itemId);
  if (!found || found.retired_at !== null)
    throw notFound(`itemId: no item with id ${itemId} in the store`);
  if (found.stock <= 0) throw soldOut();
  const [[buyer], held] = await Promise.all([
    db.rows<{ status: string }>(accountsSql.statusOf(userId)),
    items.holding(db, userId, itemId),
  ]);
  if (buyer?.status !== 'active') throw banned();
  if (found.type === 'badge' && held.quantity > 0) throw alreadyOwned('You already own this badge');
  throw conflict('The item changed during the purchase; try again');
}

/**
 * Two purchases of one item at a time per process: the item row's lock takes them one by one
 * anyway, and a second in flight keeps the row busy during the first's commit. On one hot item
 * (bench:store, 32 connections) this doubled purchases/s and cut PostgreSQL's CPU per purchase
 * from 2.4 to 0.65 ms; 1 was slower (each waits out a round trip), 3 and 4 no better.
 */
const purchaseTurn = turns(2);

/**
 * Spec section 7 / issue 8, one statement (one round trip). The item row, which every buyer of a
 * popular item queues on, is locked last: the statement reads the item (no lock), adds the unit
 * to the inventory (a badge only if not held: the upsert's WHERE re-checks the latest row),
 * debits the price from the active buyer's account through the ledger's CTEs referencing the
 * purchase row (id taken from its sequence), writes that row and counts the purchase, and only
 * then takes a unit off the shelf (stock - 1 where stock > 0 and the price is still the one
 * read, a single-row UPDATE by key, so a concurrent change is re-checked). A buyer of a hot item
 * thus holds its lock for the end of the statement and the commit only. When the item was there
 * but any part refused (sold out meanwhile, price changed, badge held, buyer banned), the final
 * guard refuses with 'explain' so the whole statement rolls back and explainRefusedPurchase says
 * why; a balance short of the price violates the users CHECK the same way. Built once with
 * placeholders (db.compiled): building its text per request took more of the server's CPU than
 * the rest of the request.
 */
const PURCHASE = (() => {
  const userId = sql`${sql.placeholder('userId')}`;
  const itemId = sql`${sql.placeholder('itemId')}`;
  return sql`
      with cur as (
        select id, name, type, effect, effect_type, effect_value, price, image, emoji, description, retired_at,
          nextval('purchases_id_seq') as next_purchase_id
        from items
        where id = ${itemId} and retired_at is null and stock > 0 and pet_key is null
      ), ${items.receiveCte('held', {
        userId,
        itemId: sql`id`,
        quantity: 1,
        from: sql`cur`,
        onlyIf: sql`(select type from cur) <> 'badge' or inventory.quantity = 0`,
      })}, ${items.movementRowsFor('moved', ['held'], { reason: 'purchase', refType: 'purchase', refId: sql`select next_purchase_id from cur` })},
      active as (
        select 1 from ${accountsSql.users} where id = ${userId} and status = 'active'
      ), ${ledger.accountUpdate('buyer', {
        userId,
        delta: sql`-(select price from cur)`,
        category: 'store_purchase',
        actor: true,
        when: sql`exists (select 1 from held) and (select price from cur) > 0`,
      })}, ${ledger.ledgerRowsFor(['buyer'], { refType: 'purchase', refId: sql`select next_purchase_id from cur`, houseCategory: 'store_purchase' })},
      p as (
        insert into purchases (id, user_id, item_id, price)
        select next_purchase_id, ${userId}, id, price from cur
        where exists (select 1 from held) and (exists (select 1 from buyer) or (price = 0 and exists (select 1 from active)))
        returning id, created_at
      ), ${statBumpCte('counted', userId, 'store_purchases', sql`exists (select 1 from p)`)},
      it as (
        update items set stock = stock - 1
        where id = ${itemId} and retired_at is null and stock > 0 and pet_key is null
          and price = (select price from cur) and exists (select 1 from p)
        returning stock
      )
      select cur.id, cur.name, cur.type, cur.effect, cur.effect_type, cur.effect_value, cur.price, it.stock, cur.image, cur.emoji,
        cur.description, cur.retired_at, p.id as purchase_id, p.created_at,
        (select quantity_after from held) as quantity, (select locked from held) as locked,
        coalesce((select balance_after from buyer), (${accountsSql.balanceOf(userId)})) as balance,
        case when exists (select 1 from it) or not exists (select 1 from cur) then 1 else ${refuse('explain')} end as guard
      from (select 1) one left join cur on true left join p on true left join it on true`;
})();

/**
 * PURCHASE for many buyers in one statement (platform/batching/hotWrite.ts, one buyer once):
 * each purchase does what PURCHASE does, in its order of arrival, or drops out with nothing written
 * and is made alone (short balance, banned, badge held, sold out, a row held elsewhere). Buyers and
 * their holdings are locked with SKIP LOCKED; the items read (no lock) lose a unit per purchase,
 * the first `stock` buyers of each item getting one; and, as in PURCHASE, each item row is locked
 * last, by one UPDATE taking the item's count off the shelf where the stock and price read still
 * hold. Otherwise the guard refuses ('go_alone'), nothing is written, and every purchase of the
 * group goes alone. The stock a purchase answers is the shelf as it left it.
 */
const PURCHASES = sql`
    with input as (
      select * from jsonb_to_recordset(${sql.placeholder('items')}::jsonb) as t(i int, user_id bigint, item_id bigint)
    ), cur as (
      select id, name, type, effect, effect_type, effect_value, price, stock, image, emoji, description, retired_at
      from items where id in (select item_id from input) and retired_at is null and stock > 0 and pet_key is null
    ), inv as (
      select v.user_id, v.item_id, v.quantity from ${items.inventoryTable} v join input on v.user_id = input.user_id and v.item_id = input.item_id
      for update of v skip locked
    ), buyer as (
      select input.i, input.user_id, cur.id as item_id, cur.price, u.balance
      from input join cur on cur.id = input.item_id join ${accountsSql.users} u on u.id = input.user_id
      where u.status = 'active' and u.balance >= cur.price
        and (exists (select 1 from inv where inv.user_id = input.user_id and inv.item_id = cur.id)
          or not exists (select 1 from ${items.inventoryTable} v where v.user_id = input.user_id and v.item_id = cur.id))
        and (cur.type <> 'badge' or not exists (select 1 from inv where inv.user_id = input.user_id and inv.item_id = cur.id and inv.quantity > 0))
      for update of u skip locked
    ), chosen as (
      select b.i, b.user_id, b.item_id, b.price, b.balance, nextval('purchases_id_seq') as purchase_id
      from (select buyer.*, row_number() over (partition by item_id order by i) as rn from buyer) b join cur on cur.id = b.item_id
      where b.rn <= cur.stock
    ), ${items.receiveRowsCte(
      'held',
      sql`select user_id, item_id, 1 as quantity from chosen`,
      sql`(select type from cur where cur.id = excluded.item_id) <> 'badge' or inventory.quantity = 0`,
    )}, ok as (
      select chosen.*, held.quantity_after, held.locked from chosen join held on held.user_id = chosen.user_id and held.item_id = chosen.item_id
    ), ${items.movementRowsEach('moved', sql`select user_id, item_id, 1 as delta, quantity_after, purchase_id as ref_id from ok`, { reason: 'purchase', refType: 'purchase' })},
    ${groupPostings.groupDebitCte(sql`select i, user_id, price as amount from ok where price > 0`)},
    ${groupPostings.groupDebitPostingsCte(
      sql`select ok.user_id, ok.price as amount, upd.balance_after, ok.purchase_id as ref_id from ok join upd on upd.i = ok.i`,
      'store_purchase',
      'purchase',
    )}, p as (
      insert into purchases (id, user_id, item_id, price) select purchase_id, user_id, item_id, price from ok
      returning id, created_at
    ), ${statBumpRowsCte('counted', sql`select user_id, 'store_purchases' as stat from ok`)},
    n as (
      select item_id, count(*)::int as n, min(price) as price from ok group by item_id
    ), it as (
      update items set stock = items.stock - n.n from n
      where items.id = n.item_id and items.retired_at is null and items.pet_key is null and items.stock >= n.n and items.price = n.price
      returning items.id, items.stock
    )
    select ok.i, cur.id, cur.name, cur.type, cur.effect, cur.effect_type, cur.effect_value, cur.price, cur.image, cur.emoji,
      cur.description, cur.retired_at, p.id as purchase_id, p.created_at, ok.quantity_after as quantity, ok.locked,
      it.stock + (count(*) over (partition by ok.item_id) - row_number() over (partition by ok.item_id order by ok.i)) as stock,
      coalesce(upd.balance_after, ok.balance) as balance,
      case when (select count(*) from it) = (select count(*) from n)
        and (select count(*) from upd) = (select count(*) from ok where price > 0) then 1 else ${refuse('go_alone')} end as guard
    from ok join cur on cur.id = ok.item_id join p on p.id = ok.purchase_id left join it on it.id = ok.item_id left join upd on upd.i = ok.i`;

type PurchaseRow = ItemRow & {
  purchase_id: number | null;
  created_at: Date | null;
  balance: number | null;
  quantity: number;
  locked: number;
};
/** A purchase made: PURCHASE answers a row without one when the item is not in the store. */
type Purchased = PurchaseRow & { purchase_id: number; created_at: Date };

interface Purchase {
  userId: number;
  itemId: number;
}

const purchases = defineHotWrite<Purchase, PurchaseRow, Purchased>({
  name: 'store_purchase',
  alone: {
    statement: PURCHASE,
    params: (p) => ({ userId: p.userId, itemId: p.itemId }),
    turn: { turns: purchaseTurn, keyOf: (p) => p.itemId },
  },
  group: {
    statement: PURCHASES,
    keyOf: (p) => p.userId,
    toJson: (p) => ({ user_id: p.userId, item_id: p.itemId }),
  },
  carriedOut: (row): row is Purchased => row.purchase_id !== null && row.created_at !== null,
  mapError: ledger.postingError,
  explainOn: ['explain'],
  explain: (db, p) => explainRefusedPurchase(db, p.userId, p.itemId),
});

/** Purchase statements and purchases made together by this process on `db` so far. */
export const purchaseGroupCounts = (db: Db) => purchases.counts(db);
/** Tests: holds back this process's purchase statements on `db` until the answer is called. */
export const holdPurchaseGroups = (db: Db) => purchases.hold(db);

export async function purchase(
  deps: Deps,
  userId: number,
  itemId: number,
): Promise<PurchaseResponse> {
  const row = await purchases.run(deps.db, { userId, itemId });
  const item: ItemRow = row;
  const entry = presentInventoryEntry({
    ...item,
    item_id: item.id,
    quantity: row.quantity,
    locked: row.locked,
  });
  return {
    message: `${item.name} purchased!`,
    balance: Number(row.balance),
    item: presentItem(item),
    entry,
    purchase: presentPurchase({
      ...item,
      id: row.purchase_id,
      item_id: item.id,
      created_at: row.created_at,
    }),
  };
}

const isBuffEffect = (t: string | null): t is BuffEffectType =>
  (buffEffectTypes as readonly string[]).includes(t ?? '');

/**
 * 'Use' (DESIGN.md section 6): takes one unlocked unit out of the inventory with a conditional
 * UPDATE (quantity - locked >= 1, so a unit offered in a trade or a double click cannot be
 * used twice) and starts a 60-minute buff in the same transaction.
 */
export async function useItem(
  deps: Deps,
  userId: number,
  itemId: number,
): Promise<UseItemResponse> {
  const now = deps.clock.now();
  return deps.db.tx(async (tx) => {
    const item = await queries.findItem(tx, itemId);
    if (!item) throw notFound(`itemId: no item with id ${itemId}`);
    const effectType = item.effect_type;
    if (item.type !== 'power-up' || !isBuffEffect(effectType) || item.effect_value === null) {
      throw conflict(
        effectType === 'extra-safe-click' || effectType === 'mine-reduction'
          ? `${item.name} works by itself: it is used when you start a Minefield game`
          : `${item.name} is not a power-up you can use`,
      );
    }
    // The buff first, so the unit's movement can name it; a refused take rolls both back.
    const started = await startBuff(
      tx,
      { userId, itemId, effectType, value: item.effect_value, itemPrice: item.price },
      now,
    );
    const left = await items.take(
      tx,
      { userId, itemId, quantity: 1 },
      { reason: 'use', refType: 'buff', refId: started.id },
      { when: accountsSql.isActive(userId) },
    );
    if (left === null) {
      const [actor] = await tx.rows<{ status: string }>(accountsSql.statusOf(userId));
      if (actor?.status !== 'active') throw banned();
      throw conflict(`You have no unlocked ${item.name} to use`);
    }
    const buff = presentBuff({
      id: started.id,
      item_id: itemId,
      name: item.name,
      emoji: item.emoji,
      effect_type: effectType,
      value: item.effect_value,
      started_at: now,
      expires_at: started.expiresAt,
    });
    return {
      message: `${item.name} activated: ${describeEffect(effectType, item.effect_value / 100)} for 60 minutes`,
      buff,
      quantity: left,
    };
  });
}

const nameTaken = (name: string) =>
  conflict(`name: an item named "${name}" already exists`, [
    { field: 'name', rule: 'taken', value: name },
  ]);

export async function createItem(
  deps: Deps,
  admin: AuthUser,
  body: CreateItemBody,
): Promise<ItemActionResponse> {
  const effectType = body.effectType ?? null;
  const effectValue =
    effectType === 'cosmetic'
      ? 100
      : body.effectValue == null
        ? null
        : Math.round(body.effectValue * 100);
  const effect = body.effect || null;
  const item = await deps.db.tx(async (tx) => {
    let row: ItemRow | undefined;
    try {
      [row] = await tx.rows<ItemRow>(sql`
        insert into items (name, type, effect, effect_type, effect_value, price, stock, image, emoji, description)
        values (${body.name}, ${body.type}, ${effect}, ${effectType}, ${effectValue}, ${body.price}, ${body.stock},
          ${body.image ?? null}, ${body.emoji || null}, ${body.description})
        ${itemReturning}`);
    } catch (err) {
      if (pgErrorCode(err) === '23505') throw nameTaken(body.name);
      throw err;
    }
    if (!row) throw conflict('The item could not be created; try again');
    await logAdminAction(tx, {
      adminId: admin.id,
      action: 'create_item',
      details: `Created ${body.type} "${body.name}" at ${body.price} coins, stock ${body.stock}`,
      target: body.name,
    });
    return row;
  });
  return { message: 'Item created', item: presentItem(item) };
}

export async function updateItem(
  deps: Deps,
  admin: AuthUser,
  itemId: number,
  change: { price?: number; stock?: number; retired?: boolean },
): Promise<ItemActionResponse> {
  const retired = change.retired === undefined ? null : change.retired;
  const item = await deps.db.tx(async (tx) => {
    const [row] = await tx.rows<ItemRow>(sql`
      update items set
        price = coalesce(${change.price ?? null}::bigint, price),
        stock = coalesce(${change.stock ?? null}::int, stock),
        retired_at = case when ${retired}::boolean is null then retired_at when ${retired}::boolean then coalesce(retired_at, now()) else null end
      where id = ${itemId}
      ${itemReturning}`);
    if (!row) throw notFound(`id: no item with id ${itemId}`);
    const parts = [
      change.price === undefined ? null : `price ${change.price}`,
      change.stock === undefined ? null : `stock ${change.stock}`,
      retired === null ? null : retired ? 'retired' : 'back on sale',
    ].filter(Boolean);
    await logAdminAction(tx, {
      adminId: admin.id,
      action: 'update_item',
      details: `"${row.name}": ${parts.join(', ')}`,
      target: row.name,
    });
    return row;
  });
  return { message: 'Item updated', item: presentItem(item) };
}

/**
 * Chooses the cosmetic shown beside the player's name (null: back to the default). The choice
 * is written only if, in that same statement, the player holds the item and it is a cosmetic.
 */
export async function chooseCosmetic(
  deps: Deps,
  userId: number,
  itemId: number | null,
): Promise<CosmeticChoiceDto> {
  return deps.db.tx(async (tx) => {
    if (itemId === null) {
      await clearCosmeticChoice(tx, userId);
    } else if (!(await chooseHeldCosmetic(tx, userId, itemId))) {
      const held = await queries.inventoryEntry(tx, userId, itemId);
      if (!held)
        throw conflict('itemId: you do not hold that item', [
          { field: 'itemId', rule: 'not_found', value: String(itemId) },
        ]);
      throw badRequest(
        `itemId: ${held.item.name} is not a cosmetic; only a cosmetic shows beside your name`,
        [{ field: 'itemId', rule: 'invalid' }],
      );
    }
    const { cosmetic, cosmeticChoice } = await queries.userCollections(tx, userId);
    return { cosmetic, cosmeticChoice };
  });
}
