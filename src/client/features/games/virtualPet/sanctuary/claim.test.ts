import { describe, expect, it } from 'vitest';
import {
  CLAIM_BASE_COINS,
  CLAIM_COINS_PER_CRITTER,
  CLAIM_SHARDS,
} from '../../../../../shared/games/virtualPet/claim';
import { ApiError, NetworkError } from '../../../../lib/api';
import {
  claimSummary,
  claimTermsView,
  formatClaimCountdown,
  formatInterval,
  laterClaim,
  nextClaimOf,
  remainingMs,
} from './claim';

describe('sanctuary claim', () => {
  it('counts down as H:MM:SS, seconds rounded up, never below zero', () => {
    expect(formatClaimCountdown(4 * 3_600_000 - 48_000)).toBe('3:59:12');
    expect(formatClaimCountdown(12 * 60_000 + 5_000)).toBe('0:12:05');
    expect(formatClaimCountdown(1)).toBe('0:00:01');
    expect(formatClaimCountdown(0)).toBe('0:00:00');
    expect(formatClaimCountdown(-5_000)).toBe('0:00:00');
    expect(formatClaimCountdown(27 * 3_600_000)).toBe('27:00:00');
  });

  it('reads the time left from nextClaim, 0 when null, unreadable or past', () => {
    const now = Date.parse('2025-01-01T12:00:00Z');
    expect(remainingMs('2025-01-01T12:00:30Z', now)).toBe(30_000);
    expect(remainingMs('2025-01-01T11:00:00Z', now)).toBe(0);
    expect(remainingMs(null, now)).toBe(0);
    expect(remainingMs('soon', now)).toBe(0);
  });

  it('knows a too-early claim by its 400 and details.nextClaim only', () => {
    const at = '2025-01-01T16:00:00.000Z';
    expect(nextClaimOf(new ApiError(400, 'too soon', 'BAD_REQUEST', { nextClaim: at }))).toBe(at);
    expect(
      nextClaimOf(new ApiError(400, 'bad', 'BAD_REQUEST', [{ field: 'x', rule: 'required' }])),
    ).toBeNull();
    expect(nextClaimOf(new ApiError(409, 'too soon', 'CONFLICT', { nextClaim: at }))).toBeNull();
    expect(
      nextClaimOf(new ApiError(400, 'too soon', 'BAD_REQUEST', { nextClaim: 'later' })),
    ).toBeNull();
    expect(nextClaimOf(new NetworkError(new Error('offline')))).toBeNull();
  });

  it('says what a claim added, with catalogue names', () => {
    expect(
      claimSummary({
        coinsAdded: 1500,
        shardsAdded: 5,
        foodAdded: { 'berry-bites': 2, 'honey-cake': 0 },
        toysAdded: { 'yarn-ball': 1, mystery: 1 },
      }),
    ).toBe('+1,500 pet coins, +5 shards, 2 × 🫐 Berry Bites, 1 × 🧶 Yarn Ball, 1 × mystery');
  });

  it('publishes the terms the server applies', () => {
    const view = claimTermsView([
      { traits: { hoarder: true } },
      { traits: { naptime: true, forager: true } },
    ]);
    expect(view.terms.coins).toBe(
      Math.floor(((CLAIM_BASE_COINS + 2 * CLAIM_COINS_PER_CRITTER) * 110) / 100),
    );
    expect(view.terms.shards).toBe(CLAIM_SHARDS);
    expect(view.terms.foodDraws).toBe(3);
    expect(view.terms.toyDraws).toBe(1);
    expect(view.baseInterval).toBe('4 h');
    expect(view.bestInterval).toBe('3 h');
    expect(formatInterval(view.terms.cooldownMs)).toBe('3 h 48 min');
    expect(view.food.map((o) => o.percent)).toEqual(['50.00', '30.00', '15.00', '5.00']);
    expect(view.toys[0]).toEqual({
      key: 'yarn-ball',
      name: 'Yarn Ball',
      emoji: '🧶',
      percent: '50.00',
    });
  });
});

describe('laterClaim', () => {
  it('keeps the later of the server time and a refusal', () => {
    const early = '2025-01-01T12:00:00.000Z';
    const late = '2025-01-01T13:00:00.000Z';
    expect(laterClaim(early, late)).toBe(late);
    expect(laterClaim(late, early)).toBe(late);
    expect(laterClaim(null, late)).toBe(late);
    expect(laterClaim(early, null)).toBe(early);
    expect(laterClaim(null, undefined)).toBeNull();
  });
});
