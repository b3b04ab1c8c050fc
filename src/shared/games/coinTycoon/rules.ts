// Coin Tycoon (DESIGN.md section 9, issue 24): the idle tycoon's rules as pure functions of the
// state and the server's clock. The server settles and applies intents with them; the page runs
// the same functions between requests to animate, so the counter on screen is what gets paid.
// Bucks grow without bound and decide purchases, so every amount is an exact BigInt; doubles
// appear only in display helpers. Coins leave the game only through the capped daily dividend.
import { rational, type Rational } from '../engine/rational';

export type BusinessKey = 'lemonade' | 'newspaper' | 'car-wash' | 'pizza' | 'donut' | 'shrimp';

export interface Business {
  key: BusinessKey;
  name: string;
  /** For 'Not enough bucks: 10 Car Washes cost …'. */
  plural: string;
  emoji: string;
  /** Bucks for the first unit. */
  baseCost: bigint;
  /** Each unit costs this much more than the one before; exact, as in base * rate^owned. */
  growth: Rational;
  cycleMs: number;
  /** Bucks per unit owned per cycle, before multipliers. */
  revenue: bigint;
  /** Bucks; a manager runs cycles without the player. */
  managerPrice: bigint;
}

const business = (
  key: BusinessKey,
  name: string,
  plural: string,
  emoji: string,
  baseCost: number,
  growthPercent: number,
  cycleMs: number,
  revenue: number,
  managerPrice: number,
): Business => ({
  key,
  name,
  plural,
  emoji,
  baseCost: BigInt(baseCost),
  growth: rational(growthPercent, 100),
  cycleMs,
  revenue: BigInt(revenue),
  managerPrice: BigInt(managerPrice),
});

// AdVenture Capitalist's first six: each business costs 12-15x the one before and pays about
// as much per second per buck spent, but cycles slower, so managers and milestones matter more
// than raw count. The cheap ones grow in price slowly, the dear ones quickly.
export const TYCOON_BUSINESSES: readonly Business[] = [
  business('lemonade', 'Lemonade Stand', 'Lemonade Stands', '🍋', 4, 107, 600, 1, 1_000),
  business('newspaper', 'Newspaper Route', 'Newspaper Routes', '📰', 60, 115, 3_000, 60, 15_000),
  business('car-wash', 'Car Wash', 'Car Washes', '🚗', 720, 114, 6_000, 540, 100_000),
  business('pizza', 'Pizza Parlour', 'Pizza Parlours', '🍕', 8_640, 113, 12_000, 4_320, 500_000),
  business('donut', 'Donut Shop', 'Donut Shops', '🍩', 103_680, 112, 24_000, 51_840, 1_200_000),
  business(
    'shrimp',
    'Shrimp Boat',
    'Shrimp Boats',
    '🦐',
    1_244_160,
    111,
    96_000,
    622_080,
    10_000_000,
  ),
];

/** The business for a key from a request; a RangeError (a 4xx) for anything else. */
export function businessOf(key: string): Business {
  const found = TYCOON_BUSINESSES.find((b) => b.key === key);
  if (!found) throw new RangeError(`No such business: ${key}`);
  return found;
}

/** Units one buy may take: bounds the BigInt powers in costOf, and nobody needs more. */
export const TYCOON_MAX_BUY = 10_000;
/** Income doubles at each of these counts owned: x16 from 200 on. */
export const TYCOON_MILESTONES = [25, 50, 100, 200] as const;
/** Time away beyond this since the last settle earns nothing; production stands still for it. */
export const TYCOON_OFFLINE_CAP_MS = 8 * 60 * 60_000;
/** A settle after a longer gap than this reports an away summary. */
const TYCOON_AWAY_SUMMARY_MS = 60_000;
/** A new company (and one just sold) has one Lemonade Stand and enough for two more at once. */
export const TYCOON_STARTING_BUCKS = 10n;

