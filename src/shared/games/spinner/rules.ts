import { FairStream } from '../engine/fairness';
import { rational, type Rational } from '../engine/rational';

/** A wheel's reward table as the spec names it (games.md section 3): parallel lists. */
export interface SpinnerTable {
  rewardOptions: readonly number[];
  weights: readonly number[];
}

export interface SpinnerResult {
  index: number;
  reward: number;
}

// floor(f x W) is exact only while a uint32 times W fits a double's 53 bits.
const SPINNER_MAX_TOTAL_WEIGHT = 2 ** 21;

/** Throws unless rewards are whole coins >= 0 and weights positive integers totalling <= 2^21. */
function assertSpinnerTable(table: SpinnerTable): void {
  const { rewardOptions, weights } = table;
  if (rewardOptions.length === 0 || rewardOptions.length !== weights.length) {
    throw new RangeError('a spinner needs as many weights as rewards, at least one');
  }
  if (!rewardOptions.every((reward) => Number.isSafeInteger(reward) && reward >= 0)) {
    throw new RangeError('spinner rewards must be whole coins >= 0');
  }
  if (!weights.every((weight) => Number.isSafeInteger(weight) && weight > 0)) {
    throw new RangeError('spinner weights must be positive integers');
  }
  if (totalWeight(table) > SPINNER_MAX_TOTAL_WEIGHT)
    throw new RangeError('spinner weights must total at most 2^21');
}

const totalWeight = (table: SpinnerTable): number =>
  table.weights.reduce((sum, weight) => sum + weight, 0);

/**
 * Slice i owns the integers [w_0 + ... + w_(i-1), w_0 + ... + w_i) and the float picks
 * floor(f x W) among 0..W-1, so a slice's chance is its weight / W (to within 2^-32).
 */
export function sliceOf(table: SpinnerTable, float: number): number {
  let target = Math.floor(float * totalWeight(table));
  for (let i = 0; i < table.weights.length; i++) {
    target -= table.weights[i] ?? 0;
    if (target < 0) return i;
  }
  return table.weights.length - 1; // unreachable for f < 1
}

export function spin(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  table: SpinnerTable,
): SpinnerResult {
  assertSpinnerTable(table);
  const index = sliceOf(table, new FairStream(serverSeed, clientSeed, nonce).next());
  return { index, reward: table.rewardOptions[index] ?? 0 };
}

export const sliceProbability = (table: SpinnerTable, index: number): Rational =>
  rational(table.weights[index] ?? 0, totalWeight(table));

/** Sum of reward x weight over total weight, in coins per spin, exact. */
export function spinnerExpectedValue(table: SpinnerTable): Rational {
  assertSpinnerTable(table);
  let sum = 0n;
  table.rewardOptions.forEach(
    (reward, i) => (sum += BigInt(reward) * BigInt(table.weights[i] ?? 0)),
  );
  return rational(sum, totalWeight(table));
}
