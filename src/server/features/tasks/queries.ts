import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import type { TaskRow } from './presenter';

/**
 * Active tasks the user has not completed in their current period (day, week, or ever for bonus
 * tasks), as a JSON array of TaskRow (a scalar subquery for the list's one-statement read); d and
 * w are the ISO starts of the day and week.
 */
export const openTasksJson = (userId: unknown, d: unknown, w: unknown): SQL => sql`(
    select coalesce(json_agg(t order by t.type, t.reward, t.id), '[]'::json) from (
      select t.id, t.title, t.description, t.reward, t.type, t.goal_type, t.goal_amount, t.emoji
      from tasks t
      where t.active and not exists (
        select 1 from task_claims c where c.user_id = ${userId} and c.task_id = t.id
          and c.period_start = case t.type when 'daily' then ${d}::timestamptz when 'weekly' then ${w}::timestamptz else to_timestamp(0) end)
    ) t)`;

export async function findActiveTask(q: Queryable, taskId: number): Promise<TaskRow | undefined> {
  const [task] = await q.rows<TaskRow>(sql`
    select id, title, description, reward, type, goal_type, goal_amount, emoji from tasks where id = ${taskId} and active`);
  return task;
}