/**
 * The published investor formula: investors = floor(sqrt(lifetime bucks / 10^9)), so the first
 * comes at 1 billion lifetime bucks, the 10th at 100 billion, the 100th at 10 trillion.
 */
const TYCOON_INVESTOR_UNIT = 10n ** 9n;
/** Each investor adds this percent to all income. */
export const TYCOON_INVESTOR_BONUS_PERCENT = 2;
// Income is counted in 1/50 bucks, since an investor adds exactly 1/50 of a cycle's revenue:
// fractions carry between settles instead of being rounded away each cycle.
export const INCOME_SCALE = BigInt(100 / TYCOON_INVESTOR_BONUS_PERCENT);

/** The boost doubles all income for 4 hours and is bought with coins (the game's coin sink). */
const TYCOON_BOOST_MULTIPLIER = 2;
export const TYCOON_BOOST_MS = 4 * 60 * 60_000;
export const TYCOON_BOOST_PRICE_COINS = 200;
/** Boosts stack, up to this far ahead, so a burst of clicks cannot spend a fortune. */
export const TYCOON_BOOST_MAX_AHEAD_MS = 24 * 60 * 60_000;

/** The dividend pays floor(40 x log10(1 + bucks earned since the last claim)) coins... */
export const TYCOON_DIVIDEND_COINS_PER_DECADE = 40;
/** ...at most this many, once per UTC day: the game's whole coin faucet, published. */
export const TYCOON_DAILY_COIN_MAX = 500;

export interface BusinessState {
  owned: number;
  /** A managed business always has a cycle running; it never stops. */
  managed: boolean;
  /**
   * When the running cycle started (ms), or null when an unmanaged business is idle. Settling
   * keeps lastSettled inside [cycleStart, cycleStart + cycleMs), so a cycle is paid exactly once.
   */
  cycleStart: number | null;
}

export interface TycoonState {
  bucks: bigint;
  /** The fraction of a buck carried between settles, in fiftieths (0..49). */
  bucksFiftieths: number;
  /** Every buck ever earned, across sales of the company: decides the investors. */
  lifetimeBucks: bigint;
  /** Bucks earned since the dividend was last claimed: decides the next dividend. */
  bucksSinceClaim: bigint;
  investors: bigint;
  businesses: Record<BusinessKey, BusinessState>;
  /** The server time (ms) the state was brought to; earnings before it are in bucks. */
  lastSettled: number;
  /** Income is doubled for cycles completing at or before this (ms); 0 when never bought. */
  boostUntil: number;
  /** The UTC day ('YYYY-MM-DD') the dividend was last claimed, or null. */
  lastClaimDay: string | null;
  /** Times the company was sold; for achievements. */
  prestiges: number;
}

export function newTycoonState(nowMs: number): TycoonState {
  assertTime(nowMs);
  return {
    bucks: TYCOON_STARTING_BUCKS,
    bucksFiftieths: 0,
    lifetimeBucks: 0n,
    bucksSinceClaim: 0n,
    investors: 0n,
    businesses: freshBusinesses(),
    lastSettled: nowMs,
    boostUntil: 0,
    lastClaimDay: null,
    prestiges: 0,
  };
}

function freshBusinesses(): Record<BusinessKey, BusinessState> {
  const all = {} as Record<BusinessKey, BusinessState>;
  TYCOON_BUSINESSES.forEach(
    (b, i) => (all[b.key] = { owned: i === 0 ? 1 : 0, managed: false, cycleStart: null }),
  );
  return all;
}

function assertTime(ms: number): void {
  if (!Number.isSafeInteger(ms) || ms < 0) throw new RangeError('time must be whole milliseconds');
}

function assertCount(n: number, what: string): void {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`${what} must be a whole number`);
}

// ---- Costs ----

