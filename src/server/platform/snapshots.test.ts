import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { systemClock } from './clock';
import { Snapshots } from './snapshots';

describe('Snapshots', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      now: new Date('2026-06-01T12:00:00Z'),
      toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'],
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A computation that takes `ms` (of the fake clock) and counts its runs. */
  const counting = (ms = 0) => {
    let computed = 0;
    return {
      compute: async () => {
        const n = ++computed;
        if (ms > 0) await new Promise((r) => setTimeout(r, ms));
        return n;
      },
      count: () => computed,
    };
  };

  it('computes once however many ask at once, and answers that value while it is within the ttl', async () => {
    const snapshots = new Snapshots<string, number>(systemClock, 1000);
    const c = counting();
    const first = await Promise.all(
      Array.from({ length: 20 }, () => snapshots.get('k', c.compute)),
    );
    expect(first.map((s) => s.value)).toEqual(Array(20).fill(1));
    expect(c.count()).toBe(1);
    // Asked once more: the timer refreshes it before it turns a second old.
    expect((await snapshots.get('k', c.compute)).value).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(c.count()).toBe(2);
    const second = await snapshots.get('k', c.compute);
    expect(second.value).toBe(2);
    expect(Date.now() - second.at.getTime()).toBeLessThan(1000);
    snapshots.stop();
  });

  it('refreshes in the background while asked, so no answer is older than the ttl and none waits', async () => {
    const snapshots = new Snapshots<string, number>(systemClock, 1000);
    const c = counting(200);
    const first = snapshots.get('k', c.compute);
    await vi.advanceTimersByTimeAsync(200);
    await first;
    for (let i = 0; i < 50; i++) {
      const answer = snapshots.get('k', c.compute);
      // Answered without any time passing: the value was there.
      let settled: { value: number; at: Date } | undefined;
      void answer.then((a) => (settled = a));
      await vi.advanceTimersByTimeAsync(0);
      expect(settled).toBeDefined();
      expect(Date.now() - settled!.at.getTime()).toBeLessThanOrEqual(1000);
      await vi.advanceTimersByTimeAsync(100);
    }
    // Five seconds of asking: about one computation a second, not one per request.
    expect(c.count()).toBeGreaterThanOrEqual(5);
    expect(c.count()).toBeLessThanOrEqual(8);
    snapshots.stop();
  });

  it('stops refreshing when nobody asks; the first request after the quiet spell waits for a fresh value', async () => {
    const snapshots = new Snapshots<string, number>(systemClock, 1000);
    const c = counting();
    await snapshots.get('k', c.compute);
    await snapshots.get('k', c.compute);
    await vi.advanceTimersByTimeAsync(20_000);
    // One refresh for the request that was made, then nothing.
    expect(c.count()).toBe(2);
    const after = await snapshots.get('k', c.compute);
    expect(after).toEqual({ value: 3, at: new Date(Date.now()) });
  });

  it('keeps keys apart; a failed refresh keeps the value within its ttl, and a request after it tries again', async () => {
    const snapshots = new Snapshots<string, string>(systemClock, 1000);
    let next: () => Promise<string> = async () => 'a1';
    const compute = () => next();
    expect((await snapshots.get('a', compute)).value).toBe('a1');
    next = async () => Promise.reject(new Error('database away'));
    expect((await snapshots.get('b', async () => 'b1')).value).toBe('b1');
    expect((await snapshots.get('a', compute)).value).toBe('a1');
    await vi.advanceTimersByTimeAsync(1000);
    expect((await snapshots.get('a', compute)).value).toBe('a1');
    await vi.advanceTimersByTimeAsync(1);
    await expect(snapshots.get('a', compute)).rejects.toThrow('database away');
    next = async () => 'a2';
    expect((await snapshots.get('a', compute)).value).toBe('a2');
    snapshots.stop();
  });

  it('a first request that fails reaches its caller', async () => {
    const snapshots = new Snapshots<string, string>(systemClock, 1000);
    await expect(
      snapshots.get('a', async () => Promise.reject(new Error('database away'))),
    ).rejects.toThrow('database away');
    expect((await snapshots.get('a', async () => 'a1')).value).toBe('a1');
  });

  it('ttl 0 computes every time', async () => {
    const snapshots = new Snapshots<string, number>(systemClock, 0);
    const c = counting();
    await snapshots.get('k', c.compute);
    await snapshots.get('k', c.compute);
    expect(c.count()).toBe(2);
  });
});
