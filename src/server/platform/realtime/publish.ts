import { sql, type SQL } from 'drizzle-orm';
import type { LiveEventKind, LiveEventPayloads } from '../../../shared/api/live';
import type { Queryable } from '../../db/client';

/**
 * Records a live event in the caller's transaction, so it exists exactly when the change it
 * describes does (a rolled-back action pushes nothing, a committed one is never lost).
 * `userId` makes it private to that user; omit it for an event every signed-in user may see.
 */
export async function publishLive<K extends LiveEventKind>(
  q: Queryable,
  kind: K,
  payload: LiveEventPayloads[K],
  userId?: number,
): Promise<void> {
  await q.rows(
    sql`insert into realtime_events (kind, user_id, payload) values (${kind}, ${userId ?? null}, ${JSON.stringify(payload)}::jsonb)`,
  );
}

/**
 * publishLive for many private events at once, in the caller's transaction: one per row of
 * `rows`, a query answering (user_id, payload) with the payload of `kind`'s shape. Inserted in
 * user id order: each row's foreign key locks its user (key share), and taken in id order, like
 * the ledger's account locks, those never deadlock with a posting.
 */
export async function publishLiveFrom(q: Queryable, kind: LiveEventKind, rows: SQL): Promise<void> {
  await q.rows(sql`
    insert into realtime_events (kind, user_id, payload)
    select ${kind}, e.user_id, e.payload from (${rows}) e order by e.user_id`);
}

/**
 * Events every signed-in user may see, many in one INSERT and outside any transaction: for
 * notices that follow committed changes (bets' vote counts), where one lost is harmless.
 */
export async function publishPublicLive(
  q: Queryable,
  events: { kind: LiveEventKind; payload: unknown }[],
): Promise<void> {
  await q.rows(
    sql`insert into realtime_events (kind, payload) select kind, payload from jsonb_to_recordset(${JSON.stringify(events)}::jsonb) as t(kind text, payload jsonb)`,
  );
}

/**
 * publishLiveFrom as a CTE `name` of the caller's statement, for a feature that writes its rows
 * and their live events in one round trip: `rows` selects (kind, user_id, payload), ordered by
 * user_id (the foreign keys' locks, as above).
 */
export function publishingLive(name: string, rows: SQL): SQL {
  if (!/^[a-z_]+$/.test(name)) throw new Error(`publishingLive: bad CTE name ${name}`);
  return sql`${sql.raw(name)} as (insert into realtime_events (kind, user_id, payload) ${rows})`;
}
