import { sql, type SQL } from 'drizzle-orm';
import {
  COMMUNITY_PAGE_SIZE,
  COMMUNITY_POSTS_PER_MINUTE,
  type CommunityCommentDto,
  type CommunityPostDto,
  type ModlogEntryDto,
} from '../../../shared/api/communities';
import type { LiveEventKind, LiveEventPayloads } from '../../../shared/api/live';
import type { Queryable } from '../../db/client';
import type { Deps } from '../../platform/deps';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors';
import { publishLive, publishLiveFrom } from '../../platform/realtime/publish';
import { recordEvent } from '../../platform/events';
import { accountsSql } from '../accounts/public';
import { lastSeen } from '../../platform/batching/lastSeen';
import { communityFor, requireMember, type CommunityAccess } from './access';
import { nameOf, presentModlog, shownName, type ModlogRow } from './presenter';
import { decodeCursor, encodeCursor } from './reads';
import { logModAct } from './service';

const FEED_PAGE = 20;
/** Comments shown under each post in the feed (the newest); the count tells how many more. */
const COMMENTS_SHOWN = 3;

/** `@name` where name could be a username (3-20 of letters, digits, _ and -), not inside a word or address. */
const MENTION = /(?:^|[^A-Za-z0-9_.@-])@([A-Za-z0-9_-]{3,20})(?![A-Za-z0-9_-])/g;

export function mentionedNames(body: string): string[] {
  const names = new Set<string>();
  for (const m of body.matchAll(MENTION)) if (m[1]) names.add(m[1].toLowerCase());
  return [...names].slice(0, 20);
}

interface PostRow {
  id: number;
  author: string;
  author_image: string | null;
  body: string;
  mentions: string[] | null;
  created_at: string;
  comments?: PostRow[] | null;
  comment_count?: number;
}

const presentComment = (r: PostRow): CommunityCommentDto => ({
  _id: String(r.id),
  author: r.author,
  authorImage: r.author_image,
  body: r.body,
  mentions: r.mentions ?? [],
  createdAt: new Date(r.created_at).toISOString(),
});

const presentPost = (r: PostRow): CommunityPostDto => ({
  ...presentComment(r),
  comments: (r.comments ?? []).map(presentComment),
  commentCount: r.comment_count ?? 0,
});

/** The columns of a post or comment row `p`, its author's name and the names it mentions. */
const postColumns = (p: string): SQL => {
  const t = sql.raw(p);
  return sql`${t}.id, ${shownName('u')} as author, u.profile_image as author_image, ${t}.body, ${t}.created_at,
    (select coalesce(array_agg(mu.username order by mu.username), '{}') from ${accountsSql.users} mu
      where mu.id = any(${t}.mentions) and mu.status <> 'deleted') as mentions`;
};

/** Feed pages kept per process: the same page of the same feed version is the same answer. */
const pages = lastSeen<string, { at: number; page: FeedPage }>(2_000);
/**
 * How long a kept page may answer: the feed's version covers its posts and comments, not its
 * authors' names and pictures, which a page shows as they were when it was read.
 */
const PAGE_KEEP_MS = 60_000;

type FeedPage = { posts: CommunityPostDto[]; nextCursor: string | null };

/**
 * A page of the feed: posts newest first, each with its newest comments, in one statement. A
 * page read is kept under the community's feed version, which every post, comment and removal
 * raises in its own statement, so a kept page is never older than the feed (on any process:
 * the version comes with the access check, read every time).
 */
