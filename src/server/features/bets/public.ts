import { sql, type SQL } from 'drizzle-orm';

/** What other features may use of bets (DESIGN.md section 1a). */

/** Rows (at) of the parlays a user won since `since`: the tasks' "bets won" count reads them. */
export const parlaysWonSince = (userId: unknown, since: unknown): SQL =>
  sql`select settled_at as at from parlays where user_id = ${userId} and status = 'won' and settled_at >= ${since}`;

/** Rows (day, wins) of a user's wagers won per UTC day, from the day of `since` on (at most 8 for a week). */
export const wagerWinsSince = (userId: unknown, since: unknown): SQL =>
  sql`select day, wins from wager_wins_daily where user_id = ${userId} and day >= (${since}::timestamptz at time zone 'UTC')::date`;

/** What a settlement paid each player (user_id, bet_id, title, won, refunded): its notices read it. */
export { paidBySettlement } from './live';

/** A bet as a report's target (features/reports): label, link, community_id, owner_id. */
export const betReportTarget = (id: number): SQL =>
  sql`select title as label, '/bets' as link, null::bigint as community_id, null::bigint as owner_id from bets where id = ${id}`;

/**
 * Each player's profit on the bets of community `communityId` (SQL: a column of the caller's
 * statement) settled in [from, to): rows (user_id, profit), profit being the payouts minus the
 * stakes of their wagers on those bets. The community-bets work (bets.community_id, issue 40)
 * fills this in: until then no bet belongs to a community, so it has no rows and every season's
 * profit is 0.
 */
export const communityProfitRows = (_communityId: SQL, _from: string, _to: string): SQL =>
  sql`select null::bigint as user_id, 0::bigint as profit where false`;

/** Whether the player (SQL) placed a wager or a parlay in [from, to), as a condition. */
export const wageredBetween = (userId: SQL, from: string, to: string): SQL =>
  sql`(exists (select 1 from wagers where user_id = ${userId} and created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz)
    or exists (select 1 from parlays where user_id = ${userId} and created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz))`;
