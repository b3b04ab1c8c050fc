import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import type { Deps } from '../../platform/deps';
import { AppError, conflict, forbidden } from '../../platform/errors';
import { recordEvent } from '../../platform/events';
import { communityFor, maySanction, requireModerator, requireOwner, userNamed } from './access';
import { logModAct, removeMember } from './service';

/*
 * Roles and sanctions: the owner's role changes and hand-over, and moderators' mutes, bans and
 * removals, each logged in the moderation log and told to the player it concerns.
 */

/** A member's role in a community, locked for the act; 404 naming them when not a member. */
async function memberRole(q: Queryable, communityId: number, userId: number, username: string) {
  const [row] = await q.rows<{ role: 'owner' | 'moderator' | 'member' }>(sql`
    select role from community_members where community_id = ${communityId} and user_id = ${userId} for update`);
  if (!row)
    throw new AppError(404, 'NOT_FOUND', `${username} is not a member`, [
      { field: 'username', rule: 'not_found', value: username },
    ]);
  return row.role;
}

export async function setRole(
  deps: Deps,
  userId: number,
  slug: string,
  username: string,
  role: 'moderator' | 'member',
): Promise<{ message: string }> {
  return deps.db.tx(async (tx) => {
    const c = await communityFor(tx, slug, userId, { lock: true });
    requireOwner(c);
    const target = await userNamed(tx, username);
    const current = await memberRole(tx, c.id, target.id, target.username);
    if (current === 'owner')
      throw conflict('The owner keeps their role: transfer ownership instead');
    if (current === role) throw conflict(`${target.username} is already a ${role}`);
    await tx.rows(sql`
      update community_members set role = ${role} where community_id = ${c.id} and user_id = ${target.id}`);
    await logModAct(tx, {
      communityId: c.id,
      actorId: userId,
      action: role === 'moderator' ? 'promote' : 'demote',
      targetUserId: target.id,
    });
    await recordEvent(tx, 'CommunityActed', {
      slug: c.slug,
      userId: target.id,
      act: role === 'moderator' ? 'promoted' : 'demoted',
      reason: null,
      until: null,
    });
    return { message: `${target.username} is now a ${role}` };
  });
}

/** Makes `toId` the owner and the old owner a moderator; the caller holds the community's lock. */
export async function handOwnership(
  q: Queryable,
  c: { id: number },
  fromId: number,
  toId: number,
): Promise<void> {
  await q.rows(sql`
    update community_members set role = case when user_id = ${toId} then 'owner' else 'moderator' end
    where community_id = ${c.id} and user_id in (${fromId}, ${toId})`);
  await q.rows(sql`update communities set owner_id = ${toId} where id = ${c.id}`);
  await logModAct(q, {
    communityId: c.id,
    actorId: fromId,
    action: 'transfer',
    targetUserId: toId,
  });
  const [row] = await q.rows<{ slug: string }>(
    sql`select slug from communities where id = ${c.id}`,
  );
  if (row)
    await recordEvent(q, 'CommunityActed', {
      slug: row.slug,
      userId: toId,
      act: 'owner',
      reason: null,
      until: null,
    });
}

export async function transferOwnership(
  deps: Deps,
  userId: number,
  slug: string,
  username: string,
): Promise<{ message: string }> {
  return deps.db.tx(async (tx) => {
    const c = await communityFor(tx, slug, userId, { lock: true });
    requireOwner(c);
    const target = await userNamed(tx, username);
    if (target.id === userId) throw conflict('You already own it');
    await memberRole(tx, c.id, target.id, target.username);
    await handOwnership(tx, c, userId, target.id);
    return { message: `${target.username} now owns ${c.name}; you are a moderator` };
  });
}

export async function sanction(
  deps: Deps,
  userId: number,
  slug: string,
  username: string,
  body: { action: 'mute' | 'ban' | 'remove'; reason: string; hours?: number | undefined },
): Promise<{ message: string }> {
  const nowDate = deps.clock.now();
  const until =
    body.hours === undefined
      ? null
      : new Date(nowDate.getTime() + body.hours * 3_600_000).toISOString();
  return deps.db.tx(async (tx) => {
    const c = await communityFor(tx, slug, userId, { lock: true });
    const actor = requireModerator(c);
    const target = await userNamed(tx, username);
    if (target.id === userId) throw conflict('You cannot sanction yourself');
    // A ban also reaches someone who is not (or no longer) a member: they cannot join until it ends.
    const [row] = await tx.rows<{ role: 'owner' | 'moderator' | 'member' }>(sql`
      select role from community_members where community_id = ${c.id} and user_id = ${target.id} for update`);
    if (!row && body.action !== 'ban')
      throw new AppError(404, 'NOT_FOUND', `${target.username} is not a member`, [
        { field: 'username', rule: 'not_found', value: username },
      ]);
    if (row && !maySanction(actor, row.role))
      throw forbidden(
        row.role === 'owner'
          ? 'Nobody can sanction the owner'
          : 'Moderators cannot sanction other moderators; only the owner can',
      );
    if (body.action === 'mute') {
      await tx.rows(sql`
        update community_members set muted_until = ${until} where community_id = ${c.id} and user_id = ${target.id}`);
    } else {
      await removeMember(tx, c.id, target.id);
      await tx.rows(
        sql`delete from community_requests where community_id = ${c.id} and user_id = ${target.id}`,
      );
      if (body.action === 'ban')
        await tx.rows(sql`
          insert into community_bans (community_id, user_id, until, reason) values (${c.id}, ${target.id}, ${until}, ${body.reason})
          on conflict (community_id, user_id) do update set until = excluded.until, reason = excluded.reason`);
    }
    await logModAct(tx, {
      communityId: c.id,
      actorId: userId,
      action: body.action,
      targetUserId: target.id,
      reason: body.reason,
      until,
    });
    await recordEvent(tx, 'CommunityActed', {
      slug: c.slug,
      userId: target.id,
      act: ({ mute: 'muted', ban: 'banned', remove: 'removed' } as const)[body.action],
      reason: body.reason,
      until,
    });
    const words = { mute: 'muted', ban: 'banned', remove: 'removed' }[body.action];
    return {
      message: `${target.username} is ${words}${until ? ` until ${until}` : ''}`,
    };
  });
}
