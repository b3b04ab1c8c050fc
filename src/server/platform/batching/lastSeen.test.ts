import { describe, expect, it } from 'vitest';
import { lastSeen } from './lastSeen';

describe('lastSeen', () => {
  it('keeps one entry per key, the newest value; null forgets it', () => {
    const seen = lastSeen<number, string>(10)({});
    seen.set(1, 'a');
    seen.set(1, 'b');
    expect(seen.get(1)).toBe('b');
    seen.set(1, null);
    expect(seen.get(1)).toBeUndefined();
  });

  it('holds at most `max` entries: the one written longest ago goes first, and writing a key again makes it the newest', () => {
    const seen = lastSeen<number, string>(3)({});
    seen.set(1, 'a');
    seen.set(2, 'b');
    seen.set(3, 'c');
    // Written again, 1 is now the newest; a read changes nothing.
    seen.set(1, 'a2');
    expect(seen.get(2)).toBe('b');
    seen.set(4, 'd');
    expect([1, 2, 3, 4].map((k) => seen.get(k))).toEqual(['a2', undefined, 'c', 'd']);
    seen.set(5, 'e');
    expect([1, 3, 4, 5].map((k) => seen.get(k))).toEqual(['a2', undefined, 'd', 'e']);
  });

  it('keeps each database apart', () => {
    const of = lastSeen<number, string>(3);
    const [db, other] = [{}, {}];
    of(db).set(1, 'here');
    expect(of(db).get(1)).toBe('here');
    expect(of(other).get(1)).toBeUndefined();
  });
});
