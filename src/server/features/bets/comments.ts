import { sql } from 'drizzle-orm';
import type { BetCommentDto } from '../../../shared/api/communityBets';
import { COMMUNITY_PAGE_SIZE } from '../../../shared/communities';
import type { Queryable } from '../../db/client';
import type { Deps } from '../../platform/deps';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors';
import { recordEvent } from '../../platform/events';
import { accountsSql } from '../accounts/public';
import {
  communityFor,
  explainRefusedWrite,
  logModAct,
  memberWrite,
  mentionedNames,
  requireMember,
  shownName,
  tellCommunity,
  type CommunityAccess,
} from '../communities/public';

/*
 * Comments under a community bet (DESIGN.md section 11). Members write them under the feed's
 * rules (mutes and the per-minute limit, counted with the member's posts); each shows where its
 * author stands on the bet when it is read, from the wagers, so a position is never stale.
 */

interface CommentRow {
  id: number;
  author: string;
  author_image: string | null;
  body: string;
  mentions: string[] | null;
  position: { choice: string; stake: number }[] | null;
  created_at: string;
}

const present = (r: CommentRow): BetCommentDto => ({
  _id: String(r.id),
  author: r.author,
  authorImage: r.author_image,
  body: r.body,
  mentions: r.mentions ?? [],
  position: r.position?.map((p) => ({ choice: p.choice, stake: Number(p.stake) })) ?? null,
  createdAt: new Date(r.created_at).toISOString(),
});

/** A comment row `cm` with its author, the names it mentions and the author's position now. */
const commentSelect = sql`
  select cm.id, ${shownName('u')} as author, u.profile_image as author_image, cm.body, cm.created_at,
    (select coalesce(array_agg(mu.username order by mu.username), '{}') from ${accountsSql.users} mu
      where mu.id = any(cm.mentions) and mu.status <> 'deleted') as mentions,
    (select json_agg(json_build_object('choice', o.text, 'stake', s.stake) order by o.position)
      from (select option_id, sum(stake) as stake from wagers w
            where w.bet_id = cm.bet_id and w.user_id = cm.author_id and w.status <> 'refunded'
            group by option_id) s
      join bet_options o on o.id = s.option_id) as position
  from bet_comments cm join ${accountsSql.users} u on u.id = cm.author_id`;

/** The bet must be one of this community's; 404 otherwise, as for one that does not exist. */
async function requireBet(q: Queryable, c: CommunityAccess, betId: number): Promise<void> {
  const [bet] = await q.rows<{ id: number }>(
    sql`select id from bets where id = ${betId} and community_id = ${c.id}`,
  );
  if (!bet)
    throw notFound(`betId: no bet with id ${betId}`, [
      { field: 'betId', rule: 'not_found', value: String(betId) },
    ]);
}

export async function listComments(
  deps: Deps,
  slug: string,
  userId: number | null,
  betId: number,
  cursor: string | undefined,
): Promise<{ comments: BetCommentDto[]; nextCursor: string | null }> {
  const c = await communityFor(deps.db, slug, userId);
  await requireBet(deps.db, c, betId);
  const rows = await deps.db.rows<CommentRow>(sql`
    ${commentSelect}
    where cm.bet_id = ${betId} and cm.removed_at is null ${cursor ? sql`and cm.id > ${Number(cursor)}` : sql``}
    order by cm.id limit ${COMMUNITY_PAGE_SIZE + 1}`);
  const page = rows.slice(0, COMMUNITY_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    comments: page.map(present),
    nextCursor: rows.length > COMMUNITY_PAGE_SIZE && last ? String(last.id) : null,
  };
}

/**
 * One statement counts the write in the member's window (refused when muted or over the limit),
 * checks the bet is the community's, and inserts the comment with the ids it mentions.
 */
export async function createComment(
  deps: Deps,
  userId: number,
  slug: string,
  betId: number,
  body: string,
): Promise<BetCommentDto> {
  const c = await communityFor(deps.db, slug, userId);
  requireMember(c);
  await requireBet(deps.db, c, betId);
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const names = mentionedNames(body);
  const [row] = await deps.db.rows<{ id: number; mentions: number[] | null }>(sql`
    with mem as (
      ${memberWrite(c.id, userId, nowIso, {
        when: sql`exists (select 1 from bets where id = ${betId} and community_id = ${c.id})`,
        lastPost: false,
      })}
    )
    insert into bet_comments (bet_id, author_id, body, mentions, created_at)
    select ${betId}, ${userId}, ${body},
      array(select id from ${accountsSql.users} where lower(username) in (select jsonb_array_elements_text(${JSON.stringify(names)}::jsonb)) and status <> 'deleted'),
      ${nowIso}::timestamptz
    from mem
    returning id, mentions`);
  if (!row) return explainRefusedWrite(deps.db, c, userId, now);
  // After the comment's statement, as the notices below: a crash between loses a page's early
  // refresh, never a comment.
  await tellCommunity(deps.db, c, 'community.betComments', {
    slug: c.slug,
    betId: String(betId),
    change: 'comment',
  });
  const mentioned = (row.mentions ?? []).map(Number).filter((id) => id !== userId);
  if (mentioned.length > 0) {
    // After the comment's own statement: a crash between the two loses a notice, never a comment.
    await recordEvent(deps.db, 'Mentioned', {
      slug: c.slug,
      postId: row.id,
      authorId: userId,
      userIds: mentioned,
      betId,
    });
    deps.events.nudge();
  }
  const [written] = await deps.db.rows<CommentRow>(sql`${commentSelect} where cm.id = ${row.id}`);
  if (!written) throw new Error(`bet comment ${row.id} vanished`);
  return present(written);
}

/** Removes a comment: its author may, and a moderator may with a reason (logged). */
export async function removeComment(
  deps: Deps,
  userId: number,
  slug: string,
  betId: number,
  commentId: number,
  reason: string | undefined,
): Promise<{ message: string }> {
  return deps.db.tx(async (tx) => {
    const c = await communityFor(tx, slug, userId);
    const role = requireMember(c);
    await requireBet(tx, c, betId);
    const [cm] = await tx.rows<{ author_id: number; removed: boolean }>(sql`
      select author_id, removed_at is not null as removed from bet_comments
      where id = ${commentId} and bet_id = ${betId} for update`);
    if (!cm || cm.removed)
      throw notFound(`commentId: no comment with id ${commentId} on this bet`, [
        { field: 'commentId', rule: 'not_found', value: String(commentId) },
      ]);
    const own = Number(cm.author_id) === userId;
    if (!own && role === 'member') throw forbidden('Only its author or a moderator can remove it');
    if (!own && !reason)
      throw new AppError(400, 'BAD_REQUEST', 'reason is required to remove a member’s comment', [
        { field: 'reason', rule: 'required' },
      ]);
    const [done] = await tx.rows<{ n: number }>(sql`
      update bet_comments set removed_at = now() where id = ${commentId} and removed_at is null returning 1 as n`);
    if (!done) throw conflict('It was removed already');
    await tellCommunity(tx, c, 'community.betComments', {
      slug: c.slug,
      betId: String(betId),
      change: 'removed',
    });
    if (!own)
      await logModAct(tx, {
        communityId: c.id,
        actorId: userId,
        action: 'delete_bet_comment',
        targetUserId: Number(cm.author_id),
        reason: reason ?? null,
      });
    return { message: 'Comment removed' };
  });
}
