// The tycoon page's words and numbers, free of React so they are tested on their own
// (coinTycoonView.test.ts). Every amount comes from the shared rules the server pays by
// (shared/games/coinTycoon/rules.ts); only the display helpers here round.
import type { TycoonDto } from '../../../../shared/games/coinTycoon/contract';
import {
  costOf,
  investorMultiplier,
  investorsFor,
  lifetimeForInvestors,
  maxAffordable,
  TYCOON_BOOST_MAX_AHEAD_MS,
  TYCOON_BOOST_MS,
  TYCOON_BOOST_PRICE_COINS,
  TYCOON_MAX_BUY,
  TYCOON_MILESTONES,
  TYCOON_OFFLINE_CAP_MS,
  type Business,
  type TycoonState,
} from '../../../../shared/games/coinTycoon/rules';
import { dividendCoins, utcDay } from '../../../../shared/games/coinTycoon/intents';
import { formatBig } from '../../../../shared/games/coinTycoon/storage';
import { toDecimalString, type Rational } from '../../../../shared/games/engine/rational';
import { formatHms } from '../public';

/** Fallbacks when a failure carries no message of the server's. */
export const LOAD_FAILED = 'Failed to load your company';
export const ACTION_FAILED = 'Action failed';

/** A read of the company, with how far the server's clock is ahead of this browser's. */
export type TycoonView = TycoonDto & { offsetMs: number };

/** Stamps an answer received just now with the clock offset (the one-way delay is small next to a cycle). */
export function withOffset(dto: TycoonDto, receivedAt: number): TycoonView {
  const at = Date.parse(dto.serverTime);
  return { ...dto, offsetMs: Number.isFinite(at) ? at - receivedAt : 0 };
}

/** A read answered after an action it crossed must not put the older company back. */
export function newerView(current: TycoonView | undefined, incoming: TycoonView): TycoonView {
  if (current && Date.parse(current.serverTime) > Date.parse(incoming.serverTime)) return current;
  return incoming;
}

/** '1.50' -> '1.5', '2.00' -> '2', '800' stays. */
const trimZeros = (text: string): string =>
  text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;

/** Bucks as the page shows them: exact below 1,000 (two decimals at most), then '1.23K'. */
export function formatBucks(value: Rational | bigint): string {
  if (typeof value === 'bigint') return formatBig(value);
  const whole = value.num / value.den;
  if (whole >= 1000n) return formatBig(whole);
  return trimZeros(toDecimalString(value, 2));
}

/** Income per second (a double from incomePerSecond): '0', '1.67', '41.7', '1.23K'. */
export function formatRate(perSecond: number): string {
  if (!Number.isFinite(perSecond) || perSecond <= 0) return '0';
  if (perSecond >= 1000) return formatBig(BigInt(Math.floor(perSecond)));
  const digits = perSecond < 10 ? 2 : perSecond < 100 ? 1 : 0;
  // Truncated like formatBig, so the rate never reads more than it is.
  const scale = 10 ** digits;
  return trimZeros((Math.floor(perSecond * scale) / scale).toFixed(digits));
}

/** '×1.04' for two investors. */
export const multiplierText = (investors: bigint): string =>
  `×${toDecimalString(investorMultiplier(investors), 2)}`;

/** A cycle's length: '0.6 s', '12 s', '1 min 36 s'. */
export function cycleText(ms: number): string {
  if (ms < 60_000) return `${Number((ms / 1000).toFixed(1))} s`;
  const m = Math.floor(ms / 60_000);
  const s = Math.round((ms % 60_000) / 1000);
  return s === 0 ? `${m} min` : `${m} min ${s} s`;
}

/** Where the row's income stands against the doublings at 25, 50, 100 and 200 owned. */
export function milestoneHint(owned: number): string {
  const next = TYCOON_MILESTONES.find((at) => owned < at);
  if (next === undefined)
    return `Every milestone reached: income ×${2 ** TYCOON_MILESTONES.length}`;
  return `Next ×2 income at ${next} owned (${owned}/${next})`;
}

export interface BuyOption {
  kind: 'one' | 'ten' | 'max';
  label: string;
  /** What the request sends. */
  count: number | 'max';
  /** Units this press buys at the bucks on screen (Max: at least 1, to show its price). */
  units: number;
  cost: bigint;
  affordable: boolean;
}

/**
 * The most units `bucks` buys, remembered between ticks: the bucks grow a little every tick, and
 * the answer changes only when they cross the price of one more unit, so the search (BigInt
 * powers of the growth rate) runs once per change instead of ten times a second.
 */
