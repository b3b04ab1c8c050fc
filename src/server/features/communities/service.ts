import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import {
  COMMUNITY_CREATE_COST,
  type CommunityDetailDto,
  type CommunityInviteDto,
  type CreateCommunityBody,
  type EditCommunityBody,
  type ModAction,
} from '../../../shared/api/communities';
import { pgErrorCode, type Queryable } from '../../db/client';
import type { Deps } from '../../platform/deps';
import { AppError, conflict, forbidden } from '../../platform/errors';
import { recordEvent } from '../../platform/events';
import { accountsSql, assertEstablished } from '../accounts/public';
import { ledger } from '../wallet/public';
import {
  communityFor,
  requireMember,
  requireModerator,
  userNamed,
  type CommunityAccess,
} from './access';
import { detail } from './reads';

type Body<T> = Exclude<T, undefined>;

/** A moderator act, written in the act's transaction. */
export async function logModAct(
  q: Queryable,
  entry: {
    communityId: number;
    actorId: number;
    action: ModAction;
    targetUserId?: number | null;
    targetPostId?: number | null;
    reason?: string | null;
    until?: string | null;
  },
): Promise<void> {
  await q.rows(sql`
    insert into community_modlog (community_id, actor_id, action, target_user_id, target_post_id, reason, until)
    values (${entry.communityId}, ${entry.actorId}, ${entry.action}, ${entry.targetUserId ?? null},
      ${entry.targetPostId ?? null}, ${entry.reason ?? null}, ${entry.until ?? null})`);
}

/** Adds a member (no-op when one already): returns whether the row is new, counted in `members`. */
async function addMember(
  q: Queryable,
  communityId: number,
  userId: number,
  role: 'owner' | 'moderator' | 'member',
  now: string,
): Promise<boolean> {
  const [row] = await q.rows<{ added: boolean }>(sql`
    with ins as (
      insert into community_members (community_id, user_id, role, since)
      values (${communityId}, ${userId}, ${role}, ${now}) on conflict do nothing returning 1
    ), cnt as (
      update communities set members = members + 1, last_active_at = ${now}
      where id = ${communityId} and exists (select 1 from ins)
    ), req as (
      delete from community_requests where community_id = ${communityId} and user_id = ${userId}
    )
    select exists (select 1 from ins) as added`);
  return row?.added === true;
}

/** Removes a member (and their home pick there); returns the role they had, or null. */
export async function removeMember(
  q: Queryable,
  communityId: number,
  userId: number,
): Promise<string | null> {
  const [row] = await q.rows<{ role: string | null }>(sql`
    with del as (
      delete from community_members where community_id = ${communityId} and user_id = ${userId} returning role
    ), cnt as (
      update communities set members = members - 1 where id = ${communityId} and exists (select 1 from del)
    ), home as (
      delete from community_homes where user_id = ${userId} and community_id = ${communityId}
    )
    select (select role from del) as role`);
  return row?.role ?? null;
}

/** An unused community's slug, or 409 naming it. */
const slugTaken = (slug: string) =>
  conflict(`slug: a community called "${slug}" already exists`, [
    { field: 'slug', rule: 'taken', value: slug },
  ]);

export async function createCommunity(
  deps: Deps,
  userId: number,
  body: Body<CreateCommunityBody> & {
    description: string;
    icon: string;
    visibility: 'public' | 'private';
    joinPolicy: 'open' | 'approval' | 'invite';
  },
): Promise<CommunityDetailDto> {
  await assertEstablished(deps, userId, 'create communities');
  const now = deps.clock.now().toISOString();
  const slug = body.slug.toLowerCase();
  return deps.db.tx(async (tx) => {
    const accountId = await ledger.openAccount(tx, 'community_treasury');
    let id: number;
    try {
      const [row] = await tx.rows<{ id: number }>(sql`
        insert into communities (slug, name, description, icon, visibility, join_policy, owner_id,
          treasury_account_id, created_at, last_active_at)
        values (${slug}, ${body.name}, ${body.description}, ${body.icon}, ${body.visibility},
          ${body.joinPolicy}, ${userId}, ${accountId}, ${now}, ${now})
        returning id`);
      if (!row) throw slugTaken(slug);
      id = row.id;
    } catch (err) {
      if (pgErrorCode(err) === '23505') throw slugTaken(slug);
      throw err;
    }
    await ledger.post(
      tx,
      [{ userId, delta: -COMMUNITY_CREATE_COST, category: 'community_founding' }],
      { refType: 'community', refId: id, account: { id: accountId, category: 'treasury_in' } },
      { actorId: userId },
    );
    await tx.rows(sql`
      insert into community_donors (community_id, user_id, amount) values (${id}, ${userId}, ${COMMUNITY_CREATE_COST})`);
    await addMember(tx, id, userId, 'owner', now);
    return detail(deps, tx, slug, userId);
  });
}

