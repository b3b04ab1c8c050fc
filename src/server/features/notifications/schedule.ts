import { sql } from 'drizzle-orm';
import type { NotificationKind } from '../../../shared/api/notifications';
import type { Queryable } from '../../db/client';
import type { Deps } from '../../platform/deps';
import { notify } from './inbox';

/** Due notices moved into inboxes per transaction of the sweep. */
const BATCH = 200;

/** A notice a feature knows the moment of: the player hears it at `dueAt`. */
export interface ScheduledNotice {
  userId: number;
  /** One per thing (an egg, the claim): scheduling the same key again moves it. */
  key: string;
  kind: NotificationKind;
  dueAt: Date;
  title: string;
  body: string;
  link: string;
}

/**
 * Schedules (or moves) a notice, in the caller's transaction: the action that fixes the moment
 * (an egg laid, a claim taken, an idle game's state saved) writes it with that moment, so it is
 * exact and never outlives a rolled-back action. One statement.
 */
export async function scheduleNotice(q: Queryable, e: ScheduledNotice): Promise<void> {
  await q.rows(sql`
    insert into notification_schedule (user_id, dedupe_key, kind, due_at, payload)
    values (${e.userId}, ${e.key}, ${e.kind}, ${e.dueAt.toISOString()}, ${JSON.stringify({ title: e.title, body: e.body, link: e.link })}::jsonb)
    on conflict (user_id, dedupe_key) do update set kind = excluded.kind, due_at = excluded.due_at, payload = excluded.payload`);
}

/** The player acted before the moment: the notice of that key is dropped. */
export async function cancelNotice(q: Queryable, userId: number, key: string): Promise<void> {
  await q.rows(
    sql`delete from notification_schedule where user_id = ${userId} and dedupe_key = ${key}`,
  );
}

interface DueRow {
  user_id: number;
  dedupe_key: string;
  kind: NotificationKind;
  due_at: string;
  payload: { title: string; body: string; link: string };
}

/**
 * Moves due notices into their inboxes: each process's sweep claims rows no other holds (FOR
 * UPDATE SKIP LOCKED) and deletes them in the transaction that writes the inbox rows, so each is
 * delivered once; the inbox key (schedule key and due time) makes even a repeat write nothing.
 * Returns how many it moved.
 */
export async function deliverDue(deps: Pick<Deps, 'db' | 'clock'>): Promise<number> {
  let moved = 0;
  for (;;) {
    const n = await deps.db.tx(async (tx) => {
      const due = await tx.rows<DueRow>(sql`
        delete from notification_schedule s using (
          select user_id, dedupe_key from notification_schedule
          where due_at <= ${deps.clock.now().toISOString()}
          order by due_at limit ${BATCH} for update skip locked
        ) d
        where s.user_id = d.user_id and s.dedupe_key = d.dedupe_key
        returning s.user_id, s.dedupe_key, s.kind, s.due_at, s.payload`);
      await notify(
        tx,
        due.map((r) => ({
          userId: r.user_id,
          kind: r.kind,
          title: r.payload.title,
          body: r.payload.body,
          link: r.payload.link,
          dedupeKey: `${r.dedupe_key}@${new Date(r.due_at).toISOString()}`,
        })),
      );
      return due.length;
    });
    moved += n;
    if (n < BATCH) return moved;
  }
}
