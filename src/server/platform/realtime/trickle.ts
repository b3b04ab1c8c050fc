/** Whether hits come as a trickle: fewer than `max` in the `windowMs` before each. */
export class Trickle {
  /** The last `max` hits' times, oldest at `next`. */
  private readonly times: number[];
  private next = 0;

  constructor(
    private readonly windowMs: number,
    max: number,
  ) {
    this.times = new Array<number>(max).fill(-Infinity);
  }

  hit(now: number): boolean {
    const maxAgo = this.times[this.next]!;
    this.times[this.next] = now;
    this.next = (this.next + 1) % this.times.length;
    return now - maxAgo >= this.windowMs;
  }
}