export async function editCommunity(
  deps: Deps,
  userId: number,
  slug: string,
  body: Body<EditCommunityBody>,
): Promise<CommunityDetailDto> {
  return deps.db.tx(async (tx) => {
    const c = await communityFor(tx, slug, userId, { lock: true });
    requireModerator(c);
    await tx.rows(sql`
      update communities set
        name = coalesce(${body.name ?? null}, name),
        description = coalesce(${body.description ?? null}, description),
        icon = coalesce(${body.icon ?? null}, icon),
        rules = coalesce(${body.rules ?? null}, rules),
        visibility = coalesce(${body.visibility ?? null}, visibility),
        join_policy = coalesce(${body.joinPolicy ?? null}, join_policy)
      where id = ${c.id}`);
    await logModAct(tx, {
      communityId: c.id,
      actorId: userId,
      action: 'edit',
      reason: `Changed ${Object.keys(body).join(', ')}`,
    });
    return detail(deps, tx, c.slug, userId);
  });
}

/** Refuses a player the community has banned, saying until when. */
async function assertNotBanned(
  q: Queryable,
  c: CommunityAccess,
  userId: number,
  now: string,
): Promise<void> {
  const [ban] = await q.rows<{ until: string | null; reason: string }>(sql`
    select until, reason from community_bans where community_id = ${c.id} and user_id = ${userId}
      and (until is null or until > ${now}::timestamptz)`);
  if (ban)
    throw forbidden(
      `You are banned from ${c.name} ${ban.until ? `until ${new Date(ban.until).toISOString()}` : 'for good'}: ${ban.reason}`,
    );
}

export async function join(
  deps: Deps,
  userId: number,
  slug: string,
): Promise<{ message: string; status: 'joined' | 'requested'; community: CommunityDetailDto }> {
  const now = deps.clock.now().toISOString();
  return deps.db.tx(async (tx) => {
    const c = await communityFor(tx, slug, userId);
    if (c.role) throw conflict(`You are already a member of ${c.name}`);
    await assertNotBanned(tx, c, userId, now);
    if (c.joinPolicy === 'invite')
      throw forbidden(`${c.name} is invite only: ask a moderator for an invite code`);
    if (c.joinPolicy === 'approval') {
      const [row] = await tx.rows<{ n: number }>(sql`
        insert into community_requests (community_id, user_id, created_at) values (${c.id}, ${userId}, ${now})
        on conflict do nothing returning 1 as n`);
      if (!row) throw conflict(`Your request to join ${c.name} is already waiting for a moderator`);
      return {
        message: `Request sent: a moderator of ${c.name} will look at it`,
        status: 'requested' as const,
        community: await detail(deps, tx, c.slug, userId),
      };
    }
    // Two joins at once both pass the check above; the insert lets one in, the other is told.
    if (!(await addMember(tx, c.id, userId, 'member', now)))
      throw conflict(`You are already a member of ${c.name}`);
    return {
      message: `Welcome to ${c.name}`,
      status: 'joined' as const,
      community: await detail(deps, tx, c.slug, userId),
    };
  });
}

