import { z } from 'zod';
import { defineRoutes } from './contract';
import { coinAmount, idString, messageResponse, usernameParams } from './common';
import {
  COMMUNITY_CREATE_COST,
  COMMUNITY_POST_MAX,
  COMMUNITY_RESERVED_SLUGS,
  COMMUNITY_SLUG_MAX,
  COMMUNITY_SLUG_MIN,
  COMMUNITY_SLUG_PATTERN,
  communityJoinPolicies,
  communityRoles,
  communitySorts,
  communityVisibilities,
  modActions,
  sanctionActions,
} from '../communities';

/*
 * Communities (DESIGN.md section 11): groups players form themselves, each with a treasury
 * (a ledger account of its own), members with roles, a feed and its own moderation log.
 */

// The constants live in a zod-free module, so the browser can use them without zod.
export * from '../communities';

const slugSchema = z
  .string({ error: 'slug is required' })
  .trim()
  .min(COMMUNITY_SLUG_MIN, `slug must be at least ${COMMUNITY_SLUG_MIN} characters`)
  .max(COMMUNITY_SLUG_MAX, `slug must be at most ${COMMUNITY_SLUG_MAX} characters`)
  .regex(COMMUNITY_SLUG_PATTERN, 'slug may contain only lowercase letters, digits and -')
  .refine((s) => !COMMUNITY_RESERVED_SLUGS.includes(s), { error: 'slug is taken by the site' });

/** A slug in a path: looked up as given (a wrong one is a 404, like a private community). */
const slugParam = z
  .string()
  .min(1, 'slug is required')
  .max(100, 'slug must be at most 100 characters');
export const slugParams = z.strictObject({ slug: slugParam });
const memberParams = z.strictObject({ slug: slugParam, username: usernameParams.shape.username });
const postParams = z.strictObject({ slug: slugParam, id: idString('id') });

const text = (field: string, min: number, max: number) =>
  z
    .string({ error: `${field} must be a string` })
    .trim()
    .min(min, min === 1 ? `${field} is required` : `${field} must be at least ${min} characters`)
    .max(max, `${field} must be at most ${max} characters`);

/** One emoji (or a short run of them, as flags and families are). */
const iconSchema = z
  .string({ error: 'icon must be a string' })
  .trim()
  .min(1, 'icon is required')
  .max(16, 'icon must be at most 16 characters')
  .refine((s) => /^\p{Extended_Pictographic}/u.test(s) || /^\p{Regional_Indicator}/u.test(s), {
    error: 'icon must be an emoji',
  });

const settingsFields = {
  name: text('name', 3, 60),
  description: text('description', 0, 500),
  icon: iconSchema,
  visibility: z.enum(communityVisibilities, {
    error: `visibility must be one of ${communityVisibilities.join(', ')}`,
  }),
  joinPolicy: z.enum(communityJoinPolicies, {
    error: `joinPolicy must be one of ${communityJoinPolicies.join(', ')}`,
  }),
};

const createBody = z.strictObject({
  slug: slugSchema,
  ...settingsFields,
  description: settingsFields.description.default(''),
  icon: settingsFields.icon.default('👥'),
  visibility: settingsFields.visibility.default('public'),
  joinPolicy: settingsFields.joinPolicy.default('open'),
});
export type CreateCommunityBody = z.input<typeof createBody>;

