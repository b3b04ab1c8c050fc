import { sql, type SQL } from 'drizzle-orm';

/** What other features may use of communities (DESIGN.md section 1a). */

/** Reports on a community's content go to its moderators (features/reports checks them with these). */
export { communityFor, requireModerator } from './access';
/** Community bets (features/bets) name their community. */
export { communities } from './tables';
/** Community bets are run by moderators and discussed by members, under the feed's rules. */
export { requireMember, type CommunityAccess } from './access';
export { logModAct } from './service';
export { explainRefusedWrite, memberWrite, mentionedNames, tellCommunity } from './feed';
export { shownName } from './presenter';

/** Who may see a community's content: anyone for a public one, its members for a private one. */
const visibleTo = (viewerId: number): SQL => sql`(c.visibility = 'public' or exists (
  select 1 from community_members m where m.community_id = c.id and m.user_id = ${viewerId}))`;

/**
 * A post or comment (`kind`) as a report's target, when `viewerId` may see it: label (its first
 * words), link, community_id (whose moderators get the report), owner_id (the author).
 */
export const postReportTarget = (id: number, kind: 'post' | 'comment', viewerId: number): SQL =>
  sql`select left(p.body, 120) as label,
      '/c/' || c.slug || '#post-' || coalesce(p.post_id, p.id) as link,
      c.id as community_id, p.author_id as owner_id
    from community_posts p join communities c on c.id = p.community_id
    where p.id = ${id} and p.removed_at is null and c.closed_at is null
      and p.post_id is ${kind === 'post' ? sql`null` : sql`not null`} and ${visibleTo(viewerId)}`;

/** A community as a report's target (the admins judge it, not its own moderators). */
export const communityReportTarget = (id: number, viewerId: number): SQL =>
  sql`select c.name as label, '/c/' || c.slug as link, null::bigint as community_id, c.owner_id
    from communities c where c.id = ${id} and c.closed_at is null and ${visibleTo(viewerId)}`;

/** Whether a player is a member of a community, as a boolean expression. */
export const isMemberOf = (communityId: SQL, userId: SQL | number): SQL =>
  sql`exists (select 1 from community_members m where m.community_id = ${communityId} and m.user_id = ${userId})`;

/**
 * Who hears a live event about a private community's content, as rows (user_id): its members.
 * None for a public community, whose events every socket may hear.
 */
export const privateAudienceOf = (communityId: SQL): SQL =>
  sql`select m.user_id from community_members m join communities c on c.id = m.community_id
    where c.id = ${communityId} and c.visibility <> 'public'`;

/** Whether a community's content is for its members only, as a boolean expression. */
export const isPrivateCommunity = (communityId: SQL): SQL =>
  sql`exists (select 1 from communities c where c.id = ${communityId} and c.visibility <> 'public')`;

/** A community's slug as a scalar subquery. */
export const communitySlugOf = (id: SQL): SQL =>
  sql`(select slug from communities where id = ${id})`;

/**
 * A player's home community as `{ slug, name, icon }` json, or null, as a scalar subquery: shown
 * beside the name on profiles and leaderboards. Only a public community is shown to others.
 */
export const homeCommunityColumn = (userId: SQL): SQL => sql`(
  select json_build_object('slug', c.slug, 'name', c.name, 'icon', c.icon)
  from community_homes h join communities c on c.id = h.community_id
  where h.user_id = ${userId} and c.closed_at is null and c.visibility = 'public')`;
