import { describe, expect, it } from 'vitest';
import { createActionGuard } from './actionGuard';

function clock(start = 0) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('createActionGuard', () => {
  it('takes the first click and refuses others while the action runs', () => {
    const c = clock();
    const guard = createActionGuard(c.now, 1000);
    expect(guard.tryBegin()).toBe(true);
    c.advance(5000);
    expect(guard.tryBegin()).toBe(false);
    expect(guard.quietLeft()).toBe(0);
  });

  it('ignores a second click 150 ms after the action finished, and takes one after a second', () => {
    const c = clock(10_000);
    const guard = createActionGuard(c.now, 1000);
    expect(guard.tryBegin()).toBe(true);
    c.advance(300);
    guard.end();
    c.advance(150);
    expect(guard.tryBegin()).toBe(false);
    expect(guard.quietLeft()).toBe(850);
    c.advance(849);
    expect(guard.tryBegin()).toBe(false);
    c.advance(1);
    expect(guard.quietLeft()).toBe(0);
    expect(guard.tryBegin()).toBe(true);
  });

  it('takes the very first click at any clock value, even 0', () => {
    const guard = createActionGuard(() => 0, 1000);
    expect(guard.quietLeft()).toBe(0);
    expect(guard.tryBegin()).toBe(true);
  });

  it('counts the quiet time from the end of a failed action too', () => {
    const c = clock();
    const guard = createActionGuard(c.now, 1000);
    guard.tryBegin();
    guard.end();
    c.advance(999);
    expect(guard.tryBegin()).toBe(false);
    c.advance(1);
    expect(guard.tryBegin()).toBe(true);
  });
});
