// Coin catcher's rules, free of React and of the canvas (coinCatcher.test.ts): coins fall, the
// catcher moves along the bottom, a yellow coin caught is a point and a red one ends the game.
import {
  WORLD_H,
  WORLD_W,
  approach,
  axisX,
  clamp,
  substeps,
  type ControlInput,
  type EndReason,
  type Rng,
} from './engine';

export const CATCHER_W = 84;
export const CATCHER_H = 14;
/** The catcher's top edge. */
export const CATCHER_Y = WORLD_H - 34;
/** World units a second; expert mode doubles it. */
export const CATCHER_SPEED = 330;
export const COIN_R = 11;
/**
 * One coin falls every COIN_SPAWN_S, expert or not, so even a catcher that caught every one
 * would score under 1 / COIN_SPAWN_S a second: below the POINTS_PER_SECOND the server counts.
 */
export const COIN_SPAWN_S = 0.6;
/** The first coin falls this soon after the countdown. */
export const FIRST_COIN_S = 0.3;
/** The share of red coins, after the first GRACE_COINS (all yellow). */
const RED_SHARE = 0.25;
export const GRACE_COINS = 3;
/** Expert mode doubles every speed: falling coins and the catcher. */
const EXPERT_SPEED = 2;
/** How long the screen shakes after a red coin (none with reduced motion: the page decides). */
export const SHAKE_S = 0.4;

type CoinKind = 'gold' | 'red';

export interface FallingCoin {
  id: number;
  x: number;
  /** The coin's centre. */
  y: number;
  /** Falling speed, world units a second. */
  vy: number;
  kind: CoinKind;
}

export interface CoinCatcherState {
  /** Seconds of play. */
  time: number;
  score: number;
  /** The catcher's centre. */
  catcherX: number;
  coins: FallingCoin[];
  /** Seconds until the next coin. */
  spawnIn: number;
  nextId: number;
  spawned: number;
  expert: boolean;
  /** Red coins it may still survive (a revive trait gives one). */
  revives: number;
  /** Seconds of screen shake left. */
  shake: number;
  caughtGold: number;
  caughtRed: number;
  ended: EndReason | null;
  /** Play ends by itself after this many seconds (the run's server time limit); Infinity for none. */
  limitS: number;
}

export interface CanvasGameOptions {
  expert: boolean;
  revives: number;
  /** Milliseconds of play the run allows (Infinity for no limit). */
  limitMs: number;
}

export function createCoinCatcher({
  expert,
  revives,
  limitMs,
}: CanvasGameOptions): CoinCatcherState {
  return {
    time: 0,
    score: 0,
    catcherX: WORLD_W / 2,
    coins: [],
    spawnIn: FIRST_COIN_S,
    nextId: 1,
    spawned: 0,
    expert,
    revives: Math.max(0, Math.floor(revives)),
    shake: 0,
    caughtGold: 0,
    caughtRed: 0,
    ended: null,
    limitS: limitMs / 1000,
  };
}

const speedOf = (expert: boolean): number => (expert ? EXPERT_SPEED : 1);

/** How fast a new coin falls: faster as the game goes on, doubled in expert mode. */
export function coinFallSpeed(time: number, expert: boolean, r: number): number {
  return (130 + 70 * clamp(r, 0, 1) + Math.min(110, time * 2.5)) * speedOf(expert);
}

/**
 * Whether a coin that fell from `fromY` to `toY` (its centre) this step touched the catcher: its
 * bottom crossed the catcher's top band and it is over the catcher, edges included.
 */
export function catchesCoin(catcherX: number, coinX: number, fromY: number, toY: number): boolean {
  const over = Math.abs(coinX - catcherX) <= CATCHER_W / 2 + COIN_R * 0.6;
  const reached = toY + COIN_R >= CATCHER_Y;
  const notPast = fromY - COIN_R <= CATCHER_Y + CATCHER_H;
  return over && reached && notPast;
}

function moveCatcher(x: number, dt: number, input: ControlInput, expert: boolean): number {
  const step = CATCHER_SPEED * speedOf(expert) * dt;
  const dir = axisX(input);
  const next = dir !== 0 ? x + dir * step : input.pointer ? approach(x, input.pointer.x, step) : x;
  return clamp(next, CATCHER_W / 2, WORLD_W - CATCHER_W / 2);
}

function spawn(s: CoinCatcherState, rng: Rng): CoinCatcherState {
  const kind: CoinKind = s.spawned >= GRACE_COINS && rng() < RED_SHARE ? 'red' : 'gold';
  const coin: FallingCoin = {
    id: s.nextId,
    x: COIN_R + rng() * (WORLD_W - 2 * COIN_R),
    y: -COIN_R,
    vy: coinFallSpeed(s.time, s.expert, rng()),
    kind,
  };
  return {
    ...s,
    coins: [...s.coins, coin],
    nextId: s.nextId + 1,
    spawned: s.spawned + 1,
    spawnIn: s.spawnIn + COIN_SPAWN_S,
  };
}

function tick(
  state: CoinCatcherState,
  dt: number,
  input: ControlInput,
  rng: Rng,
): CoinCatcherState {
  let s: CoinCatcherState = {
    ...state,
    time: state.time + dt,
    shake: Math.max(0, state.shake - dt),
    spawnIn: state.spawnIn - dt,
  };
  s.catcherX = moveCatcher(s.catcherX, dt, input, s.expert);
  while (s.spawnIn <= 0) s = spawn(s, rng);

  const kept: FallingCoin[] = [];
  for (const coin of s.coins) {
    const y = coin.y + coin.vy * dt;
    if (catchesCoin(s.catcherX, coin.x, coin.y, y)) {
      if (coin.kind === 'gold') {
        s.score += 1;
        s.caughtGold += 1;
      } else {
        s.caughtRed += 1;
        s.shake = SHAKE_S;
        if (s.revives > 0) s.revives -= 1;
        else s.ended = 'hit';
      }
      continue;
    }
    if (y - COIN_R <= WORLD_H) kept.push({ ...coin, y });
  }
  s.coins = kept;
  if (!s.ended && s.time >= s.limitS) s.ended = 'time';
  return s;
}

/** The game after `dt` seconds with these controls. An ended game does not change. */
export function stepCoinCatcher(
  state: CoinCatcherState,
  dt: number,
  input: ControlInput,
  rng: Rng,
): CoinCatcherState {
  return substeps(
    state,
    dt,
    (s, h) => tick(s, h, input, rng),
    (s) => s.ended !== null,
  );
}

/** The canvas's accessible name while the game runs. */
export function describeCoinCatcher(s: CoinCatcherState): string {
  const red = s.coins.filter((c) => c.kind === 'red').length;
  const falling = s.coins.length;
  const lives = s.revives > 0 ? `, ${s.revives} revive left` : '';
  return `Coin catcher: score ${s.score}, ${falling} ${falling === 1 ? 'coin' : 'coins'} falling (${red} red)${lives}`;
}

/** What the live region says after a step, if anything: every fifth coin, and a revive used. */
export function announceCoinCatcher(
  before: CoinCatcherState,
  after: CoinCatcherState,
): string | null {
  if (after.revives < before.revives) return `Red coin! Revive used. Score ${after.score}.`;
  if (after.ended) return null;
  if (Math.floor(after.score / 5) > Math.floor(before.score / 5)) return `Score ${after.score}`;
  return null;
}
