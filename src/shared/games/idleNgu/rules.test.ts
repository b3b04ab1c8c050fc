// The idle trainer's closed forms checked against plain step-by-step models (seeded, so a
// failure reproduces), and its intents against forged input.
import { describe, expect, it } from 'vitest';
import {
  allocate,
  bossHp,
  canBeat,
  canRebirth,
  energyFor,
  energyOf,
  energyTimeForLevel,
  fight,
  firstKillCoins,
  formatBig,
  formatMultiplier,
  fromJson,
  IDLE_AWAY_SUMMARY_MS,
  IDLE_MAX_ENERGY,
  IDLE_MAX_LIFETIME_COINS,
  IDLE_OFFLINE_CAP_MS,
  IDLE_TOWER_BOSSES,
  IDLE_TRAINING_BASE,
  IDLE_TRAININGS,
  IDLE_UNITS_PER_ENERGY_SECOND,
  isqrt,
  levelOf,
  levelsOf,
  maxLifetimeCoins,
  msToNextLevel,
  multiplierTenthsOf,
  newIdleState,
  power,
  powerOf,
  rebirth,
  settle,
  strongestBeatable,
  toJson,
  trainingLevel,
  type Allocations,
  type IdleState,
  type Training,
} from './rules';
import { mul, rational, type Rational } from '../engine/rational';
import { seededRandom } from '../engine/testing';

const T0 = 1_700_000_000_000;
const HOUR = 3_600_000;
const U = IDLE_UNITS_PER_ENERGY_SECOND;

const random = seededRandom(2401);
/** A BigInt of up to `bits` random bits. */
function randomBig(bits: number): bigint {
  let x = 0n;
  for (let i = 0; i < bits; i += 32) x = (x << 32n) | BigInt(random.u32());
  return x & ((1n << BigInt(bits)) - 1n);
}

function deepFreeze<T>(x: T): T {
  if (typeof x === 'object' && x !== null) {
    for (const v of Object.values(x)) deepFreeze(v);
    Object.freeze(x);
  }
  return x;
}

const allocs = (attack: number, defense: number, speed: number, magic: number): Allocations => ({
  attack,
  defense,
  speed,
  magic,
});

/** A random allocation within `energy`, sometimes leaving energy idle. */
function randomAllocation(energy: number): Allocations {
  let left = energy - random.below(3);
  const pick = (): number => {
    const v = random.below(Math.max(0, left) + 1);
    left -= v;
    return v;
  };
  return allocs(pick(), pick(), pick(), pick());
}

/** A state in the middle of some run: rebirths, multiplier and energy-time all random. */
function randomState(): IdleState {
  const rebirths = random.below(6);
  const rebirthBoss = rebirths === 0 ? 0 : rebirths + random.below(40);
  const highestKill = rebirthBoss + random.below(10);
  return fromJson({
    allocations: randomAllocation(energyFor(rebirths)),
    energyTime: {
      attack: String(randomBig(40)),
      defense: String(randomBig(36)),
      speed: String(randomBig(20)),
      magic: '0',
    },
    rebirths,
    rebirthBoss,
    bestBoss: random.below(highestKill + 1),
    highestKill,
    lastSettleMs: T0 + random.below(HOUR),
  });
}

/** A state whose power beats every boss of the tower. */
function mightyState(overrides: Partial<IdleState> = {}): IdleState {
  const big = energyTimeForLevel(10n ** 5n, 30);
  return {
    ...newIdleState(T0),
    energyTime: { attack: big, defense: big, speed: big, magic: big },
    ...overrides,
  };
}

