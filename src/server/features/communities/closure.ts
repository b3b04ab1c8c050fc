import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import type { ClosureReason } from '../../platform/module';
import { accountsSql } from '../accounts/public';
import { ledger } from '../wallet/public';
import { voidCommunityBets } from '../bets/public';
import { recordEvent } from '../../platform/events';
import { handOwnership } from './roles';
import { removeMember } from './service';

/**
 * Shares of `total` in proportion to `weights`, summing to exactly `total`: each gets the floor
 * of its share, and the coins left over go one each to the largest remainders (ties: earlier).
 */
export function proRata(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (BigInt(total) * BigInt(w)) / BigInt(sum));
  const shares = exact.map(Number);
  const rest = weights.map((w) => (BigInt(total) * BigInt(w)) % BigInt(sum));
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = weights
    .map((_, i) => i)
    .sort((a, b) => (rest[b]! > rest[a]! ? 1 : rest[b]! < rest[a]! ? -1 : a - b));
  for (const i of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left--;
  }
  return shares;
}

/**
 * Closes a community nobody can take over: its treasury goes back to the donors still on the
 * site, pro rata (to the house when none is left), and it leaves every list.
 */
async function closeCommunity(
  tx: Queryable,
  c: { id: number; slug: string; treasury_account_id: number },
  closingUserId: number,
): Promise<void> {
  await tx.rows(sql`update communities set closed_at = now() where id = ${c.id}`);
  // Its bets end first: their stakes go back to the bettors, and the promises they held on the
  // treasury are released, so what is left can be shared out.
  const voided = await voidCommunityBets(tx, c.id);
  for (const betId of voided)
    await recordEvent(tx, 'CommunityBetSettled', { betId, slug: c.slug, outcome: 'voided' });
  const [t] = await tx.rows<{ balance: number }>(
    sql`select ${ledger.accountBalanceValue(c.treasury_account_id)} as balance`,
  );
  const balance = Number(t?.balance ?? 0);
  const ref = {
    refType: 'community' as const,
    refId: c.id,
    account: { id: c.treasury_account_id, category: 'treasury_out' as const },
  };
  if (balance > 0) {
    const donors = await tx.rows<{ user_id: number; amount: number }>(sql`
      select d.user_id, d.amount from community_donors d
      where d.community_id = ${c.id} and d.amount > 0
        and (d.user_id = ${closingUserId} or ${accountsSql.isActive(sql`d.user_id`)})
      order by d.user_id`);
    const shares = proRata(
      balance,
      donors.map((d) => Number(d.amount)),
    );
    const movements = donors
      .map((d, i) => ({
        userId: d.user_id,
        delta: shares[i] ?? 0,
        category: 'community_refund' as const,
      }))
      .filter((m) => m.delta > 0);
    if (movements.length > 0) await ledger.post(tx, movements, ref);
    else
      await ledger.drainAccount(tx, c.treasury_account_id, {
        ...ref,
        houseCategory: 'community_refund',
      });
  }
  await tx.rows(sql`delete from community_homes where community_id = ${c.id}`);
}

/**
 * The account is closing (deleted) or banned: a community it owns passes to its
 * longest-standing moderator; with none, a deleted owner's community closes (a banned owner's
 * stays, to be handed on when the ban is lifted or a moderator named). A deleted account also
 * leaves every community and drops its requests and home.
 */
export async function onAccountClosed(
  tx: Queryable,
  userId: number,
  reason: ClosureReason,
): Promise<void> {
  const owned = await tx.rows<{ id: number; slug: string; treasury_account_id: number }>(sql`
    select id, slug, treasury_account_id from communities where owner_id = ${userId} and closed_at is null
    order by id for update`);
  for (const c of owned) {
    const [heir] = await tx.rows<{ user_id: number }>(sql`
      select user_id from community_members where community_id = ${c.id} and role = 'moderator'
      order by since, user_id limit 1`);
    if (heir) await handOwnership(tx, c, userId, heir.user_id);
    else if (reason === 'deleted') await closeCommunity(tx, c, userId);
  }
  if (reason !== 'deleted') return;
  const memberOf = await tx.rows<{ community_id: number }>(sql`
    select community_id from community_members where user_id = ${userId} order by community_id`);
  for (const m of memberOf) await removeMember(tx, m.community_id, userId);
  await tx.rows(sql`delete from community_requests where user_id = ${userId}`);
  await tx.rows(sql`delete from community_homes where user_id = ${userId}`);
}
