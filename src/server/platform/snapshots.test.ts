import { describe, expect, it } from 'vitest';
import { ManualClock } from './clock';
import { Snapshots } from './snapshots';

describe('Snapshots', () => {
  const counting = () => {
    let computed = 0;
    return { compute: async () => ++computed, count: () => computed };
  };

  it('computes once per ttl however many ask, and answers the previous value while it recomputes', async () => {
    const clock = new ManualClock('2026-06-01T12:00:00Z');
    const snapshots = new Snapshots<string, number>(clock, 1000);
    const c = counting();
    const first = await Promise.all(Array.from({ length: 20 }, () => snapshots.get('k', c.compute)));
    expect(first.map((s) => s.value)).toEqual(Array(20).fill(1));
    expect(c.count()).toBe(1);
    clock.advance(999);
    expect((await snapshots.get('k', c.compute)).value).toBe(1);
    expect(c.count()).toBe(1);
    clock.advance(1);
    // Expired: this request starts the recomputation and still answers the snapshot it has.
    const stale = await snapshots.get('k', c.compute);
    expect(stale).toEqual({ value: 1, at: new Date('2026-06-01T12:00:00Z') });
    await new Promise((r) => setImmediate(r));
    expect(await snapshots.get('k', c.compute)).toEqual({ value: 2, at: new Date('2026-06-01T12:00:01Z') });
    expect(c.count()).toBe(2);
  });

  it('keeps keys apart, and a failed recomputation keeps the previous value and is tried again', async () => {
    const clock = new ManualClock('2026-06-01T12:00:00Z');
    const snapshots = new Snapshots<string, string>(clock, 1000);
    expect((await snapshots.get('a', async () => 'a1')).value).toBe('a1');
    expect((await snapshots.get('b', async () => 'b1')).value).toBe('b1');
    clock.advance(1000);
    expect((await snapshots.get('a', async () => Promise.reject(new Error('database away')))).value).toBe('a1');
    await new Promise((r) => setImmediate(r));
    expect((await snapshots.get('a', async () => 'a2')).value).toBe('a1');
    await new Promise((r) => setImmediate(r));
    expect((await snapshots.get('a', async () => 'a3')).value).toBe('a2');
  });

  it('a first request that fails reaches its caller', async () => {
    const snapshots = new Snapshots<string, string>(new ManualClock('2026-06-01T12:00:00Z'), 1000);
    await expect(snapshots.get('a', async () => Promise.reject(new Error('database away')))).rejects.toThrow('database away');
    expect((await snapshots.get('a', async () => 'a1')).value).toBe('a1');
  });

  it('ttl 0 computes every time', async () => {
    const snapshots = new Snapshots<string, number>(new ManualClock('2026-06-01T12:00:00Z'), 0);
    const c = counting();
    await snapshots.get('k', c.compute);
    await snapshots.get('k', c.compute);
    expect(c.count()).toBe(2);
  });
});
