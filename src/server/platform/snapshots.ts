import type { Clock } from './clock';

interface Entry<V> {
  compute: () => Promise<V>;
  value?: V;
  /** When `value` was made (its computation ended), as today's Age header has always said. */
  at: number;
  /** How long the last computation took, to start the next one early enough. */
  tookMs: number;
  refreshing?: Promise<{ value: V; at: Date }>;
  timer?: ReturnType<typeof setTimeout>;
  /** Someone asked since the last refresh started; the timer stops after a period without. */
  asked: boolean;
  /** The last refresh failed: the next one waits a while rather than hammering a database that is away. */
  failed: boolean;
}

/** Slack for the timer firing late and the query taking longer than last time. */
const LEAD_MS = 20;

/**
 * Answers every visitor shares (the leaderboards), never older than `ttlMs` and computed about
 * once per `ttlMs` per key in this process whatever the traffic. While a key is being asked
 * for, a timer recomputes it in the background so that each new value lands before the one
 * served turns `ttlMs` old: requests answer at once and never wait on the query. A period
 * nobody asks stops the timer; the first request after such a quiet spell finds the value
 * too old and waits for one fresh computation (as the very first request does). ttlMs 0
 * computes every time (tests that read a board right after changing it).
 */
export class Snapshots<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private stopped = false;

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs: number,
  ) {}

  /** The value and when it was made. */
  async get(key: K, compute: () => Promise<V>): Promise<{ value: V; at: Date }> {
    const now = this.clock.now().getTime();
    if (this.ttlMs <= 0) return { value: await compute(), at: new Date(now) };
    let entry = this.entries.get(key);
    if (!entry)
      this.entries.set(key, (entry = { compute, at: 0, tookMs: 0, asked: false, failed: false }));
    entry.compute = compute;
    entry.asked = true;
    if (entry.value !== undefined && now - entry.at <= this.ttlMs) {
      if (!entry.timer && !entry.refreshing) this.schedule(entry);
      return { value: entry.value, at: new Date(entry.at) };
    }
    return entry.refreshing ?? this.refresh(entry);
  }

  /** Stops every timer (the server is closing). */
  stop(): void {
    this.stopped = true;
    for (const entry of this.entries.values()) clearTimeout(entry.timer);
  }

  private refresh(entry: Entry<V>): Promise<{ value: V; at: Date }> {
    clearTimeout(entry.timer);
    entry.timer = undefined;
    entry.asked = false;
    const startedAt = performance.now();
    const refreshing = entry.compute().then((value) => {
      entry.value = value;
      entry.at = this.clock.now().getTime();
      entry.tookMs = performance.now() - startedAt;
      entry.failed = false;
      return { value, at: new Date(entry.at) };
    });
    entry.refreshing = refreshing;
    void refreshing
      .catch(() => {
        entry.failed = true;
      })
      .finally(() => {
        entry.refreshing = undefined;
        // Kept going only while asked for: a quiet period lets the key go idle.
        if (entry.asked) this.schedule(entry);
      });
    return refreshing;
  }

  /** The next refresh, timed to land just before the current value turns ttl old. */
  private schedule(entry: Entry<V>): void {
    if (this.stopped) return;
    const landBy = entry.at + this.ttlMs;
    const early = Math.max(0, landBy - this.clock.now().getTime() - entry.tookMs * 1.25 - LEAD_MS);
    const delay = entry.failed ? Math.max(early, this.ttlMs / 2) : early;
    entry.timer = setTimeout(() => {
      entry.timer = undefined;
      if (entry.refreshing) return;
      // A failure is kept for the requests that then find the value too old: they try again.
      this.refresh(entry).catch(() => undefined);
    }, delay);
    entry.timer.unref();
  }
}
