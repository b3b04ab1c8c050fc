import { describe, expect, it } from 'vitest';
import type { ShopItemDto } from '../../../../../shared/games/virtualPet/contract';
import {
  canAfford,
  currencyOf,
  effectText,
  fundsFor,
  hasQuantity,
  parseQuantity,
  petSpeciesOf,
} from './shopView';

const item = (over: Partial<ShopItemDto>): ShopItemDto => ({
  _id: 'berry-bites',
  name: 'Berry Bites',
  type: 'other',
  tab: 'foods',
  emoji: '🫐',
  rarity: 'Common',
  description: '',
  effect: { affectionBonus: 2, expBonus: 20 },
  quantity: 1,
  price: 10,
  coinType: 'pet',
  slot: null,
  availableTo: null,
  ...over,
});

describe('pet shop', () => {
  it('reads the species of a pets-tab item from its _id', () => {
    expect(petSpeciesOf('pet:emberpup')).toBe('emberpup');
    expect(petSpeciesOf('pet-zapkit')).toBe('zapkit');
    expect(petSpeciesOf('zapkit')).toBe('zapkit');
  });

  it('takes quantities of 1 to 99 only', () => {
    expect(parseQuantity('1')).toBe(1);
    expect(parseQuantity(' 99 ')).toBe(99);
    for (const bad of ['0', '100', '', '2.5', '-1', 'abc']) expect(parseQuantity(bad)).toBeNull();
  });

  it('prices in gold for coinType user, pet coins otherwise', () => {
    expect(currencyOf('user')).toBe('gold');
    expect(currencyOf('pet')).toBe('pet coins');
    const user = {
      balance: 1000,
      resources: { coins: 50, shards: 0, food: {}, toys: {}, cosmetics: {}, nextClaim: null },
    };
    expect(fundsFor(item({ coinType: 'user' }), user)).toBe(1000);
    expect(fundsFor(item({ coinType: 'pet' }), user)).toBe(50);
    expect(fundsFor(item({}), undefined)).toBeUndefined();
    expect(canAfford(50, 50)).toBe(true);
    expect(canAfford(51, 50)).toBe(false);
    expect(canAfford(51, undefined)).toBe(true);
  });

  it('says each tab its own effect line', () => {
    expect(hasQuantity(item({ tab: 'shards' }))).toBe(true);
    expect(hasQuantity(item({ tab: 'cosmetics' }))).toBe(false);
    expect(effectText(item({}))).toBe('+20 EXP · +2 affection');
    expect(effectText(item({ tab: 'cosmetics', slot: 'hat', availableTo: 'sproutling' }))).toBe(
      'Worn on the hat · for Sproutling',
    );
    expect(effectText(item({ tab: 'cosmetics', slot: 'back', availableTo: 'any' }))).toBe(
      'Worn on the back · for any critter',
    );
    expect(effectText(item({ tab: 'shards', quantity: 100 }))).toBe(
      '100 shards per bundle, for unlocking traits',
    );
  });
});