describe('idle trainer: levels', () => {
  it('isqrt is floor(sqrt(n)) for small, square-adjacent and huge n', () => {
    for (let n = 0n; n < 2000n; n++) {
      const r = isqrt(n);
      expect(r * r <= n && (r + 1n) * (r + 1n) > n).toBe(true);
    }
    for (let i = 0; i < 300; i++) {
      const r = randomBig(1 + random.below(400));
      const sq = r * r;
      expect(isqrt(sq)).toBe(r);
      if (sq > 0n) expect(isqrt(sq - 1n)).toBe(r - 1n);
      expect(isqrt(sq + 2n * r)).toBe(r);
      expect(isqrt(sq + 2n * r + 1n)).toBe(r + 1n);
    }
    expect(() => isqrt(-1n)).toThrow(RangeError);
  });

  it('level N -> N+1 costs (N+1) x base energy-seconds, so level N needs base x N(N+1)/2', () => {
    expect(levelOf(0n, 10)).toMatchObject({ level: 0n, into: 0n, cost: 10n * U });
    expect(levelOf(10n * U - 1n, 10).level).toBe(0n);
    expect(levelOf(10n * U, 10)).toMatchObject({ level: 1n, into: 0n, cost: 20n * U });
    expect(levelOf(30n * U, 10).level).toBe(2n);
    expect(levelOf(60n * U, 10).level).toBe(3n);
    expect(energyTimeForLevel(4n, 15)).toBe(150n * U);
    expect(levelOf(25n * U, 10).progress).toBe(0.75);
  });

  it('the closed form matches levelling up step by step over random increments (300 runs)', () => {
    for (let run = 0; run < 300; run++) {
      const t = IDLE_TRAININGS[run % 4]!;
      const base = IDLE_TRAINING_BASE[t];
      let total = 0n;
      let level = 0n;
      let into = 0n;
      const steps = 1 + random.below(40);
      for (let s = 0; s < steps; s++) {
        // Mostly small, sometimes many levels at once.
        const delta = random.below(4) === 0 ? randomBig(30) : BigInt(random.below(50_000_000));
        total += delta;
        into += delta;
        while (into >= BigInt(base) * U * (level + 1n)) {
          into -= BigInt(base) * U * (level + 1n);
          level++;
        }
        const closed = levelOf(total, base);
        expect(closed.level).toBe(level);
        expect(closed.into).toBe(into);
        expect(closed.cost).toBe(BigInt(base) * U * (level + 1n));
        expect(
          trainingLevel(
            {
              ...newIdleState(T0),
              energyTime: { attack: 0n, defense: 0n, speed: 0n, magic: 0n, [t]: total },
            },
            t,
          ).level,
        ).toBe(level);
      }
    }
  });

  it('the closed form is exact for huge energy-time and at every level boundary (600 cases)', () => {
    for (let i = 0; i < 600; i++) {
      const base = IDLE_TRAINING_BASE[IDLE_TRAININGS[i % 4]!];
      // Levels from tiny to ~2^200, where doubles are long gone.
      const n = i < 50 ? BigInt(i) : randomBig(1 + random.below(200));
      const at = energyTimeForLevel(n, base);
      if (n > 0n) expect(levelOf(at - 1n, base).level).toBe(n - 1n);
      expect(levelOf(at, base)).toMatchObject({ level: n, into: 0n });
      expect(levelOf(at + 1n, base).level).toBe(n);
      expect(levelOf(energyTimeForLevel(n + 1n, base) - 1n, base).level).toBe(n);
      // Arbitrary huge totals obey the defining inequality.
      const total = randomBig(1 + random.below(500));
      const { level, into, cost } = levelOf(total, base);
      expect(
        energyTimeForLevel(level, base) <= total && total < energyTimeForLevel(level + 1n, base),
      ).toBe(true);
      expect(into + energyTimeForLevel(level, base)).toBe(total);
      expect(cost).toBe(energyTimeForLevel(level + 1n, base) - energyTimeForLevel(level, base));
    }
  });
});

