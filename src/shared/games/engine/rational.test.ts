import { describe, expect, it } from 'vitest';
import {
  add,
  binomial,
  compare,
  div,
  floorOf,
  mul,
  rational,
  sub,
  toDecimalString,
  toFractionString,
  toPercentString,
} from './rational';

describe('rational', () => {
  it('keeps fractions reduced with a positive denominator', () => {
    expect(rational(6, -4)).toEqual({ num: -3n, den: 2n });
    expect(rational(0, 5)).toEqual({ num: 0n, den: 1n });
    expect(() => rational(1, 0)).toThrow(RangeError);
    expect(add(rational(1, 3), rational(1, 6))).toEqual(rational(1, 2));
    expect(sub(rational(1, 3), rational(1, 2))).toEqual(rational(-1, 6));
    expect(mul(rational(2, 3), rational(9, 4))).toEqual(rational(3, 2));
    expect(div(rational(2, 3), rational(4, 9))).toEqual(rational(3, 2));
    expect(compare(rational(14, 15), rational(93, 100))).toBe(1);
    expect(floorOf(rational(3564, 100))).toBe(35n);
  });

  it('prints exact decimals, percents and fractions rounding half up', () => {
    expect(toDecimalString(rational(14, 15), 4)).toBe('0.9333');
    expect(toDecimalString(rational(1, 8), 2)).toBe('0.13');
    expect(toDecimalString(rational(-1, 8), 2)).toBe('-0.13');
    expect(toDecimalString(rational(7, 2), 0)).toBe('4');
    expect(toPercentString(rational(14, 15))).toBe('93.33%');
    expect(toPercentString(rational(1))).toBe('100.00%');
    expect(toFractionString(rational(14, 15))).toBe('14/15');
    expect(toFractionString(rational(3))).toBe('3');
  });

  it('computes binomials exactly', () => {
    expect(binomial(25, 3)).toBe(2300n);
    expect(binomial(9, 7)).toBe(36n);
    expect(binomial(5, 6)).toBe(0n);
    expect(binomial(144, 72)).toBe(binomial(143, 71) + binomial(143, 72));
  });
});
