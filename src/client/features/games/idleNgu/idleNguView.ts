// The trainer page's words and numbers, free of React so they are tested on their own
// (idleNguView.test.ts). Every figure comes from the shared rules the server settles by
// (shared/games/idleNgu/rules.ts); only the wording lives here.
import type { IdleDto } from '../../../../shared/games/idleNgu/contract';
import {
  bossHp,
  canBeat,
  energyFor,
  firstKillCoins,
  formatBig,
  formatMultiplier,
  IDLE_AWAY_SUMMARY_MS,
  IDLE_OFFLINE_CAP_MS,
  IDLE_TOWER_BOSSES,
  IDLE_TRAININGS,
  IDLE_TRAINING_NAMES,
  multiplierTenthsOf,
  rebirthMultiplierTenths,
  type Allocations,
  type AwaySummary,
  type IdleState,
  type Training,
} from '../../../../shared/games/idleNgu/rules';

/** Fallbacks when a failure carries no message of the server's. */
export const LOAD_FAILED = 'Failed to load your trainer';
export const ACTION_FAILED = 'Action failed';

/** How many floors above the best boss of the run the tower shows. */
const TOWER_LOOKAHEAD = 5;

export const OFFLINE_CAP_HOURS = IDLE_OFFLINE_CAP_MS / 3_600_000;

/** A read of the trainer, with how far the server's clock is ahead of this browser's. */
export type IdleView = IdleDto & { offsetMs: number };

/** Stamps an answer received just now with the clock offset (the one-way delay is small next to a level). */
export function withOffset(dto: IdleDto, receivedAt: number): IdleView {
  const at = Date.parse(dto.serverTime);
  return { ...dto, offsetMs: Number.isFinite(at) ? at - receivedAt : 0 };
}

/** A read answered after an action it crossed must not put the older trainer back. */
export function newerView(current: IdleView | undefined, incoming: IdleView): IdleView {
  if (current && Date.parse(current.serverTime) > Date.parse(incoming.serverTime)) return current;
  return incoming;
}

/**
 * '12 s', '3 min 20 s', '9 h', '2 h 5 min', '3 d 4 h'. A wait rounds up, so it never reads shorter
 * than it is; time gone rounds down, so 9 h and a few seconds reads '9 h'.
 */
export function durationText(ms: number, round: 'up' | 'down' = 'up'): string {
  const r = round === 'up' ? Math.ceil : Math.floor;
  const s = Math.max(1, r(ms / 1000));
  const join = (big: number, bigUnit: string, small: number, smallUnit: string) =>
    small === 0 ? `${big} ${bigUnit}` : `${big} ${bigUnit} ${small} ${smallUnit}`;
  if (s < 60) return `${s} s`;
  if (s < 3600) return join(Math.floor(s / 60), 'min', s % 60, 's');
  const m = r(s / 60);
  if (m < 24 * 60) return join(Math.floor(m / 60), 'h', m % 60, 'min');
  const h = r(m / 60);
  return join(Math.floor(h / 24), 'd', h % 24, 'h');
}

/** A whole number with thousands separators; levels are exact BigInts. */
export const wholeText = (n: bigint | number): string => n.toLocaleString('en-US');

export const sumOf = (allocations: Allocations): number =>
  IDLE_TRAININGS.reduce((s, t) => s + allocations[t], 0);

export const sameAllocations = (a: Allocations, b: Allocations): boolean =>
  IDLE_TRAININGS.every((t) => a[t] === b[t]);

/**
 * What a row's controls would set a training to, kept within 0 and what the energy allows, so a
 * request never carries an allocation the server would refuse.
 */
export function clampAllocation(
  allocations: Allocations,
  energy: number,
  t: Training,
  wanted: number,
): Record<Training, number> {
  const others = sumOf(allocations) - allocations[t];
  const value = Math.max(
    0,
    Math.min(Number.isFinite(wanted) ? Math.trunc(wanted) : 0, energy - others),
  );
  return { ...allocations, [t]: value };
}

