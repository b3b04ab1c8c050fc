// Idle trainer 'idle-ngu' (DESIGN.md section 9): the rules as pure functions and constants. The
// server settles and judges every intent with them, and the page runs the same functions between
// requests to animate counters, so what the screen shows is what the server settles. Progress
// is linear in time between intents, so it is settled in closed form (never ticked), and every
// number that decides a level, a fight or a payout is an exact BigInt.
//
// Coins come only from the first-ever kill of each of the tower's 100 bosses, so a player (or
// a bot playing perfectly, forever) earns at most IDLE_MAX_LIFETIME_COINS = 11,100 coins.

export const IDLE_TRAININGS = ['attack', 'defense', 'speed', 'magic'] as const;
export type Training = (typeof IDLE_TRAININGS)[number];
export const IDLE_TRAINING_NAMES: Readonly<Record<Training, string>> = {
  attack: 'Attack',
  defense: 'Defense',
  speed: 'Speed',
  magic: 'Magic',
};

/** Level N -> N+1 of a training costs (N + 1) x base energy-seconds. */
export const IDLE_TRAINING_BASE: Readonly<Record<Training, number>> = {
  attack: 10,
  defense: 15,
  speed: 20,
  magic: 30,
};

/** Energy = 10 + 2 x rebirths. */
const IDLE_BASE_ENERGY = 10;
const IDLE_ENERGY_PER_REBIRTH = 2;

/**
 * The rebirth multiplier is kept in tenths (x1.3 is 13) so it stays an integer: multiplier =
 * 1 + (best boss at the last rebirth) / 10.
 */
const IDLE_MULTIPLIER_DENOMINATOR = 10;

/**
 * Energy-time is stored in units of 1 energy x 1 ms x one tenth of multiplier, so a settle over
 * any whole number of milliseconds is an exact integer: one energy-second at x1.0 is 10,000.
 */
export const IDLE_UNITS_PER_ENERGY_SECOND = 10_000n;

/** Offline progress counts at most this much time between two settles. */
export const IDLE_OFFLINE_CAP_MS = 12 * 60 * 60_000;
/** A settle over a gap longer than this reports an away summary. */
export const IDLE_AWAY_SUMMARY_MS = 60_000;

/**
 * The tower's height, and so the cap on income. Boss HP grows 1.35x per floor while power grows
 * polynomially (about (energy x time)^2 x multiplier^3): a fresh run reaches boss 32 in 1 h and
 * 49 in 12 h. Greedy bots that rebirth on a stall top the tower in 6-9 weeks, earning at most
 * 5,372 coins in a day (day one, the cheap floors) and 11,100 in all (idleTrainer.test.ts).
 */
export const IDLE_TOWER_BOSSES = 100;
/** Boss n has HP 10 x (27/20)^n, rounded up. */
const IDLE_BOSS_HP_BASE = 10n;
const IDLE_BOSS_HP_RATIO_NUM = 27n;
const IDLE_BOSS_HP_RATIO_DEN = 20n;

/** Coins for the first-ever kill of boss n: 10 + 2n. Later kills of n pay nothing. */
export const firstKillCoins = (n: number): number => 10 + 2 * n;

/** Sum of first-kill coins over bosses 1..maxBoss: sum(10 + 2n) = maxBoss x (maxBoss + 11). */
export function maxLifetimeCoins(maxBoss: number): number {
  if (!Number.isSafeInteger(maxBoss) || maxBoss < 0)
    throw new RangeError('maxBoss must be a whole number of at least 0');
  return maxBoss * (maxBoss + 11);
}

/** 11,100: every boss of the tower killed once. */
export const IDLE_MAX_LIFETIME_COINS = maxLifetimeCoins(IDLE_TOWER_BOSSES);

/** Each rebirth must raise the best boss at rebirth, which tops out at the tower, so rebirths are bounded too. */
const IDLE_MAX_REBIRTHS = IDLE_TOWER_BOSSES;

export const energyFor = (rebirths: number): number =>
  IDLE_BASE_ENERGY + IDLE_ENERGY_PER_REBIRTH * rebirths;