describe('idle trainer: offline progress', () => {
  it('settle matches a step-by-step simulation over random times and reallocations, exactly (200 runs)', () => {
    for (let run = 0; run < 200; run++) {
      const start = randomState();
      const mult = BigInt(multiplierTenthsOf(start));
      // Reference: energy-time added step by step with the allocation then in force.
      const ref = { ...start.energyTime } as Record<Training, bigint>;
      let alloc: Allocations = start.allocations;
      let now = start.lastSettleMs;
      // Path A settles at every step; path B only when it reallocates (before its gap passes 12 h, so
      // the cap never applies to either).
      let a = start;
      let b = start;
      const steps = 1 + random.below(150);
      for (let s = 0; s < steps; s++) {
        const dt = random.below(5) === 0 ? random.below(2 * HOUR) : random.below(5_000);
        now += dt;
        for (const t of IDLE_TRAININGS) ref[t] += BigInt(alloc[t]) * BigInt(dt) * mult;
        a = settle(a, now).state;
        if (random.below(8) === 0 || now - b.lastSettleMs > 10 * HOUR) {
          alloc = randomAllocation(energyOf(start));
          a = allocate(a, alloc, now);
          b = allocate(b, alloc, now);
        }
        expect(a.energyTime).toEqual(ref);
      }
      b = settle(b, now).state;
      expect(b).toEqual(a);
      expect(a.lastSettleMs).toBe(now);
      expect(a.allocations).toEqual(alloc);
      // Levels from the reference's totals, levelled up one at a time.
      for (const t of IDLE_TRAININGS) {
        let level = 0n;
        let left = ref[t];
        while (left >= BigInt(IDLE_TRAINING_BASE[t]) * U * (level + 1n) && level < 100_000n) {
          left -= BigInt(IDLE_TRAINING_BASE[t]) * U * (level + 1n);
          level++;
        }
        if (level < 100_000n) expect(levelsOf(a)[t]).toBe(level);
      }
    }
  });

  it('settling twice equals settling once when the cap does not apply (300 cases)', () => {
    for (let i = 0; i < 300; i++) {
      const s = randomState();
      const t2 = s.lastSettleMs + random.below(IDLE_OFFLINE_CAP_MS + 1);
      const t1 = s.lastSettleMs + random.below(t2 - s.lastSettleMs + 1);
      expect(settle(settle(s, t1).state, t2).state).toEqual(settle(s, t2).state);
    }
  });

  it('one energy for one second at x1.0 is one energy-second', () => {
    const s = allocate(newIdleState(T0), allocs(1, 0, 0, 0), T0);
    expect(settle(s, T0 + 1000).state.energyTime.attack).toBe(U);
    // 10 s of 1 energy is attack level 1; the next level is 20 s further.
    const later = settle(s, T0 + 10_000).state;
    expect(trainingLevel(later, 'attack').level).toBe(1n);
    expect(msToNextLevel(later, 'attack')).toBe(20_000);
    expect(msToNextLevel(later, 'magic')).toBeNull();
  });

  it('caps offline progress at 12 h and summarises time away over 60 s', () => {
    const s = allocate(newIdleState(T0), allocs(4, 3, 2, 1), T0);
    const { state, away } = settle(s, T0 + 30 * HOUR);
    const capped = BigInt(IDLE_OFFLINE_CAP_MS) * 10n;
    expect(state.energyTime).toEqual({
      attack: 4n * capped,
      defense: 3n * capped,
      speed: 2n * capped,
      magic: capped,
    });
    expect(state.lastSettleMs).toBe(T0 + 30 * HOUR);
    expect(away).toEqual({
      awayMs: 30 * HOUR,
      cappedMs: 12 * HOUR,
      levelsGained: {
        attack: Number(levelOf(4n * capped, 10).level),
        defense: Number(levelOf(3n * capped, 15).level),
        speed: Number(levelOf(2n * capped, 20).level),
        magic: Number(levelOf(capped, 30).level),
      },
    });
    // Exactly 12 h is not cut; anything beyond is.
    expect(settle(s, T0 + IDLE_OFFLINE_CAP_MS - 1).state.energyTime.magic).toBe(capped - 10n);
    expect(settle(s, T0 + IDLE_OFFLINE_CAP_MS).state.energyTime.magic).toBe(capped);
    expect(settle(s, T0 + IDLE_OFFLINE_CAP_MS + 1).state.energyTime.magic).toBe(capped);
    // A summary only for gaps over a minute.
    expect(settle(s, T0 + IDLE_AWAY_SUMMARY_MS).away).toBeNull();
    expect(settle(s, T0 + IDLE_AWAY_SUMMARY_MS + 1).away?.awayMs).toBe(IDLE_AWAY_SUMMARY_MS + 1);
    // The cap is per gap: two 12 h gaps count 24 h.
    const twice = settle(settle(s, T0 + 12 * HOUR).state, T0 + 24 * HOUR).state;
    expect(twice.energyTime.magic).toBe(2n * capped);
  });

  it('a clock that runs backwards settles nothing and never counts time twice', () => {
    const s = allocate(newIdleState(T0), allocs(10, 0, 0, 0), T0 + HOUR);
    expect(settle(s, T0).state).toBe(s);
    expect(settle(settle(s, T0).state, T0 + 2 * HOUR).state).toEqual(
      settle(s, T0 + 2 * HOUR).state,
    );
    expect(() => settle(s, 1.5)).toThrow(RangeError);
    expect(() => settle(s, Number.NaN)).toThrow(RangeError);
  });
});

