import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { cosmeticChoiceValue, items, runningBuffsAt } from '../items/public';
import { jsonValue, readPart } from '../../platform/readParts';
import type { Badge, CosmeticRef, InventoryEntry } from '../../../shared/api/accounts';
import { PURCHASE_HISTORY_LIMIT } from '../../../shared/api/store';
import {
  badgesOf,
  cosmeticRefOf,
  presentBuff,
  presentInventoryEntry,
  presentPurchase,
  shownCosmeticOf,
  type BuffRow,
  type InventoryRow,
  type ItemRow,
  type PurchaseRow,
} from './presenter';

const itemColumns = sql`i.id, i.name, i.type, i.effect, i.effect_type, i.effect_value, i.price, i.stock, i.image, i.emoji, i.description, i.retired_at`;

/** The store's shelf: items on sale with stock left (spec section 4: stock 0 is hidden). */
export const listOnSale = (q: Queryable) =>
  q.rows<ItemRow>(
    sql`select ${itemColumns} from items i where i.retired_at is null and i.stock > 0 and i.pet_key is null order by i.id`,
  );

/** Every item, for the admin's list (sold out and retired too). */
export const listAll = (q: Queryable) =>
  q.rows<ItemRow>(sql`select ${itemColumns} from items i where i.pet_key is null order by i.id`);

export async function findItem(
  q: Queryable,
  id: number,
  lock = false,
): Promise<ItemRow | undefined> {
  const [row] = await q.rows<ItemRow>(
    sql`select ${itemColumns} from items i where i.id = ${id} and i.pet_key is null${lock ? sql` for update` : sql``}`,
  );
  return row;
}

const inventorySelect = (userId: unknown, where: SQL) => sql`
  select inv.item_id, inv.quantity, inv.locked, i.name, i.type, i.description, i.image, i.emoji, i.price, i.effect, i.effect_type, i.effect_value, i.collectible_key
  from ${items.holdingsOf(userId)} inv join items i on i.id = inv.item_id
  where ${where} and inv.quantity > 0 and i.pet_key is null`;

/** What a user holds (units left, locked units), with the items as they are now: InventoryRow json. */
const inventoryJson = (userId: unknown): SQL => sql`(
  select coalesce(json_agg(r order by r.type, r.name, r.item_id), '[]'::json)
  from (${inventorySelect(userId, sql`true`)}) r)`;

export const inventoryPart = readPart({
  expr: ({ userId }) => inventoryJson(userId),
  decode: (value) => jsonValue<InventoryRow[]>(value, []).map(presentInventoryEntry),
});

export async function inventoryEntry(
  q: Queryable,
  userId: number,
  itemId: number,
): Promise<InventoryEntry | undefined> {
  const [row] = await q.rows<InventoryRow>(inventorySelect(userId, sql`inv.item_id = ${itemId}`));
  return row ? presentInventoryEntry(row) : undefined;
}

/** The latest purchases, newest first: PurchaseRow json. */
export const purchaseHistoryPart = readPart({
  expr: ({ userId }) => sql`(
    select coalesce(json_agg(r order by r.created_at desc, r.id desc), '[]'::json) from (
      select p.id, p.item_id, i.name, i.type, i.emoji, i.image, p.price, p.created_at
      from purchases p join items i on i.id = p.item_id
      where p.user_id = ${userId}
      order by p.created_at desc, p.id desc
      limit ${sql.raw(String(PURCHASE_HISTORY_LIMIT))}) r)`,
  decode: (value) => jsonValue<PurchaseRow[]>(value, []).map(presentPurchase),
});

/** Buffs running at `now`, soonest to end first. */
export async function runningBuffsOf(q: Queryable, userId: number, now: Date) {
  const rows = await q.rows<BuffRow>(sql`
    select b.id, b.item_id, i.name, i.emoji, b.effect_type, b.value, b.started_at, b.expires_at
    from ${runningBuffsAt(userId, now.toISOString())} b join items i on i.id = b.item_id
    order by b.expires_at, b.id`);
  return rows.map(presentBuff);
}

/** What the user view (own and public) shows of the store: inventory, badges, cosmetic. */
export interface StoreCollections {
  inventory: InventoryEntry[];
  badges: Badge[];
  itemsOwned: number;
  cosmetic: CosmeticRef | null;
  /** The item id the player chose to show, while they hold it; null when the default applies. */
  cosmeticChoice: string | null;
}

/**
 * The store's part of the user view (own and public; DESIGN.md: presenters assemble the user view
 * from features' data): the inventory and the chosen cosmetic, read back as StoreCollections.
 */
export const collectionsPart = readPart({
  expr: ({ userId }) =>
    sql`json_build_object('inventory', ${inventoryJson(userId)}, 'choice', ${cosmeticChoiceValue(userId)})`,
  decode: (value): StoreCollections => {
    const row = jsonValue<{ inventory: InventoryRow[]; choice: number | null }>(value, {
      inventory: [],
      choice: null,
    });
    const inventory = row.inventory.map(presentInventoryEntry);
    const choice = row.choice === null ? null : String(row.choice);
    const shown = shownCosmeticOf(inventory, choice);
    return {
      inventory,
      badges: badgesOf(inventory),
      itemsOwned: inventory.length,
      cosmetic: cosmeticRefOf(shown),
      cosmeticChoice: shown && shown.item._id === choice ? choice : null,
    };
  },
});

/** collectionsPart inside a caller's transaction (an answer to a cosmetic choice). */
export async function userCollections(q: Queryable, userId: number): Promise<StoreCollections> {
  const [row] = await q.rows<{ collections: unknown }>(
    sql`select ${collectionsPart.expr({ userId: sql`${userId}::bigint`, now: sql`now()` })} as collections`,
  );
  return collectionsPart.decode(row?.collections);
}
