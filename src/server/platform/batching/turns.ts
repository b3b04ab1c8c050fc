/** Runs `run` in its turn for `key` (per database `db`). */
export type Turns = <T>(db: object, key: unknown, run: () => Promise<T>) => Promise<T>;

/**
 * At most `limit` calls per key running at once in this process (per database: tests run
 * several), the others waiting in order of arrival. For writes that would queue on one row's
 * lock anyway: waiting here costs nothing, while each extra waiter on a PostgreSQL row lock is
 * woken by every commit to try again, which is CPU taken from the one that can go.
 */
export function turns(limit: number): Turns {
  const byDb = new WeakMap<object, Map<unknown, { running: number; waiting: (() => void)[] }>>();
  return async function inTurn<T>(db: object, key: unknown, run: () => Promise<T>): Promise<T> {
    let lanes = byDb.get(db);
    if (!lanes) byDb.set(db, (lanes = new Map()));
    let lane = lanes.get(key);
    if (!lane) lanes.set(key, (lane = { running: 0, waiting: [] }));
    if (lane.running < limit) lane.running++;
    // The place is handed over by the call that ends (running stays counted).
    else await new Promise<void>((resolve) => lane.waiting.push(resolve));
    try {
      return await run();
    } finally {
      const next = lane.waiting.shift();
      if (next) next();
      else if (--lane.running === 0) lanes.delete(key);
    }
  };
}