export async function joinByInvite(
  deps: Deps,
  userId: number,
  code: string,
): Promise<{ message: string; status: 'joined'; community: CommunityDetailDto }> {
  const now = deps.clock.now().toISOString();
  return deps.db.tx(async (tx) => {
    const [invite] = await tx.rows<{ community_id: number; slug: string; name: string }>(sql`
      select i.community_id, c.slug, c.name from community_invites i join communities c on c.id = i.community_id
      where i.code = ${code} and c.closed_at is null`);
    if (!invite)
      throw new AppError(404, 'NOT_FOUND', 'No such invite code', [
        { field: 'code', rule: 'not_found', value: code },
      ]);
    const c = await communityFor(tx, invite.slug, userId).catch(() => null);
    if (c?.role) throw conflict(`You are already a member of ${invite.name}`);
    const [ban] = await tx.rows<{ until: string | null }>(sql`
      select until from community_bans where community_id = ${invite.community_id} and user_id = ${userId}
        and (until is null or until > ${now}::timestamptz)`);
    if (ban)
      throw forbidden(
        `You are banned from ${invite.name}${ban.until ? ` until ${new Date(ban.until).toISOString()}` : ''}`,
      );
    // One conditional UPDATE spends a use: the last use goes to exactly one of two racing joins.
    const [used] = await tx.rows<{ id: number }>(sql`
      update community_invites set uses = uses + 1
      where code = ${code} and uses < max_uses and expires_at > ${now}::timestamptz returning id`);
    if (!used) {
      const [why] = await tx.rows<{ expired: boolean }>(sql`
        select expires_at <= ${now}::timestamptz as expired from community_invites where code = ${code}`);
      throw new AppError(
        410,
        'GONE',
        why?.expired ? 'This invite code has expired' : 'This invite code has been used up',
      );
    }
    // A second join at once by the same player must not spend another use (rolled back here).
    if (!(await addMember(tx, invite.community_id, userId, 'member', now)))
      throw conflict(`You are already a member of ${invite.name}`);
    return {
      message: `Welcome to ${invite.name}`,
      status: 'joined' as const,
      community: await detail(deps, tx, invite.slug, userId),
    };
  });
}

export async function leave(
  deps: Deps,
  userId: number,
  slug: string,
): Promise<{ message: string }> {
  return deps.db.tx(async (tx) => {
    const c = await communityFor(tx, slug, userId);
    const role = requireMember(c);
    if (role === 'owner')
      throw conflict(`The owner cannot leave ${c.name}: hand ownership to a member first`);
    await removeMember(tx, c.id, userId);
    return { message: `You left ${c.name}` };
  });
}

export async function createInvite(
  deps: Deps,
  userId: number,
  slug: string,
  body: { maxUses: number; expiresInHours: number },
): Promise<CommunityInviteDto> {
  return deps.db.tx(async (tx) => {
    const c = await communityFor(tx, slug, userId);
    requireModerator(c);
    const code = randomBytes(9).toString('base64url');
    const expiresAt = new Date(deps.clock.now().getTime() + body.expiresInHours * 3_600_000);
    await tx.rows(sql`
      insert into community_invites (community_id, code, max_uses, expires_at, created_by)
      values (${c.id}, ${code}, ${body.maxUses}, ${expiresAt.toISOString()}, ${userId})`);
    await logModAct(tx, {
      communityId: c.id,
      actorId: userId,
      action: 'invite',
      reason: `${body.maxUses} use${body.maxUses === 1 ? '' : 's'}, ${body.expiresInHours} h`,
      until: expiresAt.toISOString(),
    });
    return { code, expiresAt: expiresAt.toISOString(), maxUses: body.maxUses, uses: 0 };
  });
}

export async function listInvites(
  deps: Deps,
  userId: number,
  slug: string,
): Promise<CommunityInviteDto[]> {
  const c = await communityFor(deps.db, slug, userId);
  requireModerator(c);
  const rows = await deps.db.rows<{
    code: string;
    expires_at: string;
    max_uses: number;
    uses: number;
  }>(sql`
    select code, expires_at, max_uses, uses from community_invites
    where community_id = ${c.id} and expires_at > ${deps.clock.now().toISOString()}::timestamptz and uses < max_uses
    order by id desc limit 100`);
  return rows.map((r) => ({
    code: r.code,
    expiresAt: new Date(r.expires_at).toISOString(),
    maxUses: r.max_uses,
    uses: r.uses,
  }));
}

