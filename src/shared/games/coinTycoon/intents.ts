// Coin Tycoon's intents (the player's actions) and its coin flow, over coinTycoon.ts's rules.
import {
  businessOf,
  costOf,
  investorsFor,
  lifetimeForInvestors,
  maxAffordable,
  newTycoonState,
  settle,
  TYCOON_BOOST_MAX_AHEAD_MS,
  TYCOON_BOOST_MS,
  TYCOON_BOOST_PRICE_COINS,
  TYCOON_DAILY_COIN_MAX,
  TYCOON_DIVIDEND_COINS_PER_DECADE,
  TYCOON_MAX_BUY,
  type Business,
  type TycoonState,
} from './rules';
import { formatBig } from './storage';

// ---- Intents ----
// Each settles to the server's now first, then applies the intent or throws a RangeError whose
// message the player can read (a 4xx). None mutates its input, so a refusal changes nothing.
// A caller wanting the away summary calls settle itself first; settling again at the same time
// is a no-op.

/** Settled to now, with the time intents stamp (never behind the last settle). */
function settledAt(state: TycoonState, nowMs: number): { s: TycoonState; t: number } {
  const s = settle(state, nowMs).state;
  return { s, t: s.lastSettled };
}

const countOf = (b: Business, n: number): string => `${n} ${n === 1 ? b.name : b.plural}`;

/** Buys n units (1..TYCOON_MAX_BUY) or as many as the bucks allow. */
export function buy(
  state: TycoonState,
  key: string,
  n: number | 'max',
  nowMs: number,
): TycoonState {
  const b = businessOf(key);
  if (n !== 'max' && (!Number.isSafeInteger(n) || n < 1 || n > TYCOON_MAX_BUY)) {
    throw new RangeError(`Buy between 1 and ${TYCOON_MAX_BUY.toLocaleString('en-US')} at once`);
  }
  const { s } = settledAt(state, nowMs);
  const current = s.businesses[b.key];
  const count = n === 'max' ? Math.max(1, maxAffordable(b, current.owned, s.bucks)) : n;
  const cost = costOf(b, current.owned, count);
  if (cost > s.bucks) {
    throw new RangeError(
      `Not enough bucks: ${countOf(b, count)} ${count === 1 ? 'costs' : 'cost'} ${formatBig(cost)}`,
    );
  }
  return {
    ...s,
    bucks: s.bucks - cost,
    businesses: { ...s.businesses, [b.key]: { ...current, owned: current.owned + count } },
  };
}

/** Hires the business's manager: from now on its cycles run back to back, the running one kept. */
export function hireManager(state: TycoonState, key: string, nowMs: number): TycoonState {
  const b = businessOf(key);
  const { s, t } = settledAt(state, nowMs);
  const current = s.businesses[b.key];
  if (current.managed) throw new RangeError(`The ${b.name} already has a manager`);
  if (current.owned === 0) throw new RangeError(`Buy a ${b.name} first`);
  if (s.bucks < b.managerPrice)
    throw new RangeError(
      `Not enough bucks: the ${b.name} manager costs ${formatBig(b.managerPrice)}`,
    );
  return {
    ...s,
    bucks: s.bucks - b.managerPrice,
    businesses: {
      ...s.businesses,
      [b.key]: { ...current, managed: true, cycleStart: current.cycleStart ?? t },
    },
  };
}

/** Starts one cycle of an unmanaged business by hand; it pays when it completes. */
export function startCycle(state: TycoonState, key: string, nowMs: number): TycoonState {
  const b = businessOf(key);
  const { s, t } = settledAt(state, nowMs);
  const current = s.businesses[b.key];
  if (current.managed) throw new RangeError(`The ${b.name} manager already runs it`);
  if (current.owned === 0) throw new RangeError(`Buy a ${b.name} first`);
  if (current.cycleStart !== null) throw new RangeError(`The ${b.name} is already working`);
  return { ...s, businesses: { ...s.businesses, [b.key]: { ...current, cycleStart: t } } };
}

