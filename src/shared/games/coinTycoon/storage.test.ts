// The tycoon's numbers on screen and its state as JSON.
import { describe, expect, it } from 'vitest';
import { cycleProgress, incomePerSecond, settle } from './rules';
import { formatBig, fromJson, toJson } from './storage';
import { bigBelow, NEWSPAPER, playedState, stateWith, T0 } from './testing';
import { seededRandom } from '../engine/testing';

describe('coin tycoon: display and storage', () => {
  it('formats big numbers to three significant digits, never rounding up', () => {
    const cases: [bigint, string][] = [
      [0n, '0'],
      [999n, '999'],
      [1_000n, '1.00K'],
      [1_234n, '1.23K'],
      [12_345n, '12.3K'],
      [999_999n, '999K'],
      [45_678_901n, '45.6M'],
      [7_891_234_567n, '7.89B'],
      [1_234_567_890_123n, '1.23T'],
      [999_999_999_999_999n, '999T'],
      [10n ** 15n, '1.00e15'],
      [1_234n * 10n ** 12n, '1.23e15'],
      [5n * 10n ** 300n, '5.00e300'],
      [-1_234n, '-1.23K'],
    ];
    for (const [n, text] of cases) expect(formatBig(n)).toBe(text);
  });

  it('round-trips through JSON with bigints as decimal strings, and refuses malformed state', () => {
    const random = seededRandom(2408);
    for (let i = 0; i < 30; i++) {
      const s = {
        ...playedState(random, 40),
        lifetimeBucks: bigBelow(random, 40),
        lastClaimDay: '2025-01-01',
      };
      const text = JSON.stringify(toJson(s));
      expect(fromJson(JSON.parse(text))).toEqual(s);
    }
    const good = toJson(stateWith({ bucks: 12n }, { lemonade: { owned: 1, managed: true } }));
    expect(good.bucks).toBe('12');
    expect(() => fromJson(null)).toThrow(RangeError);
    expect(() => fromJson({ ...good, bucks: '-1' })).toThrow('bucks');
    expect(() => fromJson({ ...good, bucks: 12 })).toThrow('bucks');
    expect(() => fromJson({ ...good, investors: '1e3' })).toThrow('investors');
    expect(() => fromJson({ ...good, bucksFiftieths: 50 })).toThrow('bucksFiftieths');
    expect(() =>
      fromJson({
        ...good,
        businesses: {
          ...good.businesses,
          lemonade: { owned: 1, managed: true, cycleStart: T0 - 600 },
        },
      }),
    ).toThrow('lemonade cycle');
    expect(() =>
      fromJson({
        ...good,
        businesses: { ...good.businesses, pizza: { owned: 0, managed: true, cycleStart: null } },
      }),
    ).toThrow('pizza manager');
    expect(() =>
      fromJson({ ...good, businesses: { ...good.businesses, shrimp: undefined } }),
    ).toThrow('shrimp');
  });

  it('the page can animate from the same functions: progress and income per second', () => {
    const s = stateWith({ bucks: 0n }, { newspaper: { owned: 25, managed: true } });
    expect(cycleProgress(s, 'newspaper', T0 + 1_500)).toBeCloseTo(0.5);
    expect(cycleProgress(s, 'lemonade', T0 + 1_500)).toBe(0);
    // 25 routes x 60 bucks x 2 (the first milestone) every 3 s.
    expect(NEWSPAPER.revenue * 25n * 2n).toBe(3_000n);
    expect(incomePerSecond(s, T0)).toBe(1_000);
    expect(incomePerSecond({ ...s, boostUntil: T0 + 1 }, T0)).toBe(2_000);
    expect(incomePerSecond(s, T0) * 3).toBe(Number(settle(s, T0 + 3_000).earned));
  });
});
