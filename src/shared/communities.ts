/*
 * Communities' constants (DESIGN.md section 11), zod-free so the browser can use them; the
 * contract (api/communities.ts) builds its schemas from these and re-exports them.
 */

export const COMMUNITY_CREATE_COST = 1000;
export const COMMUNITY_SLUG_MIN = 3;
export const COMMUNITY_SLUG_MAX = 32;
export const COMMUNITY_SLUG_PATTERN = /^[a-z0-9-]+$/;
/** Words of the API's own paths under /api/communities/ (GET /api/communities/leaderboard). */
export const COMMUNITY_RESERVED_SLUGS: readonly string[] = ['leaderboard', 'join-by-invite'];
export const COMMUNITY_POST_MAX = 2000;
/** Posts and comments a member may write per minute in one community. */
export const COMMUNITY_POSTS_PER_MINUTE = 10;
/** The directory leaves out communities with no activity for this long, unless searched. */
export const COMMUNITY_INACTIVE_DAYS = 30;
export const COMMUNITY_PAGE_SIZE = 30;

export const communityVisibilities = ['public', 'private'] as const;
export type CommunityVisibility = (typeof communityVisibilities)[number];
export const communityJoinPolicies = ['open', 'approval', 'invite'] as const;
export type CommunityJoinPolicy = (typeof communityJoinPolicies)[number];
export const communityRoles = ['owner', 'moderator', 'member'] as const;
export type CommunityRole = (typeof communityRoles)[number];
export const communitySorts = ['active', 'members', 'new'] as const;
export const sanctionActions = ['mute', 'ban', 'remove'] as const;
/** What the moderation log records. */
export const modActions = [
  'mute',
  'ban',
  'remove',
  'delete_post',
  'approve',
  'deny',
  'promote',
  'demote',
  'transfer',
  'edit',
  'invite',
  'create_bet',
  'set_odds',
  'finalize_bet',
  'void_bet',
  'delete_bet_comment',
] as const;
export type ModAction = (typeof modActions)[number];

/** What the join button says for each policy. */
export const JOIN_POLICY_TEXT: Record<CommunityJoinPolicy, string> = {
  open: 'Anyone can join',
  approval: 'Moderators approve each request',
  invite: 'By invitation only',
};
