import { sql, type SQL } from 'drizzle-orm';
import {
  FIXED_KINDS,
  INBOX_KEEP,
  INBOX_PAGE,
  kindsOfGroup,
  notificationKinds,
  type NotificationDto,
  type NotificationGroup,
  type NotificationKind,
  type NotificationPreferenceDto,
} from '../../../shared/api/notifications';
import type { Queryable } from '../../db/client';
import type { Deps } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { publishingLive } from '../../platform/realtime/publish';

/** One notification to write: who, what, the words, the page that acts on it, its cause. */
export interface Notice {
  userId: number;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  /** The cause, unique per player: a second delivery of it writes nothing. */
  dedupeKey: string;
}

interface NotificationRow {
  id: number;
  user_id: number;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  created_at: string;
  read_at: string | null;
}

const present = (r: Omit<NotificationRow, 'user_id'>): NotificationDto => ({
  _id: String(r.id),
  kind: r.kind,
  title: r.title,
  body: r.body,
  link: r.link,
  createdAt: new Date(r.created_at).toISOString(),
  readAt: r.read_at === null ? null : new Date(r.read_at).toISOString(),
});

/** `kind` is one nobody can turn off. */
const fixedKind = (kind: SQL): SQL =>
  FIXED_KINDS.length
    ? sql`${kind} in (${sql.join(
        FIXED_KINDS.map((k) => sql`${k}`),
        sql`, `,
      )})`
    : sql`false`;

/** Whether a channel of this kind is on for this player (every channel is, unless turned off). */
export const channelOn = (channel: 'inbox' | 'push' | 'email', userId: SQL, kind: SQL): SQL =>
  sql`(${fixedKind(kind)} or not exists (select 1 from notification_preferences p
    where p.user_id = ${userId} and p.kind = ${kind} and not p.${sql.raw(channel)}))`;

const unreadOf = (userId: SQL | number): SQL =>
  sql`(select count(*)::int from notifications where user_id = ${userId} and read_at is null)`;

/**
 * Writes notices into their players' inboxes, in the caller's transaction (a domain event's
 * delivery, or the schedule's sweep), unless the player turned that kind's inbox off; tells
 * each player's sockets (the new notification and the unread count). Returns how many rows it wrote. A row is left for the push sender
 * (pushed_at empty, push.ts) only if its player has a subscribed browser and that kind's push on.
 */