/**
 * Sells the company: businesses, managers and bucks start over; investors (recounted from the
 * lifetime bucks), lifetime bucks, the dividend's count and a running boost (bought with coins)
 * are kept. Refused when it would bring no new investor.
 */
export function prestige(state: TycoonState, nowMs: number): TycoonState {
  const { s, t } = settledAt(state, nowMs);
  const investors = investorsFor(s.lifetimeBucks);
  if (investors <= s.investors) {
    throw new RangeError(
      `Selling now brings no new investors; the next joins at ${formatBig(lifetimeForInvestors(s.investors + 1n))} lifetime bucks`,
    );
  }
  return {
    ...newTycoonState(t),
    investors,
    lifetimeBucks: s.lifetimeBucks,
    bucksSinceClaim: s.bucksSinceClaim,
    boostUntil: s.boostUntil,
    lastClaimDay: s.lastClaimDay,
    prestiges: s.prestiges + 1,
  };
}

/** The UTC day of a time, as stored in lastClaimDay. */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/**
 * Claims today's dividend: the coins to credit (through the ledger, in the same conditional
 * UPDATE that stores the state) and the state with the count restarted.
 */
export function claimDividend(
  state: TycoonState,
  nowMs: number,
): { state: TycoonState; coins: number } {
  const { s, t } = settledAt(state, nowMs);
  const day = utcDay(t);
  if (s.lastClaimDay === day)
    throw new RangeError('The dividend was already claimed today; come back after midnight UTC');
  const coins = dividendCoins(s.bucksSinceClaim);
  if (coins === 0) throw new RangeError('Earn some bucks first: the dividend is still 0 coins');
  return { state: { ...s, bucksSinceClaim: 0n, lastClaimDay: day }, coins };
}

/**
 * Starts or extends the x2 boost by 4 hours. The server charges TYCOON_BOOST_PRICE_COINS through
 * the ledger in the same transaction; refused when it would reach more than 24 h ahead.
 */
export function buyBoost(state: TycoonState, nowMs: number): TycoonState {
  const { s, t } = settledAt(state, nowMs);
  const boostUntil = Math.max(s.boostUntil, t) + TYCOON_BOOST_MS;
  if (boostUntil - t > TYCOON_BOOST_MAX_AHEAD_MS)
    throw new RangeError('The boost is already stocked for the next 24 hours');
  return { ...s, boostUntil };
}

// ---- Coins ----

export const TYCOON_INTENTS = ['buy', 'manager', 'start', 'prestige', 'claim', 'boost'] as const;
export type TycoonIntent = (typeof TYCOON_INTENTS)[number];

/**
 * The coins an intent can move through the ledger, the game's whole coin economy in one place:
 * the claim is the only faucet (0..TYCOON_DAILY_COIN_MAX, once a UTC day), the boost the only
 * sink (always a charge, never a payout), and everything else touches bucks only.
 */
export function coinFlow(intent: TycoonIntent): { min: number; max: number } {
  if (intent === 'claim') return { min: 0, max: TYCOON_DAILY_COIN_MAX };
  if (intent === 'boost') return { min: -TYCOON_BOOST_PRICE_COINS, max: -TYCOON_BOOST_PRICE_COINS };
  return { min: 0, max: 0 };
}

/**
 * min(500, floor(40 x log10(1 + earned))), exactly: k <= 40 log10(x) exactly when 10^k <= x^40,
 * compared in BigInt, so no engine's Math.log10 can move a coin.
 */
export function dividendCoins(earnedSinceClaim: bigint): number {
  if (earnedSinceClaim <= 0n) return 0;
  const x = earnedSinceClaim + 1n;
  const per = TYCOON_DIVIDEND_COINS_PER_DECADE;
  // x >= 10^(digits - 1): past the cap already, and x^40 would be needlessly large.
  if ((x.toString().length - 1) * per >= TYCOON_DAILY_COIN_MAX) return TYCOON_DAILY_COIN_MAX;
  const x40 = x ** BigInt(per);
  let lo = 0; // 10^lo <= x^40
  let hi = TYCOON_DAILY_COIN_MAX + 1;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (10n ** BigInt(mid) <= x40) lo = mid;
    else hi = mid;
  }
  return lo;
}
