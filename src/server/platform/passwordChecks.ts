import type { Clock } from './clock';
import { AppError } from './errors';
import type { CountStore } from './rateLimitStore';

/** The window of AUTH_RATE_LIMIT, as the sign-in routes count it. */
export const PASSWORD_WINDOW_MS = 60_000;

/**
 * Every check of a password a signed-in user sends (changing it, deleting the account) counts
 * against the sign-in budget: AUTH_RATE_LIMIT a minute per account and per address, in the same
 * store as sign-in (shared through Redis when configured). Without it a stolen token could
 * guess the password behind it as fast as the server answers. The check is refused before
 * the password is looked at, so a refusal says nothing about the guess.
 *
 * Windows are whole minutes of the rules' clock (the key names the minute), so a test can move
 * time on; the store's entry ends with its minute.
 */
export class PasswordChecks {
  constructor(
    private readonly store: CountStore,
    private readonly max: number,
    private readonly clock: Clock,
  ) {}

  async count(userId: number, ip: string): Promise<void> {
    const now = this.clock.now().getTime();
    const minute = Math.floor(now / PASSWORD_WINDOW_MS);
    const ttl = PASSWORD_WINDOW_MS - (now % PASSWORD_WINDOW_MS);
    const [byUser, byAddress] = await Promise.all([
      this.incr(`password-user-${userId}-${minute}`, ttl),
      this.incr(`password-ip-${ip}-${minute}`, ttl),
    ]);
    if (byUser > this.max || byAddress > this.max) {
      throw new AppError(
        429,
        'RATE_LIMITED',
        `Too many attempts; try again in ${Math.ceil(ttl / 1000)} seconds`,
      );
    }
  }

  private incr(key: string, ttl: number): Promise<number> {
    return new Promise((resolve, reject) => {
      this.store.incr(
        key,
        (err, result) =>
          err || !result
            ? reject(err ?? new Error('rate-limit store answered nothing'))
            : resolve(result.current),
        ttl,
        this.max,
      );
    });
  }
}
