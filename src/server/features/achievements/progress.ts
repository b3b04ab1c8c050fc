import { sql } from 'drizzle-orm';
import type { AchievementCriteria } from '../../../shared/api/tasks';
import type { Queryable } from '../../db/client';
import { criterionCounters, readStats } from '../../platform/stats';
import { distinctItemsHeld } from '../items/holdings';

/**
 * Achievements read lifetime figures: the counters declared for it in platform/stats.ts, and
 * the ones counted from rows (bets from the users row, purchases, distinct items held).
 */
/** The lifetime counter behind every achievement criterion. */
export async function lifetimeCounters(q: Queryable, userId: number): Promise<Record<AchievementCriteria, number>> {
  // One after the other: q may be a transaction, whose one connection runs one query at a time.
  const stats = await readStats(q, userId);
  const [row] = await q.rows<{ placed: number; won: number; owned: number }>(sql`
      select u.bets_placed as placed, u.bets_won as won,
        ${distinctItemsHeld(userId)}::int as owned
      from users u where u.id = ${userId}`);
  return {
    ...criterionCounters(stats),
    betsPlaced: Number(row?.placed ?? 0),
    betsWon: Number(row?.won ?? 0),
    // The counter every purchase bumps in its statement, not a count of the user's purchases.
    storePurchases: stats.storePurchases,
    itemsOwned: Number(row?.owned ?? 0),
  };
}