describe('idle trainer: power and the boss tower', () => {
  it('power = (1 + atk)(1 + def)(1 + floor(spd / 2))(1 + floor(mag / 3)) x multiplier, rounded down', () => {
    expect(powerOf({ attack: 0n, defense: 0n, speed: 0n, magic: 0n }, 10)).toBe(1n);
    expect(powerOf({ attack: 3n, defense: 4n, speed: 5n, magic: 7n }, 10)).toBe(4n * 5n * 3n * 3n);
    expect(powerOf({ attack: 3n, defense: 4n, speed: 5n, magic: 7n }, 13)).toBe((180n * 13n) / 10n);
    expect(powerOf({ attack: 1n, defense: 0n, speed: 1n, magic: 2n }, 15)).toBe(3n);
    expect(power(newIdleState(T0))).toBe(1n);
  });

  it('boss HP is ceil(10 x (27/20)^n), exactly, for n = 1..100', () => {
    let hp: Rational = rational(10);
    for (let n = 1; n <= IDLE_TOWER_BOSSES; n++) {
      hp = mul(hp, rational(27, 20));
      const ceil = (hp.num + hp.den - 1n) / hp.den;
      expect(bossHp(n)).toBe(ceil);
      if (n <= 40) expect(Math.abs(Number(bossHp(n)) - 10 * 1.35 ** n)).toBeLessThanOrEqual(1);
    }
    expect(bossHp(1)).toBe(14n);
    expect(bossHp(2)).toBe(19n);
    expect(formatBig(bossHp(100))).toBe('107T');
    expect(formatBig(bossHp(120))).toBe('4.36e16');
    expect(() => bossHp(0)).toThrow(RangeError);
    expect(() => bossHp(1.5)).toThrow(RangeError);
  });

  it('canBeat holds from exactly the rounded-up HP, and not one below', () => {
    for (let n = 1; n <= IDLE_TOWER_BOSSES; n++) {
      expect(canBeat(bossHp(n), n)).toBe(true);
      expect(canBeat(bossHp(n) - 1n, n)).toBe(false);
      expect(canBeat(bossHp(n) + 1n, n)).toBe(true);
    }
    expect(canBeat(0n, 1)).toBe(false);
    expect(strongestBeatable(newIdleState(T0))).toBe(0);
    expect(strongestBeatable(mightyState())).toBe(IDLE_TOWER_BOSSES);
  });
});

