// Pure arithmetic behind the spinner page, kept out of the components so it is unit-tested.
import type { SpinnerTableDto } from '../../../../shared/games/spinner/contract';

export interface SliceInfo {
  index: number;
  reward: number;
  weight: number;
  /** Chance in [0, 1]. */
  probability: number;
  /** Degrees clockwise from the pointer at the top. */
  start: number;
  end: number;
}

export function slicesOf(table: SpinnerTableDto): SliceInfo[] {
  const total = table.weights.reduce((sum, w) => sum + w, 0);
  let at = 0;
  return table.rewardOptions.map((reward, index) => {
    const weight = table.weights[index] ?? 0;
    const probability = total > 0 ? weight / total : 0;
    const start = at;
    at += probability * 360;
    return { index, reward, weight, probability, start, end: at };
  });
}

/** Spec section 4: confetti when the reward reaches the smallest reward among slices of probability <= 0.2. */
export function confettiThreshold(table: SpinnerTableDto): number | null {
  const rare = slicesOf(table).filter((s) => s.probability <= 0.2 + 1e-12);
  return rare.length === 0 ? null : Math.min(...rare.map((s) => s.reward));
}

export const deservesConfetti = (table: SpinnerTableDto, reward: number): boolean => {
  const threshold = confettiThreshold(table);
  return threshold !== null && reward >= threshold;
};

/**
 * The wheel's next rotation (degrees, only ever growing so it turns forward) that brings the
 * middle of `slice` under the pointer at the top after `turns` full turns.
 */
export function landingRotation(
  current: number,
  table: SpinnerTableDto,
  slice: number,
  turns = 5,
): number {
  const info = slicesOf(table)[slice];
  if (!info) return current;
  const middle = (info.start + info.end) / 2;
  // Rotating the wheel by R moves the angle a to a + R; the pointer is at 0 (mod 360).
  const target = (360 - middle) % 360;
  const base = current - (((current % 360) + 360) % 360);
  return base + turns * 360 + target;
}

export const formatPercent = (probability: number): string =>
  `${(probability * 100).toFixed(2).replace(/\.?0+$/, '')}%`;

export type SortColumn = 'reward' | 'probability';
export type SortDirection = 'asc' | 'desc';

export function sortSlices(
  slices: readonly SliceInfo[],
  column: SortColumn,
  direction: SortDirection,
): SliceInfo[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...slices].sort((a, b) => sign * (a[column] - b[column]) || a.index - b.index);
}
