import { sql, type SQL } from 'drizzle-orm';
import type { AchievementCriteria } from '../../../shared/api/tasks';
import type { Queryable } from '../../db/client';
import {
  criterionCounters,
  loginsCount,
  statsJson,
  statsOf,
  type StatsRow,
} from '../../platform/stats';
import { distinctItemsHeld } from '../items/public';
import { accountsSql } from '../accounts/public';

/**
 * Achievements read lifetime figures: the counters declared for it in platform/stats.ts, and
 * the ones counted from rows (bets from the users row, purchases, distinct items held), all in
 * one statement over the users row.
 */
export interface LifetimeRow extends StatsRow {
  placed: number;
  won: number;
  owned: number;
}

/** The lifetime figures of one user as one statement; `also` adds columns (the list's page read). */
export const lifetimeQuery = (userId: SQL, also?: SQL): SQL => sql`
    select u.bets_placed as placed, u.bets_won as won, ${distinctItemsHeld(userId)}::int as owned,
      ${statsJson(userId)} as stats, ${loginsCount(userId)} as logins${also ? sql`, ${also}` : sql``}
    from ${accountsSql.users} u where u.id = ${userId}`;

export function countersOf(row: LifetimeRow | undefined): Record<AchievementCriteria, number> {
  const stats = statsOf(row);
  return {
    ...criterionCounters(stats),
    betsPlaced: Number(row?.placed ?? 0),
    betsWon: Number(row?.won ?? 0),
    // The counter every purchase bumps in its statement, not a count of the user's purchases.
    storePurchases: stats.storePurchases,
    itemsOwned: Number(row?.owned ?? 0),
  };
}

/** The lifetime counter behind every achievement criterion. */
export async function lifetimeCounters(
  q: Queryable,
  userId: number,
): Promise<Record<AchievementCriteria, number>> {
  const [row] = await q.rows<LifetimeRow>(lifetimeQuery(sql`${userId}`));
  return countersOf(row);
}