export async function feed(
  deps: Deps,
  slug: string,
  userId: number | null,
  cursor: string | undefined,
): Promise<FeedPage> {
  const c = await communityFor(deps.db, slug, userId);
  const cur = decodeCursor(cursor, ['n']);
  const key = `${c.id}:${c.feedVersion}:${cur ? cur[0] : ''}`;
  const kept = pages(deps.db).get(key);
  const now = Date.now();
  if (kept && now - kept.at < PAGE_KEEP_MS) return kept.page;
  const rows = await deps.db.rows<PostRow>(sql`
    select ${postColumns('p')}, p.comments as comment_count,
      (select coalesce(json_agg(x order by x.id), '[]') from (
        select ${postColumns('cm')} from community_posts cm join ${accountsSql.users} u on u.id = cm.author_id
        where cm.post_id = p.id and cm.removed_at is null order by cm.id desc limit ${COMMENTS_SHOWN}) x) as comments
    from community_posts p join ${accountsSql.users} u on u.id = p.author_id
    where p.community_id = ${c.id} and p.post_id is null and p.removed_at is null
      ${cur ? sql`and p.id < ${cur[0]}` : sql``}
    order by p.id desc limit ${FEED_PAGE + 1}`);
  const page = rows.slice(0, FEED_PAGE);
  const last = page[page.length - 1];
  const answer = {
    posts: page.map(presentPost),
    nextCursor: rows.length > FEED_PAGE && last ? encodeCursor([last.id]) : null,
  };
  pages(deps.db).set(key, { at: now, page: answer });
  return answer;
}

/** Tells open pages of the community that its feed changed. */
const tellFeed = (
  q: Queryable,
  c: CommunityAccess,
  postId: number,
  change: 'post' | 'comment' | 'removed',
): Promise<void> =>
  tellCommunity(q, c, 'community.feed', { slug: c.slug, postId: String(postId), change });

/**
 * A live event about what the community shows: a public community's reach every socket, a
 * private one's only its members, as its pages do.
 */
export async function tellCommunity<K extends LiveEventKind>(
  q: Queryable,
  c: CommunityAccess,
  kind: K,
  payload: LiveEventPayloads[K],
): Promise<void> {
  if (c.visibility === 'public') await publishLive(q, kind, payload);
  else
    await publishLiveFrom(
      q,
      kind,
      sql`select user_id, ${JSON.stringify(payload)}::jsonb as payload from community_members where community_id = ${c.id}`,
    );
}

/**
 * Why a member could not write: not a member, muted, or over the rate limit (the 429 says
 * when the window ends). Only runs once the write's own statement refused.
 */
export async function explainRefusedWrite(
  q: Queryable,
  c: CommunityAccess,
  userId: number,
  now: Date,
): Promise<never> {
  const [m] = await q.rows<{ muted_until: string | null; window_start: string | null }>(sql`
    select muted_until, window_start from community_members where community_id = ${c.id} and user_id = ${userId}`);
  if (!m) throw forbidden(`Only members of ${c.name} can post: join it first`);
  if (m.muted_until && new Date(m.muted_until) > now)
    throw forbidden(
      `You are muted in ${c.name} until ${new Date(m.muted_until).toISOString()}: you can read but not post`,
    );
  const ends = m.window_start ? new Date(m.window_start).getTime() + 60_000 : now.getTime();
  const seconds = Math.max(1, Math.ceil((ends - now.getTime()) / 1000));
  throw new AppError(
    429,
    'RATE_LIMITED',
    `You can post ${COMMUNITY_POSTS_PER_MINUTE} times a minute in a community; try again in ${seconds} s`,
    { retryAfterSeconds: seconds },
  );
}

/**
 * The UPDATE (returning a row when the member may write) that counts a write in the member's
 * rate-limit window and refuses a muted member; `when` adds a condition over earlier CTEs, and
 * `lastPost` marks the member active (the feed's posts and comments, which keep the active
 * count in the same statement).
 */
export function memberWrite(
  communityId: number,
  userId: number,
  nowIso: string,
  options: { when: SQL; lastPost: boolean },
): SQL {
  const fresh = sql`(m.window_start is null or m.window_start <= ${nowIso}::timestamptz - interval '1 minute')`;
  return sql`update community_members m set
        window_start = case when ${fresh} then ${nowIso}::timestamptz else m.window_start end,
        window_posts = case when ${fresh} then 1 else m.window_posts + 1 end
        ${options.lastPost ? sql`, last_post_at = ${nowIso}::timestamptz` : sql``}
      where m.community_id = ${communityId} and m.user_id = ${userId}
        and (m.muted_until is null or m.muted_until <= ${nowIso}::timestamptz)
        and (${fresh} or m.window_posts < ${COMMUNITY_POSTS_PER_MINUTE})
        and (${options.when})
      returning 1`;
}

