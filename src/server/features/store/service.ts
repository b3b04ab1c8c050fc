import { sql } from 'drizzle-orm';
import {
  buffEffectTypes,
  describeEffect,
  type ActiveBuffsDto,
  type BuffEffectType,
  type CreateItemBody,
  type ItemActionResponse,
  type PurchaseResponse,
  type StoreItemDto,
  type StoreUserDto,
  type UseItemResponse,
} from '../../../shared/api/store';
import { pgErrorCode } from '../../db/client';
import type { Deps } from '../../platform/deps';
import type { AuthUser } from '../../platform/auth';
import { banned, conflict, notFound, unauthorized } from '../../platform/errors';
import { logAdminAction } from '../../platform/adminLog';
import { bumpStat } from '../../platform/stats';
import * as ledger from '../wallet/ledger';
import { buffState, startBuff } from './buffs';
import { presentBuff, presentItem, presentPurchase, type ItemRow } from './presenter';
import * as queries from './queries';

export async function storeItems(deps: Deps): Promise<StoreItemDto[]> {
  return (await queries.listOnSale(deps.db)).map(presentItem);
}

export async function allItems(deps: Deps): Promise<StoreItemDto[]> {
  return (await queries.listAll(deps.db)).map(presentItem);
}

export async function storeUser(deps: Deps, userId: number): Promise<StoreUserDto> {
  const [inventory, purchaseHistory, [user]] = await Promise.all([
    queries.inventoryOf(deps.db, userId),
    queries.purchaseHistoryOf(deps.db, userId),
    deps.db.rows<{ balance: number }>(sql`select balance from users where id = ${userId} and status <> 'deleted'`),
  ]);
  if (!user) throw unauthorized('Your account no longer exists');
  return { inventory, purchaseHistory, balance: user.balance };
}

export async function activeBuffs(deps: Deps, userId: number): Promise<ActiveBuffsDto> {
  const now = deps.clock.now();
  const [buffs, state] = await Promise.all([queries.runningBuffsOf(deps.db, userId, now), buffState(deps.db, userId, now)]);
  return { buffs, rewardMultiplier: state.rewardMultiplier / 100, slotsLuck: state.slotsLuck, now: now.toISOString() };
}

const itemReturning = sql`returning id, name, type, effect, effect_type, effect_value, price, stock, image, emoji, description, retired_at`;

/**
 * Spec section 7 / issue 8: one transaction takes a unit off the shelf (stock - 1 where
 * stock > 0, which also locks the item row, so parallel buyers of one item queue here), writes
 * the purchase row, debits the price through the ledger referencing it, adds the unit to the
 * inventory (a badge only if not held: the upsert's WHERE re-checks the latest row under its
 * lock) and counts the purchase. Any refusal rolls all of it back.
 */
export async function purchase(deps: Deps, userId: number, itemId: number): Promise<PurchaseResponse> {
  const done = await deps.db.tx(async (tx) => {
    const [item] = await tx.rows<ItemRow>(sql`
      update items set stock = stock - 1 where id = ${itemId} and retired_at is null and stock > 0 ${itemReturning}`);
    if (!item) {
      const found = await queries.findItem(tx, itemId);
      if (!found || found.retired_at !== null) throw notFound(`itemId: no item with id ${itemId} in the store`);
      throw conflict('Sold out');
    }
    const [bought] = await tx.rows<{ id: number; created_at: Date }>(sql`
      insert into purchases (user_id, item_id, price) values (${userId}, ${itemId}, ${item.price}) returning id, created_at`);
    if (!bought) throw conflict('The purchase could not be recorded; try again');
    let balance: number;
    if (item.price > 0) {
      const after = await ledger.post(tx, [{ userId, delta: -item.price, category: 'store_purchase' }], { refType: 'purchase', refId: bought.id }, { actorId: userId });
      balance = after.get(userId) ?? 0;
    } else {
      // A free item moves no coins, but the buyer must still be allowed to act.
      await ledger.lockAccounts(tx, [userId], userId);
      const [row] = await tx.rows<{ balance: number }>(sql`select balance from users where id = ${userId}`);
      balance = row?.balance ?? 0;
    }
    const [held] = await tx.rows<{ quantity: number }>(sql`
      insert into inventory (user_id, item_id, quantity) values (${userId}, ${itemId}, 1)
      on conflict (user_id, item_id) do update set quantity = inventory.quantity + 1, updated_at = now()
      where ${item.type !== 'badge'} or inventory.quantity = 0
      returning quantity`);
    if (!held) throw conflict('You already own this badge');
    await bumpStat(tx, userId, 'store_purchases');
    return { item, bought, balance };
  });
  const { item, bought, balance } = done;
  deps.events.emit('PurchaseMade', { purchaseId: bought.id, userId, itemId, price: item.price });
  const entry = await queries.inventoryEntry(deps.db, userId, itemId);
  if (!entry) throw notFound(`Item ${itemId} was bought but is no longer in the inventory`);
  return {
    message: `${item.name} purchased!`,
    balance,
    item: presentItem(item),
    entry,
    purchase: presentPurchase({ ...item, id: bought.id, item_id: item.id, created_at: bought.created_at }),
  };
}

const isBuffEffect = (t: string | null): t is BuffEffectType => (buffEffectTypes as readonly string[]).includes(t ?? '');

/**
 * 'Use' (DESIGN.md section 6): takes one unlocked unit out of the inventory with a conditional
 * UPDATE (quantity - locked >= 1, so a unit offered in a trade or a double click cannot be
 * used twice) and starts a 60-minute buff in the same transaction.
 */
export async function useItem(deps: Deps, userId: number, itemId: number): Promise<UseItemResponse> {
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
    const [took] = await tx.rows<{ quantity: number }>(sql`
      update inventory set quantity = quantity - 1, updated_at = now()
      where user_id = ${userId} and item_id = ${itemId} and quantity - locked >= 1
        and exists (select 1 from users where id = ${userId} and status = 'active')
      returning quantity`);
    if (!took) {
      const [actor] = await tx.rows<{ status: string }>(sql`select status from users where id = ${userId}`);
      if (actor?.status !== 'active') throw banned();
      throw conflict(`You have no unlocked ${item.name} to use`);
    }
    const started = await startBuff(tx, { userId, itemId, effectType, value: item.effect_value, itemPrice: item.price }, now);
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
    return { message: `${item.name} activated: ${describeEffect(effectType, item.effect_value / 100)} for 60 minutes`, buff, quantity: took.quantity };
  });
}

const nameTaken = (name: string) => conflict(`name: an item named "${name}" already exists`);

export async function createItem(deps: Deps, admin: AuthUser, body: CreateItemBody): Promise<ItemActionResponse> {
  const effectType = body.effectType ?? null;
  const effectValue = effectType === 'cosmetic' ? 100 : body.effectValue == null ? null : Math.round(body.effectValue * 100);
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
    await logAdminAction(tx, { adminId: admin.id, action: 'update_item', details: `"${row.name}": ${parts.join(', ')}`, target: row.name });
    return row;
  });
  return { message: 'Item updated', item: presentItem(item) };
}
