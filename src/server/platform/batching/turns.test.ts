import { describe, expect, it } from 'vitest';
import { turns } from './turns';

/** A call that runs until released, recording when it starts. */
function gate(log: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((r) => (release = r));
  return { run: async () => (log.push(name), await done, name), release };
}
const tick = () => new Promise((r) => setImmediate(r));

describe('turns', () => {
  it('runs at most `limit` calls per key at once, the rest in order of arrival; other keys and databases do not wait', async () => {
    const inTurn = turns(2);
    const [db, other] = [{}, {}];
    const log: string[] = [];
    const g = ['a', 'b', 'c', 'd'].map((n) => gate(log, n));
    const calls = g.map((x) => inTurn(db, 7, x.run));
    const free = gate(log, 'other key');
    const elsewhere = gate(log, 'other db');
    const more = [inTurn(db, 8, free.run), inTurn(other, 7, elsewhere.run)];
    await tick();
    expect(log).toEqual(['a', 'b', 'other key', 'other db']);
    g[1]!.release();
    await tick();
    expect(log.slice(4)).toEqual(['c']);
    g[0]!.release();
    g[2]!.release();
    g[3]!.release();
    free.release();
    elsewhere.release();
    expect(await Promise.all([...calls, ...more])).toEqual([
      'a',
      'b',
      'c',
      'd',
      'other key',
      'other db',
    ]);
    expect(log.slice(5)).toEqual(['d']);
  });

  it('a call that throws hands its place on', async () => {
    const inTurn = turns(1);
    const db = {};
    const failed = inTurn(db, 1, async () => {
      throw new Error('refused');
    });
    const next = inTurn(db, 1, async () => 'ran');
    await expect(failed).rejects.toThrow('refused');
    expect(await next).toBe('ran');
    // Nothing left behind: a new call runs at once.
    let started = false;
    const fresh = inTurn(db, 1, async () => void (started = true));
    await tick();
    expect(started).toBe(true);
    await fresh;
  });

  it('is fair: whichever call ends, the place goes to the longest waiting, never more than `limit` at once', async () => {
    const inTurn = turns(2);
    const db = {};
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const g = ['a', 'b', 'c', 'd', 'e', 'f'].map((n) => gate(log, n));
    const calls = g.map((x) =>
      inTurn(db, 1, async () => {
        most = Math.max(most, ++running);
        try {
          return await x.run();
        } finally {
          running--;
        }
      }),
    );
    await tick();
    // Ended out of order: b before a, then d, then c...
    for (const i of [1, 0, 3, 2, 5, 4]) {
      g[i]!.release();
      await tick();
    }
    expect(await Promise.all(calls)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(log).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(most).toBe(2);
  });
});