const editBody = z
  .strictObject({
    ...settingsFields,
    rules: text('rules', 0, 4000),
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, {
    error: 'nothing to change: send at least one field',
  });
export type EditCommunityBody = z.input<typeof editBody>;

const cursorQuery = {
  cursor: z.string().max(200, 'cursor must be at most 200 characters').optional(),
};

const directoryQuery = z.strictObject({
  q: z.string().trim().max(60, 'q must be at most 60 characters').optional(),
  sort: z
    .enum(communitySorts, { error: `sort must be one of ${communitySorts.join(', ')}` })
    .default('active'),
  ...cursorQuery,
});

const membersQuery = z.strictObject({
  role: z
    .enum(communityRoles, { error: `role must be one of ${communityRoles.join(', ')}` })
    .optional(),
  ...cursorQuery,
});

const pageOnlyQuery = z.strictObject(cursorQuery);

const inviteBody = z.strictObject({
  maxUses: z
    .number({ error: 'maxUses must be a number' })
    .int('maxUses must be a whole number')
    .min(1, 'maxUses must be at least 1')
    .max(1000, 'maxUses must be at most 1000')
    .default(1),
  expiresInHours: z
    .number({ error: 'expiresInHours must be a number' })
    .int('expiresInHours must be a whole number of hours')
    .min(1, 'expiresInHours must be at least 1')
    .max(24 * 30, 'expiresInHours must be at most 720 (30 days)')
    .default(24),
});

const inviteCodeBody = z.strictObject({
  code: z
    .string({ error: 'code is required' })
    .trim()
    .min(1, 'code is required')
    .max(64, 'code must be at most 64 characters'),
});

const roleBody = z.strictObject({
  role: z.enum(['moderator', 'member'], { error: 'role must be moderator or member' }),
});

const sanctionBody = z
  .strictObject({
    action: z.enum(sanctionActions, {
      error: `action must be one of ${sanctionActions.join(', ')}`,
    }),
    reason: text('reason', 1, 500),
    hours: z
      .number({ error: 'hours must be a number' })
      .int('hours must be a whole number')
      .min(1, 'hours must be at least 1')
      .max(24 * 365, 'hours must be at most 8760 (a year)')
      .optional(),
  })
  .refine((b) => b.action !== 'mute' || b.hours !== undefined, {
    error: 'hours is required for a mute',
    path: ['hours'],
  })
  .refine((b) => b.action !== 'remove' || b.hours === undefined, {
    error: 'hours applies to mute and ban only',
    path: ['hours'],
  });

const donateBody = z.strictObject({ amount: coinAmount('amount') });
const postBody = z.strictObject({ body: text('body', 1, COMMUNITY_POST_MAX) });
const deleteQuery = z.strictObject({
  reason: z.string().trim().max(500, 'reason must be at most 500 characters').optional(),
});
const homeBody = z.strictObject({ slug: slugParam.nullable() });

/** A home community as shown beside a player's name. */
export const homeCommunityRef = z.object({ slug: z.string(), name: z.string(), icon: z.string() });
export type HomeCommunityRef = z.infer<typeof homeCommunityRef>;

const communityDto = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  visibility: z.enum(communityVisibilities),
  joinPolicy: z.enum(communityJoinPolicies),
  members: z.number(),
  activeMembers7d: z.number(),
  createdAt: z.string(),
});
export type CommunityDto = z.infer<typeof communityDto>;

const membershipDto = z.object({
  role: z.enum(communityRoles),
  since: z.string(),
  mutedUntil: z.string().nullable(),
  isHome: z.boolean(),
});

const communityDetailDto = communityDto.extend({
  rules: z.string(),
  owner: z.string(),
  treasury: z.number(),
  posts: z.number(),
  membership: membershipDto.nullable(),
  /** The caller's pending join request, if any. */
  requested: z.boolean(),
  /** Until when the caller is banned here (a ban with no end: null with banned true). */
  ban: z.object({ until: z.string().nullable(), reason: z.string() }).nullable(),
});
export type CommunityDetailDto = z.infer<typeof communityDetailDto>;

const directoryDto = z.object({
  communities: z.array(communityDto),
  nextCursor: z.string().nullable(),
});

const memberDto = z.object({
  username: z.string(),
  profileImage: z.string().nullable(),
  role: z.enum(communityRoles),
  since: z.string(),
  mutedUntil: z.string().nullable(),
  isHome: z.boolean(),
});
export type CommunityMemberDto = z.infer<typeof memberDto>;

const commentDto = z.object({
  _id: z.string(),
  author: z.string(),
  authorImage: z.string().nullable(),
  body: z.string(),
  /** Usernames the text mentions that named a member of the site when it was written. */
  mentions: z.array(z.string()),
  createdAt: z.string(),
});
export type CommunityCommentDto = z.infer<typeof commentDto>;

const postDto = commentDto.extend({
  comments: z.array(commentDto),
  commentCount: z.number(),
});
export type CommunityPostDto = z.infer<typeof postDto>;

const feedDto = z.object({ posts: z.array(postDto), nextCursor: z.string().nullable() });

const modlogEntryDto = z.object({
  _id: z.string(),
  actor: z.string(),
  action: z.enum(modActions),
  target: z.string().nullable(),
  reason: z.string().nullable(),
  until: z.string().nullable(),
  createdAt: z.string(),
});
export type ModlogEntryDto = z.infer<typeof modlogEntryDto>;

const inviteDto = z.object({
  code: z.string(),
  expiresAt: z.string(),
  maxUses: z.number(),
  uses: z.number(),
});
export type CommunityInviteDto = z.infer<typeof inviteDto>;

const requestDto = z.object({
  username: z.string(),
  profileImage: z.string().nullable(),
  createdAt: z.string(),
});

const joinReply = z.object({
  message: z.string(),
  /** 'joined' (now a member) or 'requested' (waiting for a moderator). */
  status: z.enum(['joined', 'requested']),
  community: communityDetailDto,
});

const communityReply = z.object({ message: z.string(), community: communityDetailDto });

