/**
 * The queue behind groupCommit.ts and readBatch.ts: operations wait here while
 * `limit` statements of their kind are in flight, and the next statement takes what waits (as
 * `take` chooses). A test can hold every statement back to gather a known batch.
 */
export abstract class Batches<P> {
  protected queue: P[] = [];
  private inFlight = 0;
  private held = 0;

  constructor(private readonly limit: number) {}

  add(pending: P): void {
    this.queue.push(pending);
    this.pump();
  }

  get waiting(): number {
    return this.queue.length;
  }

  hold(): () => void {
    this.held++;
    return () => {
      this.held--;
      this.pump();
    };
  }

  /** The next statement's operations, taken off the queue. */
  protected abstract take(): P[];
  /** Runs one statement; settles every operation's answer and never rejects. */
  protected abstract run(batch: P[]): Promise<void>;

  private pump(): void {
    while (this.held === 0 && this.inFlight < this.limit && this.queue.length > 0) {
      const batch = this.take();
      this.inFlight++;
      void this.run(batch).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }
}
