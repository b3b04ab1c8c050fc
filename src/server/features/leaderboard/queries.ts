import { sql, type SQL } from 'drizzle-orm';
import { LEADERBOARD_SIZE, type LeaderboardSort } from '../../../shared/api/leaderboard';
import type { Queryable } from '../../db/client';
import { statRows, statValue, type StatName } from '../../platform/stats';
import { cosmeticColumn } from '../items/public';
import { accountsSql } from '../accounts/public';
import { homeCommunityColumn } from '../communities/public';

export interface LeaderboardRow {
  id: number;
  username: string;
  profile_image: string | null;
  balance: number;
  bets_won: number;
  achievements_claimed: number;
  cosmetic: { emoji: string | null; image: string | null; name: string } | null;
  home_community: { slug: string; name: string; icon: string } | null;
}

const orderBy: Record<LeaderboardSort, SQL> = {
  balance: sql`balance desc, id`,
  wins: sql`bets_won desc, balance desc, id`,
  achievements: sql`achievements_claimed desc, balance desc, id`,
};

const achievementsStat: StatName = 'achievements_claimed';

/**
 * The top active players: balance and wins from their accounts row, achievements from the
 * achievements_claimed counter in user_stats (no row reads as zero). Banned and deleted
 * accounts are left off the public boards, and so are admins, who can grant themselves coins.
 *
 * The limit sits right on the sort of the one table the order needs (PostgreSQL then keeps the
 * top 50 in memory while it scans: 300,000 players took 120 ms with a full sort spilled to disk
 * when the join and the cosmetic sat between them); the rest is read for those 50 only.
 */
export function topUsers(q: Queryable, sort: LeaderboardSort): Promise<LeaderboardRow[]> {
  const achievements = sql`coalesce(${statValue(sql`u.id`, achievementsStat)}, 0)::bigint`;
  const top =
    sort === 'achievements'
      ? sql`select u.id, u.username, u.profile_image, u.balance, u.bets_won, coalesce(s.value, 0)::bigint as achievements_claimed
          from ${accountsSql.users} u left join ${statRows(achievementsStat)} s on s.user_id = u.id
          where u.status = 'active' and u.role = 'user'
          order by ${orderBy[sort]} limit ${LEADERBOARD_SIZE}`
      : sql`select u.id, u.username, u.profile_image, u.balance, u.bets_won from ${accountsSql.users} u
          where u.status = 'active' and u.role = 'user'
          order by ${orderBy[sort]} limit ${LEADERBOARD_SIZE}`;
  return q.rows<LeaderboardRow>(sql`
    select u.id, u.username, u.profile_image, u.balance, u.bets_won,
      ${sort === 'achievements' ? sql`u.achievements_claimed` : achievements} as achievements_claimed,
      ${cosmeticColumn(sql`u.id`)} as cosmetic, ${homeCommunityColumn(sql`u.id`)} as home_community
    from (${top}) u
    order by ${orderBy[sort]}`);
}