/**
 * Bucks for n more units when `owned` are owned: base * r^owned * (r^n - 1) / (r - 1), rounded
 * up to a whole buck. With r = p/q that is base * p^owned * (p^n - q^n) * q / (q^(owned+n) * (p - q)),
 * all integers, so the ceiling is exact however large the powers get.
 */
export function costOf(b: Business, owned: number, n: number): bigint {
  assertCount(owned, 'owned');
  assertCount(n, 'count');
  if (n === 0) return 0n;
  const p = b.growth.num;
  const q = b.growth.den;
  const o = BigInt(owned);
  const k = BigInt(n);
  const num = b.baseCost * p ** o * (p ** k - q ** k) * q;
  const den = q ** (o + k) * (p - q);
  return (num + den - 1n) / den;
}

/** The most units (up to TYCOON_MAX_BUY) that `bucks` buys at once: doubling, then bisection. */
export function maxAffordable(b: Business, owned: number, bucks: bigint): number {
  if (costOf(b, owned, 1) > bucks) return 0;
  let lo = 1; // affordable
  let hi = 2; // unaffordable once found, or past the cap
  while (hi <= TYCOON_MAX_BUY && costOf(b, owned, hi) <= bucks) {
    lo = hi;
    hi *= 2;
  }
  hi = Math.min(hi, TYCOON_MAX_BUY + 1);
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (costOf(b, owned, mid) <= bucks) lo = mid;
    else hi = mid;
  }
  return lo;
}

// ---- Income ----

/** 1, 2, 4, 8 or 16: income doubles at each milestone reached. */
export function milestoneMultiplier(owned: number): number {
  return TYCOON_MILESTONES.reduce((m, at) => (owned >= at ? m * 2 : m), 1);
}

/** floor(sqrt(lifetime / TYCOON_INVESTOR_UNIT)), exact. */
export function investorsFor(lifetime: bigint): bigint {
  return isqrt(lifetime / TYCOON_INVESTOR_UNIT);
}

/** The lifetime bucks at which the company has `investors` investors: k^2 x 10^9. */
export const lifetimeForInvestors = (investors: bigint): bigint =>
  investors * investors * TYCOON_INVESTOR_UNIT;

/** 1 + 2% per investor, exact. */
export const investorMultiplier = (investors: bigint): Rational =>
  rational(INCOME_SCALE + investors, INCOME_SCALE);

function isqrt(n: bigint): bigint {
  if (n < 2n) return n < 0n ? 0n : n;
  // Newton from above converges to the floor for integers.
  let x = 1n << BigInt(Math.ceil(n.toString(2).length / 2));
  for (;;) {
    const y = (x + n / x) / 2n;
    if (y >= x) return x;
    x = y;
  }
}

/** One cycle's pay in fiftieths of a buck, unboosted: revenue x owned x milestone x investors. */
function cycleFiftieths(b: Business, owned: number, investors: bigint): bigint {
  return (
    b.revenue * BigInt(owned) * BigInt(milestoneMultiplier(owned)) * (INCOME_SCALE + investors)
  );
}

/** Bucks one cycle of this business pays now, exact (the page shows it on the row). */
export function cycleIncome(state: TycoonState, key: BusinessKey, boosted: boolean): Rational {
  const b = businessOf(key);
  const pay =
    cycleFiftieths(b, state.businesses[key].owned, state.investors) *
    (boosted ? BigInt(TYCOON_BOOST_MULTIPLIER) : 1n);
  return rational(pay, INCOME_SCALE);
}

// ---- Settling ----

export interface AwaySummary {
  /** Time since the last settle. */
  awayMs: number;
  /** The part of it that earned: at most TYCOON_OFFLINE_CAP_MS. */
  cappedMs: number;
  /** Whole bucks earned over it. */
  earned: bigint;
}

export interface Settled {
  state: TycoonState;
  /** Whole bucks added to the balance. */
  earned: bigint;
  /** Only after more than TYCOON_AWAY_SUMMARY_MS since the last settle. */
  awaySummary: AwaySummary | null;
}

