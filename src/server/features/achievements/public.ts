import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';

/**
 * What other features may read of the achievements (DESIGN.md section 1a): the sum of the
 * active achievements' rewards (a retired one cannot be claimed), for /fairness's lifetime cap.
 */
export async function achievementRewardTotal(q: Queryable): Promise<number> {
  const [row] = await q.rows<{ total: string }>(
    sql`select coalesce(sum(reward), 0)::text as total from achievements where active`,
  );
  return Number(row?.total ?? 0);
}
