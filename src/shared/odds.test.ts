import { describe, expect, it } from 'vitest';
import {
  hasAtMostTwoDecimals,
  parlayPayoutPreview,
  parlayProgressPercent,
  payoutFor,
  totalOddsHundredths,
} from './odds';

describe('odds maths', () => {
  it('multiplies legs exactly and rounds half up to hundredths', () => {
    expect(totalOddsHundredths([250, 200])).toBe(500);
    expect(totalOddsHundredths([250, 200, 133])).toBe(665);
    expect(totalOddsHundredths([105, 105])).toBe(110); // 1.1025 -> 1.10
    expect(totalOddsHundredths([115, 115])).toBe(132); // 1.3225 -> 1.32
    expect(totalOddsHundredths([150, 101])).toBe(152); // 1.515 -> 1.52 (half up, no float error)
    expect(totalOddsHundredths(Array(10).fill(1000))).toBe(1e12);
  });

  it('floors payouts', () => {
    expect(payoutFor(100, 250)).toBe(250);
    expect(payoutFor(3, 133)).toBe(3);
    expect(payoutFor(7, 235)).toBe(16);
  });

  it('checks two decimals despite float noise', () => {
    expect(hasAtMostTwoDecimals(2.35)).toBe(true);
    expect(hasAtMostTwoDecimals(1.01)).toBe(true);
    expect(hasAtMostTwoDecimals(2.355)).toBe(false);
  });

  it('follows the spec for the parlay preview and progress bar', () => {
    expect(parlayPayoutPreview(10, 6.65)).toBe('66.50');
    expect(parlayPayoutPreview(0, 6.65)).toBeNull();
    expect(parlayPayoutPreview(10, 1)).toBeNull();
    expect(parlayProgressPercent(2.5)).toBe(25);
    expect(parlayProgressPercent(14)).toBe(100);
  });
});
