// Dodge n Dash's rules, free of React and of the canvas (dodgeDash.test.ts): red balls bounce
// around the field, the player's critter dodges them, and every second survived is 2 points.
import {
  WORLD_H,
  WORLD_W,
  approach,
  axisX,
  axisY,
  clamp,
  substeps,
  type ControlInput,
  type EndReason,
  type Point,
  type Rng,
} from './engine';
import type { CanvasGameOptions } from './coinCatcher';

/** Spec section 4: 'score about 2 per second'; the page counts exactly 2 per second survived. */
const DODGE_POINTS_PER_S = 2;
export const PLAYER_R = 13;
/** World units a second; expert mode doubles it, as it doubles the balls'. */
export const PLAYER_SPEED = 240;
const BALL_MIN_R = 9;
const BALL_MAX_R = 15;
export const START_BALLS = 3;
/** One more ball every BALL_EVERY_S seconds, up to MAX_BALLS. */
export const BALL_EVERY_S = 4;
export const MAX_BALLS = 14;
/** A new ball appears at an edge at least this far from the player. */
export const SAFE_SPAWN_DIST = 150;
/** Expert mode doubles every speed. */
const EXPERT_SPEED = 2;
/** After a revive, the player cannot be hit for this long. */
export const REVIVE_SHIELD_S = 2;
export const SHAKE_S = 0.4;
/** A touch counts when the centres are closer than the radii less this much (a forgiving edge). */
const HIT_SLACK = 2;

export interface Ball {
  id: number;
  x: number;
  y: number;
  vx: number;
  vy: number;
  r: number;
}

export interface DodgeState {
  /** Seconds survived. */
  time: number;
  score: number;
  player: Point;
  balls: Ball[];
  /** Seconds until the next ball. */
  spawnIn: number;
  nextId: number;
  expert: boolean;
  revives: number;
  /** Seconds the player cannot be hit (after a revive). */
  shield: number;
  shake: number;
  ended: EndReason | null;
  limitS: number;
}

const speedOf = (expert: boolean): number => (expert ? EXPERT_SPEED : 1);

/** The score for a time survived: 2 points a second, whole points. */
export const dodgeScore = (seconds: number): number =>
  Math.floor(Math.max(0, seconds) * DODGE_POINTS_PER_S + 1e-9);

/** A ball's speed: a little faster as the game goes on, doubled in expert mode. */
export function ballSpeed(time: number, expert: boolean, r: number): number {
  return (110 + 50 * clamp(r, 0, 1) + Math.min(80, time * 1.5)) * speedOf(expert);
}

const distance = (a: Point, b: Point): number => Math.hypot(a.x - b.x, a.y - b.y);

/** A point on the field's edge, from two draws: which edge, and where along it. */
function edgePoint(edge: number, along: number): Point {
  switch (Math.floor(edge * 4) % 4) {
    case 0:
      return { x: along * WORLD_W, y: BALL_MAX_R };
    case 1:
      return { x: WORLD_W - BALL_MAX_R, y: along * WORLD_H };
    case 2:
      return { x: along * WORLD_W, y: WORLD_H - BALL_MAX_R };
    default:
      return { x: BALL_MAX_R, y: along * WORLD_H };
  }
}

/** Where a new ball appears: an edge point far enough from the player, else the farthest corner. */
export function spawnPoint(player: Point, rng: Rng): Point {
  for (let tries = 0; tries < 8; tries++) {
    const p = edgePoint(rng(), rng());
    if (distance(p, player) >= SAFE_SPAWN_DIST) return clampBall(p, BALL_MAX_R);
  }
  const corners: Point[] = [
    { x: BALL_MAX_R, y: BALL_MAX_R },
    { x: WORLD_W - BALL_MAX_R, y: BALL_MAX_R },
    { x: BALL_MAX_R, y: WORLD_H - BALL_MAX_R },
    { x: WORLD_W - BALL_MAX_R, y: WORLD_H - BALL_MAX_R },
  ];
  return corners.reduce((best, c) => (distance(c, player) > distance(best, player) ? c : best));
}

const clampBall = (p: Point, r: number): Point => ({
  x: clamp(p.x, r, WORLD_W - r),
  y: clamp(p.y, r, WORLD_H - r),
});

function newBall(s: Pick<DodgeState, 'player' | 'nextId' | 'time' | 'expert'>, rng: Rng): Ball {
  const at = spawnPoint(s.player, rng);
  const r = BALL_MIN_R + rng() * (BALL_MAX_R - BALL_MIN_R);
  // Aimed at a random point of the field's middle, so it crosses the field rather than hugging an edge.
  const aim = { x: WORLD_W * (0.25 + 0.5 * rng()), y: WORLD_H * (0.25 + 0.5 * rng()) };
  const angle = Math.atan2(aim.y - at.y, aim.x - at.x);
  const speed = ballSpeed(s.time, s.expert, rng());
  return {
    id: s.nextId,
    x: at.x,
    y: at.y,
    vx: Math.cos(angle) * speed,
    vy: Math.sin(angle) * speed,
    r,
  };
}