export async function notify(q: Queryable, notices: Notice[]): Promise<number> {
  if (notices.length === 0) return 0;
  const input = notices.map((n) => ({
    user_id: n.userId,
    kind: n.kind,
    title: n.title.slice(0, 200),
    body: n.body.slice(0, 1000),
    link: n.link,
    dedupe_key: n.dedupeKey,
  }));
  // One statement (this runs in every delivery of the events it hears, one event a
  // transaction): the rows and their live events. Its parts share one snapshot, so the unread
  // count adds the rows it writes to those it sees. The cut to INBOX_KEEP is trimInboxes's.
  // Inserted in user id order: each row's foreign key locks its user (key share), and taken in
  // id order, as the ledger takes accounts, those never deadlock with a posting.
  const [row] = await q.rows<{ written: number }>(sql`
    with written as (
      insert into notifications (user_id, kind, title, body, link, dedupe_key, pushed_at)
      select i.user_id, i.kind, i.title, i.body, i.link, i.dedupe_key,
        case when exists (select 1 from push_subscriptions s where s.user_id = i.user_id)
          and ${channelOn('push', sql`i.user_id`, sql`i.kind`)} then null else now() end
      from jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
        as i(user_id bigint, kind text, title text, body text, link text, dedupe_key text)
      where ${channelOn('inbox', sql`i.user_id`, sql`i.kind`)}
      order by i.user_id
      on conflict (user_id, dedupe_key) do nothing
      returning id, user_id, kind, title, body, link, created_at
    ), added as (
      select user_id, count(*)::int as n from written group by user_id
    ), ${publishingLive(
      'live',
      sql`select 'notification.new', n.user_id, jsonb_build_object(
          'notification', jsonb_build_object('_id', n.id::text, 'kind', n.kind, 'title', n.title,
            'body', n.body, 'link', n.link, 'createdAt', to_char(n.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'readAt', null),
          'unread', ${unreadOf(sql`n.user_id`)} + a.n)
      from written n join added a on a.user_id = n.user_id
      order by n.user_id, n.id`,
    )}
    select count(*)::int as written from written`);
  return row?.written ?? 0;
}

/** The highest notification id each database's last trim saw (per process). */
const trimmedUpTo = new WeakMap<object, number>();

/**
 * Cuts each inbox that received notices since the last run back to its newest INBOX_KEEP.
 * Not in notify(): there, every delivery walked its player's newest thousand rows, and the
 * deliveries to one busy player (everybody paying the same person) queued on deleting the same
 * old rows. Here one statement a sweep does it for the players written to since the last one
 * (all of them at a process's first run); an inbox holds at most a sweep's worth more for a
 * while, and nobody ever loses one of their newest INBOX_KEEP. Two processes trimming at once
 * delete the same rows: the second finds them gone.
 */
export async function trimInboxes(deps: Pick<Deps, 'db'>): Promise<number> {
  const since = trimmedUpTo.get(deps.db) ?? 0;
  const [row] = await deps.db.rows<{ top: number | null; cut: number }>(sql`
    with touched as (
      select user_id, max(id) as top from notifications where id > ${since} group by user_id
    ), cut as (
      delete from notifications n using (
        select t.user_id, (select id from notifications x where x.user_id = t.user_id
          order by id desc offset ${INBOX_KEEP} limit 1) as oldest_gone
        from touched t
      ) c
      where n.user_id = c.user_id and n.id <= c.oldest_gone
      returning 1
    )
    select (select max(top) from touched)::bigint as top, (select count(*)::int from cut) as cut`);
  if (row?.top != null) trimmedUpTo.set(deps.db, Number(row.top));
  return row?.cut ?? 0;
}

export async function inbox(
  deps: Deps,
  userId: number,
  query: {
    cursor?: string | undefined;
    unread?: boolean | undefined;
    kind?: NotificationKind | undefined;
    group?: NotificationGroup | undefined;
  },
): Promise<{ notifications: NotificationDto[]; unread: number; nextCursor: string | null }> {
  let before: number | null = null;
  if (query.cursor !== undefined) {
    before = /^[1-9][0-9]{0,15}$/.test(query.cursor) ? Number(query.cursor) : NaN;
    if (!Number.isSafeInteger(before))
      throw badRequest('cursor is not one this list gave out', [
        { field: 'cursor', rule: 'format', value: query.cursor },
      ]);
  }
  const kinds = query.kind ? [query.kind] : query.group ? kindsOfGroup(query.group) : null;
  // Prepared per shape (cursor, unread, kinds): planned once per connection on PostgreSQL. One
  // kind is an equality, which an index on (user_id, kind, id) can answer in order.
  // The rows come as they are and are presented here: building the answer's objects and dates
  // in SQL (json_build_object, to_char) costs PGlite more than it saves this process.
  const [row] = await deps.db.prepared<{
    page: Omit<NotificationRow, 'user_id'>[] | null;
    unread: number;
  }>(
    `notifications_inbox${before !== null ? '_c' : ''}${query.unread ? '_u' : ''}${kinds ? (kinds.length === 1 ? '_k' : '_ks') : ''}`,
    sql`
    select (select coalesce(json_agg(x order by x.id desc), '[]') from (
        select id, kind, title, body, link, created_at, read_at from notifications
        where user_id = ${userId}
          ${before !== null ? sql`and id < ${before}` : sql``}
          ${query.unread ? sql`and read_at is null` : sql``}
          ${
            kinds?.length === 1
              ? sql`and kind = ${kinds[0]}`
              : kinds
                ? sql`and kind = any(${`{${kinds.join(',')}}`}::text[])`
                : sql``
          }
        order by id desc limit ${sql.raw(String(INBOX_PAGE + 1))}) x) as page,
      ${unreadOf(userId)} as unread`,
  );
  const rows = row?.page ?? [];
  const page = rows.slice(0, INBOX_PAGE);
  const last = page[page.length - 1];
  return {
    notifications: page.map(present),
    unread: row?.unread ?? 0,
    nextCursor: rows.length > INBOX_PAGE && last ? String(last.id) : null,
  };
}

export async function markRead(
  deps: Deps,
  userId: number,
  body: { ids: number[] } | { all: true },
): Promise<{ message: string; unread: number }> {
  const which = 'all' in body ? sql`true` : sql`id = any(${`{${body.ids.join(',')}}`}::bigint[])`;
  // One statement, one commit: the marks and the live event that tells the player's other tabs
  // their count (publishingLive's insert, a part of it).
  const [row] = await deps.db.prepared<{ marked: number; unread: number }>(
    'all' in body ? 'notifications_read_all' : 'notifications_read_ids',
    sql`
    with marked as (
      update notifications set read_at = now()
      where user_id = ${userId} and read_at is null and ${which} returning 1
    ), counts as (
      select (select count(*)::int from marked) as marked,
        (${unreadOf(userId)} - (select count(*)::int from marked)) as unread
    ), ${publishingLive(
      'told',
      sql`select 'notification.read', ${userId}::bigint, jsonb_build_object('unread', unread) from counts`,
    )}
    select marked, unread from counts`,
  );
  const marked = row?.marked ?? 0;
  deps.live.changed();
  return { message: `${marked} marked read`, unread: row?.unread ?? 0 };
}

export async function remove(deps: Deps, userId: number, id: number): Promise<{ message: string }> {
  const [row] = await deps.db.rows<{ n: number }>(
    sql`delete from notifications where id = ${id} and user_id = ${userId} returning 1 as n`,
  );
  if (!row)
    throw notFound(`No notification with id ${id}`, [
      { field: 'id', rule: 'not_found', value: String(id) },
    ]);
  return { message: 'Removed' };
}

export async function preferences(
  q: Queryable,
  userId: number,
): Promise<NotificationPreferenceDto[]> {
  const rows = await q.rows<{
    kind: NotificationKind;
    inbox: boolean;
    push: boolean;
    email: boolean;
  }>(sql`select kind, inbox, push, email from notification_preferences where user_id = ${userId}`);
  const set = new Map(rows.map((r) => [r.kind, r]));
  return notificationKinds.map((kind) => {
    const fixed = FIXED_KINDS.includes(kind);
    const r = set.get(kind);
    return {
      kind,
      inbox: fixed || (r?.inbox ?? true),
      push: fixed || (r?.push ?? true),
      email: fixed || (r?.email ?? true),
      fixed,
    };
  });
}

export async function setPreferences(
  deps: Deps,
  userId: number,
  prefs: { kind: NotificationKind; inbox: boolean; push: boolean; email: boolean }[],
): Promise<NotificationPreferenceDto[]> {
  const changeable = prefs.filter((p) => !FIXED_KINDS.includes(p.kind));
  return deps.db.tx(async (tx) => {
    if (changeable.length > 0)
      await tx.rows(sql`
        insert into notification_preferences (user_id, kind, inbox, push, email)
        select ${userId}, kind, inbox, push, email
        from jsonb_to_recordset(${JSON.stringify(changeable)}::jsonb) as t(kind text, inbox boolean, push boolean, email boolean)
        on conflict (user_id, kind) do update set inbox = excluded.inbox, push = excluded.push, email = excluded.email`);
    return preferences(tx, userId);
  });
}
