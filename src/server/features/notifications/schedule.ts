import { sql } from 'drizzle-orm';
import type { NotificationKind } from '../../../shared/api/notifications';
import type { Queryable } from '../../db/client';
import type { Deps } from '../../platform/deps';
import type { DomainEvents } from '../../platform/events';
import { notify } from './inbox';

/** Due notices moved into inboxes per transaction of the sweep. */
const BATCH = 200;

/** NoticeScheduled's listener: the notice waits in the schedule (a later one of the key moves it). */
export async function schedule(q: Queryable, e: DomainEvents['NoticeScheduled']): Promise<void> {
  await q.rows(sql`
    insert into notification_schedule (user_id, dedupe_key, kind, due_at, payload)
    values (${e.userId}, ${e.key}, ${e.kind}, ${e.dueAt}, ${JSON.stringify({ title: e.title, body: e.body, link: e.link })}::jsonb)
    on conflict (user_id, dedupe_key) do update set kind = excluded.kind, due_at = excluded.due_at, payload = excluded.payload`);
}

/** NoticeCancelled's listener. */
export async function unschedule(q: Queryable, e: DomainEvents['NoticeCancelled']): Promise<void> {
  await q.rows(
    sql`delete from notification_schedule where user_id = ${e.userId} and dedupe_key = ${e.key}`,
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