describe('idle trainer: fights, coins and rebirth', () => {
  it('pays 10 + 2n coins for the first-ever kill of boss n only, even across rebirths', () => {
    let s = mightyState();
    let r = fight(s, 1, T0);
    expect(r).toMatchObject({ won: true, coins: 12 });
    s = r.state;
    expect(s).toMatchObject({ bestBoss: 1, highestKill: 1 });
    expect(fight(s, 1, T0).coins).toBe(0);
    s = fight(s, 2, T0).state;
    s = fight(s, 3, T0).state;
    expect(fight(s, 2, T0)).toMatchObject({ won: true, coins: 0 });
    s = rebirth(s, T0 + 1);
    expect(s).toMatchObject({ bestBoss: 0, highestKill: 3, rebirthBoss: 3, rebirths: 1 });
    // After the rebirth the climb starts again; kills below the highest pay nothing.
    s = { ...s, energyTime: mightyState().energyTime };
    for (let n = 1; n <= 3; n++) {
      r = fight(s, n, T0 + 2);
      expect(r.coins).toBe(0);
      s = r.state;
    }
    r = fight(s, 4, T0 + 2);
    expect(r.coins).toBe(firstKillCoins(4));
    expect(r.coins).toBe(18);
  });

  it('fight settles first, so training that finished since the last request counts', () => {
    // Power 1 at the start; boss 1 (14 HP) falls within the hour the energy trains.
    const s = allocate(newIdleState(T0), allocs(4, 3, 2, 1), T0);
    expect(() => fight(s, 1, T0)).toThrow(RangeError);
    const r = fight(s, 1, T0 + HOUR);
    expect(r.coins).toBe(12);
    expect(r.state.lastSettleMs).toBe(T0 + HOUR);
    expect(r.state.energyTime).toEqual(settle(s, T0 + HOUR).state.energyTime);
  });

  it('lifetime coins are bounded by the tower: 100 x 111 = 11,100', () => {
    expect(maxLifetimeCoins(0)).toBe(0);
    expect(maxLifetimeCoins(1)).toBe(12);
    let sum = 0;
    for (let n = 1; n <= IDLE_TOWER_BOSSES; n++) {
      sum += firstKillCoins(n);
      expect(maxLifetimeCoins(n)).toBe(sum);
    }
    expect(IDLE_MAX_LIFETIME_COINS).toBe(11_100);
    // Killing the whole tower, twice over with rebirths between, pays exactly the bound.
    let s = mightyState();
    let paid = 0;
    for (let lap = 0; lap < 3; lap++) {
      for (let n = 1; n <= IDLE_TOWER_BOSSES; n++) {
        const r = fight(s, n, T0);
        paid += r.coins;
        s = r.state;
      }
      expect(() => fight(s, IDLE_TOWER_BOSSES + 1, T0)).toThrow('The tower has 100 bosses');
      if (canRebirth(s)) s = { ...rebirth(s, T0), energyTime: mightyState().energyTime };
    }
    expect(paid).toBe(IDLE_MAX_LIFETIME_COINS);
    expect(() => maxLifetimeCoins(-1)).toThrow(RangeError);
  });

  it('greedy bots over 60 days earn no more than the bound, at most about 5,400 coins in a day', () => {
    // Every 10 minutes: spread the energy evenly (the product of levels is largest that way),
    // climb as far as the power goes, and rebirth once the run has stalled for `stallHours`.
    const maxPerDay: number[] = [];
    for (const stallHours of [0.5, 1, 2, 4, 12]) {
      let s = newIdleState(T0);
      let coins = 0;
      let lastProgress = T0;
      const perDay: number[] = [];
      for (let day = 0; day < 60; day++) {
        let today = 0;
        for (let tick = 1; tick <= 144; tick++) {
          const now = T0 + day * 24 * HOUR + tick * 600_000;
          const e = energyOf(s);
          const even = Math.floor(e / 4);
          s = allocate(
            s,
            allocs(
              even + (e % 4 > 0 ? 1 : 0),
              even + (e % 4 > 1 ? 1 : 0),
              even + (e % 4 > 2 ? 1 : 0),
              even,
            ),
            now,
          );
          while (s.bestBoss < IDLE_TOWER_BOSSES && canBeat(power(s), s.bestBoss + 1)) {
            const r = fight(s, s.bestBoss + 1, now);
            today += r.coins;
            s = r.state;
            lastProgress = now;
          }
          if (now - lastProgress >= stallHours * HOUR && canRebirth(s)) {
            s = rebirth(s, now);
            lastProgress = now;
          }
        }
        coins += today;
        perDay.push(today);
      }
      expect(coins).toBe(maxLifetimeCoins(s.highestKill));
      expect(coins).toBeLessThanOrEqual(IDLE_MAX_LIFETIME_COINS);
      expect(s.highestKill).toBeGreaterThanOrEqual(95);
      expect(Math.max(...perDay)).toBe(perDay[0]);
      maxPerDay.push(perDay[0]!);
    }
    // Day one is the richest: a fresh tower's cheap floors. The numbers the closing note quotes.
    expect(Math.max(...maxPerDay)).toBe(5372);
  });

  it('rebirth: multiplier 1 + best boss / 10, 2 more energy, trainings reset', () => {
    let s = mightyState();
    for (let n = 1; n <= 7; n++) s = fight(s, n, T0).state;
    s = allocate(s, allocs(1, 2, 3, 4), T0);
    const r = rebirth(s, T0 + 5000);
    expect(r).toEqual({
      allocations: allocs(0, 0, 0, 0),
      energyTime: { attack: 0n, defense: 0n, speed: 0n, magic: 0n },
      rebirths: 1,
      rebirthBoss: 7,
      bestBoss: 0,
      highestKill: 7,
      lastSettleMs: T0 + 5000,
    });
    expect(multiplierTenthsOf(r)).toBe(17);
    expect(formatMultiplier(multiplierTenthsOf(r))).toBe('x1.7');
    expect(energyOf(r)).toBe(12);
    expect(power(r)).toBe(1n);
    // The multiplier speeds training (x1.7 energy-time) and scales power.
    const trained = settle(allocate(r, allocs(1, 0, 0, 0), T0 + 5000), T0 + 6000).state;
    expect(trained.energyTime.attack).toBe(17n * 1000n);
    expect(powerOf({ attack: 9n, defense: 0n, speed: 0n, magic: 0n }, 17)).toBe(17n);
    // Refused until the run beats boss 7 again and goes further.
    expect(canRebirth(r)).toBe(false);
    expect(() => rebirth(r, T0 + 6000)).toThrow('Beat a boss before you rebirth');
    let again = { ...r, energyTime: mightyState().energyTime };
    for (let n = 1; n <= 7; n++) again = fight(again, n, T0 + 6000).state;
    expect(() => rebirth(again, T0 + 6000)).toThrow(
      'Your multiplier is already x1.7 from boss 7; beat boss 8 to raise it',
    );
    again = fight(again, 8, T0 + 6000).state;
    expect(rebirth(again, T0 + 6000)).toMatchObject({ rebirths: 2, rebirthBoss: 8 });
    expect(energyFor(2)).toBe(14);
    expect(IDLE_MAX_ENERGY).toBe(210);
  });
});

