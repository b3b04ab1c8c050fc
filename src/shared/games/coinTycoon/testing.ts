// Coin Tycoon's test helpers: seeded states, and a model that advances the world in small
// steps, one completed cycle at a time, for the closed forms to be checked against.
import { expect } from 'vitest';
import {
  costOf,
  maxAffordable,
  milestoneMultiplier,
  newTycoonState,
  settle,
  TYCOON_BOOST_MS,
  TYCOON_BUSINESSES,
  type Business,
  type BusinessKey,
  type TycoonState,
} from './rules';
import { buy, buyBoost, hireManager, startCycle } from './intents';
import { toJson } from './storage';
import { seededRandom } from '../engine/testing';

export const T0 = Date.UTC(2025, 0, 1, 12);
export const HOUR = 60 * 60_000;
export const [LEMONADE, NEWSPAPER] = TYCOON_BUSINESSES as readonly [
  Business,
  Business,
  ...Business[],
];

export type Random = ReturnType<typeof seededRandom>;

/** A BigInt roughly log-uniform up to 10^maxDigits. */
export function bigBelow(random: Random, maxDigits: number): bigint {
  const digits = 1 + random.below(maxDigits);
  let s = String(1 + random.below(9));
  for (let i = 1; i < digits; i++) s += String(random.below(10));
  return BigInt(s);
}

export const snapshot = (s: TycoonState): string => JSON.stringify(toJson(s));

/** A state with some businesses owned and managed, for hand-checked settles. */
export function stateWith(
  parts: Partial<TycoonState>,
  rows: Partial<
    Record<BusinessKey, { owned: number; managed?: boolean; cycleStart?: number | null }>
  > = {},
): TycoonState {
  const s = newTycoonState(T0);
  const businesses = { ...s.businesses };
  for (const [key, row] of Object.entries(rows) as [
    BusinessKey,
    { owned: number; managed?: boolean; cycleStart?: number | null },
  ][]) {
    businesses[key] = {
      owned: row.owned,
      managed: row.managed ?? false,
      cycleStart: row.cycleStart ?? (row.managed ? T0 : null),
    };
  }
  return { ...s, ...parts, businesses };
}

// ---- Simulation: the world advanced in small steps, one completed cycle at a time ----

export interface Model {
  /** Balance in fiftieths of a buck. */
  bucks50: bigint;
  owned: number[];
  managed: boolean[];
  /** When the running cycle completes, or null. */
  next: (number | null)[];
  investors: bigint;
  boostUntil: number;
  /** Cycles paid at x2, so the test can tell that boosts were crossed. */
  boostedPays: number;
}

export function advance(m: Model, t: number): void {
  TYCOON_BUSINESSES.forEach((b, i) => {
    while (m.next[i] !== null && m.next[i]! <= t) {
      const at = m.next[i]!;
      const pay =
        b.revenue *
        BigInt(m.owned[i]!) *
        BigInt(milestoneMultiplier(m.owned[i]!)) *
        (50n + m.investors) *
        (at <= m.boostUntil ? 2n : 1n);
      m.bucks50 += pay;
      if (at <= m.boostUntil) m.boostedPays++;
      m.next[i] = m.managed[i] ? at + b.cycleMs : null;
    }
  });
}

export type Action =
  | { kind: 'buy'; key: BusinessKey; n: number | 'max' }
  | { kind: 'manager' | 'start'; key: BusinessKey }
  | { kind: 'boost' };

export function randomAction(random: Random): Action {
  const key =
    TYCOON_BUSINESSES[random.below(random.below(2) === 0 ? 2 : TYCOON_BUSINESSES.length)]!.key;
  const r = random.below(10);
  if (r < 4)
    return {
      kind: 'buy',
      key,
      n: random.below(4) === 0 ? 'max' : 1 + random.below(random.below(2) === 0 ? 5 : 60),
    };
  if (r < 6) return { kind: 'manager', key };
  if (r < 9) return { kind: 'start', key };
  return { kind: 'boost' };
}

/** The intent on the real state. */
export function applyReal(s: TycoonState, a: Action, t: number): TycoonState {
  if (a.kind === 'buy') return buy(s, a.key, a.n, t);
  if (a.kind === 'manager') return hireManager(s, a.key, t);
  if (a.kind === 'start') return startCycle(s, a.key, t);
  return buyBoost(s, t);
}

/** The same intent on the model, by the rules as stated; false when it should be refused. */
export function applyModel(m: Model, a: Action, t: number): boolean {
  const whole = m.bucks50 / 50n;
  if (a.kind === 'boost') {
    const until = Math.max(m.boostUntil, t) + TYCOON_BOOST_MS;
    if (until - t > 24 * HOUR) return false;
    m.boostUntil = until;
    return true;
  }
  const i = TYCOON_BUSINESSES.findIndex((b) => b.key === a.key);
  const b = TYCOON_BUSINESSES[i]!;
  if (a.kind === 'buy') {
    const n = a.n === 'max' ? maxAffordable(b, m.owned[i]!, whole) : a.n;
    if (n === 0) return false;
    const cost = costOf(b, m.owned[i]!, n);
    if (cost > whole) return false;
    m.bucks50 -= cost * 50n;
    m.owned[i] = m.owned[i]! + n;
    return true;
  }
  if (m.owned[i] === 0 || m.managed[i]) return false;
  if (a.kind === 'manager') {
    if (whole < b.managerPrice) return false;
    m.bucks50 -= b.managerPrice * 50n;
    m.managed[i] = true;
    m.next[i] ??= t + b.cycleMs;
    return true;
  }
  if (m.next[i] !== null) return false;
  m.next[i] = t + b.cycleMs;
  return true;
}

export function expectAgree(s: TycoonState, m: Model, label: string): void {
  expect(s.bucks, label).toBe(m.bucks50 / 50n);
  expect(s.bucksFiftieths, label).toBe(Number(m.bucks50 % 50n));
  TYCOON_BUSINESSES.forEach((b, i) => {
    const row = s.businesses[b.key];
    expect(row.owned, label).toBe(m.owned[i]);
    expect(row.managed, label).toBe(m.managed[i]);
    expect(row.cycleStart === null ? null : row.cycleStart + b.cycleMs, `${label} ${b.key}`).toBe(
      m.next[i],
    );
  });
}

/** A random start: some bucks, investors and a boost ending somewhere in the first minutes. */
export function randomStart(random: Random): TycoonState {
  return {
    ...newTycoonState(T0),
    bucks: bigBelow(random, 9),
    investors: BigInt(random.below(3) === 0 ? 0 : random.below(120)),
    boostUntil: random.below(2) === 0 ? 0 : T0 + random.below(400_000),
  };
}

export function modelOf(s: TycoonState): Model {
  return {
    bucks50: s.bucks * 50n + BigInt(s.bucksFiftieths),
    owned: TYCOON_BUSINESSES.map((b) => s.businesses[b.key].owned),
    managed: TYCOON_BUSINESSES.map((b) => s.businesses[b.key].managed),
    next: TYCOON_BUSINESSES.map((b) => {
      const start = s.businesses[b.key].cycleStart;
      return start === null ? null : start + b.cycleMs;
    }),
    investors: s.investors,
    boostUntil: s.boostUntil,
    boostedPays: 0,
  };
}

/** A state after random play, for property tests that need varied states. */
export function playedState(random: Random, actions: number): TycoonState {
  let s = randomStart(random);
  let t = T0;
  for (let i = 0; i < actions; i++) {
    t += random.below(20_000);
    try {
      s = applyReal(s, randomAction(random), t);
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
    }
  }
  return settle(s, t).state;
}
