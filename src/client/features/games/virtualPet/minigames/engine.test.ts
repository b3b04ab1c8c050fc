import { describe, expect, it } from 'vitest';
import {
  MAX_FRAME_S,
  SUBSTEP_S,
  WORLD_H,
  WORLD_W,
  approach,
  canvasSize,
  countFrame,
  countdownNumber,
  frameSeconds,
  inputOf,
  isStartKey,
  keyDirection,
  seededRng,
  startFps,
  substeps,
  toWorld,
} from './engine';

describe('the frame clock', () => {
  it('takes the time between frames, never below 0 nor above MAX_FRAME_S', () => {
    expect(frameSeconds(1000, 1016)).toBeCloseTo(0.016);
    expect(frameSeconds(1000, 900)).toBe(0);
    // A tab back from the background plays one short step, not the minutes it was away.
    expect(frameSeconds(0, 120_000)).toBe(MAX_FRAME_S);
  });

  it('cuts a step into substeps and stops once the game is over', () => {
    const steps: number[] = [];
    const total = substeps(
      0,
      0.05,
      (s, h) => (steps.push(h), s + h),
      () => false,
    );
    expect(total).toBeCloseTo(0.05);
    expect(Math.max(...steps)).toBeLessThanOrEqual(SUBSTEP_S + 1e-12);
    expect(
      substeps(
        0,
        0.05,
        (s) => s + 1,
        (s) => s >= 2,
      ),
    ).toBe(2);
    expect(
      substeps(
        7,
        -1,
        (s) => s + 1,
        () => false,
      ),
    ).toBe(7);
  });

  it('moves toward a target by at most a step', () => {
    expect(approach(0, 10, 3)).toBe(3);
    expect(approach(10, 0, 3)).toBe(7);
    expect(approach(9, 10, 3)).toBe(10);
  });
});

describe('the canvas size', () => {
  it('fits a 390 px phone without sideways scroll, sharp at its pixel ratio', () => {
    const size = canvasSize(390, 2000, 3);
    expect(size.width).toBe(390);
    expect(size.height).toBe(Math.round((390 * WORLD_H) / WORLD_W));
    expect(size.pixelWidth).toBe(1170);
    expect(size.pixelHeight).toBe(Math.round(size.height * 3));
  });

  it('keeps the aspect, narrower when the window is short, and reads a missing ratio as 1', () => {
    const size = canvasSize(1200, 360, Number.NaN);
    expect(size.height).toBe(360);
    expect(size.width).toBe(480);
    expect(size.pixelWidth).toBe(480);
    expect(canvasSize(0, 0, 1).width).toBe(1);
  });

  it('turns a pointer into world units', () => {
    const box = { left: 10, top: 20, width: 240, height: 180 };
    expect(toWorld(130, 110, box)).toEqual({ x: WORLD_W / 2, y: WORLD_H / 2 });
    expect(toWorld(-50, 999, box)).toEqual({ x: 0, y: WORLD_H });
  });
});

describe('the fps meter', () => {
  it('reports frames per second once a window closes', () => {
    let meter = startFps(0);
    for (let i = 1; i <= 29; i++) meter = countFrame(meter, (i * 1000) / 60);
    expect(meter.fps).toBe(0);
    meter = countFrame(meter, 500);
    expect(meter.fps).toBe(60);
    for (let i = 1; i <= 15; i++) meter = countFrame(meter, 500 + (i * 1000) / 30);
    expect(meter.fps).toBe(30);
  });
});

describe('keys and countdown', () => {
  it('counts down 3, 2, 1 then 0', () => {
    expect(countdownNumber(3000)).toBe(3);
    expect(countdownNumber(2001)).toBe(3);
    expect(countdownNumber(2000)).toBe(2);
    expect(countdownNumber(1)).toBe(1);
    expect(countdownNumber(0)).toBe(0);
    expect(countdownNumber(-40)).toBe(0);
  });

  it('moves with the arrows and A, D (W, S), in either case', () => {
    expect(keyDirection('ArrowLeft')).toBe('left');
    expect(keyDirection('A')).toBe('left');
    expect(keyDirection('d')).toBe('right');
    expect(keyDirection('W')).toBe('up');
    expect(keyDirection('ArrowDown')).toBe('down');
    expect(keyDirection('x')).toBeNull();
    expect(keyDirection('Enter')).toBeNull();
  });

  it('knows the start keys', () => {
    expect(isStartKey('Enter', 'Enter')).toBe(true);
    expect(isStartKey(' ', 'Enter')).toBe(false);
    expect(isStartKey(' ', 'Space')).toBe(true);
    expect(isStartKey('Enter', 'Space')).toBe(false);
  });

  it('merges held directions and the pointer into one input', () => {
    expect(inputOf(['left', 'up', 'left'], { x: 1, y: 2 })).toEqual({
      left: true,
      right: false,
      up: true,
      down: false,
      pointer: { x: 1, y: 2 },
    });
  });

  it('draws the same numbers from the same seed', () => {
    const a = seededRng(7);
    const b = seededRng(7);
    const draws = Array.from({ length: 5 }, () => a());
    expect(draws).toEqual(Array.from({ length: 5 }, () => b()));
    expect(draws.every((d) => d >= 0 && d < 1)).toBe(true);
  });
});
