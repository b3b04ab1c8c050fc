import { describe, expect, it } from 'vitest';
import {
  COUNTDOWN_MS,
  CRITTER_MATCH_MIN_MS,
  DAILY_MINIGAME_COIN_CAP,
  MATCH_PAIRS,
  MINIGAMES,
  RUN_TTL_MS,
} from '../../../../../shared/games/virtualPet/minigames';
import {
  GAMES,
  GAME_ORDER,
  MATCH_WAIT_MARGIN_MS,
  SAVE_FAILED,
  SAVE_MARGIN_MS,
  bonusWords,
  boundWords,
  critterBonus,
  endWords,
  payFor,
  payWords,
  playLimitMs,
  resultLines,
  resultToast,
  submitDelayMs,
} from './terms';

const traits = (...keys: string[]) => ({
  traits: Object.fromEntries(keys.map((k) => [k, true as const])),
});

describe('mini-game terms', () => {
  it('lists the three games in the spec’s order', () => {
    expect(GAME_ORDER).toEqual(['coin-catcher', 'dodge-n-dash', 'critter-match']);
    expect([...GAME_ORDER].sort()).toEqual([...MINIGAMES].sort());
    expect(GAMES['coin-catcher'].startKey).toBe('Enter');
    expect(GAMES['dodge-n-dash'].startKey).toBe('Space');
  });

  it('publishes the pay, the daily cap and the match board’s size', () => {
    const words = payWords().join(' ');
    expect(words).toMatch(/1 experience per point/);
    expect(words).toMatch(/1 pet coin per 10 points/);
    expect(words).toContain(`${DAILY_MINIGAME_COIN_CAP} pet coins a day`);
    expect(GAMES['critter-match'].rules.join(' ')).toContain(
      `16 cards (4 × 4) in ${MATCH_PAIRS} pairs`,
    );
    expect(JSON.stringify(GAMES)).not.toMatch(/\bspec\b/i);
    expect(boundWords('dodge-n-dash')).toMatch(/2\.5 points per second/);
    expect(boundWords('critter-match')).toMatch(/8 seconds/);
    expect(SAVE_FAILED).toBe('Server error saving score.');
  });

  it('reads what a critter’s traits do in the games', () => {
    const bonus = critterBonus(traits('bold', 'patient', 'stalwart', 'phoenixFlame', 'hoarder'));
    expect(bonus).toEqual({
      scorePct: 10,
      expPct: 10,
      revives: 1,
      traitNames: ['Bold', 'Patient', 'Stalwart', 'Phoenix Flame'],
    });
    expect(bonusWords(bonus)).toBe('+10% score, +10% experience, 1 revive per game');
    expect(bonusWords(critterBonus(traits()))).toBeNull();
  });

  it('pays as the server does: experience per point with traits, a pet coin per 10', () => {
    expect(payFor('critter-match', 100, traits())).toMatchObject({
      score: 100,
      experience: 100,
      coins: 10,
    });
    // +10% score makes 110 points: 11 pet coins, and +10% experience on those makes 121.
    expect(payFor('critter-match', 100, traits('bold', 'patient'))).toMatchObject({
      experience: 121,
      coins: 11,
    });
    expect(payFor('coin-catcher', 29, traits())).toMatchObject({ experience: 29, coins: 2 });
  });

  it('plays within the run’s window, less the countdown and a margin to save', () => {
    const start = Date.parse('2025-01-01T12:00:00Z');
    const answer = {
      serverTime: new Date(start).toISOString(),
      expiresAt: new Date(start + RUN_TTL_MS).toISOString(),
    };
    expect(playLimitMs(answer)).toBe(RUN_TTL_MS - COUNTDOWN_MS - SAVE_MARGIN_MS);
    expect(playLimitMs({ serverTime: 'now', expiresAt: 'later' })).toBe(
      RUN_TTL_MS - COUNTDOWN_MS - SAVE_MARGIN_MS,
    );
    expect(
      playLimitMs({
        serverTime: answer.serverTime,
        expiresAt: new Date(start + 1000).toISOString(),
      }),
    ).toBe(0);
  });

  it('holds a quick Critter Match score until the run is long enough to count', () => {
    expect(submitDelayMs('critter-match', 5000)).toBe(
      CRITTER_MATCH_MIN_MS + MATCH_WAIT_MARGIN_MS - 5000,
    );
    expect(submitDelayMs('critter-match', 60_000)).toBe(0);
    expect(submitDelayMs('dodge-n-dash', 10)).toBe(0);
  });

  it('says what the server counted and paid', () => {
    expect(
      resultLines(
        { score: 40, clamped: false, experienceEarned: 44, coinsEarned: 4, coinsCapped: 0 },
        40,
      ),
    ).toEqual(['Score counted: 40', '+44 experience', '+4 pet coins']);
    expect(
      resultLines(
        { score: 31, clamped: true, experienceEarned: 31, coinsEarned: 1, coinsCapped: 2 },
        45,
      ),
    ).toEqual([
      'Score clamped to 31 (you scored 45; the run was too short to count more)',
      '+31 experience',
      '+1 pet coin',
      'Daily cap reached: 2 pet coins held back',
    ]);
    expect(
      resultToast({
        score: 31,
        clamped: true,
        experienceEarned: 31,
        coinsEarned: 0,
        coinsCapped: 3,
      }),
    ).toBe('Score saved: +31 EXP, +0 pet coins (clamped to 31, daily cap reached)');
    expect(
      resultToast({
        score: 5,
        clamped: false,
        experienceEarned: 5,
        coinsEarned: 0,
        coinsCapped: 0,
      }),
    ).toBe('Score saved: +5 EXP, +0 pet coins');
  });

  it('says how a game ended', () => {
    expect(endWords('hit', 1, 'coin-catcher')).toBe('A red coin! Game over with 1 point.');
    expect(endWords('hit', 14, 'dodge-n-dash')).toBe(
      'Hit by a red ball! Game over with 14 points.',
    );
    expect(endWords('complete', 100, 'critter-match')).toBe('All pairs found! Score 100 points.');
    expect(endWords('exit', 0, 'coin-catcher')).toBe('You left the game with 0 points.');
    expect(endWords('time', 3, 'dodge-n-dash')).toMatch(/Time is up/);
  });
});
