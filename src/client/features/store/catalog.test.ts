import { describe, expect, it } from 'vitest';
import type { StoreItemDto } from '../../../shared/api/store';
import { shelfView } from './catalog';

const item = (
  name: string,
  type: StoreItemDto['type'],
  price: number,
  stock: number,
): StoreItemDto => ({
  _id: name,
  name,
  type,
  effect: 'No effect',
  effectType: null,
  effectValue: null,
  price,
  stock,
  image: null,
  emoji: null,
  description: '',
  retired: false,
});

const items = [
  item('Crown', 'cosmetic', 1500, 25),
  item('apple', 'badge', 10, 500),
  item('Bomb', 'power-up', 600, 60),
  item('Gone', 'badge', 1, 0),
];

describe('shelfView', () => {
  it('hides sold-out items and filters by type', () => {
    expect(shelfView(items, 'all', 'title', 'asc').map((i) => i.name)).toEqual([
      'apple',
      'Bomb',
      'Crown',
    ]);
    expect(shelfView(items, 'badge', 'title', 'asc').map((i) => i.name)).toEqual(['apple']);
  });

  it('sorts by price and by stock (rarity), both ways', () => {
    expect(shelfView(items, 'all', 'price', 'desc').map((i) => i.name)).toEqual([
      'Crown',
      'Bomb',
      'apple',
    ]);
    expect(shelfView(items, 'all', 'stock', 'asc').map((i) => i.name)).toEqual([
      'Crown',
      'Bomb',
      'apple',
    ]);
    expect(shelfView(items, 'all', 'title', 'desc').map((i) => i.name)).toEqual([
      'Crown',
      'Bomb',
      'apple',
    ]);
  });
});
