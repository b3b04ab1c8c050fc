import { describe, expect, it } from 'vitest';
import {
  COUNTDOWN_MS,
  POINTS_PER_SECOND,
  maxScore,
} from '../../../../../shared/games/virtualPet/minigames';
import {
  CATCHER_SPEED,
  CATCHER_W,
  CATCHER_Y,
  COIN_R,
  COIN_SPAWN_S,
  FIRST_COIN_S,
  GRACE_COINS,
  announceCoinCatcher,
  catchesCoin,
  coinFallSpeed,
  createCoinCatcher,
  describeCoinCatcher,
  stepCoinCatcher,
  type CoinCatcherState,
  type FallingCoin,
} from './coinCatcher';
import { NO_INPUT, WORLD_H, WORLD_W, seededRng, type ControlInput } from './engine';

const options = { expert: false, revives: 0, limitMs: Infinity };
const gold = () => 0.99;
const left: ControlInput = { ...NO_INPUT, left: true };
const right: ControlInput = { ...NO_INPUT, right: true };

/** A game with one coin just above the catcher, and no other coin due for a while. */
function withCoin(
  kind: FallingCoin['kind'],
  overrides: Partial<CoinCatcherState> = {},
): CoinCatcherState {
  const s = createCoinCatcher(options);
  const coin: FallingCoin = { id: 99, x: s.catcherX, y: CATCHER_Y - COIN_R - 2, vy: 200, kind };
  return { ...s, coins: [coin], spawnIn: 10, ...overrides };
}

