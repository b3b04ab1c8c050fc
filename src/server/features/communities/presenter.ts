import { sql, type SQL } from 'drizzle-orm';
import type {
  CommunityDetailDto,
  CommunityDto,
  CommunityJoinPolicy,
  CommunityMemberDto,
  CommunityRole,
  CommunityVisibility,
  ModAction,
  ModlogEntryDto,
} from '../../../shared/api/communities';
import { accountsSql } from '../accounts/public';

const iso = (v: string | Date | null): string | null =>
  v === null ? null : new Date(v).toISOString();

/** The directory's columns of `communities c`, with its active members of the last 7 days. */
export const communityColumns = (now: string): SQL => sql`
  c.id, c.slug, c.name, c.description, c.icon, c.visibility, c.join_policy, c.members, c.created_at,
  (select count(*)::int from community_members am
    where am.community_id = c.id and am.last_post_at > ${now}::timestamptz - interval '7 days') as active_members_7d`;

export interface CommunityRow {
  id: number;
  slug: string;
  name: string;
  description: string;
  icon: string;
  visibility: CommunityVisibility;
  join_policy: CommunityJoinPolicy;
  members: number;
  active_members_7d: number;
  created_at: string;
}

export const presentCommunity = (r: CommunityRow): CommunityDto => ({
  _id: String(r.id),
  slug: r.slug,
  name: r.name,
  description: r.description,
  icon: r.icon,
  visibility: r.visibility,
  joinPolicy: r.join_policy,
  members: r.members,
  activeMembers7d: r.active_members_7d,
  createdAt: new Date(r.created_at).toISOString(),
});

export interface DetailRow extends CommunityRow {
  rules: string;
  owner: string;
  treasury: number;
  posts: number;
  role: CommunityRole | null;
  since: string | null;
  muted_until: string | null;
  is_home: boolean;
  requested: boolean;
  ban_until: string | null;
  ban_reason: string | null;
}

export function presentDetail(r: DetailRow): CommunityDetailDto {
  return {
    ...presentCommunity(r),
    rules: r.rules,
    owner: r.owner,
    treasury: Number(r.treasury),
    posts: r.posts,
    membership:
      r.role && r.since
        ? {
            role: r.role,
            since: new Date(r.since).toISOString(),
            mutedUntil: iso(r.muted_until),
            isHome: r.is_home,
          }
        : null,
    requested: r.requested,
    ban: r.ban_reason === null ? null : { until: iso(r.ban_until), reason: r.ban_reason },
  };
}

export interface MemberRow {
  user_id: number;
  username: string;
  profile_image: string | null;
  role: CommunityRole;
  since: string;
  muted_until: string | null;
  is_home: boolean;
}

export const presentMember = (r: MemberRow): CommunityMemberDto => ({
  username: r.username,
  profileImage: r.profile_image,
  role: r.role,
  since: new Date(r.since).toISOString(),
  mutedUntil: iso(r.muted_until),
  isHome: r.is_home,
});

export interface ModlogRow {
  id: number;
  actor: string;
  action: ModAction;
  target: string | null;
  reason: string | null;
  until: string | null;
  created_at: string;
}

export const presentModlog = (r: ModlogRow): ModlogEntryDto => ({
  _id: String(r.id),
  actor: r.actor,
  action: r.action,
  target: r.target,
  reason: r.reason,
  until: iso(r.until),
  createdAt: new Date(r.created_at).toISOString(),
});

/** A deleted account's username is a placeholder ('~deleted~12'); players read this instead. */
const DELETED_USER = 'Deleted user';

/** The name players read for the users row aliased `u`. */
export const shownName = (u: string): SQL => {
  const t = sql.raw(u);
  return sql`case when ${t}.status = 'deleted' then ${DELETED_USER}::text else ${t}.username end`;
};

/** A user's shown name as a scalar subquery. */
export const nameOf = (id: SQL): SQL =>
  sql`(select ${shownName('n')} from ${accountsSql.users} n where n.id = ${id})`;