describe('idle trainer: forged intents change nothing', () => {
  it('refuses over-allocation, negative, fractional and non-numeric energy', () => {
    const s = deepFreeze(allocate(newIdleState(T0), allocs(1, 1, 1, 1), T0));
    const snapshot = toJson(s);
    expect(() => allocate(s, allocs(5, 5, 1, 1), T0 + HOUR)).toThrow(
      'You have 10 energy; that allocation needs 12',
    );
    expect(() => allocate(s, allocs(-1, 5, 1, 1), T0 + HOUR)).toThrow('Attack cannot take -1');
    expect(() => allocate(s, allocs(1, 0.5, 1, 1), T0 + HOUR)).toThrow('Defense cannot take 0.5');
    expect(() => allocate(s, allocs(1, 1, Number.NaN, 1), T0 + HOUR)).toThrow(RangeError);
    expect(() => allocate(s, allocs(1, 1, 1, Infinity), T0 + HOUR)).toThrow(RangeError);
    expect(() =>
      allocate(
        s,
        { attack: '3', defense: 0, speed: 0, magic: 0 } as unknown as Allocations,
        T0 + HOUR,
      ),
    ).toThrow(RangeError);
    expect(() => allocate(s, { attack: 3 } as unknown as Allocations, T0 + HOUR)).toThrow(
      'Defense cannot take undefined',
    );
    expect(() => allocate(s, null as unknown as Allocations, T0 + HOUR)).toThrow(RangeError);
    expect(() => allocate(s, allocs(1, 1, 1, 1), -5)).toThrow(RangeError);
    expect(toJson(s)).toEqual(snapshot);
    // All of it, exactly, is fine.
    expect(allocate(s, allocs(10, 0, 0, 0), T0).allocations).toEqual(allocs(10, 0, 0, 0));
  });

  it('refuses a fight the power cannot win and a boss beyond reach', () => {
    const weak = deepFreeze(allocate(newIdleState(T0), allocs(10, 0, 0, 0), T0));
    const snapshot = toJson(weak);
    expect(() => fight(weak, 1, T0 + 999)).toThrow("Your power 1 is short of boss 1's 14 HP");
    expect(() => fight(weak, 2, T0 + 1000)).toThrow('Beat boss 1 first');
    expect(() => fight(weak, 0, T0 + 1000)).toThrow(RangeError);
    expect(() => fight(weak, -3, T0 + 1000)).toThrow(RangeError);
    expect(() => fight(weak, 1.5, T0 + 1000)).toThrow(RangeError);
    expect(toJson(weak)).toEqual(snapshot);
    const strong = deepFreeze(fight(mightyState(), 1, T0).state);
    expect(() => fight(strong, 3, T0)).toThrow('Beat boss 2 first');
    expect(() => fight(strong, 101, T0)).toThrow(RangeError);
    expect(() => rebirth(deepFreeze(newIdleState(T0)), T0)).toThrow(RangeError);
  });
});

