import type { Clock } from './clock';

interface Entry<V> {
  value?: V;
  at: number;
  refreshing?: Promise<V>;
}

/**
 * Answers every visitor shares (the leaderboards), computed at most once per `ttlMs` per key in
 * this process. A request that finds the value older than that starts one recomputation and,
 * like every request while it runs, answers the previous value at once; only the first request
 * of a key waits. So a board costs one query a second per process whatever the traffic, and is
 * at most a second (plus one query) old. ttlMs 0 computes every time (tests that read a board
 * right after changing it).
 */
export class Snapshots<K, V> {
  private readonly entries = new Map<K, Entry<V>>();

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs: number,
  ) {}

  /** The value and when it was computed. */
  async get(key: K, compute: () => Promise<V>): Promise<{ value: V; at: Date }> {
    const now = this.clock.now().getTime();
    if (this.ttlMs <= 0) return { value: await compute(), at: new Date(now) };
    let entry = this.entries.get(key);
    if (!entry) this.entries.set(key, (entry = { at: 0 }));
    if (now - entry.at >= this.ttlMs && !entry.refreshing) {
      const current = entry;
      current.refreshing = compute().then(
        (value) => {
          current.value = value;
          current.at = this.clock.now().getTime();
          current.refreshing = undefined;
          return value;
        },
        (err: unknown) => {
          current.refreshing = undefined;
          throw err;
        },
      );
      // A failure reaches the requests that wait; the others keep the previous value.
      current.refreshing.catch(() => undefined);
    }
    if (entry.value !== undefined) return { value: entry.value, at: new Date(entry.at) };
    const value = await entry.refreshing!;
    return { value, at: new Date(entry.at) };
  }
}