interface Written {
  id: number;
  created_at: string;
  was_active: boolean;
  mentions: number[] | null;
}

/**
 * The players a post mentions hear of it (a domain event; the author mentioning themselves does
 * not count). Recorded after the post's own statement: a crash between the two loses a notice,
 * never a post.
 */
async function tellMentioned(
  deps: Deps,
  c: CommunityAccess,
  written: Written,
  authorId: number,
): Promise<void> {
  const userIds = (written.mentions ?? []).map(Number).filter((id) => id !== authorId);
  if (userIds.length === 0) return;
  await recordEvent(deps.db, 'Mentioned', { slug: c.slug, postId: written.id, authorId, userIds });
  deps.events.nudge();
}

/**
 * Writes a post (postId null) or a comment: one statement counts the member's rate-limit
 * window and checks the mute (a conditional UPDATE of their membership), inserts the row, and
 * bumps the community's and the post's counts.
 */
async function write(
  deps: Deps,
  userId: number,
  c: CommunityAccess,
  body: string,
  postId: number | null,
): Promise<Written> {
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const names = mentionedNames(body);
  const [row] = await deps.db.rows<Written>(sql`
    with parent as (
      select id from community_posts
      where id = ${postId ?? 0} and community_id = ${c.id} and post_id is null and removed_at is null
    ), old as (
      select m.last_post_at from community_members m
      where m.community_id = ${c.id} and m.user_id = ${userId} for update
    ), mem as (
      ${memberWrite(c.id, userId, nowIso, {
        when: postId === null ? sql`true` : sql`exists (select 1 from parent)`,
        lastPost: true,
      })}
    ), ins as (
      insert into community_posts (community_id, post_id, author_id, body, mentions, created_at)
      select ${c.id}, ${postId}, ${userId}, ${body},
        array(select id from ${accountsSql.users} where lower(username) in (select jsonb_array_elements_text(${JSON.stringify(names)}::jsonb)) and status <> 'deleted'),
        ${nowIso}::timestamptz
      from mem
      returning id, created_at, mentions
    ), was as (
      select coalesce((select last_post_at > ${nowIso}::timestamptz - interval '7 days' from old), false) as active
    ), cnt as (
      update communities set last_active_at = ${nowIso}::timestamptz,
        posts = posts + ${postId === null ? 1 : 0}, feed_version = feed_version + 1,
        active_members_7d = active_members_7d + case when (select active from was) then 0 else 1 end
      where id = ${c.id} and exists (select 1 from ins)
    ), pc as (
      update community_posts set comments = comments + 1
      where id = ${postId ?? 0} and exists (select 1 from ins)
    )
    select ins.id, ins.created_at, (select active from was) as was_active, ins.mentions from ins`);
  if (row) return row;
  if (postId !== null) {
    const [p] = await deps.db.rows<{ n: number }>(sql`
      select 1 as n from community_posts where id = ${postId} and community_id = ${c.id} and post_id is null and removed_at is null`);
    if (!p)
      throw notFound(`No post with id ${postId} in ${c.name}`, [
        { field: 'id', rule: 'not_found', value: String(postId) },
      ]);
  }
  return explainRefusedWrite(deps.db, c, userId, now);
}

export async function createPost(
  deps: Deps,
  userId: number,
  slug: string,
  body: string,
): Promise<CommunityPostDto> {
  const c = await communityFor(deps.db, slug, userId);
  requireMember(c);
  const written = await write(deps, userId, c, body, null);
  await tellFeed(deps.db, c, written.id, 'post');
  await tellMentioned(deps, c, written, userId);
  return presentPost({ ...(await postRow(deps.db, written.id)), comments: [], comment_count: 0 });
}

