import { describe, expect, it } from 'vitest';
import { Batches } from './batches';

/** Batches of up to three numbers, each run held open until the test ends it. */
class Recorder extends Batches<number> {
  readonly runs: { batch: number[]; end: () => void }[] = [];
  protected take(): number[] {
    return this.queue.splice(0, 3);
  }
  protected run(batch: number[]): Promise<void> {
    return new Promise((end) => this.runs.push({ batch, end }));
  }
}

const tick = () => new Promise((r) => setImmediate(r));
const batches = (r: Recorder) => r.runs.map((x) => x.batch);

describe('Batches', () => {
  it('runs at most `limit` statements at once; what waits meanwhile goes in the next, as `take` chooses', async () => {
    const r = new Recorder(2);
    r.add(1);
    r.add(2);
    for (const n of [3, 4, 5, 6]) r.add(n);
    expect(batches(r)).toEqual([[1], [2]]);
    expect(r.waiting).toBe(4);
    r.runs[1]!.end();
    await tick();
    expect(batches(r)).toEqual([[1], [2], [3, 4, 5]]);
    expect(r.waiting).toBe(1);
    r.runs[0]!.end();
    await tick();
    expect(batches(r)).toEqual([[1], [2], [3, 4, 5], [6]]);
    expect(r.waiting).toBe(0);
  });

  it('a hold keeps everything waiting until every hold is released, then the waiting go together', async () => {
    const r = new Recorder(1);
    const releaseA = r.hold();
    const releaseB = r.hold();
    for (const n of [1, 2, 3, 4]) r.add(n);
    releaseA();
    await tick();
    expect(batches(r)).toEqual([]);
    releaseB();
    expect(batches(r)).toEqual([[1, 2, 3]]);
    r.runs[0]!.end();
    await tick();
    expect(batches(r)).toEqual([[1, 2, 3], [4]]);
  });
});
