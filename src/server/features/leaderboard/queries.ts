import { sql, type SQL } from 'drizzle-orm';
import { LEADERBOARD_SIZE, type LeaderboardSort } from '../../../shared/api/leaderboard';
import type { Queryable } from '../../db/client';
import type { StatName } from '../../platform/stats';
import { cosmeticColumn } from '../items/queries';

export interface LeaderboardRow {
  id: number;
  username: string;
  profile_image: string | null;
  balance: number;
  bets_won: number;
  achievements_claimed: number;
  cosmetic: { emoji: string | null; image: string | null; name: string } | null;
}

const orderBy: Record<LeaderboardSort, SQL> = {
  balance: sql`u.balance desc, u.id`,
  wins: sql`u.bets_won desc, u.balance desc, u.id`,
  achievements: sql`achievements_claimed desc, u.balance desc, u.id`,
};

const achievementsStat: StatName = 'achievements_claimed';

/**
 * The top active players: balance and wins from users, achievements from the
 * achievements_claimed counter in user_stats (no row reads as zero). Banned and deleted
 * accounts are left off the public boards, and so are admins, who can grant themselves coins.
 */
export function topUsers(q: Queryable, sort: LeaderboardSort): Promise<LeaderboardRow[]> {
  return q.rows<LeaderboardRow>(sql`
    select u.id, u.username, u.profile_image, u.balance, u.bets_won, coalesce(s.value, 0)::bigint as achievements_claimed,
      ${cosmeticColumn(sql`u.id`)} as cosmetic
    from users u left join user_stats s on s.user_id = u.id and s.stat = ${achievementsStat}
    where u.status = 'active' and u.role = 'user'
    order by ${orderBy[sort]} limit ${LEADERBOARD_SIZE}`);
}