export async function createComment(
  deps: Deps,
  userId: number,
  slug: string,
  postId: number,
  body: string,
): Promise<CommunityCommentDto> {
  const c = await communityFor(deps.db, slug, userId);
  requireMember(c);
  const written = await write(deps, userId, c, body, postId);
  await tellFeed(deps.db, c, postId, 'comment');
  await tellMentioned(deps, c, written, userId);
  return presentComment(await postRow(deps.db, written.id));
}

async function postRow(q: Queryable, id: number): Promise<PostRow> {
  const [row] = await q.rows<PostRow>(sql`
    select ${postColumns('p')} from community_posts p join ${accountsSql.users} u on u.id = p.author_id where p.id = ${id}`);
  if (!row) throw new Error(`community post ${id} vanished`);
  return row;
}

/** Removes a post or comment: its author may, and a moderator may with a reason (logged). */
export async function removePost(
  deps: Deps,
  userId: number,
  slug: string,
  id: number,
  reason: string | undefined,
): Promise<{ message: string }> {
  return deps.db.tx(async (tx) => {
    const c = await communityFor(tx, slug, userId);
    const role = requireMember(c);
    const [p] = await tx.rows<{ author_id: number; post_id: number | null; removed: boolean }>(sql`
      select author_id, post_id, removed_at is not null as removed from community_posts
      where id = ${id} and community_id = ${c.id} for update`);
    if (!p || p.removed)
      throw notFound(`No post with id ${id} in ${c.name}`, [
        { field: 'id', rule: 'not_found', value: String(id) },
      ]);
    const own = p.author_id === userId;
    if (!own && role === 'member') throw forbidden('Only its author or a moderator can remove it');
    if (!own && !reason)
      throw new AppError(400, 'BAD_REQUEST', 'reason is required to remove a member’s post', [
        { field: 'reason', rule: 'required' },
      ]);
    const [done] = await tx.rows<{ n: number }>(sql`
      update community_posts set removed_at = now() where id = ${id} and removed_at is null returning 1 as n`);
    if (!done) throw conflict('It was removed already');
    if (p.post_id === null)
      await tx.rows(
        sql`update communities set posts = posts - 1, feed_version = feed_version + 1 where id = ${c.id}`,
      );
    else
      await tx.rows(
        sql`update community_posts set comments = comments - 1 where id = ${p.post_id}`,
      );
    if (p.post_id !== null)
      await tx.rows(sql`update communities set feed_version = feed_version + 1 where id = ${c.id}`);
    if (!own)
      await logModAct(tx, {
        communityId: c.id,
        actorId: userId,
        action: 'delete_post',
        targetUserId: p.author_id,
        targetPostId: id,
        reason: reason ?? null,
      });
    await tellFeed(tx, c, p.post_id ?? id, 'removed');
    return { message: p.post_id === null ? 'Post removed' : 'Comment removed' };
  });
}

export async function modlog(
  deps: Deps,
  slug: string,
  userId: number | null,
  cursor: string | undefined,
): Promise<{ entries: ModlogEntryDto[]; nextCursor: string | null }> {
  const c = await communityFor(deps.db, slug, userId);
  const cur = decodeCursor(cursor, ['n']);
  const rows = await deps.db.rows<ModlogRow>(sql`
    select l.id, ${nameOf(sql`l.actor_id`)} as actor, l.action,
      ${nameOf(sql`l.target_user_id`)} as target, l.reason, l.until, l.created_at
    from community_modlog l where l.community_id = ${c.id} ${cur ? sql`and l.id < ${cur[0]}` : sql``}
    order by l.id desc limit ${COMMUNITY_PAGE_SIZE + 1}`);
  const page = rows.slice(0, COMMUNITY_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    entries: page.map(presentModlog),
    nextCursor: rows.length > COMMUNITY_PAGE_SIZE && last ? encodeCursor([last.id]) : null,
  };
}
