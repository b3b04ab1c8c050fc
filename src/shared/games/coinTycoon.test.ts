// The tycoon's closed forms against step-by-step arithmetic and simulation, on seeded randomness
// so a failure replays exactly.
import { describe, expect, it } from 'vitest';
import {
  costOf,
  cycleIncome,
  cycleProgress,
  incomePerSecond,
  investorMultiplier,
  investorsFor,
  lifetimeForInvestors,
  maxAffordable,
  milestoneMultiplier,
  newTycoonState,
  settle,
  TYCOON_BOOST_MS,
  TYCOON_BOOST_PRICE_COINS,
  TYCOON_BUSINESSES,
  TYCOON_DAILY_COIN_MAX,
  TYCOON_MAX_BUY,
  TYCOON_OFFLINE_CAP_MS,
  TYCOON_STARTING_BUCKS,
  type Business,
  type BusinessKey,
  type TycoonState,
} from './coinTycoon';
import {
  buy,
  buyBoost,
  claimDividend,
  coinFlow,
  dividendCoins,
  hireManager,
  prestige,
  startCycle,
  TYCOON_INTENTS,
} from './coinTycoonIntents';
import { formatBig, fromJson, log10Big, toJson } from './coinTycoonStorage';
import { ONE, rational } from './rational';
import { seededRandom } from './testing';

const T0 = Date.UTC(2025, 0, 1, 12);
const HOUR = 60 * 60_000;
const [LEMONADE, NEWSPAPER] = TYCOON_BUSINESSES as readonly [Business, Business, ...Business[]];

type Random = ReturnType<typeof seededRandom>;

/** A BigInt roughly log-uniform up to 10^maxDigits. */
function bigBelow(random: Random, maxDigits: number): bigint {
  const digits = 1 + random.below(maxDigits);
  let s = String(1 + random.below(9));
  for (let i = 1; i < digits; i++) s += String(random.below(10));
  return BigInt(s);
}

const snapshot = (s: TycoonState): string => JSON.stringify(toJson(s));

/** A state with some businesses owned and managed, for hand-checked settles. */
function stateWith(parts: Partial<TycoonState>, rows: Partial<Record<BusinessKey, { owned: number; managed?: boolean; cycleStart?: number | null }>> = {}): TycoonState {
  const s = newTycoonState(T0);
  const businesses = { ...s.businesses };
  for (const [key, row] of Object.entries(rows) as [BusinessKey, { owned: number; managed?: boolean; cycleStart?: number | null }][]) {
    businesses[key] = { owned: row.owned, managed: row.managed ?? false, cycleStart: row.cycleStart ?? (row.managed ? T0 : null) };
  }
  return { ...s, ...parts, businesses };
}

