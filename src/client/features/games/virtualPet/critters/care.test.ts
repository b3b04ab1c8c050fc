import { describe, expect, it } from 'vitest';
import type { CosmeticDto } from '../../../../../shared/games/virtualPet/contract';
import { FOODS, TRAITS } from '../../../../../shared/games/virtualPet/catalog';
import {
  CATALOGUE_TRAIT_OFFERS,
  canOpenTraitShop,
  clampPercent,
  heldGoods,
  isEquipped,
  notEnoughShards,
  traitsToBuy,
  wearableCosmetics,
  wornCosmetics,
} from './care';

const cosmetic = (over: Partial<CosmeticDto>): CosmeticDto => ({
  _id: 'party-hat',
  name: 'Party Hat',
  emoji: '🥳',
  slot: 'hat',
  availableTo: 'any',
  rarity: 'Common',
  owned: 1,
  equippedOn: [],
  ...over,
});

describe('critter card', () => {
  it('lists held goods in catalogue order, without empty ones, unknown keys last', () => {
    expect(
      heldGoods({ 'honey-cake': 1, 'berry-bites': 3, 'crunchy-kibble': 0, 'new-snack': 2 }, FOODS),
    ).toEqual([
      { key: 'berry-bites', name: 'Berry Bites', emoji: '🫐', count: 3 },
      { key: 'honey-cake', name: 'Honey Cake', emoji: '🍯', count: 1 },
      { key: 'new-snack', name: 'new-snack', emoji: '📦', count: 2 },
    ]);
    expect(heldGoods({}, FOODS)).toEqual([]);
  });

  it('offers only held cosmetics that fit the species or any', () => {
    const all = [
      cosmetic({ _id: 'party-hat' }),
      cosmetic({ _id: 'flower-crown', availableTo: 'sproutling' }),
      cosmetic({ _id: 'bell-collar', availableTo: 'emberpup', slot: 'neck' }),
      cosmetic({ _id: 'red-scarf', owned: 0, slot: 'neck' }),
    ];
    expect(wearableCosmetics({ species: 'sproutling' }, all).map((c) => c._id)).toEqual([
      'party-hat',
      'flower-crown',
    ]);
    expect(wearableCosmetics({ species: 'emberpup' }, all).map((c) => c._id)).toEqual([
      'party-hat',
      'bell-collar',
    ]);
  });

  it('knows what is worn in which slot', () => {
    const critter = { equippedCosmetics: { hat: 'party-hat', back: 'fairy-wings' } };
    expect(isEquipped(critter, { _id: 'party-hat', slot: 'hat' })).toBe(true);
    expect(isEquipped(critter, { _id: 'top-hat', slot: 'hat' })).toBe(false);
    expect(wornCosmetics(critter).map((w) => `${w.slot}:${w.emoji}`)).toEqual([
      'hat:🥳',
      'back:🪽',
    ]);
  });

  it('sells the traits a critter lacks, cheapest first, from 50 shards', () => {
    const list = traitsToBuy({ traits: { forager: true } }, CATALOGUE_TRAIT_OFFERS);
    expect(list).toHaveLength(TRAITS.length - 1);
    expect(list.some((t) => t.key === 'forager')).toBe(false);
    expect(list[0]?.cost).toBe(30);
    expect(list.at(-1)?.cost).toBe(250);
    expect(canOpenTraitShop(49)).toBe(false);
    expect(canOpenTraitShop(50)).toBe(true);
    expect(notEnoughShards(75)).toBe('Not enough shards! (75 required)');
  });

  it('keeps bars between 0 and 100', () => {
    expect(clampPercent(-3)).toBe(0);
    expect(clampPercent(140)).toBe(100);
    expect(clampPercent(Number.NaN)).toBe(0);
    expect(clampPercent(42.4)).toBe(42);
  });
});