export function createDodge({ expert, revives, limitMs }: CanvasGameOptions, rng: Rng): DodgeState {
  let s: DodgeState = {
    time: 0,
    score: 0,
    player: { x: WORLD_W / 2, y: WORLD_H / 2 },
    balls: [],
    spawnIn: BALL_EVERY_S,
    nextId: 1,
    expert,
    revives: Math.max(0, Math.floor(revives)),
    shield: 0,
    shake: 0,
    ended: null,
    limitS: limitMs / 1000,
  };
  for (let i = 0; i < START_BALLS; i++)
    s = { ...s, balls: [...s.balls, newBall(s, rng)], nextId: s.nextId + 1 };
  return s;
}

/** A ball after `dt` seconds, bounced off the walls. */
export function moveBall(ball: Ball, dt: number): Ball {
  let { x, y, vx, vy } = ball;
  x += vx * dt;
  y += vy * dt;
  if (x < ball.r) {
    x = ball.r;
    vx = Math.abs(vx);
  } else if (x > WORLD_W - ball.r) {
    x = WORLD_W - ball.r;
    vx = -Math.abs(vx);
  }
  if (y < ball.r) {
    y = ball.r;
    vy = Math.abs(vy);
  } else if (y > WORLD_H - ball.r) {
    y = WORLD_H - ball.r;
    vy = -Math.abs(vy);
  }
  return { ...ball, x, y, vx, vy };
}

const touches = (player: Point, ball: Ball): boolean =>
  distance(player, ball) < PLAYER_R + ball.r - HIT_SLACK;

function movePlayer(p: Point, dt: number, input: ControlInput, expert: boolean): Point {
  const step = PLAYER_SPEED * speedOf(expert) * dt;
  const dx = axisX(input);
  const dy = axisY(input);
  let next: Point;
  if (dx !== 0 || dy !== 0) {
    const length = Math.hypot(dx, dy);
    next = { x: p.x + (dx / length) * step, y: p.y + (dy / length) * step };
  } else if (input.pointer) {
    // Toward the finger at full speed, the two axes in proportion so the path is straight.
    const d = distance(p, input.pointer);
    next =
      d <= step
        ? input.pointer
        : {
            x: approach(p.x, input.pointer.x, (step * Math.abs(input.pointer.x - p.x)) / d),
            y: approach(p.y, input.pointer.y, (step * Math.abs(input.pointer.y - p.y)) / d),
          };
  } else {
    next = p;
  }
  return {
    x: clamp(next.x, PLAYER_R, WORLD_W - PLAYER_R),
    y: clamp(next.y, PLAYER_R, WORLD_H - PLAYER_R),
  };
}

function tick(state: DodgeState, dt: number, input: ControlInput, rng: Rng): DodgeState {
  let s: DodgeState = {
    ...state,
    time: state.time + dt,
    shield: Math.max(0, state.shield - dt),
    shake: Math.max(0, state.shake - dt),
    spawnIn: state.spawnIn - dt,
  };
  s.score = dodgeScore(s.time);
  s.player = movePlayer(s.player, dt, input, s.expert);
  s.balls = s.balls.map((b) => moveBall(b, dt));
  while (s.spawnIn <= 0) {
    s =
      s.balls.length < MAX_BALLS
        ? { ...s, balls: [...s.balls, newBall(s, rng)], nextId: s.nextId + 1 }
        : s;
    s.spawnIn += BALL_EVERY_S;
  }
  if (s.shield === 0) {
    const hit = s.balls.find((b) => touches(s.player, b));
    if (hit) {
      s.shake = SHAKE_S;
      if (s.revives > 0) {
        s.revives -= 1;
        s.shield = REVIVE_SHIELD_S;
        // The ball that hit is gone, so the revive does not end in the same touch.
        s.balls = s.balls.filter((b) => b.id !== hit.id);
      } else {
        s.ended = 'hit';
      }
    }
  }
  if (!s.ended && s.time >= s.limitS) s.ended = 'time';
  return s;
}

/** The game after `dt` seconds with these controls. An ended game does not change. */
export function stepDodge(
  state: DodgeState,
  dt: number,
  input: ControlInput,
  rng: Rng,
): DodgeState {
  return substeps(
    state,
    dt,
    (s, h) => tick(s, h, input, rng),
    (s) => s.ended !== null,
  );
}

/** The canvas's accessible name while the game runs. */
export function describeDodge(s: DodgeState): string {
  const lives = s.revives > 0 ? `, ${s.revives} revive left` : '';
  return `Dodge n Dash: score ${s.score}, ${s.balls.length} red ${s.balls.length === 1 ? 'ball' : 'balls'}${lives}`;
}

/** What the live region says after a step, if anything: every 10 points, and a revive used. */
export function announceDodge(before: DodgeState, after: DodgeState): string | null {
  if (after.revives < before.revives) return `Hit! Revive used. Score ${after.score}.`;
  if (after.ended) return null;
  if (Math.floor(after.score / 10) > Math.floor(before.score / 10)) return `Score ${after.score}`;
  return null;
}
