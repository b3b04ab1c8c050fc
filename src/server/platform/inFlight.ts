/**
 * Route handlers still running. Shutdown waits for them so that none meets a closed database
 * pool. Counted around the handler, not from request to response: a client that hangs up after
 * sending its whole request gets neither onResponse nor onRequestAbort from Fastify (Node does
 * not call a complete request aborted, and no answer is written to a closed socket), so a
 * response-based count never came back to zero after a load generator's run ended.
 */
export class InFlight {
  private running = 0;
  private readonly waiters: (() => void)[] = [];

  get count(): number {
    return this.running;
  }

  async track<T>(work: () => Promise<T>): Promise<T> {
    this.running++;
    try {
      return await work();
    } finally {
      if (--this.running === 0) this.waiters.splice(0).forEach((resolve) => resolve());
    }
  }

  /** Resolves when nothing runs, or after `timeoutMs` whatever still runs. */
  idle(timeoutMs: number): Promise<void> {
    if (this.running === 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      this.waiters.push(resolve);
      setTimeout(resolve, timeoutMs).unref();
    });
  }
}