/**
 * Brings the state to `nowMs` in closed form. Every completed cycle pays at its completion time:
 * a managed business completes cycleStart + k x cycleMs for k = 1, 2, …, a manual one completes
 * its single running cycle. Cycles completing at or before boostUntil pay double. Only the first
 * 8 h after the last settle count; production stands still for the rest, the running cycle's
 * progress kept. Within the cap, settle(settle(s, t1).state, t2) equals settle(s, t2); past it, the
 * intermediate visit is what resets the away clock, so it earns more, as it should.
 */
export function settle(state: TycoonState, nowMs: number): Settled {
  assertTime(nowMs);
  const last = state.lastSettled;
  // A clock behind the last settle (another server's) earns nothing and moves nothing.
  if (nowMs <= last) return { state, earned: 0n, awaySummary: null };
  const awayMs = nowMs - last;
  const cappedMs = Math.min(awayMs, TYCOON_OFFLINE_CAP_MS);
  const end = last + cappedMs;
  const standstill = nowMs - end;
  const boost = BigInt(TYCOON_BOOST_MULTIPLIER - 1);

  let fiftieths = BigInt(state.bucksFiftieths);
  const businesses = { ...state.businesses };
  for (const b of TYCOON_BUSINESSES) {
    const s = state.businesses[b.key];
    if (s.cycleStart === null || s.owned === 0) continue;
    let cycles: number;
    let boosted: number;
    let cycleStart: number | null;
    if (s.managed) {
      cycles = Math.floor((end - s.cycleStart) / b.cycleMs);
      boosted = Math.min(
        cycles,
        Math.max(0, Math.floor((state.boostUntil - s.cycleStart) / b.cycleMs)),
      );
      cycleStart = s.cycleStart + cycles * b.cycleMs + standstill;
    } else {
      const done = s.cycleStart + b.cycleMs;
      cycles = done <= end ? 1 : 0;
      boosted = cycles === 1 && done <= state.boostUntil ? 1 : 0;
      cycleStart = cycles === 1 ? null : s.cycleStart + standstill;
    }
    fiftieths +=
      cycleFiftieths(b, s.owned, state.investors) * (BigInt(cycles) + boost * BigInt(boosted));
    businesses[b.key] = { ...s, cycleStart };
  }

  const earned = fiftieths / INCOME_SCALE;
  const next: TycoonState = {
    ...state,
    bucks: state.bucks + earned,
    bucksFiftieths: Number(fiftieths % INCOME_SCALE),
    lifetimeBucks: state.lifetimeBucks + earned,
    bucksSinceClaim: state.bucksSinceClaim + earned,
    businesses,
    lastSettled: nowMs,
  };
  return {
    state: next,
    earned,
    awaySummary: awayMs > TYCOON_AWAY_SUMMARY_MS ? { awayMs, cappedMs, earned } : null,
  };
}

/** How far the running cycle is, 0..1 (0 when idle), for the row's progress bar. */
export function cycleProgress(state: TycoonState, key: BusinessKey, nowMs: number): number {
  const s = settle(state, nowMs).state;
  const start = s.businesses[key].cycleStart;
  if (start === null) return 0;
  return Math.min(
    1,
    Math.max(0, (Math.max(nowMs, s.lastSettled) - start) / businessOf(key).cycleMs),
  );
}

/** Managed income per second at `nowMs`, boost included; a double for display only. */
export function incomePerSecond(state: TycoonState, nowMs: number): number {
  const boosted = nowMs < state.boostUntil;
  let perSecond = 0;
  for (const b of TYCOON_BUSINESSES) {
    if (!state.businesses[b.key].managed) continue;
    const pay = cycleIncome(state, b.key, boosted);
    perSecond += Number(pay.num) / Number(pay.den) / (b.cycleMs / 1000);
  }
  return perSecond;
}
