// The critter card's arithmetic, free of React so it is tested on its own (care.test.ts).
import type { CosmeticDto, CritterDto } from '../../../../../shared/games/virtualPet/contract';
import {
  COSMETIC_SLOTS,
  TRAIT_COST,
  TRAITS,
  describeTrait,
  goodOf,
  traitOf,
  type CosmeticSlot,
  type Good,
  type TraitRarity,
} from '../../../../../shared/games/virtualPet/catalog';

export interface HeldGood {
  key: string;
  name: string;
  emoji: string;
  count: number;
}

/**
 * What is held of foods or toys, in the catalogue's order, units at 0 left out. A key the
 * catalogue does not know (a newer server) is still listed, by its key.
 */
export function heldGoods(held: Record<string, number>, catalogue: readonly Good[]): HeldGood[] {
  const known = new Set(catalogue.map((g) => g.key));
  const listed = catalogue
    .filter((g) => (held[g.key] ?? 0) > 0)
    .map((g) => ({ key: g.key, name: g.name, emoji: g.emoji, count: held[g.key] ?? 0 }));
  const unknown = Object.entries(held)
    .filter(([key, count]) => !known.has(key) && count > 0)
    .map(([key, count]) => ({
      key,
      name: goodOf(key)?.name ?? key,
      emoji: goodOf(key)?.emoji ?? '📦',
      count,
    }));
  return [...listed, ...unknown];
}

/** Spec section 5: the cosmetics offered are those held that fit the critter's species or 'any'. */
export function wearableCosmetics(
  critter: Pick<CritterDto, 'species'>,
  cosmetics: readonly CosmeticDto[],
): CosmeticDto[] {
  return cosmetics.filter(
    (c) => c.owned > 0 && (c.availableTo === 'any' || c.availableTo === critter.species),
  );
}

export const isEquipped = (
  critter: Pick<CritterDto, 'equippedCosmetics'>,
  cosmetic: Pick<CosmeticDto, '_id' | 'slot'>,
): boolean => critter.equippedCosmetics[cosmetic.slot] === cosmetic._id;

/** Slot by slot, what the critter wears (the cosmetics list first, the catalogue as a fallback). */
export function wornCosmetics(
  critter: Pick<CritterDto, 'equippedCosmetics'>,
  cosmetics: readonly Pick<CosmeticDto, '_id' | 'name' | 'emoji'>[] = [],
): { slot: CosmeticSlot; key: string; name: string; emoji: string }[] {
  return COSMETIC_SLOTS.flatMap((slot) => {
    const key = critter.equippedCosmetics[slot];
    if (!key) return [];
    const known = cosmetics.find((c) => c._id === key) ?? goodOf(key);
    return [{ slot, key, name: known?.name ?? key, emoji: known?.emoji ?? '✨' }];
  });
}

/** One entry of the trait shop: from GET /api/shop/items when loaded, else from the shared catalogue. */
export interface TraitOffer {
  key: string;
  name: string;
  rarity: TraitRarity;
  cost: number;
  description: string;
}

export const CATALOGUE_TRAIT_OFFERS: readonly TraitOffer[] = TRAITS.map((t) => ({
  key: t.key,
  name: t.name,
  rarity: t.rarity,
  cost: TRAIT_COST[t.rarity],
  description: describeTrait(t),
}));

/** The traits a critter does not have yet, cheapest first (then by name). */
export function traitsToBuy(
  critter: Pick<CritterDto, 'traits'>,
  offers: readonly TraitOffer[],
): TraitOffer[] {
  return offers
    .filter((t) => !critter.traits[t.key])
    .sort((a, b) => a.cost - b.cost || a.name.localeCompare(b.name));
}

/** The Purchase Traits button needs this many shards (spec section 9). */
export const PURCHASE_TRAITS_MIN_SHARDS = 50;

export const canOpenTraitShop = (shards: number): boolean => shards >= PURCHASE_TRAITS_MIN_SHARDS;

/** Spec section 5: 'Not enough shards! ({cost} required)'. */
export const notEnoughShards = (cost: number): string => `Not enough shards! (${cost} required)`;

export const traitName = (key: string): string => traitOf(key)?.name ?? key;

/** A bar's fill, 0 to 100 whatever the input. */
export const clampPercent = (value: number): number =>
  Number.isFinite(value) ? Math.min(100, Math.max(0, Math.round(value))) : 0;
