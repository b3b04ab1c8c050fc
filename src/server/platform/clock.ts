/**
 * The time the rules run on (cooldowns, buff expiry, task periods). Features take it from deps
 * and pass it into SQL rather than reading now() there, so tests can move time on without
 * sleeping. Row timestamps that only record when something happened keep the database's now().
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests set and move by hand. */
export class ManualClock implements Clock {
  private ms: number;

  constructor(start: Date | string | number = Date.now()) {
    this.ms = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.ms);
  }

  set(to: Date | string | number): void {
    this.ms = new Date(to).getTime();
  }

  advance(ms: number): void {
    this.ms += ms;
  }
}
