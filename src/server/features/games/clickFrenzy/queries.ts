import { sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';

/** Clicks counted in the hour starting at `hourStart` (0 before the first). */
export async function clicksIn(q: Queryable, userId: number, hourStart: Date): Promise<number> {
  const [row] = await q.rows<{ clicks: number }>(
    sql`select clicks from click_frenzy_hours where user_id = ${userId} and hour_start = ${hourStart.toISOString()}`,
  );
  return row?.clicks ?? 0;
}
