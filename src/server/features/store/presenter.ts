import type { Badge, CosmeticRef, InventoryEntry } from '../../../shared/api/accounts';
import {
  describeEffect,
  type BuffDto,
  type BuffEffectType,
  type EffectType,
  type ItemType,
  type PurchaseHistoryEntry,
  type StoreItemDto,
} from '../../../shared/api/store';

export interface ItemRow {
  id: number;
  name: string;
  type: ItemType;
  effect: string | null;
  effect_type: EffectType | null;
  effect_value: number | null;
  price: number;
  stock: number;
  image: string | null;
  emoji: string | null;
  description: string;
  retired_at: Date | string | null;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** Effect values are stored in hundredths (tables.ts); the API shows them as typed. */
export const effectValueOf = (hundredths: number | null): number | null =>
  hundredths === null ? null : hundredths / 100;

export function presentItem(row: ItemRow): StoreItemDto {
  const value = effectValueOf(row.effect_value);
  return {
    _id: String(row.id),
    name: row.name,
    type: row.type,
    effect: row.effect || describeEffect(row.effect_type, value),
    effectType: row.effect_type,
    effectValue: value,
    price: Number(row.price),
    stock: Number(row.stock),
    image: row.image,
    emoji: row.emoji,
    description: row.description,
    retired: row.retired_at !== null,
  };
}

/** An inventory row joined with its item (json from queries.inventoryPart). */
export interface InventoryRow {
  item_id: number;
  quantity: number;
  locked: number;
  name: string;
  type: ItemType;
  description: string;
  image: string | null;
  emoji: string | null;
  price: number;
  effect: string | null;
  effect_type: EffectType | null;
  effect_value: number | null;
  /** Set on mystery-box collectibles, whose price is their sell-back value. */
  collectible_key?: string | null;
}

export function presentInventoryEntry(row: InventoryRow): InventoryEntry {
  const value = effectValueOf(row.effect_value);
  return {
    _id: String(row.item_id),
    quantity: Number(row.quantity),
    locked: Number(row.locked),
    item: {
      _id: String(row.item_id),
      name: row.name,
      type: row.type,
      description: row.description,
      image: row.image,
      emoji: row.emoji,
      price: Number(row.price),
      effect: row.effect || describeEffect(row.effect_type, value),
      effectType: row.effect_type,
      effectValue: value,
      sellBack: row.collectible_key ? Number(row.price) : null,
    },
  };
}

export const badgesOf = (inventory: InventoryEntry[]): Badge[] =>
  inventory
    .filter((e) => e.item.type === 'badge')
    .map((e) => ({ _id: e.item._id, name: e.item.name, description: e.item.description }));

/** A cosmetic's rank for showing beside a name, as items/queries.ts shownCosmeticOrder ranks it. */
const showRank = (e: InventoryEntry, choice: string | null): [number, number, number] => [
  e.item._id === choice ? 1 : 0,
  // sellBack is set for mystery-box collectibles only.
  e.item.sellBack === null ? 1 : 0,
  Number(e.item._id),
];

const outranks = (a: [number, number, number], b: [number, number, number]) =>
  a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/**
 * The cosmetic shown beside a name: the one the player chose while they hold it, otherwise a
 * store cosmetic before a collectible, then the newest.
 */
export function shownCosmeticOf(
  inventory: InventoryEntry[],
  choice: string | null,
): InventoryEntry | null {
  let best: InventoryEntry | null = null;
  for (const e of inventory) {
    if (e.item.type !== 'cosmetic') continue;
    if (best === null || outranks(showRank(e, choice), showRank(best, choice)) > 0) best = e;
  }
  return best;
}

export const cosmeticRefOf = (entry: InventoryEntry | null): CosmeticRef | null =>
  entry ? { emoji: entry.item.emoji, image: entry.item.image, name: entry.item.name } : null;

export interface PurchaseRow {
  id: number;
  item_id: number;
  name: string;
  type: ItemType;
  emoji: string | null;
  image: string | null;
  price: number;
  created_at: Date | string;
}

export function presentPurchase(row: PurchaseRow): PurchaseHistoryEntry {
  return {
    _id: String(row.id),
    item: {
      _id: String(row.item_id),
      name: row.name,
      type: row.type,
      emoji: row.emoji,
      image: row.image,
    },
    price: Number(row.price),
    purchasedAt: iso(row.created_at),
  };
}

export interface BuffRow {
  id: number;
  item_id: number;
  name: string;
  emoji: string | null;
  effect_type: BuffEffectType;
  value: number;
  started_at: Date | string;
  expires_at: Date | string;
}

export function presentBuff(row: BuffRow): BuffDto {
  const value = row.value / 100;
  return {
    _id: String(row.id),
    itemId: String(row.item_id),
    name: row.name,
    emoji: row.emoji,
    effectType: row.effect_type,
    value,
    label: describeEffect(row.effect_type, value),
    startedAt: iso(row.started_at),
    expiresAt: iso(row.expires_at),
  };
}
