import { describe, expect, it } from 'vitest';
import {
  confettiThreshold,
  deservesConfetti,
  formatPercent,
  landingRotation,
  slicesOf,
  sortSlices,
} from './spinnerMath';
import { formatHms } from '../formatHms';

const table = { rewardOptions: [5, 10, 20, 50, 100, 250], weights: [35, 30, 18, 10, 5, 2] };

describe('spinner page arithmetic', () => {
  it('cuts the wheel by weight', () => {
    const slices = slicesOf(table);
    expect(slices.map((s) => s.probability)).toEqual([0.35, 0.3, 0.18, 0.1, 0.05, 0.02]);
    expect(slices[0]?.start).toBe(0);
    expect(slices[5]?.end).toBeCloseTo(360);
  });

  it('fires confetti from the smallest reward among slices of probability at most 0.2', () => {
    expect(confettiThreshold(table)).toBe(20);
    expect(deservesConfetti(table, 19)).toBe(false);
    expect(deservesConfetti(table, 20)).toBe(true);
    expect(confettiThreshold({ rewardOptions: [1, 2], weights: [1, 1] })).toBeNull();
    // Exactly 0.2 counts.
    expect(confettiThreshold({ rewardOptions: [1, 9], weights: [4, 1] })).toBe(9);
  });

  it('lands the middle of the slice under the pointer, always turning forward', () => {
    for (const slice of [0, 3, 5]) {
      const rotation = landingRotation(1000, table, slice);
      expect(rotation).toBeGreaterThan(1000 + 4 * 360);
      const info = slicesOf(table)[slice]!;
      const under = ((-(rotation % 360) % 360) + 360) % 360;
      expect(under).toBeGreaterThanOrEqual(info.start);
      expect(under).toBeLessThan(info.end);
    }
  });

  it('formats countdowns and percents', () => {
    expect(formatHms(0)).toBe('00:00:00');
    expect(formatHms(3_600_000)).toBe('01:00:00');
    expect(formatHms(61_001)).toBe('00:01:02');
    expect(formatHms(86_399_000)).toBe('23:59:59');
    expect(formatHms(86_400_000 + 3000)).toBe('1d 0h');
    expect(formatHms(7 * 86_400_000 - 4000)).toBe('6d 23h');
    expect(formatHms(7 * 86_400_000)).toBe('7d 0h');
    expect(formatPercent(0.35)).toBe('35%');
    expect(formatPercent(1 / 3)).toBe('33.33%');
  });

  it('sorts by either column both ways', () => {
    const slices = slicesOf({ rewardOptions: [50, 5, 20], weights: [1, 5, 2] });
    expect(sortSlices(slices, 'reward', 'asc').map((s) => s.reward)).toEqual([5, 20, 50]);
    expect(sortSlices(slices, 'reward', 'desc').map((s) => s.reward)).toEqual([50, 20, 5]);
    expect(sortSlices(slices, 'probability', 'asc').map((s) => s.reward)).toEqual([50, 20, 5]);
    expect(sortSlices(slices, 'probability', 'desc').map((s) => s.reward)).toEqual([5, 20, 50]);
  });
});
