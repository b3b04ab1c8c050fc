import { describe, expect, it } from 'vitest';
import { COUNTDOWN_MS, maxScore } from '../../../../../shared/games/virtualPet/minigames';
import {
  BALL_EVERY_S,
  MAX_BALLS,
  PLAYER_R,
  PLAYER_SPEED,
  REVIVE_SHIELD_S,
  SAFE_SPAWN_DIST,
  START_BALLS,
  announceDodge,
  ballSpeed,
  createDodge,
  describeDodge,
  dodgeScore,
  moveBall,
  spawnPoint,
  stepDodge,
  type Ball,
  type DodgeState,
} from './dodgeDash';
import { NO_INPUT, WORLD_H, WORLD_W, seededRng } from './engine';

const options = { expert: false, revives: 0, limitMs: Infinity };

/** A field with no ball and none due, to watch the score or the player alone. */
const empty = (overrides: Partial<DodgeState> = {}): DodgeState => ({
  ...createDodge(options, seededRng(1)),
  balls: [],
  spawnIn: 1e9,
  ...overrides,
});
const ballAt = (x: number, y: number, id = 1): Ball => ({ id, x, y, vx: 0, vy: 0, r: 10 });

describe('dodge n dash', () => {
  it('starts with a few balls, each far from the player', () => {
    for (let seed = 0; seed < 50; seed++) {
      const s = createDodge(options, seededRng(seed));
      expect(s.balls).toHaveLength(START_BALLS);
      for (const b of s.balls)
        expect(Math.hypot(b.x - s.player.x, b.y - s.player.y)).toBeGreaterThanOrEqual(
          SAFE_SPAWN_DIST,
        );
    }
  });

  it('spawns new balls away from the player wherever it stands', () => {
    const rng = seededRng(3);
    for (let i = 0; i < 200; i++) {
      const player = {
        x: PLAYER_R + rng() * (WORLD_W - 2 * PLAYER_R),
        y: PLAYER_R + rng() * (WORLD_H - 2 * PLAYER_R),
      };
      const p = spawnPoint(player, rng);
      expect(Math.hypot(p.x - player.x, p.y - player.y)).toBeGreaterThanOrEqual(SAFE_SPAWN_DIST);
    }
  });

  it('scores 2 points for every second survived', () => {
    expect(dodgeScore(0.49)).toBe(0);
    expect(dodgeScore(0.5)).toBe(1);
    expect(dodgeScore(10)).toBe(20);
    let s = empty();
    for (let i = 0; i < 600; i++) s = stepDodge(s, 1 / 60, NO_INPUT, seededRng(2));
    expect(s.time).toBeCloseTo(10);
    expect(s.score).toBeGreaterThanOrEqual(19);
    expect(s.score).toBeLessThanOrEqual(20);
  });

  it('never scores more than the server counts for the time played', () => {
    let s = empty();
    for (const seconds of [1, 7.3, 60, 600]) {
      while (s.time < seconds) s = stepDodge(s, 0.05, NO_INPUT, seededRng(4));
      expect(s.score).toBeLessThanOrEqual(maxScore('dodge-n-dash', s.time * 1000 + COUNTDOWN_MS));
    }
  });

  it('bounces balls off the walls', () => {
    const b = moveBall({ id: 1, x: WORLD_W - 12, y: 5, vx: 100, vy: -100, r: 10 }, 0.1);
    expect(b.x).toBe(WORLD_W - 10);
    expect(b.vx).toBe(-100);
    expect(b.y).toBe(10);
    expect(b.vy).toBe(100);
  });

  it('adds a ball every few seconds, up to a limit', () => {
    // A shield that never ends, so only the count is watched.
    let s = { ...createDodge(options, seededRng(5)), shield: 1e9 };
    for (let t = 0; t < BALL_EVERY_S * 2 + 0.1; t += 0.05)
      s = stepDodge(s, 0.05, NO_INPUT, seededRng(6));
    expect(s.balls.length).toBe(START_BALLS + 2);
    for (let t = 0; t < BALL_EVERY_S * 30; t += 0.05)
      s = stepDodge(s, 0.05, NO_INPUT, seededRng(7));
    expect(s.balls.length).toBe(MAX_BALLS);
    expect(s.ended).toBeNull();
  });

  it('ends the game when a ball touches the player', () => {
    const s = empty({ balls: [ballAt(WORLD_W / 2 + PLAYER_R + 5, WORLD_H / 2)] });
    const hit = stepDodge(s, 1 / 60, NO_INPUT, seededRng(8));
    expect(hit.ended).toBe('hit');
    expect(stepDodge(hit, 1, NO_INPUT, seededRng(8))).toBe(hit);
  });

  it('survives one touch with a revive: the ball is gone and a shield holds for a while', () => {
    const s = empty({
      revives: 1,
      balls: [ballAt(WORLD_W / 2, WORLD_H / 2), ballAt(WORLD_W / 2 + 40, WORLD_H / 2, 2)],
    });
    const revived = stepDodge(s, 1 / 60, NO_INPUT, seededRng(9));
    expect(revived.ended).toBeNull();
    expect(revived.revives).toBe(0);
    expect(revived.shield).toBeGreaterThan(0);
    expect(revived.balls.map((b) => b.id)).toEqual([2]);
    expect(announceDodge(s, revived)).toMatch(/Revive used/);
    // Inside the shield a touch does nothing; after it, it ends the game.
    const shielded = stepDodge(
      { ...revived, balls: [ballAt(WORLD_W / 2, WORLD_H / 2, 3)] },
      0.5,
      NO_INPUT,
      seededRng(9),
    );
    expect(shielded.ended).toBeNull();
    const after = stepDodge({ ...shielded, shield: 0 }, 1 / 60, NO_INPUT, seededRng(9));
    expect(after.ended).toBe('hit');
    expect(REVIVE_SHIELD_S).toBeGreaterThan(0.5);
  });

  it('moves the player at one speed in every direction, twice as fast in expert mode', () => {
    const s = empty();
    const moved = stepDodge(s, 0.05, { ...NO_INPUT, right: true, down: true }, seededRng(1));
    expect(Math.hypot(moved.player.x - s.player.x, moved.player.y - s.player.y)).toBeCloseTo(
      PLAYER_SPEED * 0.05,
    );
    const expert = stepDodge(
      { ...s, expert: true },
      0.05,
      { ...NO_INPUT, left: true },
      seededRng(1),
    );
    expect(s.player.x - expert.player.x).toBeCloseTo(2 * PLAYER_SPEED * 0.05);
    const toFinger = stepDodge(
      s,
      0.05,
      { ...NO_INPUT, pointer: { x: s.player.x + 3, y: s.player.y - 4 } },
      seededRng(1),
    );
    expect(toFinger.player).toEqual({ x: s.player.x + 3, y: s.player.y - 4 });
    let corner = s;
    for (let i = 0; i < 100; i++)
      corner = stepDodge(corner, 0.05, { ...NO_INPUT, left: true, up: true }, seededRng(1));
    expect(corner.player).toEqual({ x: PLAYER_R, y: PLAYER_R });
  });

  it('doubles the balls’ speed in expert mode', () => {
    expect(ballSpeed(10, true, 0.4)).toBeCloseTo(2 * ballSpeed(10, false, 0.4));
  });

  it('ends by itself when the run’s time is up', () => {
    expect(stepDodge(empty({ limitS: 0.04 }), 0.05, NO_INPUT, seededRng(1)).ended).toBe('time');
  });

  it('describes the game and announces every ten points', () => {
    const s = empty({ score: 9, balls: [ballAt(10, 10)] });
    expect(describeDodge(s)).toBe('Dodge n Dash: score 9, 1 red ball');
    expect(announceDodge(s, { ...s, score: 10 })).toBe('Score 10');
    expect(announceDodge({ ...s, score: 10 }, { ...s, score: 11 })).toBeNull();
  });
});
