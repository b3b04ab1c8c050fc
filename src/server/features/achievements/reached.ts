import { sql } from 'drizzle-orm';
import type { AchievementCriteria } from '../../../shared/api/tasks';
import type { Deps } from '../../platform/deps';
import { recordEvent } from '../../platform/events';
import { ledger } from '../wallet/public';
import { countersOf, lifetimeQuery, type LifetimeRow } from './progress';

/** Ledger rows read per step, and the steps a run may take before leaving the rest to the next. */
const ROWS = 5_000;
const STEPS = 20;
/**
 * Rows a run reads again behind the last one it saw: a transaction that took its ids earlier
 * may commit after the run looked. Reading twice tells nobody twice (achievement_notices).
 */
const OVERLAP = 1_000;
/** How far back a process's first run looks, so a restart does not skip the moments before it. */
const FIRST_LOOK_BACK = 20_000;

const lookedUpTo = new WeakMap<object, number>();

interface Reachable {
  id: number;
  title: string;
  icon: string;
  criteria: AchievementCriteria;
  threshold: number;
}

/**
 * Finds players who reached an achievement they have not claimed and were not told of, and
 * tells them (an AchievementReached event, which the notifications feature hears). Progress is
 * read from lifetime counters that many actions bump, so no action has to know of achievements:
 * the players who did anything since the last run are the ones with new ledger rows (every
 * wager, round, purchase and grant posts one). One run per process every minute; a notice is
 * written once, by whichever process inserts its row first.
 */
export async function noticeReachedAchievements(deps: Pick<Deps, 'db'>): Promise<number> {
  let since = lookedUpTo.get(deps.db);
  if (since === undefined) {
    const [row] = await deps.db.rows<{ top: number | null }>(
      sql`select ${ledger.newestRowId}::bigint as top`,
    );
    since = Math.max(Number(row?.top ?? 0) - FIRST_LOOK_BACK, 0);
  }
  let from = Math.max(since - OVERLAP, 0);
  let told = 0;
  for (let step = 0; step < STEPS; step++) {
    const { userIds, upTo } = await ledger.playersPostedSince(deps.db, from, ROWS);
    if (userIds.length > 0) told += await tell(deps, userIds);
    lookedUpTo.set(deps.db, Math.max(upTo, since));
    if (upTo === from) break;
    from = upTo;
  }
  return told;
}

async function tell(deps: Pick<Deps, 'db'>, userIds: number[]): Promise<number> {
  const ids = sql`${`{${userIds.join(',')}}`}::bigint[]`;
  // Each player's lifetime figures, and the active achievements they neither claimed nor were
  // told of (usually none: the statement's rows stay few).
  const rows = await deps.db.rows<LifetimeRow & { user_id: number; open: Reachable[] }>(sql`
    select p.id as user_id, l.*, o.open
    from unnest(${ids}) as p(id)
    cross join lateral (${lifetimeQuery(sql`p.id`)}) l
    cross join lateral (
      select coalesce(json_agg(json_build_object('id', a.id, 'title', a.title, 'icon', a.icon,
          'criteria', a.criteria, 'threshold', a.threshold)), '[]'::json) as open
      from achievements a
      where a.active
        and not exists (select 1 from achievement_claims c where c.user_id = p.id and c.achievement_id = a.id)
        and not exists (select 1 from achievement_notices n where n.user_id = p.id and n.achievement_id = a.id)
    ) o
    where json_array_length(o.open) > 0`);
  const reached: { userId: number; a: Reachable }[] = [];
  for (const row of rows) {
    const counters = countersOf(row);
    for (const a of row.open)
      if (counters[a.criteria] >= Number(a.threshold))
        reached.push({ userId: Number(row.user_id), a });
  }
  if (reached.length === 0) return 0;
  return deps.db.tx(async (tx) => {
    const fresh = await tx.rows<{ user_id: number; achievement_id: number }>(sql`
      insert into achievement_notices (user_id, achievement_id)
      select * from unnest(${`{${reached.map((r) => r.userId).join(',')}}`}::bigint[],
        ${`{${reached.map((r) => r.a.id).join(',')}}`}::bigint[])
      on conflict do nothing returning user_id, achievement_id`);
    const isFresh = new Set(fresh.map((f) => `${f.user_id}:${f.achievement_id}`));
    for (const r of reached)
      if (isFresh.has(`${r.userId}:${r.a.id}`))
        await recordEvent(tx, 'AchievementReached', {
          userId: r.userId,
          achievementId: r.a.id,
          title: r.a.title,
          icon: r.a.icon,
        });
    return fresh.length;
  });
}