export interface TowerFloor {
  n: number;
  hp: string;
  /** Beaten in this run. */
  beaten: boolean;
  /** The first-kill reward was paid in some run. */
  paid: boolean;
  reward: number;
  /** Fightable now: the next floor of the run at most, and the power beats it. */
  fightable: boolean;
  /** Why Fight is off, or null. */
  blocked: string | null;
}

/** Bosses 1..min(100, best boss + 5), judged against `power` (the trainer settled to now). */
export function towerFloors(state: IdleState, power: bigint): TowerFloor[] {
  const top = Math.min(IDLE_TOWER_BOSSES, state.bestBoss + TOWER_LOOKAHEAD);
  return Array.from({ length: top }, (_, i) => {
    const n = i + 1;
    const hp = bossHp(n);
    const reachable = n <= state.bestBoss + 1;
    const beatable = canBeat(power, n);
    return {
      n,
      hp: formatBig(hp),
      beaten: n <= state.bestBoss,
      paid: n <= state.highestKill,
      reward: firstKillCoins(n),
      fightable: reachable && beatable,
      blocked: !reachable
        ? `Beat boss ${state.bestBoss + 1} first`
        : !beatable
          ? `Needs ${formatBig(hp)} power`
          : null,
    };
  });
}

/** The toast after a won fight. */
export const victoryText = (boss: number, coins: number): string =>
  coins > 0
    ? `Victory! +${wholeText(coins)} coins`
    : `Victory! Boss ${boss} beaten again: its first-kill reward was already paid`;

export interface RebirthPreview {
  from: string;
  to: string;
  energyFrom: number;
  energyTo: number;
  bestBoss: number;
}

/** What a rebirth now would give: the multiplier from this run's best boss and 2 more energy. */
export function rebirthPreview(state: IdleState): RebirthPreview {
  return {
    from: formatMultiplier(multiplierTenthsOf(state)),
    to: formatMultiplier(rebirthMultiplierTenths(state.bestBoss)),
    energyFrom: energyFor(state.rebirths),
    energyTo: energyFor(state.rebirths + 1),
    bestBoss: state.bestBoss,
  };
}

/** Why Rebirth is off, or null when it is on. */
export function rebirthBlocked(state: IdleState): string | null {
  if (state.bestBoss > state.rebirthBoss) return null;
  return state.rebirthBoss === 0
    ? 'Beat boss 1 to unlock rebirth.'
    : `Your multiplier came from boss ${state.rebirthBoss}: beat boss ${state.rebirthBoss + 1} to raise it.`;
}

/** 'Away 9 h.' or 'Away 1 d 2 h; 12 h counted.' */
export function awayDuration(away: Pick<AwaySummary, 'awayMs' | 'cappedMs'>): string {
  const gone = durationText(away.awayMs, 'down');
  return away.awayMs > away.cappedMs
    ? `Away ${gone}; the first ${durationText(away.cappedMs, 'down')} counted.`
    : `Away ${gone}.`;
}

/** '+12 levels Attack' per training that gained any. */
export function awayLines(
  levelsGained: Readonly<Record<Training, number>>,
): { training: Training; text: string }[] {
  return IDLE_TRAININGS.filter((t) => levelsGained[t] > 0).map((t) => ({
    training: t,
    text: `+${wholeText(levelsGained[t])} ${levelsGained[t] === 1 ? 'level' : 'levels'} ${IDLE_TRAINING_NAMES[t]}`,
  }));
}

/**
 * Whether this tab had the trainer on screen within the away threshold before an answer with an
 * away summary: the page does not poll, so the server cannot tell a player who watched the levels
 * climb from one who left. A reload after watching is then not 'away'. `watchedAt` is the
 * server-clock time the page last showed the trainer in this tab (sessionStorage), or null.
 */
export function watchedMeanwhile(serverTime: string, watchedAt: number | null): boolean {
  const at = Date.parse(serverTime);
  return watchedAt !== null && Number.isFinite(at) && at - watchedAt <= IDLE_AWAY_SUMMARY_MS;
}