/** 210: the most energy a player can ever have, so allocations stay small safe integers. */
export const IDLE_MAX_ENERGY = energyFor(IDLE_MAX_REBIRTHS);

/** Multiplier in tenths earned by rebirthing with `bestBoss` as the best boss: 10 + bestBoss. */
export const rebirthMultiplierTenths = (bestBoss: number): number =>
  IDLE_MULTIPLIER_DENOMINATOR + bestBoss;

export type Allocations = Readonly<Record<Training, number>>;

export interface IdleState {
  /** Energy per training; whole, non-negative, summing to at most the energy. */
  readonly allocations: Allocations;
  /** Accumulated energy-time per training, in units (IDLE_UNITS_PER_ENERGY_SECOND). */
  readonly energyTime: Readonly<Record<Training, bigint>>;
  readonly rebirths: number;
  /** The best boss at the last rebirth (0 before any): sets the multiplier. */
  readonly rebirthBoss: number;
  /** The best boss beaten since the last rebirth (0 for none). */
  readonly bestBoss: number;
  /** The highest boss ever killed, across rebirths: first kills happen in order, so this is all of them. */
  readonly highestKill: number;
  /** Server time (ms since the epoch) the state is settled to. */
  readonly lastSettleMs: number;
}

/** The state as JSON: BigInts as decimal strings. */
export interface IdleStateJson {
  allocations: Record<Training, number>;
  energyTime: Record<Training, string>;
  rebirths: number;
  rebirthBoss: number;
  bestBoss: number;
  highestKill: number;
  lastSettleMs: number;
}

export interface AwaySummary {
  /** Time since the last settle. */
  awayMs: number;
  /** The part of it that counted (the offline cap). */
  cappedMs: number;
  /** A 12 h gap gains far fewer than 2^53 levels, so plain numbers are exact here. */
  levelsGained: Record<Training, number>;
}

export interface LevelInfo {
  level: bigint;
  /** Energy-time units past the current level. */
  into: bigint;
  /** Energy-time units the next level costs in all. */
  cost: bigint;
  /** into / cost, for a progress bar only. */
  progress: number;
}

const mapTrainings = <T>(f: (t: Training) => T): Record<Training, T> => ({
  attack: f('attack'),
  defense: f('defense'),
  speed: f('speed'),
  magic: f('magic'),
});

const zeroAllocations = (): Record<Training, number> => mapTrainings(() => 0);

export function newIdleState(nowMs: number): IdleState {
  assertTime(nowMs);
  return {
    allocations: zeroAllocations(),
    energyTime: mapTrainings(() => 0n),
    rebirths: 0,
    rebirthBoss: 0,
    bestBoss: 0,
    highestKill: 0,
    lastSettleMs: nowMs,
  };
}

export const energyOf = (state: IdleState): number => energyFor(state.rebirths);
export const multiplierTenthsOf = (state: IdleState): number =>
  rebirthMultiplierTenths(state.rebirthBoss);
/** 'x1.0', 'x3.4'. */
export const formatMultiplier = (tenths: number): string =>
  `x${Math.floor(tenths / 10)}.${tenths % 10}`;

/** floor(sqrt(n)) exactly; Math.sqrt loses digits past 2^53. */
export function isqrt(n: bigint): bigint {
  if (n < 0n) throw new RangeError('isqrt of a negative number');
  if (n < 2n) return n;
  // Newton's iteration from a power of two above the root decreases monotonically onto it.
  let x = 1n << BigInt((n.toString(2).length >> 1) + 1);
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x) return x;
    x = y;
  }
}

const unitCost = (base: number): bigint => BigInt(base) * IDLE_UNITS_PER_ENERGY_SECOND;

/** Energy-time units to reach `level` from 0: base x N(N+1)/2 energy-seconds. */
export const energyTimeForLevel = (level: bigint, base: number): bigint =>
  (unitCost(base) * level * (level + 1n)) / 2n;

