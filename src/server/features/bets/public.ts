import { sql, type SQL } from 'drizzle-orm';
import { communitySlugOf } from '../communities/public';

/** What other features may use of bets (DESIGN.md section 1a). */

/** Rows (at) of the parlays a user won since `since`: the tasks' "bets won" count reads them. */
export const parlaysWonSince = (userId: unknown, since: unknown): SQL =>
  sql`select settled_at as at from parlays where user_id = ${userId} and status = 'won' and settled_at >= ${since}`;

/** Rows (day, wins) of a user's wagers won per UTC day, from the day of `since` on (at most 8 for a week). */
export const wagerWinsSince = (userId: unknown, since: unknown): SQL =>
  sql`select day, wins from wager_wins_daily where user_id = ${userId} and day >= (${since}::timestamptz at time zone 'UTC')::date`;

/** A closing community's open bets are voided, their stakes refunded from its treasury. */
export { voidCommunityBets } from './settlement';

/** What a settlement paid each player (user_id, bet_id, title, won, refunded): its notices read it. */
export { paidBySettlement } from './live';

/** A bet as a report's target (features/reports): label, link, community_id, owner_id. */
export const betReportTarget = (id: number): SQL =>
  sql`select b.title as label,
      case when b.community_id is null then '/bets' else '/c/' || ${communitySlugOf(sql`b.community_id`)} || '/bets/' || b.id end as link,
      b.community_id, null::bigint as owner_id
    from bets b where b.id = ${id}`;

/** Every player with a wager on a settled bet (user_id, title, won, refunded): its notices read it. */
export const bettorsOfSettled = (betId: number): SQL => sql`
  select x.user_id, b.title,
    coalesce(sum(x.payout) filter (where x.status = 'won'), 0)::bigint as won,
    coalesce(sum(x.payout) filter (where x.status = 'refunded'), 0)::bigint as refunded
  from bets b cross join lateral (
    select w.user_id, w.status, w.payout from wagers w where w.bet_id = b.id and w.status <> 'open'
    union all
    select p.user_id, p.status, p.payout from parlays p
    where p.settled_at = b.settled_at and p.id in (select parlay_id from parlay_legs where bet_id = b.id)
  ) x
  where b.id = ${betId}
  group by x.user_id, b.title`;

/**
 * Each player's profit on the bets of community `communityId` with treasury `treasuryId` (SQL:
 * columns of the caller's statement) settled in [from, to): rows (user_id, profit), profit being the payouts minus the
 * stakes of their wagers on those bets and of their parlays on them settled then, paid by its
 * treasury (a void's refund nets to 0). The community's bets by
 * bets_community_idx; few per week.
 */
export const communityProfitRows = (
  communityId: SQL,
  treasuryId: SQL,
  from: string,
  to: string,
): SQL => sql`
  select x.user_id, sum(x.profit)::bigint as profit from (
    select w.user_id, w.payout - w.stake as profit
    from bets b join wagers w on w.bet_id = b.id
    where b.community_id = ${communityId} and b.status <> 'open'
      and b.settled_at >= ${from}::timestamptz and b.settled_at < ${to}::timestamptz
      and w.status <> 'open'
    union all
    select p.user_id, p.payout - p.stake
    from parlays p
    where p.account_id = ${treasuryId} and p.status <> 'open'
      and p.settled_at >= ${from}::timestamptz and p.settled_at < ${to}::timestamptz
  ) x
  group by x.user_id`;

/** Whether the player (SQL) placed a wager or a parlay in [from, to), as a condition. */
export const wageredBetween = (userId: SQL, from: string, to: string): SQL =>
  sql`(exists (select 1 from wagers where user_id = ${userId} and created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz)
    or exists (select 1 from parlays where user_id = ${userId} and created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz))`;
