// What the two canvas games share, free of React and of the canvas so it is tested on its own
// (engine.test.ts): the world they are played in, the controls as one input, the frame clock and
// the frames-per-second meter the canvas exposes as data-fps.

/** Both canvas games are played in a 480 x 360 world; the canvas scales it to its container. */
export const WORLD_W = 480;
export const WORLD_H = 360;

/**
 * The longest step one frame may take. A frame that comes later (a tab in the background, a
 * stalled device) plays as this much time, so game time never runs ahead of the clock: a score
 * earned per second of play stays within what the server allows for the run's real length.
 */
export const MAX_FRAME_S = 0.05;
/** Long steps are cut into pieces no longer than this, so a fast ball cannot jump over the player. */
export const SUBSTEP_S = 1 / 120;

/** A number in [0, 1): Math.random in the browser, a seeded one in the tests. */
export type Rng = () => number;

export interface Point {
  x: number;
  y: number;
}

/** The controls of a frame: arrow keys / WASD and the on-screen pad, or a finger or mouse held on the canvas. */
export interface ControlInput {
  left: boolean;
  right: boolean;
  up: boolean;
  down: boolean;
  /** Where a pointer is held on the canvas, in world units; null when none is. */
  pointer: Point | null;
}

export const NO_INPUT: ControlInput = {
  left: false,
  right: false,
  up: false,
  down: false,
  pointer: null,
};

/** Why a game ended. */
export type EndReason = 'hit' | 'exit' | 'time' | 'complete';

export const clamp = (value: number, min: number, max: number): number =>
  Math.min(max, Math.max(min, value));

/** Seconds between two frame timestamps (ms), never below 0 nor above MAX_FRAME_S. */
export function frameSeconds(previousMs: number, nowMs: number): number {
  return clamp((nowMs - previousMs) / 1000, 0, MAX_FRAME_S);
}

/** Runs `step` over `dt` seconds in pieces of at most SUBSTEP_S, stopping once `done` says so. */
export function substeps<S>(
  state: S,
  dt: number,
  step: (s: S, h: number) => S,
  done: (s: S) => boolean,
): S {
  let s = state;
  let left = Math.max(0, dt);
  while (left > 1e-9 && !done(s)) {
    const h = Math.min(SUBSTEP_S, left);
    s = step(s, h);
    left -= h;
  }
  return s;
}

/** One coordinate moved toward a target by at most `maxStep`. */
export function approach(from: number, to: number, maxStep: number): number {
  if (Math.abs(to - from) <= maxStep) return to;
  return from + Math.sign(to - from) * maxStep;
}

/** -1, 0 or 1: the horizontal direction the keys and pad ask for (both pressed cancel out). */
export const axisX = (input: ControlInput): number => (input.right ? 1 : 0) - (input.left ? 1 : 0);
export const axisY = (input: ControlInput): number => (input.down ? 1 : 0) - (input.up ? 1 : 0);

/**
 * A pointer position (client pixels) as world units, given the canvas's box on screen. The
 * canvas scales the world to its width, so x and y scale alike.
 */
export function toWorld(
  clientX: number,
  clientY: number,
  box: { left: number; top: number; width: number; height: number },
): Point {
  const x = box.width > 0 ? ((clientX - box.left) / box.width) * WORLD_W : 0;
  const y = box.height > 0 ? ((clientY - box.top) / box.height) * WORLD_H : 0;
  return { x: clamp(x, 0, WORLD_W), y: clamp(y, 0, WORLD_H) };
}

/**
 * The canvas's size: as wide as its container, the world's aspect kept, never taller than
 * `maxHeight` (then narrower), and its backing store in device pixels (devicePixelRatio) for crisp
 * drawing.
 */
export function canvasSize(
  containerWidth: number,
  maxHeight: number,
  dpr: number,
): { width: number; height: number; pixelWidth: number; pixelHeight: number } {
  const byWidth = Math.max(0, Math.floor(containerWidth));
  const byHeight = Math.floor((Math.max(0, maxHeight) * WORLD_W) / WORLD_H);
  const width = Math.max(1, Math.min(byWidth, byHeight));
  const height = Math.max(1, Math.round((width * WORLD_H) / WORLD_W));
  const ratio = Number.isFinite(dpr) && dpr > 0 ? Math.min(dpr, 3) : 1;
  return {
    width,
    height,
    pixelWidth: Math.round(width * ratio),
    pixelHeight: Math.round(height * ratio),
  };
}

// ---- frames per second ----------------------------------------------------------------------

/** The meter counts frames and, every FPS_WINDOW_MS, turns the count into frames per second. */
const FPS_WINDOW_MS = 500;

export interface FpsMeter {
  /** The last measured rate, whole frames per second (0 until the first window closes). */
  fps: number;
  frames: number;
  windowStart: number;
}

export const startFps = (nowMs: number): FpsMeter => ({ fps: 0, frames: 0, windowStart: nowMs });

/** Counts one frame drawn at `nowMs`. */
export function countFrame(meter: FpsMeter, nowMs: number): FpsMeter {
  const frames = meter.frames + 1;
  const elapsed = nowMs - meter.windowStart;
  if (elapsed < FPS_WINDOW_MS) return { ...meter, frames };
  return { fps: Math.round((frames * 1000) / elapsed), frames: 0, windowStart: nowMs };
}

// ---- countdown --------------------------------------------------------------------------------

/** The big number of the countdown: 3, 2, 1 for the time left, 0 once it is over. */
export const countdownNumber = (leftMs: number): number => Math.max(0, Math.ceil(leftMs / 1000));

// ---- keys -------------------------------------------------------------------------------------

export type Direction = 'left' | 'right' | 'up' | 'down';

const KEY_DIRECTIONS: Record<string, Direction> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
  a: 'left',
  d: 'right',
  w: 'up',
  s: 'down',
};

/** The direction a key moves in: the arrows, and A, D (and W, S) in either case. */
export const keyDirection = (key: string): Direction | null =>
  KEY_DIRECTIONS[key.length === 1 ? key.toLowerCase() : key] ?? null;

/** Whether a key event's key is the game's start key ('Enter' or 'Space'). */
export const isStartKey = (key: string, startKey: 'Enter' | 'Space'): boolean =>
  startKey === 'Enter' ? key === 'Enter' : key === ' ' || key === 'Spacebar';

/** The input of a frame from the directions held (keys and pad) and the pointer. */
export function inputOf(held: Iterable<Direction>, pointer: Point | null): ControlInput {
  const input: ControlInput = { ...NO_INPUT, pointer };
  for (const direction of held) input[direction] = true;
  return input;
}

/** A repeatable Rng (mulberry32), for the tests: the games themselves use Math.random. */
export function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