/**
 * The level for accumulated energy-time T: the largest N with u N(N+1)/2 <= T (u the base in
 * units). N(N+1) is an integer, so that is N(N+1) <= q with q = floor(2T/u), which is
 * (2N+1)^2 <= 4q+1, so N = floor((isqrt(4q+1) - 1) / 2).
 */
export function levelOf(energyTime: bigint, base: number): LevelInfo {
  if (energyTime < 0n) throw new RangeError('energy-time cannot be negative');
  const u = unitCost(base);
  const q = (2n * energyTime) / u;
  const level = (isqrt(4n * q + 1n) - 1n) / 2n;
  const into = energyTime - (u * level * (level + 1n)) / 2n;
  const cost = u * (level + 1n);
  return { level, into, cost, progress: Number((into * 1_000_000n) / cost) / 1_000_000 };
}

export const trainingLevel = (state: IdleState, t: Training): LevelInfo =>
  levelOf(state.energyTime[t], IDLE_TRAINING_BASE[t]);
export const levelsOf = (state: IdleState): Record<Training, bigint> =>
  mapTrainings((t) => trainingLevel(state, t).level);

/**
 * Power = (1 + attack) x (1 + defense) x (1 + floor(speed / 2)) x (1 + floor(magic / 3)),
 * times the multiplier, rounded down. Attack and defense count fully because they are the
 * cheapest to level; the product rewards spreading energy rather than piling it on one training.
 */
export function powerOf(
  levels: Readonly<Record<Training, bigint>>,
  multiplierTenths: number,
): bigint {
  const product =
    (1n + levels.attack) *
    (1n + levels.defense) *
    (1n + levels.speed / 2n) *
    (1n + levels.magic / 3n);
  return (product * BigInt(multiplierTenths)) / BigInt(IDLE_MULTIPLIER_DENOMINATOR);
}

export const power = (state: IdleState): bigint =>
  powerOf(levelsOf(state), multiplierTenthsOf(state));

function assertBoss(n: number): void {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError('A boss is numbered 1, 2, 3, ...');
}

/** Boss n's HP: ceil(10 x 27^n / 20^n). Power is whole, so beating ceil(HP) is beating the exact HP. */
export function bossHp(n: number): bigint {
  assertBoss(n);
  const den = IDLE_BOSS_HP_RATIO_DEN ** BigInt(n);
  return (IDLE_BOSS_HP_BASE * IDLE_BOSS_HP_RATIO_NUM ** BigInt(n) + den - 1n) / den;
}

/** Power beats boss n iff power >= 10 x (27/20)^n, compared without division: power x 20^n >= 10 x 27^n. */
export function canBeat(power: bigint, n: number): boolean {
  assertBoss(n);
  return (
    power * IDLE_BOSS_HP_RATIO_DEN ** BigInt(n) >=
    IDLE_BOSS_HP_BASE * IDLE_BOSS_HP_RATIO_NUM ** BigInt(n)
  );
}

/** The highest boss this state's power beats (0 for none), for the boss list. */
export function strongestBeatable(state: IdleState): number {
  const p = power(state);
  let n = 0;
  while (n < IDLE_TOWER_BOSSES && canBeat(p, n + 1)) n++;
  return n;
}

function assertTime(nowMs: number): void {
  if (!Number.isSafeInteger(nowMs) || nowMs < 0)
    throw new RangeError('time must be whole milliseconds since the epoch');
}

/**
 * Adds allocation x min(elapsed, 12 h) x multiplier to each training's energy-time. Allocations
 * are constant between intents, so this one product is exactly what ticking every millisecond
 * would give. A clock that went backwards settles nothing and keeps lastSettleMs, so no
 * interval is ever counted twice.
 */
