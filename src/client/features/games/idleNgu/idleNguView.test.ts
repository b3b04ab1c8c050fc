import { describe, expect, it } from 'vitest';
import type { IdleDto } from '../../../../shared/games/idleNgu/contract';
import {
  IDLE_OFFLINE_CAP_MS,
  newIdleState,
  toJson,
  type IdleState,
} from '../../../../shared/games/idleNgu/rules';
import {
  awayDuration,
  awayLines,
  clampAllocation,
  durationText,
  newerView,
  rebirthBlocked,
  rebirthPreview,
  towerFloors,
  victoryText,
  watchedMeanwhile,
  withOffset,
} from './idleNguView';

const T0 = Date.parse('2026-11-26T10:00:00Z');
const trainer = (over: Partial<IdleState> = {}): IdleState => ({ ...newIdleState(T0), ...over });

describe('idle trainer page', () => {
  it('words durations, rounded up', () => {
    expect(
      [
        200,
        1000,
        12_300,
        60_000,
        200_000,
        3_600_000,
        7_500_000,
        32_400_000,
        86_400_000 + 4 * 3_600_000,
      ].map((ms) => durationText(ms)),
    ).toEqual(['1 s', '1 s', '13 s', '1 min', '3 min 20 s', '1 h', '2 h 5 min', '9 h', '1 d 4 h']);
  });

  it('keeps an allocation within 0 and the energy left by the other trainings', () => {
    const a = { attack: 3, defense: 4, speed: 0, magic: 0 };
    expect(clampAllocation(a, 10, 'speed', 5)).toEqual({ ...a, speed: 3 });
    expect(clampAllocation(a, 10, 'attack', -1)).toEqual({ ...a, attack: 0 });
    expect(clampAllocation(a, 10, 'magic', 2.7)).toEqual({ ...a, magic: 2 });
    expect(clampAllocation(a, 10, 'magic', Number.NaN)).toEqual(a);
  });

  it('lists bosses up to five above the best of the run, fightable only in reach and beatable', () => {
    const fresh = towerFloors(trainer(), 1n);
    expect(fresh.map((f) => f.n)).toEqual([1, 2, 3, 4, 5]);
    expect(fresh.map((f) => f.hp)).toEqual(['14', '19', '25', '34', '45']);
    expect(fresh[0]).toMatchObject({
      fightable: false,
      blocked: 'Needs 14 power',
      reward: 12,
      paid: false,
      beaten: false,
    });
    expect(fresh[1]).toMatchObject({ fightable: false, blocked: 'Beat boss 1 first' });
    expect(towerFloors(trainer(), 14n)[0]).toMatchObject({ fightable: true, blocked: null });
    const later = towerFloors(
      trainer({ bestBoss: 2, highestKill: 3, rebirths: 1, rebirthBoss: 3 }),
      30n,
    );
    expect(later).toHaveLength(7);
    expect(later.map((f) => [f.beaten, f.paid, f.fightable])).toEqual([
      [true, true, true],
      [true, true, true],
      [false, true, true],
      [false, false, false],
      [false, false, false],
      [false, false, false],
      [false, false, false],
    ]);
    expect(towerFloors(trainer({ bestBoss: 99, highestKill: 99 }), 0n)).toHaveLength(100);
  });

  it('says what a fight paid, what a rebirth gives and why it is off', () => {
    expect(victoryText(1, 12)).toBe('Victory! +12 coins');
    expect(victoryText(1, 0)).toBe(
      'Victory! Boss 1 beaten again: its first-kill reward was already paid',
    );
    expect(rebirthBlocked(trainer())).toBe('Beat boss 1 to unlock rebirth.');
    expect(
      rebirthBlocked(trainer({ rebirths: 1, rebirthBoss: 4, bestBoss: 4, highestKill: 4 })),
    ).toBe('Your multiplier came from boss 4: beat boss 5 to raise it.');
    expect(
      rebirthBlocked(trainer({ rebirths: 1, rebirthBoss: 4, bestBoss: 0, highestKill: 4 })),
    ).toBe('Your multiplier came from boss 4: beat boss 5 to raise it.');
    const s = trainer({ bestBoss: 3, highestKill: 3 });
    expect(rebirthBlocked(s)).toBeNull();
    expect(rebirthPreview(s)).toEqual({
      from: 'x1.0',
      to: 'x1.3',
      energyFrom: 10,
      energyTo: 12,
      bestBoss: 3,
    });
  });

  it('counts a read as a return from away only when this tab had not shown the trainer within the last minute', () => {
    const at = '2026-11-26T12:00:00.000Z';
    const ms = Date.parse(at);
    expect(watchedMeanwhile(at, null)).toBe(false);
    expect(watchedMeanwhile(at, ms - 1_000)).toBe(true);
    expect(watchedMeanwhile(at, ms - 60_000)).toBe(true);
    expect(watchedMeanwhile(at, ms - 60_001)).toBe(false);
    expect(watchedMeanwhile('not a time', ms)).toBe(false);
  });

  it('sums up time away, naming the cap when it bit', () => {
    expect(awayDuration({ awayMs: 9 * 3_600_000 + 2_500, cappedMs: 9 * 3_600_000 + 2_500 })).toBe(
      'Away 9 h.',
    );
    expect(durationText(9 * 3_600_000 + 2_500, 'down')).toBe('9 h');
    expect(durationText(90_500, 'down')).toBe('1 min 30 s');
    expect(awayDuration({ awayMs: 30 * 3_600_000, cappedMs: IDLE_OFFLINE_CAP_MS })).toBe(
      'Away 1 d 6 h; the first 12 h counted.',
    );
    expect(awayLines({ attack: 12, defense: 1, speed: 0, magic: 0 })).toEqual([
      { training: 'attack', text: '+12 levels Attack' },
      { training: 'defense', text: '+1 level Defense' },
    ]);
  });

  it('keeps the newer of two answers, with the clock offset at receipt', () => {
    const dto = (iso: string): IdleDto => ({
      state: toJson(trainer()),
      serverTime: iso,
      away: null,
      power: '1',
      strongestBeatable: 0,
    });
    const older = withOffset(dto('2026-11-26T10:00:00.000Z'), T0 - 250);
    const newer = withOffset(dto('2026-11-26T10:00:01.000Z'), T0 + 1000);
    expect(older.offsetMs).toBe(250);
    expect(newer.offsetMs).toBe(0);
    expect(newerView(newer, older)).toBe(newer);
    expect(newerView(older, newer)).toBe(newer);
    expect(newerView(undefined, older)).toBe(older);
  });
});