export async function listRequests(
  deps: Deps,
  userId: number,
  slug: string,
): Promise<{ username: string; profileImage: string | null; createdAt: string }[]> {
  const c = await communityFor(deps.db, slug, userId);
  requireModerator(c);
  const rows = await deps.db.rows<{
    username: string;
    profile_image: string | null;
    created_at: string;
  }>(sql`
    select u.username, u.profile_image, r.created_at from community_requests r
    join ${accountsSql.users} u on u.id = r.user_id and u.status <> 'deleted'
    where r.community_id = ${c.id} order by r.created_at, r.user_id limit 200`);
  return rows.map((r) => ({
    username: r.username,
    profileImage: r.profile_image,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

export async function answerRequest(
  deps: Deps,
  userId: number,
  slug: string,
  username: string,
  approve: boolean,
): Promise<{ message: string }> {
  const now = deps.clock.now().toISOString();
  return deps.db.tx(async (tx) => {
    const c = await communityFor(tx, slug, userId);
    requireModerator(c);
    const target = await userNamed(tx, username);
    const [req] = await tx.rows<{ n: number }>(sql`
      delete from community_requests where community_id = ${c.id} and user_id = ${target.id} returning 1 as n`);
    if (!req) throw conflict(`${target.username} has no request waiting`);
    if (approve) await addMember(tx, c.id, target.id, 'member', now);
    await recordEvent(tx, 'CommunityActed', {
      slug: c.slug,
      userId: target.id,
      act: approve ? 'approved' : 'denied',
      reason: null,
      until: null,
    });
    await logModAct(tx, {
      communityId: c.id,
      actorId: userId,
      action: approve ? 'approve' : 'deny',
      targetUserId: target.id,
    });
    return {
      message: approve
        ? `${target.username} is now a member`
        : `${target.username}'s request was declined`,
    };
  });
}

export async function donate(
  deps: Deps,
  userId: number,
  slug: string,
  amount: number,
): Promise<{ message: string; treasury: number; balance: number }> {
  await assertEstablished(deps, userId, 'give to community treasuries');
  return deps.db.tx(async (tx) => {
    const c = await communityFor(tx, slug, userId);
    requireMember(c);
    const balances = await ledger.post(
      tx,
      [{ userId, delta: -amount, category: 'community_donation' }],
      {
        refType: 'community',
        refId: c.id,
        account: { id: c.treasuryAccountId, category: 'treasury_in' },
      },
      { actorId: userId },
    );
    await tx.rows(sql`
      insert into community_donors (community_id, user_id, amount) values (${c.id}, ${userId}, ${amount})
      on conflict (community_id, user_id) do update set amount = community_donors.amount + excluded.amount`);
    const [t] = await tx.rows<{ treasury: number }>(
      sql`select ${ledger.accountBalanceValue(c.treasuryAccountId)} as treasury`,
    );
    return {
      message: `You gave ${amount} coins to ${c.name}`,
      treasury: Number(t?.treasury ?? 0),
      balance: balances.get(userId) ?? 0,
    };
  });
}

export async function setHome(
  deps: Deps,
  userId: number,
  slug: string | null,
): Promise<{ message: string; homeCommunity: string | null }> {
  if (slug === null) {
    await deps.db.rows(sql`delete from community_homes where user_id = ${userId}`);
    return { message: 'No home community', homeCommunity: null };
  }
  const c = await communityFor(deps.db, slug, userId);
  requireMember(c);
  if (c.visibility === 'private')
    throw conflict(
      `${c.name} is private, so it cannot be shown beside your name: pick a public community`,
    );
  // The membership is checked again in the statement: a removal in between leaves no home.
  const [row] = await deps.db.rows<{ n: number }>(sql`
    insert into community_homes (user_id, community_id)
    select ${userId}, ${c.id} where exists (
      select 1 from community_members where community_id = ${c.id} and user_id = ${userId})
    on conflict (user_id) do update set community_id = excluded.community_id
    returning 1 as n`);
  if (!row) throw forbidden(`Only members of ${c.name} can make it their home`);
  return { message: `${c.name} is your home community`, homeCommunity: c.slug };
}