describe('idle trainer: serialisation and display', () => {
  it('round-trips through JSON with BigInts as decimal strings', () => {
    for (let i = 0; i < 100; i++) {
      const s = randomState();
      const json = JSON.parse(JSON.stringify(toJson(s))) as unknown;
      expect(fromJson(json)).toEqual(s);
    }
    const huge = {
      ...mightyState(),
      energyTime: { attack: 10n ** 60n, defense: 0n, speed: 1n, magic: 2n },
    };
    expect(toJson(huge).energyTime.attack).toBe('1' + '0'.repeat(60));
    expect(fromJson(toJson(huge))).toEqual(huge);
  });

  it('rejects malformed or inconsistent stored states', () => {
    const good = toJson(mightyState());
    const cases: unknown[] = [
      null,
      'state',
      { ...good, energyTime: { ...good.energyTime, attack: '-1' } },
      { ...good, energyTime: { ...good.energyTime, attack: '1e5' } },
      { ...good, energyTime: { ...good.energyTime, attack: '007' } },
      { ...good, energyTime: { ...good.energyTime, magic: 5 } },
      { ...good, allocations: { ...good.allocations, speed: -1 } },
      { ...good, allocations: allocs(11, 0, 0, 0) },
      { ...good, bestBoss: 3, highestKill: 2 },
      { ...good, rebirthBoss: 101, highestKill: 101 },
      { ...good, rebirths: 2, rebirthBoss: 1, highestKill: 1 },
      { ...good, lastSettleMs: 1.5 },
      { ...good, allocations: undefined },
    ];
    for (const c of cases) expect(() => fromJson(c)).toThrow(RangeError);
  });

  it('formats big numbers short, truncating to three significant digits', () => {
    const cases: [bigint, string][] = [
      [0n, '0'],
      [7n, '7'],
      [999n, '999'],
      [1000n, '1.00K'],
      [1234n, '1.23K'],
      [12_345n, '12.3K'],
      [999_999n, '999K'],
      [45_678_901n, '45.6M'],
      [789_000_000_000n, '789B'],
      [1_000_000_000_000n, '1.00T'],
      [999_999_999_999_999n, '999T'],
      [1_234_567_890_123_456n, '1.23e15'],
      [10n ** 100n, '1.00e100'],
      [-1234n, '-1.23K'],
    ];
    for (const [n, text] of cases) expect(formatBig(n)).toBe(text);
  });
});
