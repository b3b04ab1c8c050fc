import { sql } from 'drizzle-orm';
import type {
  CommunityJoinPolicy,
  CommunityRole,
  CommunityVisibility,
} from '../../../shared/api/communities';
import type { Queryable } from '../../db/client';
import { forbidden, notFound } from '../../platform/errors';
import { accountsSql } from '../accounts/public';

/** A community as its rules need it, with the caller's membership (null when not a member). */
export interface CommunityAccess {
  id: number;
  slug: string;
  name: string;
  visibility: CommunityVisibility;
  joinPolicy: CommunityJoinPolicy;
  ownerId: number;
  treasuryAccountId: number;
  role: CommunityRole | null;
  mutedUntil: string | null;
  feedVersion: number;
}

interface AccessRow {
  id: number;
  slug: string;
  name: string;
  visibility: CommunityVisibility;
  join_policy: CommunityJoinPolicy;
  owner_id: number;
  treasury_account_id: number;
  role: CommunityRole | null;
  muted_until: string | null;
  feed_version: number;
}

/** The answer for a community the caller may not see: the same as for one that does not exist. */
export const noSuchCommunity = (slug: string) =>
  notFound(`No community called "${slug}"`, [{ field: 'slug', rule: 'not_found', value: slug }]);

/**
 * The community `slug` names, open and visible to `userId` (null: a visitor): a private one is
 * visible to its members only. `lock` takes the caller's membership row for update, so a
 * moderator act and a sanction against that moderator run one after the other.
 */
export async function communityFor(
  q: Queryable,
  slug: string,
  userId: number | null,
  options: { lock?: boolean } = {},
): Promise<CommunityAccess> {
  const [row] = await q.rows<AccessRow>(sql`
    select c.id, c.slug, c.name, c.visibility, c.join_policy, c.owner_id, c.treasury_account_id,
      m.role, m.muted_until, c.feed_version
    from communities c
    left join community_members m on m.community_id = c.id and m.user_id = ${userId ?? 0}
    where c.slug = ${slug.toLowerCase()} and c.closed_at is null
    ${options.lock ? sql`for update of c` : sql``}`);
  if (!row || (row.visibility === 'private' && row.role === null)) throw noSuchCommunity(slug);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    visibility: row.visibility,
    joinPolicy: row.join_policy,
    ownerId: row.owner_id,
    treasuryAccountId: row.treasury_account_id,
    role: row.role,
    mutedUntil: row.muted_until,
    feedVersion: row.feed_version,
  };
}

/** Refuses unless the caller is a member. */
export function requireMember(c: CommunityAccess): CommunityRole {
  if (!c.role) throw forbidden(`Only members of ${c.name} can do that: join it first`);
  return c.role;
}

/** Refuses unless the caller is the owner or a moderator. */
export function requireModerator(c: CommunityAccess): CommunityRole {
  const role = requireMember(c);
  if (role === 'member') throw forbidden(`Only moderators of ${c.name} can do that`);
  return role;
}

/** Refuses unless the caller owns the community. */
export function requireOwner(c: CommunityAccess): void {
  if (requireMember(c) !== 'owner') throw forbidden(`Only the owner of ${c.name} can do that`);
}

/**
 * Who a moderator may sanction: never the owner, and a moderator only when the actor is the
 * owner (moderators do not sanction each other).
 */
export function maySanction(actor: CommunityRole, target: CommunityRole): boolean {
  if (target === 'owner') return false;
  if (target === 'moderator') return actor === 'owner';
  return actor !== 'member';
}

/** A user named in a path: visible (not deleted), or 404 naming it. */
export async function userNamed(
  q: Queryable,
  username: string,
): Promise<{ id: number; username: string }> {
  const [row] = await q.rows<{ id: number; username: string }>(accountsSql.byUsername(username));
  if (!row)
    throw notFound(`No user called "${username}"`, [
      { field: 'username', rule: 'not_found', value: username },
    ]);
  return row;
}
