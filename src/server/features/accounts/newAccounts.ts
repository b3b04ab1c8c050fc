import { sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { newAccountMessage, waitText, type NewAccountAction } from '../../../shared/newAccounts';
import type { Queryable } from '../../db/client';
import type { Deps } from '../../platform/deps';
import { AppError, forbidden } from '../../platform/errors';
import { lastSeen } from '../../platform/batching/lastSeen';
import { statValue } from '../../platform/stats';
import { stakedRoundsUpTo } from '../games/engine/public';

/*
 * New accounts are not faucets (issue 34): twenty fresh accounts from one address could pass
 * their grants to one account in seconds. So an account younger than NEW_ACCOUNT_HOURS, or
 * with fewer than NEW_ACCOUNT_ACTIONS wagers, staked game rounds and store purchases of its
 * own, cannot send coins, offer trades or buy services. Games, bets and the store stay open
 * to it: a new player plays at once, they only cannot pass coins on.
 *
 * Being established never ends, so it is written once (users.established_at) and then
 * remembered per process: the transfer's hot path asks the database at most once per account
 * and process.
 */

/**
 * Counts a registration from `ip` on today's UTC day, inside the registration's transaction,
 * and refuses the one past SIGNUPS_PER_DAY. One conditional upsert: two processes registering
 * from one address at once count one after the other.
 */
export async function countSignup(
  deps: Pick<Deps, 'config' | 'clock'>,
  tx: Queryable,
  ip: string,
): Promise<void> {
  const limit = deps.config.signupsPerDay;
  if (limit === 0) return;
  const now = deps.clock.now();
  const day = now.toISOString().slice(0, 10);
  const hash = createHash('sha256').update(`signup-address:${ip}`).digest('hex');
  await tx.rows(sql`delete from signup_days where address_hash = ${hash} and day < ${day}`);
  const [row] = await tx.rows<{ count: number }>(sql`
    insert into signup_days (address_hash, day, count) values (${hash}, ${day}, 1)
    on conflict (address_hash, day) do update set count = signup_days.count + 1 where signup_days.count < ${limit}
    returning count`);
  if (!row) {
    const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
    throw new AppError(
      429,
      'RATE_LIMITED',
      `Too many accounts were registered from your address today; try again in ${waitText(midnight - now.getTime())}, after midnight UTC`,
    );
  }
}

const established = lastSeen<number, true>(100_000);

interface AccountFacts {
  created_at: string;
  established: boolean;
  actions: number;
}

export async function assertEstablished(
  deps: Pick<Deps, 'db' | 'config' | 'clock'>,
  userId: number,
  action: NewAccountAction,
): Promise<void> {
  const { newAccountHours: hours, newAccountActions: actions } = deps.config;
  if (hours === 0 && actions === 0) return;
  const seen = established(deps.db);
  if (seen.get(userId)) return;
  // Actions stop being counted at the threshold: a busy account costs no more than a new one.
  const [row] = await deps.db.rows<AccountFacts>(sql`
    select u.created_at, (u.established_at is not null or u.role = 'admin') as established,
      (u.bets_placed
        + coalesce(${statValue(sql`u.id`, 'store_purchases')}, 0)
        + ${stakedRoundsUpTo(sql`u.id`, actions)})::int as actions
    from users u where u.id = ${userId}`);
  if (!row) return; // the caller's own statement refuses a missing account
  if (row.established) {
    seen.set(userId, true);
    return;
  }
  const waitMs =
    hours === 0
      ? 0
      : new Date(row.created_at).getTime() + hours * 3_600_000 - deps.clock.now().getTime();
  const actionsLeft = Math.max(0, actions - row.actions);
  if (waitMs > 0 || actionsLeft > 0) {
    throw forbidden(newAccountMessage(action, waitMs, actionsLeft), {
      rule: 'new_account',
      availableAt: waitMs > 0 ? new Date(deps.clock.now().getTime() + waitMs).toISOString() : null,
      actionsLeft,
    });
  }
  await deps.db.rows(
    sql`update users set established_at = ${deps.clock.now().toISOString()} where id = ${userId} and established_at is null`,
  );
  seen.set(userId, true);
}
