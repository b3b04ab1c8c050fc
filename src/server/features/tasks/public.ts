import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';

/** What other features may read of the tasks (DESIGN.md section 1a): the active tasks' rewards by type, for /fairness's caps. */
export async function taskRewardTotals(
  q: Queryable,
): Promise<{ daily: number; weekly: number; bonus: number }> {
  const rows = await q.rows<{ type: 'daily' | 'weekly' | 'bonus'; total: string }>(sql`
    select type, sum(reward)::text as total from tasks where active group by type`);
  const of = (type: string) => Number(rows.find((r) => r.type === type)?.total ?? 0);
  return { daily: of('daily'), weekly: of('weekly'), bonus: of('bonus') };
}