export const communitiesRoutes = defineRoutes({
  'GET /api/communities': {
    auth: 'optional',
    summary:
      'The directory: search and sort; private communities only to their members, quiet ones only when searched',
    query: directoryQuery,
    reply: directoryDto,
  },
  'POST /api/communities': {
    auth: 'user',
    sanction: 'communities',
    idempotent: true,
    summary: `Create a community (costs ${COMMUNITY_CREATE_COST} coins, paid into its treasury); you are its owner`,
    body: createBody,
    reply: communityReply,
    status: 201,
  },
  'POST /api/communities/join-by-invite': {
    auth: 'user',
    sanction: 'communities',
    summary: 'Join with an invite code',
    body: inviteCodeBody,
    reply: joinReply,
  },
  'GET /api/communities/:slug': {
    auth: 'optional',
    summary: 'A community, its rules, treasury, and your membership',
    params: slugParams,
    reply: communityDetailDto,
  },
  'PATCH /api/communities/:slug': {
    auth: 'user',
    sanction: 'communities',
    summary: 'Edit name, description, icon, rules, visibility or join policy (moderators)',
    params: slugParams,
    body: editBody,
    reply: communityReply,
  },
  'POST /api/communities/:slug/join': {
    auth: 'user',
    sanction: 'communities',
    summary: 'Join an open community, or ask to join one that approves members',
    params: slugParams,
    reply: joinReply,
  },
  'POST /api/communities/:slug/leave': {
    auth: 'user',
    summary: 'Leave a community (the owner cannot)',
    params: slugParams,
    reply: messageResponse,
  },
  'POST /api/communities/:slug/invites': {
    auth: 'user',
    sanction: 'communities',
    summary: 'Make an invite code (moderators)',
    params: slugParams,
    body: inviteBody,
    reply: inviteDto,
    status: 201,
  },
  'GET /api/communities/:slug/invites': {
    auth: 'user',
    summary: 'Invite codes still usable (moderators)',
    params: slugParams,
    reply: z.array(inviteDto),
  },
  'GET /api/communities/:slug/requests': {
    auth: 'user',
    summary: 'Join requests waiting (moderators)',
    params: slugParams,
    reply: z.array(requestDto),
  },
  'POST /api/communities/:slug/requests/:username/approve': {
    auth: 'user',
    sanction: 'communities',
    summary: 'Approve a join request (moderators)',
    params: memberParams,
    reply: messageResponse,
  },
  'POST /api/communities/:slug/requests/:username/deny': {
    auth: 'user',
    sanction: 'communities',
    summary: 'Deny a join request (moderators)',
    params: memberParams,
    reply: messageResponse,
  },
  'GET /api/communities/:slug/members': {
    auth: 'optional',
    summary: 'Members with role and since (members only for private communities)',
    params: slugParams,
    query: membersQuery,
    reply: z.object({ members: z.array(memberDto), nextCursor: z.string().nullable() }),
  },
  'PATCH /api/communities/:slug/members/:username': {
    auth: 'user',
    sanction: 'communities',
    summary: 'Make a member a moderator or a moderator a member (owner)',
    params: memberParams,
    body: roleBody,
    reply: messageResponse,
  },
  'POST /api/communities/:slug/members/:username/transfer-ownership': {
    auth: 'user',
    sanction: 'communities',
    summary: 'Hand ownership to a member (owner); you become a moderator',
    params: memberParams,
    reply: messageResponse,
  },
  'POST /api/communities/:slug/members/:username/sanction': {
    auth: 'user',
    sanction: 'communities',
    summary: 'Mute, ban or remove a member, with a reason (moderators)',
    params: memberParams,
    body: sanctionBody,
    reply: messageResponse,
  },
  'POST /api/communities/:slug/treasury/donate': {
    auth: 'user',
    sanction: 'sending',
    idempotent: true,
    summary: 'Give coins to the treasury (members)',
    params: slugParams,
    body: donateBody,
    reply: z.object({ message: z.string(), treasury: z.number(), balance: z.number() }),
  },
  'GET /api/communities/:slug/posts': {
    auth: 'optional',
    summary: 'The feed, newest first, with each post’s latest comments',
    params: slugParams,
    query: pageOnlyQuery,
    reply: feedDto,
  },
  'POST /api/communities/:slug/posts': {
    auth: 'user',
    sanction: 'posting',
    summary: `Post to the feed (members; up to ${COMMUNITY_POST_MAX} characters)`,
    params: slugParams,
    body: postBody,
    reply: postDto,
    status: 201,
  },
  'POST /api/communities/:slug/posts/:id/comments': {
    auth: 'user',
    sanction: 'posting',
    summary: 'Comment on a post (members)',
    params: postParams,
    body: postBody,
    reply: commentDto,
    status: 201,
  },
  'DELETE /api/communities/:slug/posts/:id': {
    auth: 'user',
    summary: 'Delete a post or comment: its author, or a moderator with a reason',
    params: postParams,
    query: deleteQuery,
    reply: messageResponse,
  },
  'GET /api/communities/:slug/modlog': {
    auth: 'optional',
    summary: 'Every moderator act, newest first (members only for private communities)',
    params: slugParams,
    query: pageOnlyQuery,
    reply: z.object({ entries: z.array(modlogEntryDto), nextCursor: z.string().nullable() }),
  },
  'PUT /api/user/home-community': {
    auth: 'user',
    sanction: 'communities',
    summary: 'Pick your home community (shown beside your name), or null for none',
    body: homeBody,
    reply: z.object({ message: z.string(), homeCommunity: z.string().nullable() }),
  },
});
