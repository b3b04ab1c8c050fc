import type { Deps } from './deps';

/** How long a row that failed is left out of its sweep's batches before it is tried again. */
const SWEEP_RETRY_MS = 60_000;

/**
 * Per-row isolation for a sweep (or a lazy sweep before a read): each row is its own attempt,
 * so one row that keeps failing (bad data, a bug) neither stops the rows after it nor, since it
 * rests for SWEEP_RETRY_MS, keeps the head of every batch. A row's failure is logged once, until
 * it succeeds again; a one-off conflict with a racing request is simply tried again later.
 * Per process, like the timers that run the sweeps.
 */
export class RowSweep {
  private readonly failing = new Map<number, number>();

  constructor(readonly what: string) {}

  /** Ids of rows that failed less than SWEEP_RETRY_MS ago: the sweep's query leaves them out. */
  resting(nowMs: number): number[] {
    const ids: number[] = [];
    for (const [id, at] of this.failing) if (nowMs - at < SWEEP_RETRY_MS) ids.push(id);
    // A batch leaves out at most this many; past it the oldest failures are retried first.
    return ids.slice(-1000);
  }

  /** Runs `each` for every row; returns how many returned true. */
  async each<T>(
    deps: Pick<Deps, 'log' | 'clock'>,
    rows: readonly T[],
    idOf: (row: T) => number,
    each: (row: T) => Promise<boolean>,
  ): Promise<number> {
    let done = 0;
    for (const row of rows) {
      const id = idOf(row);
      try {
        if (await each(row)) done++;
        this.failing.delete(id);
      } catch (err) {
        if (!this.failing.has(id))
          deps.log.warn(
            { err, rowId: id },
            `${this.what}: row ${id} failed; the others go on, and it is retried every ${SWEEP_RETRY_MS / 1000} s without another log line`,
          );
        this.failing.set(id, deps.clock.now().getTime());
      }
    }
    return done;
  }
}
