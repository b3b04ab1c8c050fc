import { describe, expect, it } from 'vitest';
import { createRng, dailySeed, deriveSeed } from './rng';

describe('seeded stream', () => {
  it('is SHA-256(SHA-256(seed) || 32-bit big-endian counter), read as big-endian words', () => {
    // Pinned from node:crypto: a change here changes every day's puzzles and breaks match-3
    // replays between a browser and a server on different versions.
    const rng = createRng('fair-and-square');
    expect([rng.uint32(), rng.uint32(), rng.uint32()]).toEqual([
      1874148357, 3214335973, 2775791745,
    ]);
    expect(dailySeed('k', '2025-01-01')).toBe(
      '00a9da5f7f70b5e04847a6e7f2ef74fa96dbe75b4e41ae22cd13f0defbc96bb1',
    );
  });

  it('repeats for a seed and differs between seeds', () => {
    const draw = (seed: string) => {
      const rng = createRng(seed);
      return Array.from({ length: 50 }, () => rng.uint32());
    };
    expect(draw('a')).toEqual(draw('a'));
    expect(draw('a')).not.toEqual(draw('b'));
  });

  it('derives independent labelled seeds', () => {
    expect(deriveSeed('s', 'sliding')).toMatch(/^[0-9a-f]{64}$/);
    expect(deriveSeed('s', 'sliding')).not.toBe(deriveSeed('s', 'memory'));
    expect(deriveSeed('s', 'sliding')).not.toBe(deriveSeed('t', 'sliding'));
  });

  it('draws integers in range, about evenly', () => {
    const rng = createRng('uniform');
    const counts = new Array<number>(8).fill(0);
    for (let i = 0; i < 70_000; i++) {
      const x = rng.int(7);
      const slot = Number.isInteger(x) && x >= 0 && x < 7 ? x : 7;
      counts[slot] = (counts[slot] ?? 0) + 1;
    }
    expect(counts.pop()).toBe(0);
    for (const count of counts) expect(Math.abs(count - 10_000)).toBeLessThan(500);
    expect(() => rng.int(0)).toThrow(RangeError);
    expect(() => rng.int(1.5)).toThrow(RangeError);
    expect(rng.int(1)).toBe(0);
  });

  it('shuffles into a permutation', () => {
    const rng = createRng('shuffle');
    const items = Array.from({ length: 20 }, (_, i) => i);
    const shuffled = rng.shuffle([...items]);
    expect(shuffled).not.toEqual(items);
    expect([...shuffled].sort((x, y) => x - y)).toEqual(items);
    expect(() => rng.pick([])).toThrow(RangeError);
  });
});
