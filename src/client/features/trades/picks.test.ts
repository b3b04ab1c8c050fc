import { describe, expect, it } from 'vitest';
import { clampQuantity, pickedEntries } from './picks';

describe('trade quantities', () => {
  it('are clamped between 0 and the unlocked quantity', () => {
    expect(clampQuantity('5', 3)).toBe('3');
    expect(clampQuantity('2', 3)).toBe('2');
    expect(clampQuantity('-4', 3)).toBe('0');
    expect(clampQuantity('2.7', 3)).toBe('2');
    expect(clampQuantity('abc', 3)).toBe('0');
    expect(clampQuantity('1', 0)).toBe('0');
    expect(clampQuantity('', 3)).toBe('');
  });

  it('send only items above 0', () => {
    expect(pickedEntries({ '1': '2', '2': '0', '3': '', '4': '1' })).toEqual([
      { itemId: '1', quantity: 2 },
      { itemId: '4', quantity: 1 },
    ]);
  });
});
