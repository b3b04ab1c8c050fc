// Exact fractions on BigInt. Published RTPs and Minefield multipliers are ratios of large
// binomials (C(144, 72) is about 1.5e42); doubles would make the fairness page and the payout
// disagree in the last digit, so both go through these.

/** Always reduced, with a positive denominator, so equal values have equal fields. */
export interface Rational {
  readonly num: bigint;
  readonly den: bigint;
}

const abs = (x: bigint): bigint => (x < 0n ? -x : x);

function gcd(a: bigint, b: bigint): bigint {
  a = abs(a);
  b = abs(b);
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

export function rational(num: bigint | number, den: bigint | number = 1n): Rational {
  let n = BigInt(num);
  let d = BigInt(den);
  if (d === 0n) throw new RangeError('denominator is zero');
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  const g = gcd(n, d);
  return g > 1n ? { num: n / g, den: d / g } : { num: n, den: d };
}

export const ZERO: Rational = { num: 0n, den: 1n };
export const ONE: Rational = { num: 1n, den: 1n };

export const add = (a: Rational, b: Rational): Rational =>
  rational(a.num * b.den + b.num * a.den, a.den * b.den);
export const sub = (a: Rational, b: Rational): Rational =>
  rational(a.num * b.den - b.num * a.den, a.den * b.den);
export const mul = (a: Rational, b: Rational): Rational => rational(a.num * b.num, a.den * b.den);
export const div = (a: Rational, b: Rational): Rational => rational(a.num * b.den, a.den * b.num);
export const compare = (a: Rational, b: Rational): number => {
  const left = a.num * b.den;
  const right = b.num * a.den;
  return left < right ? -1 : left > right ? 1 : 0;
};

/** floor(value) for value >= 0. */
export const floorOf = (r: Rational): bigint => r.num / r.den;

/** Nearest double; only for display and tolerances, never for paying. */
export const toNumber = (r: Rational): number => Number(r.num) / Number(r.den);

/** Decimal text rounded half up at `digits` decimals, exactly: 14/15 -> '0.9333'. */
export function toDecimalString(r: Rational, digits: number): string {
  const negative = r.num < 0n;
  const scale = 10n ** BigInt(digits);
  const scaled = (abs(r.num) * scale * 2n + r.den) / (r.den * 2n);
  const whole = (scaled / scale).toString();
  const fraction = digits > 0 ? '.' + (scaled % scale).toString().padStart(digits, '0') : '';
  return (negative && scaled !== 0n ? '-' : '') + whole + fraction;
}

/** Percent text rounded half up: 14/15 -> '93.33%'. */
export const toPercentString = (r: Rational, digits = 2): string =>
  toDecimalString(mul(r, rational(100)), digits) + '%';

/** '14/15', or '1' for whole numbers. */
export const toFractionString = (r: Rational): string =>
  r.den === 1n ? r.num.toString() : `${r.num}/${r.den}`;

/** n choose k as a BigInt; 0 outside 0 <= k <= n. */
export function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  k = Math.min(k, n - k);
  let result = 1n;
  for (let i = 1; i <= k; i++) result = (result * BigInt(n - k + i)) / BigInt(i);
  return result;
}