export function settle(
  state: IdleState,
  nowMs: number,
): { state: IdleState; away: AwaySummary | null } {
  assertTime(nowMs);
  const awayMs = nowMs - state.lastSettleMs;
  if (awayMs <= 0) return { state, away: null };
  const cappedMs = Math.min(awayMs, IDLE_OFFLINE_CAP_MS);
  const rate = BigInt(cappedMs) * BigInt(multiplierTenthsOf(state));
  const next: IdleState = {
    ...state,
    energyTime: mapTrainings((t) => state.energyTime[t] + BigInt(state.allocations[t]) * rate),
    lastSettleMs: nowMs,
  };
  if (awayMs <= IDLE_AWAY_SUMMARY_MS) return { state: next, away: null };
  const before = levelsOf(state);
  const after = levelsOf(next);
  return {
    state: next,
    away: { awayMs, cappedMs, levelsGained: mapTrainings((t) => Number(after[t] - before[t])) },
  };
}

/** Milliseconds until a training's next level at its current allocation, or null if it gets no energy. */
export function msToNextLevel(state: IdleState, t: Training): number | null {
  const perMs = BigInt(state.allocations[t]) * BigInt(multiplierTenthsOf(state));
  if (perMs === 0n) return null;
  const { into, cost } = trainingLevel(state, t);
  return Number((cost - into + perMs - 1n) / perMs);
}

/** Allocate intent: settles first (the old allocation earned until now), then takes the new one. */
export function allocate(state: IdleState, allocations: Allocations, nowMs: number): IdleState {
  assertTime(nowMs);
  if (typeof allocations !== 'object' || allocations === null)
    throw new RangeError('Choose how much energy goes to each training');
  let total = 0;
  for (const t of IDLE_TRAININGS) {
    const v: unknown = allocations[t];
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) {
      throw new RangeError(
        `Energy comes in whole units of 0 or more; ${IDLE_TRAINING_NAMES[t]} cannot take ${String(v)}`,
      );
    }
    total += v;
  }
  const energy = energyOf(state);
  if (total > energy)
    throw new RangeError(`You have ${energy} energy; that allocation needs ${total}`);
  const settled = settle(state, nowMs).state;
  return { ...settled, allocations: mapTrainings((t) => allocations[t]) };
}

export interface FightResult {
  state: IdleState;
  /** Always true: a fight the power cannot win is refused, since the outcome is known in advance. */
  won: boolean;
  /** 10 + 2n for the first-ever kill of boss n, otherwise 0. */
  coins: number;
}

/**
 * Fight intent: settles first, then judges boss n against the power at nowMs. Any boss up to
 * the run's best + 1 may be fought, so the tower is climbed in order each run and first kills
 * come in order (highestKill is all of them). A fight that cannot be won is refused rather than
 * recorded as a loss, so a forged fight changes nothing.
 */
export function fight(state: IdleState, n: number, nowMs: number): FightResult {
  assertTime(nowMs);
  assertBoss(n);
  if (n > IDLE_TOWER_BOSSES) throw new RangeError(`The tower has ${IDLE_TOWER_BOSSES} bosses`);
  if (n > state.bestBoss + 1) throw new RangeError(`Beat boss ${state.bestBoss + 1} first`);
  const settled = settle(state, nowMs).state;
  const p = power(settled);
  if (!canBeat(p, n))
    throw new RangeError(
      `Your power ${formatBig(p)} is short of boss ${n}'s ${formatBig(bossHp(n))} HP`,
    );
  const first = n > settled.highestKill;
  return {
    state: {
      ...settled,
      bestBoss: Math.max(settled.bestBoss, n),
      highestKill: Math.max(settled.highestKill, n),
    },
    won: true,
    coins: first ? firstKillCoins(n) : 0,
  };
}

/** Whether rebirth would be accepted: the run's best boss must beat the one that set the multiplier. */
export const canRebirth = (state: IdleState): boolean => state.bestBoss > state.rebirthBoss;

/**
 * Rebirth intent: trainings (energy-time, levels, allocations) reset for a permanent multiplier
 * of 1 + bestBoss / 10 and 2 more energy. Refused unless it raises the multiplier, so rebirths
 * are bounded by the tower and each one is progress.
 */