export interface MaxMemo {
  owned: number;
  units: number;
  /** Cost of `units`, and of one more (null at the cap). */
  cost: bigint;
  next: bigint | null;
}

export function maxUnits(b: Business, owned: number, bucks: bigint, memo: MaxMemo | null): MaxMemo {
  if (
    memo &&
    memo.owned === owned &&
    bucks >= memo.cost &&
    (memo.next === null || bucks < memo.next)
  )
    return memo;
  const units = maxAffordable(b, owned, bucks);
  return {
    owned,
    units,
    cost: costOf(b, owned, units),
    next: units < TYCOON_MAX_BUY ? costOf(b, owned, units + 1) : null,
  };
}

export function buyOptions(b: Business, owned: number, bucks: bigint, max: MaxMemo): BuyOption[] {
  const one = costOf(b, owned, 1);
  const ten = costOf(b, owned, 10);
  const maxUnitsShown = Math.max(1, max.units);
  return [
    { kind: 'one', label: 'Buy ×1', count: 1, units: 1, cost: one, affordable: one <= bucks },
    { kind: 'ten', label: 'Buy ×10', count: 10, units: 10, cost: ten, affordable: ten <= bucks },
    {
      kind: 'max',
      label: max.units > 0 ? `Max ×${max.units}` : 'Max',
      count: 'max',
      units: maxUnitsShown,
      cost: max.units > 0 ? max.cost : one,
      affordable: max.units > 0,
    },
  ];
}

export interface DividendStatus {
  coins: number;
  /** Why there is nothing to claim, or null. */
  blocked: 'Claimed today' | 'Earn bucks first' | null;
}

/**
 * The dividend the claim would pay now: the server's rule on the settled state, so it grows with
 * the bucks between requests and is what the server pays at the moment of the click.
 */
export function dividendStatus(settled: TycoonState, serverNow: number): DividendStatus {
  if (settled.lastClaimDay === utcDay(serverNow)) return { coins: 0, blocked: 'Claimed today' };
  const coins = dividendCoins(settled.bucksSinceClaim);
  return { coins, blocked: coins === 0 ? 'Earn bucks first' : null };
}

export interface BoostStatus {
  active: boolean;
  /** Time left on the boost (0 when off). */
  leftMs: number;
  /** Why the boost cannot be bought now, or null. */
  blocked: string | null;
}

export function boostStatus(
  state: TycoonState,
  serverNow: number,
  balance: number | undefined,
): BoostStatus {
  const leftMs = Math.max(0, state.boostUntil - serverNow);
  const ahead = Math.max(state.boostUntil, serverNow) + TYCOON_BOOST_MS - serverNow;
  let blocked: string | null = null;
  if (ahead > TYCOON_BOOST_MAX_AHEAD_MS) blocked = 'The boost is stocked for the next 24 hours';
  else if (balance !== undefined && balance < TYCOON_BOOST_PRICE_COINS)
    blocked = `Not enough coins: the boost costs ${TYCOON_BOOST_PRICE_COINS}`;
  return { active: leftMs > 0, leftMs, blocked };
}

/** '14:05' in this browser's time zone, for a server time. */
export function clockTime(serverMs: number, offsetMs: number): string {
  return new Date(serverMs - offsetMs).toLocaleTimeString('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
  });
}

export const boostLabel = (leftMs: number, untilText: string): string =>
  `×2 until ${untilText} (${formatHms(leftMs)} left)`;

/** '9 h 0 min', '45 min', '2 min'. */
function durationText(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h} h ${m} min` : `${m} min`;
}

const capHours = TYCOON_OFFLINE_CAP_MS / 3_600_000;

/** The away dialog's title: 'While you were away (8 h max): +1.23M bucks'. */
export const awayTitle = (earned: bigint): string =>
  `While you were away (${capHours} h max): +${formatBig(earned)} bucks`;

export function awayDetails(away: { awayMs: number; cappedMs: number }): string {
  const gone = durationText(away.awayMs);
  return away.awayMs > away.cappedMs
    ? `You were away ${gone}; your managers worked the first ${capHours} h of it.`
    : `You were away ${gone}; your managers kept working.`;
}

export interface SaleStatus {
  /** Investors in all after a sale now. */
  after: bigint;
  gained: bigint;
  /** Lifetime bucks at which the next investor joins. */
  nextAt: bigint;
}

export function saleStatus(settled: TycoonState): SaleStatus {
  const after = investorsFor(settled.lifetimeBucks);
  const gained = after > settled.investors ? after - settled.investors : 0n;
  const nextAt = lifetimeForInvestors((after > settled.investors ? after : settled.investors) + 1n);
  return { after: after > settled.investors ? after : settled.investors, gained, nextAt };
}