describe('coin tycoon: businesses and costs', () => {
  it('publishes six businesses, the first cheap and fast, each later one dearer and slower', () => {
    expect(TYCOON_BUSINESSES).toHaveLength(6);
    expect(new Set(TYCOON_BUSINESSES.map((b) => b.key)).size).toBe(6);
    expect(LEMONADE).toMatchObject({ baseCost: 4n, cycleMs: 600, revenue: 1n });
    TYCOON_BUSINESSES.forEach((b, i) => {
      const rate = Number(b.growth.num) / Number(b.growth.den);
      expect(rate).toBeGreaterThanOrEqual(1.07);
      expect(rate).toBeLessThanOrEqual(1.15);
      const prev = TYCOON_BUSINESSES[i - 1];
      if (prev) {
        expect(b.baseCost).toBeGreaterThan(prev.baseCost * 10n);
        expect(b.cycleMs).toBeGreaterThan(prev.cycleMs);
        expect(b.managerPrice).toBeGreaterThan(prev.managerPrice);
      }
    });
    expect(costOf(LEMONADE, 0, 1)).toBe(4n);
    expect(costOf(LEMONADE, 1, 1)).toBe(5n); // 4.28 rounded up
    expect(costOf(LEMONADE, 5, 0)).toBe(0n);
  });

  it('costOf in closed form equals the exact sum of single-unit costs, rounded up once (300 random cases)', () => {
    const random = seededRandom(2401);
    for (let i = 0; i < 300; i++) {
      const b = TYCOON_BUSINESSES[random.below(TYCOON_BUSINESSES.length)]!;
      const owned = random.below(4) === 0 ? random.below(2000) : random.below(300);
      const n = 1 + random.below(random.below(3) === 0 ? 200 : 25);
      // Unit k costs base * p^(owned+k) / q^(owned+k); summed over the common denominator
      // q^(owned+n-1) one unit at a time, then rounded up once.
      const { num: p, den: q } = b.growth;
      let sum = 0n;
      for (let k = 0; k < n; k++) sum += b.baseCost * p ** BigInt(owned + k) * q ** BigInt(n - 1 - k);
      const den = q ** BigInt(owned + n - 1);
      expect(costOf(b, owned, n), `${b.key} owned ${owned} n ${n}`).toBe((sum + den - 1n) / den);
    }
  });

  it('maxAffordable is maximal: n is affordable and n + 1 is not, up to the cap (300 random cases)', () => {
    const random = seededRandom(2402);
    for (let i = 0; i < 300; i++) {
      const b = TYCOON_BUSINESSES[random.below(TYCOON_BUSINESSES.length)]!;
      const owned = random.below(500);
      const bucks = bigBelow(random, 40);
      const n = maxAffordable(b, owned, bucks);
      expect(costOf(b, owned, n) <= bucks).toBe(true);
      if (n < TYCOON_MAX_BUY) expect(costOf(b, owned, n + 1) > bucks, `${b.key} ${owned} ${bucks}`).toBe(true);
    }
    expect(maxAffordable(LEMONADE, 0, 3n)).toBe(0);
    expect(maxAffordable(LEMONADE, 0, 4n)).toBe(1);
    expect(maxAffordable(LEMONADE, 0, 10n ** 400n)).toBe(TYCOON_MAX_BUY);
  });

  it('doubles income at 25, 50, 100 and 200 owned', () => {
    const table = [0, 1, 24, 25, 49, 50, 99, 100, 199, 200, 5000].map(milestoneMultiplier);
    expect(table).toEqual([1, 1, 1, 2, 2, 4, 4, 8, 8, 16, 16]);
    const s = stateWith({}, { lemonade: { owned: 200 } });
    expect(cycleIncome(s, 'lemonade', false)).toEqual(rational(3200));
    expect(cycleIncome(s, 'lemonade', true)).toEqual(rational(6400));
  });
});

// ---- Simulation: the world advanced in small steps, one completed cycle at a time ----

