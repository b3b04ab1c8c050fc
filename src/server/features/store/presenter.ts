import type { Badge, CosmeticRef, InventoryEntry } from '../../../shared/api/accounts';
import { describeEffect, type BuffDto, type BuffEffectType, type EffectType, type ItemType, type PurchaseHistoryEntry, type StoreItemDto } from '../../../shared/api/store';

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
export const effectValueOf = (hundredths: number | null): number | null => (hundredths === null ? null : hundredths / 100);

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

/** An inventory row joined with its item (json from queries.inventoryOf). */
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
  inventory.filter((e) => e.item.type === 'badge').map((e) => ({ _id: e.item._id, name: e.item.name, description: e.item.description }));

/** The cosmetic shown beside a name: the one held with the highest item id (the newest in the store). */
export function cosmeticOf(inventory: InventoryEntry[]): CosmeticRef | null {
  const cosmetics = inventory.filter((e) => e.item.type === 'cosmetic');
  const newest = cosmetics.reduce<InventoryEntry | null>((best, e) => (best === null || Number(e.item._id) > Number(best.item._id) ? e : best), null);
  return newest ? { emoji: newest.item.emoji, image: newest.item.image, name: newest.item.name } : null;
}

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
    item: { _id: String(row.item_id), name: row.name, type: row.type, emoji: row.emoji, image: row.image },
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
