// The tycoon's closed forms against step-by-step arithmetic and simulation, on seeded randomness
// so a failure replays exactly.
import { describe, expect, it } from 'vitest';
import {
  costOf,
  cycleIncome,
  cycleProgress,
  investorMultiplier,
  investorsFor,
  lifetimeForInvestors,
  maxAffordable,
  milestoneMultiplier,
  newTycoonState,
  settle,
  TYCOON_BOOST_MS,
  TYCOON_BUSINESSES,
  TYCOON_MAX_BUY,
  TYCOON_OFFLINE_CAP_MS,
  TYCOON_STARTING_BUCKS,
  type TycoonState,
} from './rules';
import { buyBoost, prestige, startCycle } from './intents';
import { ONE, rational } from '../engine/rational';
import {
  advance,
  applyModel,
  applyReal,
  bigBelow,
  expectAgree,
  HOUR,
  LEMONADE,
  modelOf,
  playedState,
  randomAction,
  randomStart,
  snapshot,
  stateWith,
  T0,
} from './testing';
import { seededRandom } from '../engine/testing';

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
      for (let k = 0; k < n; k++)
        sum += b.baseCost * p ** BigInt(owned + k) * q ** BigInt(n - 1 - k);
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
      if (n < TYCOON_MAX_BUY)
        expect(costOf(b, owned, n + 1) > bucks, `${b.key} ${owned} ${bucks}`).toBe(true);
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
      const t2 =
        s.lastSettled + random.below(random.below(2) === 0 ? 120_000 : TYCOON_OFFLINE_CAP_MS + 1);
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
    expect(startCycle(done.state, 'newspaper', T0 + 4_000).businesses.newspaper.cycleStart).toBe(
      T0 + 4_000,
    );
  });

  it('caps time away at 8 hours: the rest earns nothing, the running cycle keeps its progress', () => {
    const s = stateWith(
      { bucks: 0n },
      {
        lemonade: { owned: 1, managed: true, cycleStart: T0 - 250 },
        shrimp: { owned: 1, managed: true },
      },
    );
    const eight = settle(s, T0 + 8 * HOUR);
    const nine = settle(s, T0 + 9 * HOUR);
    const hundred = settle(s, T0 + 100 * HOUR);
    // 8 h of Lemonade cycles (48,000, the first 250 ms in) and 300 Shrimp Boat cycles of 622,080.
    expect(eight.earned).toBe(48_000n + 300n * 622_080n);
    expect(nine.earned).toBe(eight.earned);
    expect(hundred.earned).toBe(eight.earned);
    expect(nine.state.businesses.lemonade.cycleStart).toBe(
      eight.state.businesses.lemonade.cycleStart! + HOUR,
    );
    expect(nine.awaySummary).toEqual({
      awayMs: 9 * HOUR,
      cappedMs: 8 * HOUR,
      earned: eight.earned,
    });
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
    expect(
      [
        0n,
        999_999_999n,
        10n ** 9n,
        4n * 10n ** 9n - 1n,
        4n * 10n ** 9n,
        10n ** 11n,
        10n ** 13n,
      ].map(investorsFor),
    ).toEqual([0n, 0n, 1n, 1n, 2n, 10n, 100n]);
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
      {
        bucks: 123_456n,
        lifetimeBucks: 4n * 10n ** 9n,
        bucksSinceClaim: 777n,
        investors: 1n,
        boostUntil: T0 + HOUR,
        lastClaimDay: '2024-12-31',
      },
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
    const almost = stateWith(
      { lifetimeBucks: 4n * 10n ** 9n - 1n, investors: 1n },
      { lemonade: { owned: 1, managed: true } },
    );
    expect(() => prestige(almost, T0)).toThrow(RangeError);
    expect(prestige(almost, T0 + 600).investors).toBe(2n);
  });
});
