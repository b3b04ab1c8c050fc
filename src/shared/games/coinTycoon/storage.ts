// Coin Tycoon's state for display and storage: big numbers in words, and the state as JSON.
import {
  INCOME_SCALE,
  TYCOON_BUSINESSES,
  type BusinessKey,
  type BusinessState,
  type TycoonState,
} from './rules';

/** log10 of a positive BigInt of any size, from its digit count and leading 15 digits; display only. */
export function log10Big(n: bigint): number {
  if (n <= 0n) throw new RangeError('log10 of a non-positive number');
  const digits = n.toString();
  if (digits.length <= 15) return Math.log10(Number(n));
  return Math.log10(Number(digits.slice(0, 15))) + (digits.length - 15);
}

// ---- Display and storage ----

const SUFFIXES = ['', 'K', 'M', 'B', 'T'];

/**
 * Three significant digits, truncated so a balance never shows more than it is: '999', '1.23K',
 * '45.6M', '7.89B', '1.23T', then '1.23e15'.
 */
export function formatBig(n: bigint): string {
  if (n < 0n) return '-' + formatBig(-n);
  const s = n.toString();
  if (s.length <= 3) return s;
  const group = Math.floor((s.length - 1) / 3);
  if (group < SUFFIXES.length) {
    const whole = s.length - group * 3;
    const mantissa = whole === 3 ? s.slice(0, 3) : `${s.slice(0, whole)}.${s.slice(whole, 3)}`;
    return mantissa + SUFFIXES[group];
  }
  return `${s[0]}.${s.slice(1, 3)}e${s.length - 1}`;
}

/** The state as JSON (for a jsonb column and the page): bigints as decimal strings. */
export interface TycoonStateJson {
  bucks: string;
  bucksFiftieths: number;
  lifetimeBucks: string;
  bucksSinceClaim: string;
  investors: string;
  businesses: Record<BusinessKey, BusinessState>;
  lastSettled: number;
  boostUntil: number;
  lastClaimDay: string | null;
  prestiges: number;
}

export function toJson(state: TycoonState): TycoonStateJson {
  return {
    ...state,
    bucks: state.bucks.toString(),
    lifetimeBucks: state.lifetimeBucks.toString(),
    bucksSinceClaim: state.bucksSinceClaim.toString(),
    investors: state.investors.toString(),
    businesses: { ...state.businesses },
  };
}

/** Parses and checks stored or sent JSON; a RangeError if anything is off. */
export function fromJson(json: unknown): TycoonState {
  const bad = (what: string): never => {
    throw new RangeError(`Bad tycoon state: ${what}`);
  };
  if (typeof json !== 'object' || json === null) return bad('not an object');
  const j = json as Partial<Record<keyof TycoonStateJson, unknown>>;
  const big = (field: keyof TycoonStateJson): bigint => {
    const v = j[field];
    if (typeof v !== 'string' || !/^(0|[1-9][0-9]*)$/.test(v)) return bad(field);
    return BigInt(v);
  };
  const whole = (field: keyof TycoonStateJson): number => {
    const v = j[field];
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) return bad(field);
    return v;
  };
  const lastSettled = whole('lastSettled');
  const fiftieths = whole('bucksFiftieths');
  if (fiftieths >= Number(INCOME_SCALE)) bad('bucksFiftieths');
  const lastClaimDay = j.lastClaimDay;
  if (
    lastClaimDay !== null &&
    (typeof lastClaimDay !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(lastClaimDay))
  )
    bad('lastClaimDay');
  const rows = j.businesses;
  if (typeof rows !== 'object' || rows === null) return bad('businesses');
  const businesses = {} as Record<BusinessKey, BusinessState>;
  for (const b of TYCOON_BUSINESSES) {
    const r = (rows as Record<string, Partial<BusinessState> | undefined>)[b.key];
    if (
      !r ||
      typeof r.owned !== 'number' ||
      !Number.isSafeInteger(r.owned) ||
      r.owned < 0 ||
      typeof r.managed !== 'boolean'
    )
      return bad(b.key);
    const start = r.cycleStart;
    if (start !== null && (typeof start !== 'number' || !Number.isSafeInteger(start)))
      return bad(b.key);
    // The settle invariant: a running cycle contains lastSettled, so no cycle is paid twice.
    if (
      start !== null &&
      (r.owned === 0 || start > lastSettled || start + b.cycleMs <= lastSettled)
    )
      bad(`${b.key} cycle`);
    if (r.managed && (r.owned === 0 || start === null)) bad(`${b.key} manager`);
    businesses[b.key] = { owned: r.owned, managed: r.managed, cycleStart: start };
  }
  return {
    bucks: big('bucks'),
    bucksFiftieths: fiftieths,
    lifetimeBucks: big('lifetimeBucks'),
    bucksSinceClaim: big('bucksSinceClaim'),
    investors: big('investors'),
    businesses,
    lastSettled,
    boostUntil: whole('boostUntil'),
    lastClaimDay: lastClaimDay as string | null,
    prestiges: whole('prestiges'),
  };
}
