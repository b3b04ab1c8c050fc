import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import type { AchievementRow } from './presenter';

/**
 * Active achievements plus retired ones the user claimed, with when they claimed each, as a JSON
 * array of AchievementRow (a scalar subquery for the list's one-statement read).
 */
export const achievementsJson = (userId: unknown): SQL => sql`(
    select coalesce(json_agg(a order by a.criteria, a.threshold, a.id), '[]'::json) from (
      select a.id, a.title, a.description, a.criteria, a.threshold, a.reward, a.icon, c.created_at as claimed_at
      from achievements a left join achievement_claims c on c.achievement_id = a.id and c.user_id = ${userId}
      where a.active or c.id is not null
    ) a)`;

export async function findActiveAchievement(
  q: Queryable,
  id: number,
): Promise<AchievementRow | undefined> {
  const [row] = await q.rows<AchievementRow>(sql`
    select id, title, description, criteria, threshold, reward, icon, null as claimed_at from achievements where id = ${id} and active`);
  return row;
}

/** The user's claimed achievements, newest first, as a JSON array of ClaimedRow (a scalar subquery). */
export const claimedJson = (userId: unknown): SQL => sql`(
    select coalesce(json_agg(json_build_object('id', a.id, 'title', a.title, 'icon', a.icon) order by c.id desc), '[]'::json)
    from achievement_claims c join achievements a on a.id = c.achievement_id
    where c.user_id = ${userId})`;
