import { z } from 'zod';
import { defineRoutes } from './contract';
import { idString, messageResponse } from './common';
import { betDto, createBetBody, oddsBody, wagerDto } from './bets';
import { COMMUNITY_POST_MAX } from '../communities';

/*
 * Community bets (DESIGN.md section 11): a community's moderators run bets for its members,
 * paid from its treasury, which must hold what the open bets could owe. Wagers go through the
 * site's POST /api/bets/predict; these routes make, run, list and discuss the bets.
 */

const slug = z.string().min(1, 'slug is required').max(100, 'slug must be at most 100 characters');
const slugParams = z.strictObject({ slug });
const betParams = z.strictObject({ slug, betId: idString('betId') });
const optionParams = z.strictObject({
  slug,
  betId: idString('betId'),
  optionId: idString('optionId'),
});
const commentParams = z.strictObject({
  slug,
  betId: idString('betId'),
  commentId: idString('commentId'),
});

const communityBetStatuses = ['open', 'settled'] as const;

const listQuery = z.strictObject({
  status: z
    .enum(communityBetStatuses, {
      error: `status must be one of ${communityBetStatuses.join(', ')}`,
    })
    .default('open'),
  cursor: z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/, 'cursor must be the nextCursor of a previous page')
    .optional(),
});

const finalizeBody = z.strictObject({ optionId: idString('optionId') });
const commentBody = z.strictObject({
  body: z
    .string({ error: 'body must be a string' })
    .trim()
    .min(1, 'body is required')
    .max(COMMUNITY_POST_MAX, `body must be at most ${COMMUNITY_POST_MAX} characters`),
});
const removeQuery = z.strictObject({
  reason: z.string().trim().max(500, 'reason must be at most 500 characters').optional(),
});

const communityBetDto = betDto.extend({
  /** Coins staked on it so far. */
  totalStaked: z.number(),
  /** The most its open wagers could cost the treasury (the largest option's payouts). */
  exposure: z.number(),
  createdAt: z.string(),
});
export type CommunityBetDto = z.infer<typeof communityBetDto>;

const betPageDto = z.object({ bets: z.array(communityBetDto), nextCursor: z.string().nullable() });

const betDetailDto = z.object({
  bet: communityBetDto,
  /** The caller's own wagers on it, newest first. */
  myWagers: z.array(wagerDto),
});

/** Where an author stands on the bet when the comment is read: each option and the coins on it. */
const positionDto = z.array(z.object({ choice: z.string(), stake: z.number() })).nullable();

const betCommentDto = z.object({
  _id: z.string(),
  author: z.string(),
  authorImage: z.string().nullable(),
  body: z.string(),
  mentions: z.array(z.string()),
  /** null: no position. */
  position: positionDto,
  createdAt: z.string(),
});
export type BetCommentDto = z.infer<typeof betCommentDto>;

const betReply = z.object({ message: z.string(), bet: communityBetDto });

export const communityBetsRoutes = defineRoutes({
  'POST /api/communities/:slug/bets': {
    auth: 'user',
    sanction: 'communities',
    summary: 'Create a bet paid from the treasury (moderators); the admin bet’s rules',
    params: slugParams,
    body: createBetBody,
    reply: betReply,
    status: 201,
  },
  'GET /api/communities/:slug/bets': {
    auth: 'optional',
    summary:
      'The community’s open or settled bets, newest first, with odds and bets per option (members only for private communities)',
    params: slugParams,
    query: listQuery,
    reply: betPageDto,
  },
  'GET /api/communities/:slug/bets/:betId': {
    auth: 'optional',
    summary: 'One community bet, with your own wagers on it',
    params: betParams,
    reply: betDetailDto,
  },
  'PATCH /api/communities/:slug/bets/:betId/odds/:optionId': {
    auth: 'user',
    sanction: 'communities',
    summary: 'Change an option’s odds for later wagers (moderators)',
    params: optionParams,
    body: oddsBody,
    reply: betReply,
  },
  'POST /api/communities/:slug/bets/:betId/finalize': {
    auth: 'user',
    sanction: 'communities',
    summary: 'Settle a bet: the treasury pays the winning option’s wagers (moderators)',
    params: betParams,
    body: finalizeBody,
    reply: betReply,
  },
  'POST /api/communities/:slug/bets/:betId/void': {
    auth: 'user',
    sanction: 'communities',
    summary: 'Void a bet: the treasury gives every stake back (moderators)',
    params: betParams,
    reply: betReply,
  },
  'GET /api/communities/:slug/bets/:betId/comments': {
    auth: 'optional',
    summary: 'Comments on a bet, oldest first, each with its author’s position on it now',
    params: betParams,
    query: z.strictObject({
      cursor: listQuery.shape.cursor,
    }),
    reply: z.object({ comments: z.array(betCommentDto), nextCursor: z.string().nullable() }),
  },
  'POST /api/communities/:slug/bets/:betId/comments': {
    auth: 'user',
    sanction: 'posting',
    summary: 'Comment on a bet (members); @mentions notify',
    params: betParams,
    body: commentBody,
    reply: betCommentDto,
    status: 201,
  },
  'DELETE /api/communities/:slug/bets/:betId/comments/:commentId': {
    auth: 'user',
    summary: 'Remove a comment: its author, or a moderator with a reason (logged)',
    params: commentParams,
    query: removeQuery,
    reply: messageResponse,
  },
});
