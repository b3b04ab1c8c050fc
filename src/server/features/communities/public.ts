import { sql, type SQL } from 'drizzle-orm';

/** What other features may use of communities (DESIGN.md section 1a). */

/**
 * A player's home community as `{ slug, name, icon }` json, or null, as a scalar subquery: shown
 * beside the name on profiles and leaderboards. Only a public community is shown to others.
 */
export const homeCommunityColumn = (userId: SQL): SQL => sql`(
  select json_build_object('slug', c.slug, 'name', c.name, 'icon', c.icon)
  from community_homes h join communities c on c.id = h.community_id
  where h.user_id = ${userId} and c.closed_at is null and c.visibility = 'public')`;
