import { describe, expect, it } from 'vitest';
import { formatCoins, formatDate, formatSignedCoins } from './format';
import { resolveImageUrl } from './images';

describe('format', () => {
  it('uses thousands separators and signs deltas', () => {
    expect(formatCoins(1234567)).toBe('1,234,567');
    expect(formatSignedCoins(1500)).toBe('+1,500');
    expect(formatSignedCoins(-25)).toBe('-25');
  });

  it('formats dates en-GB and survives bad input', () => {
    expect(formatDate('2024-03-05T12:00:00Z')).toBe('05/03/2024');
    expect(formatDate('nope')).toBe('—');
  });

  it('resolves relative and absolute image paths', () => {
    expect(resolveImageUrl('/uploads/a.webp')).toBe('/uploads/a.webp');
    expect(resolveImageUrl('uploads/a.webp')).toBe('/uploads/a.webp');
    expect(resolveImageUrl('https://cdn.test/a.png')).toBe('https://cdn.test/a.png');
    expect(resolveImageUrl(null)).toBeNull();
  });
});