describe('coin catcher', () => {
  it('starts with the catcher in the middle and no coin', () => {
    const s = createCoinCatcher(options);
    expect(s.catcherX).toBe(WORLD_W / 2);
    expect(s.coins).toEqual([]);
    expect(s.score).toBe(0);
    expect(s.ended).toBeNull();
  });

  it('drops a coin every COIN_SPAWN_S, yellow for the first few', () => {
    // Every draw 0: coins at the left wall (missed) and, after the grace ones, red.
    const red = () => 0;
    let s = stepCoinCatcher(createCoinCatcher(options), FIRST_COIN_S + 0.001, NO_INPUT, red);
    expect(s.coins).toHaveLength(1);
    s = stepCoinCatcher(s, GRACE_COINS * COIN_SPAWN_S, NO_INPUT, red);
    expect(s.spawned).toBe(GRACE_COINS + 1);
    expect(s.coins.map((c) => c.kind)).toEqual([...Array<string>(GRACE_COINS).fill('gold'), 'red']);
    expect(s.ended).toBeNull();
  });

  it('moves the catcher with the keys, twice as fast in expert mode, within the walls', () => {
    const s = createCoinCatcher(options);
    expect(stepCoinCatcher(s, 0.05, left, gold).catcherX).toBeCloseTo(
      WORLD_W / 2 - CATCHER_SPEED * 0.05,
    );
    const expert = createCoinCatcher({ ...options, expert: true });
    expect(stepCoinCatcher(expert, 0.05, right, gold).catcherX).toBeCloseTo(
      WORLD_W / 2 + 2 * CATCHER_SPEED * 0.05,
    );
    let far = s;
    for (let i = 0; i < 100; i++) far = stepCoinCatcher(far, 0.05, right, gold);
    expect(far.catcherX).toBe(WORLD_W - CATCHER_W / 2);
  });

  it('follows a finger at its own speed', () => {
    const s = createCoinCatcher(options);
    const toward = stepCoinCatcher(s, 0.05, { ...NO_INPUT, pointer: { x: 0, y: 0 } }, gold);
    expect(toward.catcherX).toBeCloseTo(WORLD_W / 2 - CATCHER_SPEED * 0.05);
    const near = stepCoinCatcher(
      s,
      0.05,
      { ...NO_INPUT, pointer: { x: WORLD_W / 2 + 3, y: 0 } },
      gold,
    );
    expect(near.catcherX).toBeCloseTo(WORLD_W / 2 + 3);
  });

  it('counts a yellow coin caught as a point', () => {
    const s = stepCoinCatcher(withCoin('gold'), 0.05, NO_INPUT, gold);
    expect(s.score).toBe(1);
    expect(s.coins).toEqual([]);
    expect(s.ended).toBeNull();
  });

  it('ends the game on a red coin, unless a revive is left', () => {
    const hit = stepCoinCatcher(withCoin('red'), 0.05, NO_INPUT, gold);
    expect(hit.ended).toBe('hit');
    expect(hit.shake).toBeGreaterThan(0);
    const revived = stepCoinCatcher(withCoin('red', { revives: 1 }), 0.05, NO_INPUT, gold);
    expect(revived.ended).toBeNull();
    expect(revived.revives).toBe(0);
    expect(announceCoinCatcher(withCoin('red', { revives: 1 }), revived)).toMatch(/Revive used/);
  });

  it('lets a coin that misses fall away without cost, and an ended game stays as it is', () => {
    const missed = withCoin('red', { catcherX: CATCHER_W / 2 });
    missed.coins = [{ id: 1, x: WORLD_W - COIN_R, y: WORLD_H - 1, vy: 300, kind: 'red' }];
    const after = stepCoinCatcher(missed, 0.05, NO_INPUT, gold);
    expect(after.coins).toEqual([]);
    expect(after.ended).toBeNull();
    const ended = stepCoinCatcher(withCoin('red'), 0.05, NO_INPUT, gold);
    expect(stepCoinCatcher(ended, 0.05, right, gold)).toBe(ended);
  });

  it('catches a fast coin that passes the catcher within one step', () => {
    expect(catchesCoin(100, 100, CATCHER_Y - 40, CATCHER_Y + 30)).toBe(true);
    expect(catchesCoin(100, 100 + CATCHER_W, CATCHER_Y - 40, CATCHER_Y + 30)).toBe(false);
    expect(catchesCoin(100, 100, CATCHER_Y - 60, CATCHER_Y - 40)).toBe(false);
  });

  it('falls faster as the game goes on, and twice as fast in expert mode', () => {
    expect(coinFallSpeed(60, false, 0.5)).toBeGreaterThan(coinFallSpeed(0, false, 0.5));
    expect(coinFallSpeed(12, true, 0.3)).toBeCloseTo(2 * coinFallSpeed(12, false, 0.3));
  });

  it('ends by itself when the run’s time is up', () => {
    const s = stepCoinCatcher(createCoinCatcher({ ...options, limitMs: 40 }), 0.05, NO_INPUT, gold);
    expect(s.ended).toBe('time');
  });

  it('never scores more than the server counts, even catching every coin in expert mode', () => {
    expect(1 / COIN_SPAWN_S).toBeLessThan(POINTS_PER_SECOND['coin-catcher']);
    let s = createCoinCatcher({ ...options, expert: true });
    for (let i = 0; i < 120 * 60; i++) {
      // A perfect player: the catcher is always under the lowest coin.
      const lowest = [...s.coins].sort((a, b) => b.y - a.y)[0];
      s = stepCoinCatcher({ ...s, catcherX: lowest?.x ?? s.catcherX }, 1 / 60, NO_INPUT, gold);
    }
    expect(s.ended).toBeNull();
    expect(s.score).toBeGreaterThan(150);
    expect(s.score).toBeLessThanOrEqual(maxScore('coin-catcher', s.time * 1000 + COUNTDOWN_MS));
  });

  it('plays the same game from the same seed', () => {
    const play = () => {
      const rng = seededRng(42);
      let s = createCoinCatcher(options);
      for (let i = 0; i < 600; i++)
        s = stepCoinCatcher(s, 1 / 60, i % 120 < 60 ? left : right, rng);
      return s;
    };
    expect(play()).toEqual(play());
  });

  it('describes the game for its accessible name and announces every fifth point', () => {
    const s = {
      ...createCoinCatcher(options),
      score: 4,
      coins: [{ id: 1, x: 10, y: 10, vy: 1, kind: 'red' as const }],
    };
    expect(describeCoinCatcher(s)).toBe('Coin catcher: score 4, 1 coin falling (1 red)');
    expect(announceCoinCatcher(s, { ...s, score: 5 })).toBe('Score 5');
    expect(announceCoinCatcher({ ...s, score: 5 }, { ...s, score: 6 })).toBeNull();
  });
});