export function rebirth(state: IdleState, nowMs: number): IdleState {
  assertTime(nowMs);
  if (state.bestBoss === 0) throw new RangeError('Beat a boss before you rebirth');
  if (!canRebirth(state)) {
    throw new RangeError(
      `Your multiplier is already ${formatMultiplier(multiplierTenthsOf(state))} from boss ${state.rebirthBoss}; beat boss ${state.rebirthBoss + 1} to raise it`,
    );
  }
  const settled = settle(state, nowMs).state;
  return {
    allocations: zeroAllocations(),
    energyTime: mapTrainings(() => 0n),
    rebirths: settled.rebirths + 1,
    rebirthBoss: settled.bestBoss,
    bestBoss: 0,
    highestKill: settled.highestKill,
    lastSettleMs: settled.lastSettleMs,
  };
}

export function toJson(state: IdleState): IdleStateJson {
  return {
    allocations: mapTrainings((t) => state.allocations[t]),
    energyTime: mapTrainings((t) => state.energyTime[t].toString()),
    rebirths: state.rebirths,
    rebirthBoss: state.rebirthBoss,
    bestBoss: state.bestBoss,
    highestKill: state.highestKill,
    lastSettleMs: state.lastSettleMs,
  };
}

const DECIMAL = /^(0|[1-9][0-9]*)$/;

/** Parses and checks a stored or received state; anything inconsistent is a RangeError. */
export function fromJson(json: unknown): IdleState {
  const bad = (what: string): never => {
    throw new RangeError(`Bad idle trainer state: ${what}`);
  };
  if (typeof json !== 'object' || json === null) return bad('not an object');
  const j = json as Record<string, unknown>;
  const whole = (key: string, max: number): number => {
    const v = j[key];
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0 || v > max) return bad(key);
    return v;
  };
  const rebirths = whole('rebirths', IDLE_MAX_REBIRTHS);
  const rebirthBoss = whole('rebirthBoss', IDLE_TOWER_BOSSES);
  const bestBoss = whole('bestBoss', IDLE_TOWER_BOSSES);
  const highestKill = whole('highestKill', IDLE_TOWER_BOSSES);
  const lastSettleMs = whole('lastSettleMs', Number.MAX_SAFE_INTEGER);
  if (rebirthBoss > highestKill || bestBoss > highestKill || rebirths > rebirthBoss) bad('bosses');
  const a = j.allocations as Record<string, unknown> | null | undefined;
  const e = j.energyTime as Record<string, unknown> | null | undefined;
  if (typeof a !== 'object' || a === null || typeof e !== 'object' || e === null)
    return bad('trainings');
  const allocations = mapTrainings((t) => {
    const v = a[t];
    return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : bad(`allocations.${t}`);
  });
  const energyTime = mapTrainings((t) => {
    const v = e[t];
    return typeof v === 'string' && DECIMAL.test(v) ? BigInt(v) : bad(`energyTime.${t}`);
  });
  if (IDLE_TRAININGS.reduce((s, t) => s + allocations[t], 0) > energyFor(rebirths))
    bad('allocations exceed energy');
  return { allocations, energyTime, rebirths, rebirthBoss, bestBoss, highestKill, lastSettleMs };
}

const SUFFIXES = ['', 'K', 'M', 'B', 'T'];

/**
 * Short display of a big whole number: '999', '1.23K', '45.6M', '789B', '1.00T', then '1.23e15'.
 * Three significant digits, truncated rather than rounded so a counter never shows more than
 * it has (and 999,999 never reads '1000K').
 */
export function formatBig(n: bigint): string {
  if (n < 0n) return '-' + formatBig(-n);
  const s = n.toString();
  if (s.length <= 3) return s;
  const exponent = s.length - 1;
  const digits = s.slice(0, 3);
  if (exponent >= 3 * SUFFIXES.length) return `${digits[0]}.${digits.slice(1)}e${exponent}`;
  const group = Math.floor(exponent / 3);
  const whole = s.length - 3 * group;
  return (
    (whole < 3 ? `${digits.slice(0, whole)}.${digits.slice(whole)}` : digits) + SUFFIXES[group]
  );
}