interface Model {
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

function advance(m: Model, t: number): void {
  TYCOON_BUSINESSES.forEach((b, i) => {
    while (m.next[i] !== null && m.next[i]! <= t) {
      const at = m.next[i]!;
      const pay = b.revenue * BigInt(m.owned[i]!) * BigInt(milestoneMultiplier(m.owned[i]!)) * (50n + m.investors) * (at <= m.boostUntil ? 2n : 1n);
      m.bucks50 += pay;
      if (at <= m.boostUntil) m.boostedPays++;
      m.next[i] = m.managed[i] ? at + b.cycleMs : null;
    }
  });
}

type Action = { kind: 'buy'; key: BusinessKey; n: number | 'max' } | { kind: 'manager' | 'start'; key: BusinessKey } | { kind: 'boost' };

function randomAction(random: Random): Action {
  const key = TYCOON_BUSINESSES[random.below(random.below(2) === 0 ? 2 : TYCOON_BUSINESSES.length)]!.key;
  const r = random.below(10);
  if (r < 4) return { kind: 'buy', key, n: random.below(4) === 0 ? 'max' : 1 + random.below(random.below(2) === 0 ? 5 : 60) };
  if (r < 6) return { kind: 'manager', key };
  if (r < 9) return { kind: 'start', key };
  return { kind: 'boost' };
}

/** The intent on the real state. */
function applyReal(s: TycoonState, a: Action, t: number): TycoonState {
  if (a.kind === 'buy') return buy(s, a.key, a.n, t);
  if (a.kind === 'manager') return hireManager(s, a.key, t);
  if (a.kind === 'start') return startCycle(s, a.key, t);
  return buyBoost(s, t);
}

/** The same intent on the model, by the rules as stated; false when it should be refused. */
function applyModel(m: Model, a: Action, t: number): boolean {
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

function expectAgree(s: TycoonState, m: Model, label: string): void {
  expect(s.bucks, label).toBe(m.bucks50 / 50n);
  expect(s.bucksFiftieths, label).toBe(Number(m.bucks50 % 50n));
  TYCOON_BUSINESSES.forEach((b, i) => {
    const row = s.businesses[b.key];
    expect(row.owned, label).toBe(m.owned[i]);
    expect(row.managed, label).toBe(m.managed[i]);
    expect(row.cycleStart === null ? null : row.cycleStart + b.cycleMs, `${label} ${b.key}`).toBe(m.next[i]);
  });
}

/** A random start: some bucks, investors and a boost ending somewhere in the first minutes. */
function randomStart(random: Random): TycoonState {
  return {
    ...newTycoonState(T0),
    bucks: bigBelow(random, 9),
    investors: BigInt(random.below(3) === 0 ? 0 : random.below(120)),
    boostUntil: random.below(2) === 0 ? 0 : T0 + random.below(400_000),
  };
}

function modelOf(s: TycoonState): Model {
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
function playedState(random: Random, actions: number): TycoonState {
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

describe('coin tycoon: settling', () => {
  it('matches a step-by-step simulation exactly over random times, purchases, managers and boosts', () => {
    const random = seededRandom(2403);
    let refusals = 0;
    let accepted = 0;
    let boostedPays = 0;
    let pastMilestone = 0;
    for (let scenario = 0; scenario < 60; scenario++) {
      let s = randomStart(random);
      const m = modelOf(s);
      let t = T0;
      for (let step = 0; step < 250; step++) {
        t += 1 + random.below(random.below(10) === 0 ? 60_000 : 1_500);
        advance(m, t);
        if (random.below(5) !== 0) continue;
        const action = randomAction(random);
        const label = `scenario ${scenario} step ${step} ${JSON.stringify(action)}`;
        const before = snapshot(s);
        let next: TycoonState | null = null;
        try {
          next = applyReal(s, action, t);
        } catch (e) {
          if (!(e instanceof RangeError)) throw e;
        }
        expect(next !== null, label).toBe(applyModel(m, action, t));
        expect(snapshot(s), label).toBe(before);
        if (next) {
          s = next;
          accepted++;
        } else {
          s = settle(s, t).state;
          refusals++;
        }
        expectAgree(s, m, label);
      }
      t += random.below(HOUR);
      advance(m, t);
      expectAgree(settle(s, t).state, m, `scenario ${scenario} end`);
      boostedPays += m.boostedPays;
      if (m.owned.some((n) => n >= 25)) pastMilestone++;
    }
    // Both paths were exercised.
    expect(accepted).toBeGreaterThan(500);
    expect(refusals).toBeGreaterThan(500);
    expect(boostedPays).toBeGreaterThan(1000);
    expect(pastMilestone).toBeGreaterThan(10);
  });

  it('is associative within the cap: settle(settle(s, t1), t2) equals settle(s, t2), earnings included', () => {
    const random = seededRandom(2404);
    for (let i = 0; i < 200; i++) {
      const s = playedState(random, 5 + random.below(40));
      const t2 = s.lastSettled + random.below(random.below(2) === 0 ? 120_000 : TYCOON_OFFLINE_CAP_MS + 1);
      const t1 = s.lastSettled + random.below(t2 - s.lastSettled + 1);
      const once = settle(s, t2);
      const first = settle(s, t1);
      const twice = settle(first.state, t2);
      expect(snapshot(twice.state)).toBe(snapshot(once.state));
      expect(first.earned + twice.earned).toBe(once.earned);
      expect(snapshot(settle(once.state, t2).state)).toBe(snapshot(once.state));
      expect(settle(once.state, t2).earned).toBe(0n);
    }
  });

  it('a clock behind the last settle changes nothing', () => {
    const s = stateWith({ bucks: 0n }, { lemonade: { owned: 3, managed: true } });
    const later = settle(s, T0 + 10_000).state;
    const back = settle(later, T0 + 5_000);
    expect(back.state).toBe(later);
    expect(back.earned).toBe(0n);
  });

  it('pays managed income in whole cycles with the phase carried, and carries fractions of a buck', () => {
    const s = stateWith({ bucks: 0n, investors: 1n }, { lemonade: { owned: 1, managed: true } });
    const a = settle(s, T0 + 599);
    expect(a.earned).toBe(0n);
    const b = settle(s, T0 + 600);
    expect([b.earned, b.state.bucksFiftieths]).toEqual([1n, 1]); // 1.02 bucks
    const c = settle(s, T0 + 50 * 600 + 599);
    expect([c.earned, c.state.bucksFiftieths]).toEqual([51n, 0]); // 50 x 1.02
    expect(c.state.businesses.lemonade.cycleStart).toBe(T0 + 50 * 600);
    expect(cycleProgress(s, 'lemonade', T0 + 300)).toBeCloseTo(0.5);
    expect(c.state.lifetimeBucks).toBe(51n);
    expect(c.state.bucksSinceClaim).toBe(51n);
  });

  it('pays a manual cycle once when it completes, at the next settle, and then idles', () => {
    let s = stateWith({ bucks: 0n }, { newspaper: { owned: 2 } });
    expect(settle(s, T0 + HOUR).earned).toBe(0n); // nothing running
    s = startCycle(s, 'newspaper', T0 + 1_000);
    expect(() => startCycle(s, 'newspaper', T0 + 2_000)).toThrow('already working');
    expect(settle(s, T0 + 3_999).earned).toBe(0n);
    const done = settle(s, T0 + 4_000);
    expect(done.earned).toBe(120n);
    expect(done.state.businesses.newspaper.cycleStart).toBeNull();
    expect(settle(s, T0 + 5 * HOUR).earned).toBe(120n);
    expect(startCycle(done.state, 'newspaper', T0 + 4_000).businesses.newspaper.cycleStart).toBe(T0 + 4_000);
  });

  it('caps time away at 8 hours: the rest earns nothing, the running cycle keeps its progress', () => {
    const s = stateWith({ bucks: 0n }, { lemonade: { owned: 1, managed: true, cycleStart: T0 - 250 }, shrimp: { owned: 1, managed: true } });
    const eight = settle(s, T0 + 8 * HOUR);
    const nine = settle(s, T0 + 9 * HOUR);
    const hundred = settle(s, T0 + 100 * HOUR);
    // 8 h of Lemonade cycles (48,000, the first 250 ms in) and 300 Shrimp Boat cycles of 622,080.
    expect(eight.earned).toBe(48_000n + 300n * 622_080n);
    expect(nine.earned).toBe(eight.earned);
    expect(hundred.earned).toBe(eight.earned);
    expect(nine.state.businesses.lemonade.cycleStart).toBe(eight.state.businesses.lemonade.cycleStart! + HOUR);
    expect(nine.awaySummary).toEqual({ awayMs: 9 * HOUR, cappedMs: 8 * HOUR, earned: eight.earned });
    expect(settle(s, T0 + 60_000).awaySummary).toBeNull();
    expect(settle(s, T0 + 60_001).awaySummary).toMatchObject({ awayMs: 60_001, cappedMs: 60_001 });
    // Progress after the standstill continues from where it stood at the cap.
    expect(settle(nine.state, T0 + 9 * HOUR + 349).earned).toBe(0n);
    expect(settle(nine.state, T0 + 9 * HOUR + 350).earned).toBe(1n);
    // Coming back resets the away clock: two visits 8 h apart earn two capped stretches.
    expect(settle(eight.state, T0 + 16 * HOUR).earned).toBe(eight.earned);
  });

  it('splits the boost exactly at boostUntil, inside a settle or across two', () => {
    const base = stateWith({ bucks: 0n }, { lemonade: { owned: 1, managed: true } });
    for (const until of [T0 + 6_000, T0 + 6_300, T0 + 6_599]) {
      const s = { ...base, boostUntil: until };
      // Cycles completing at 600 ... 6,000 ms pay double (the one at 6,000 too), then 10 at x1.
      expect(settle(s, T0 + 12_000).earned).toBe(10n * 2n + 10n);
      const split = settle(settle(s, until).state, T0 + 12_000).state;
      expect(snapshot(split)).toBe(snapshot(settle(s, T0 + 12_000).state));
    }
    // Bought mid-way: cycles settled before the purchase stay x1.
    const boosted = buyBoost(base, T0 + 3_000);
    expect(boosted.boostUntil).toBe(T0 + 3_000 + TYCOON_BOOST_MS);
    expect(boosted.bucks).toBe(5n);
    expect(settle(boosted, T0 + 6_000).state.bucks).toBe(5n + 5n * 2n);
    // An expired boost pays nothing extra.
    expect(settle({ ...base, boostUntil: T0 - 1 }, T0 + 6_000).earned).toBe(10n);
  });
});

describe('coin tycoon: investors and prestige', () => {
  it('publishes investors = floor(sqrt(lifetime / 10^9)), +2% income each', () => {
    expect([0n, 999_999_999n, 10n ** 9n, 4n * 10n ** 9n - 1n, 4n * 10n ** 9n, 10n ** 11n, 10n ** 13n].map(investorsFor)).toEqual([0n, 0n, 1n, 1n, 2n, 10n, 100n]);
    const random = seededRandom(2405);
    for (let i = 0; i < 200; i++) {
      const lifetime = bigBelow(random, 60);
      const k = investorsFor(lifetime);
      expect(lifetimeForInvestors(k) <= lifetime).toBe(true);
      expect(lifetimeForInvestors(k + 1n) > lifetime).toBe(true);
    }
    expect(investorMultiplier(0n)).toEqual(ONE);
    expect(investorMultiplier(10n)).toEqual(rational(6, 5));
    expect(investorMultiplier(50n)).toEqual(rational(2));
  });

  it('selling the company resets businesses, managers and bucks, and keeps investors, lifetime, dividend count and boost', () => {
    const s = stateWith(
      { bucks: 123_456n, lifetimeBucks: 4n * 10n ** 9n, bucksSinceClaim: 777n, investors: 1n, boostUntil: T0 + HOUR, lastClaimDay: '2024-12-31' },
      { lemonade: { owned: 300, managed: true }, pizza: { owned: 7 } },
    );
    const p = prestige(s, T0);
    expect(p.investors).toBe(2n);
    expect(p.bucks).toBe(TYCOON_STARTING_BUCKS);
    expect(p.bucksFiftieths).toBe(0);
    expect(p.lifetimeBucks).toBe(s.lifetimeBucks);
    expect(p.bucksSinceClaim).toBe(777n);
    expect(p.boostUntil).toBe(T0 + HOUR);
    expect(p.lastClaimDay).toBe('2024-12-31');
    expect(p.prestiges).toBe(1);
    expect(p.businesses).toEqual(newTycoonState(T0).businesses);
    // Income earned up to the sale counts toward the investors.
    const almost = stateWith({ lifetimeBucks: 4n * 10n ** 9n - 1n, investors: 1n }, { lemonade: { owned: 1, managed: true } });
    expect(() => prestige(almost, T0)).toThrow(RangeError);
    expect(prestige(almost, T0 + 600).investors).toBe(2n);
  });
});

describe('coin tycoon: forged and invalid intents are refused and change nothing', () => {
  const refused = (s: TycoonState, intent: (s: TycoonState) => unknown, message: string | RegExp): void => {
    const before = snapshot(s);
    expect(() => intent(s)).toThrow(RangeError);
    expect(() => intent(s)).toThrow(message);
    expect(snapshot(s)).toBe(before);
  };

  it('a buy with bucks not yet earned: refused at t exactly when settle(t) falls short', () => {
    const s = stateWith({ bucks: 0n }, { lemonade: { owned: 10, managed: true } });
    const cost = costOf(LEMONADE, 10, 10);
    // Each Lemonade cycle pays 10 bucks now; find the first moment the balance covers the buy.
    const cycles = Number((cost + 9n) / 10n);
    const ready = T0 + cycles * 600;
    expect(settle(s, ready - 1).state.bucks < cost).toBe(true);
    refused(s, (x) => buy(x, 'lemonade', 10, ready - 1), `Not enough bucks: 10 Lemonade Stands cost ${formatBig(cost)}`);
    const bought = buy(s, 'lemonade', 10, ready);
    expect(bought.businesses.lemonade.owned).toBe(20);
    expect(bought.bucks).toBe(settle(s, ready).state.bucks - cost);
  });

  it('says what is short in a readable message', () => {
    const s = stateWith({ bucks: 0n }, { lemonade: { owned: 50 } });
    refused(s, (x) => buy(x, 'lemonade', 10, T0), 'Not enough bucks: 10 Lemonade Stands cost 1.62K');
    refused(s, (x) => buy(x, 'lemonade', 1, T0), 'Not enough bucks: 1 Lemonade Stand costs 118');
    refused(s, (x) => buy(x, 'lemonade', 'max', T0), 'Not enough bucks: 1 Lemonade Stand costs 118');
    refused(stateWith({ bucks: 0n }, { 'car-wash': { owned: 2 } }), (x) => buy(x, 'car-wash', 2, T0), /^Not enough bucks: 2 Car Washes cost/);
  });

  it('hiring a manager twice, without the business or without the bucks', () => {
    const s = stateWith({ bucks: 10n ** 7n }, { lemonade: { owned: 1 } });
    const hired = hireManager(s, 'lemonade', T0);
    expect(hired.bucks).toBe(10n ** 7n - LEMONADE.managerPrice);
    refused(hired, (x) => hireManager(x, 'lemonade', T0 + 1), 'already has a manager');
    refused(hired, (x) => startCycle(x, 'lemonade', T0 + 1), 'manager already runs it');
    refused(s, (x) => hireManager(x, 'newspaper', T0), 'Buy a Newspaper Route first');
    refused({ ...s, bucks: 999n }, (x) => hireManager(x, 'lemonade', T0), 'Not enough bucks: the Lemonade Stand manager costs 1.00K');
  });

  it('selling with no new investor, unknown businesses and bad counts', () => {
    const s = newTycoonState(T0);
    refused(s, (x) => prestige(x, T0), 'no new investors; the next joins at 1.00B lifetime bucks');
    refused({ ...s, lifetimeBucks: 3n * 10n ** 9n, investors: 1n }, (x) => prestige(x, T0), 'the next joins at 4.00B');
    refused(s, (x) => buy(x, 'oil-rig', 1, T0), 'No such business: oil-rig');
    for (const n of [0, -1, 1.5, TYCOON_MAX_BUY + 1, Number.NaN]) refused(s, (x) => buy(x, 'lemonade', n, T0), 'Buy between 1 and 10,000 at once');
    refused(s, (x) => startCycle(x, 'donut', T0), 'Buy a Donut Shop first');
    expect(() => settle(s, 1.5)).toThrow(RangeError);
  });

  it('a new company can play at once: start the stand, buy more, buy the max', () => {
    const s = newTycoonState(T0);
    expect(s.businesses.lemonade.owned).toBe(1);
    expect(startCycle(s, 'lemonade', T0).businesses.lemonade.cycleStart).toBe(T0);
    expect(buy(s, 'lemonade', 1, T0).bucks).toBe(TYCOON_STARTING_BUCKS - 5n);
    expect(buy(s, 'lemonade', 'max', T0).businesses.lemonade.owned).toBe(3);
  });
});

describe('coin tycoon: coins', () => {
  it('the dividend is floor(40 log10(1 + bucks)) exactly, matching Math.log10 wherever a double decides it', () => {
    const random = seededRandom(2406);
    let compared = 0;
    for (let i = 0; i < 2000; i++) {
      const x = Math.floor(10 ** (random.float() * 15.5)) - 1;
      const byFloat = Math.min(TYCOON_DAILY_COIN_MAX, Math.floor(40 * Math.log10(1 + x)));
      const exact = 40 * Math.log10(1 + x);
      if (Math.abs(exact - Math.round(exact)) < 1e-9) continue; // a double cannot decide the floor here
      expect(dividendCoins(BigInt(x)), String(x)).toBe(byFloat);
      compared++;
    }
    expect(compared).toBeGreaterThan(1900);
    // The boundaries where a double could round either way, exact: 10^k and 10^12.5.
    for (let k = 1; k <= 12; k++) {
      expect(dividendCoins(10n ** BigInt(k) - 1n)).toBe(40 * k);
      if (k > 1) expect(dividendCoins(10n ** BigInt(k) - 2n)).toBe(40 * k - 1);
    }
    // sqrt(10^25) = 3,162,277,660,168.38: one more buck crosses 500.
    expect(dividendCoins(3_162_277_660_167n)).toBe(499);
    expect(dividendCoins(3_162_277_660_168n)).toBe(500);
    expect([0n, -5n, 1n, 10n ** 13n, 10n ** 4000n].map(dividendCoins)).toEqual([0, 0, 12, 500, 500]);
  });

  it('log10Big agrees with Math.log10 for doubles and stays accurate for huge values', () => {
    const random = seededRandom(2407);
    for (let i = 0; i < 500; i++) {
      const n = bigBelow(random, 300);
      expect(Math.abs(log10Big(n) - Math.log10(Number(n)))).toBeLessThan(1e-12);
    }
    for (let i = 0; i < 200; i++) {
      const m = 1 + random.below(1_000_000);
      const k = 300 + random.below(5000);
      expect(Math.abs(log10Big(BigInt(m) * 10n ** BigInt(k)) - (k + Math.log10(m)))).toBeLessThan(1e-9);
    }
    expect(log10Big(1n)).toBe(0);
    expect(() => log10Big(0n)).toThrow(RangeError);
  });

  it('the dividend is claimed once per UTC day and restarts the count', () => {
    const s = stateWith({ bucksSinceClaim: 999n }, { lemonade: { owned: 1, managed: true } });
    const { state: claimed, coins } = claimDividend(s, T0);
    expect(coins).toBe(120);
    expect(claimed.bucksSinceClaim).toBe(0n);
    expect(claimed.lastClaimDay).toBe('2025-01-01');
    expect(() => claimDividend(claimed, T0 + 11 * HOUR + 59 * 60_000)).toThrow('already claimed today');
    const tomorrow = claimDividend(claimed, T0 + 12 * HOUR); // 00:00 UTC on the 2nd
    expect(tomorrow.state.lastClaimDay).toBe('2025-01-02');
    expect(tomorrow.coins).toBe(dividendCoins(settle(claimed, T0 + 12 * HOUR).earned));
    expect(() => claimDividend(newTycoonState(T0), T0)).toThrow('still 0 coins');
  });

  it('the faucet is bounded by the published daily maximum and the boost only ever costs coins', () => {
    expect(TYCOON_DAILY_COIN_MAX).toBe(500);
    expect(TYCOON_INTENTS.reduce((sum, i) => sum + Math.max(0, coinFlow(i).max), 0)).toBe(TYCOON_DAILY_COIN_MAX);
    expect(coinFlow('boost')).toEqual({ min: -TYCOON_BOOST_PRICE_COINS, max: -TYCOON_BOOST_PRICE_COINS });
    for (const i of TYCOON_INTENTS) if (i !== 'claim' && i !== 'boost') expect(coinFlow(i)).toEqual({ min: 0, max: 0 });
    // Boosts stack up to 24 h ahead.
    let s = newTycoonState(T0);
    for (let i = 1; i <= 6; i++) {
      s = buyBoost(s, T0);
      expect(s.boostUntil).toBe(T0 + i * TYCOON_BOOST_MS);
    }
    expect(() => buyBoost(s, T0)).toThrow('already stocked');
    expect(buyBoost(s, T0 + TYCOON_BOOST_MS).boostUntil).toBe(T0 + 7 * TYCOON_BOOST_MS);
  });
});

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
      const s = { ...playedState(random, 40), lifetimeBucks: bigBelow(random, 40), lastClaimDay: '2025-01-01' };
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
    expect(() => fromJson({ ...good, businesses: { ...good.businesses, lemonade: { owned: 1, managed: true, cycleStart: T0 - 600 } } })).toThrow('lemonade cycle');
    expect(() => fromJson({ ...good, businesses: { ...good.businesses, pizza: { owned: 0, managed: true, cycleStart: null } } })).toThrow('pizza manager');
    expect(() => fromJson({ ...good, businesses: { ...good.businesses, shrimp: undefined } })).toThrow('shrimp');
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
