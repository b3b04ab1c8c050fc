import type { ItemType, StoreItemDto } from '../../../shared/api/store';

/** Spec section 9: the store's filter types and sort keys (stock is labelled 'Rarity'). */
export type TypeFilter = 'all' | ItemType;
export const TYPE_FILTERS: { value: TypeFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'badge', label: 'Badge' },
  { value: 'power-up', label: 'Power-up' },
  { value: 'cosmetic', label: 'Cosmetic' },
];

export type SortKey = 'title' | 'price' | 'stock';
export const SORT_KEYS: { value: SortKey; label: string }[] = [
  { value: 'title', label: 'Title' },
  { value: 'price', label: 'Price' },
  { value: 'stock', label: 'Rarity' },
];
export type SortDirection = 'asc' | 'desc';

const compare: Record<SortKey, (a: StoreItemDto, b: StoreItemDto) => number> = {
  title: (a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }),
  price: (a, b) => a.price - b.price,
  stock: (a, b) => a.stock - b.stock,
};

/** What the purchase grid shows: items with stock left (spec section 4), filtered and sorted; ties by name. */
export function shelfView(
  items: readonly StoreItemDto[],
  filter: TypeFilter,
  sort: SortKey,
  direction: SortDirection,
): StoreItemDto[] {
  const sign = direction === 'asc' ? 1 : -1;
  return items
    .filter((item) => item.stock > 0 && (filter === 'all' || item.type === filter))
    .sort((a, b) => sign * compare[sort](a, b) || compare.title(a, b));
}
