import { z } from 'zod';
import { defineRoutes } from '../../api/contract';
import { coinAmount, idParams } from '../../api/common';
import { RPS_MAX_BUY_IN, RPS_MOVES } from './rules';

/*
 * Rock-paper-scissors duels (spec games.md sections 3, 4 and 7). A challenge holds the
 * challenger's buy-in in escrow and a commitment SHA-256(`${move}:${salt}`) to the move; the
 * move and salt stay on the server until the opponent answers, then history reveals both.
 */

export * from './rules';

export const rpsPlayBody = z.strictObject({
  opponentUsername: z
    .string({ error: 'opponentUsername is required' })
    .trim()
    .min(1, 'opponentUsername is required')
    .max(100, 'opponentUsername must be at most 100 characters'),
  buyIn: coinAmount('buyIn', RPS_MAX_BUY_IN),
  userChoice: z.enum(RPS_MOVES, { error: 'userChoice must be rock, paper or scissors' }),
});
export type RpsPlayBody = z.infer<typeof rpsPlayBody>;

const rpsMove = z.enum(RPS_MOVES);
const rpsOutcome = z.enum(['win', 'lose', 'draw']);
export type RpsOutcome = z.infer<typeof rpsOutcome>;

/** The play answered an open challenge from the opponent: the duel is over. */
export const rpsResolvedResponse = z.object({
  status: z.literal('resolved'),
  duelId: z.string(),
  userPick: rpsMove,
  oppPick: rpsMove,
  winner: z.enum(['user', 'opponent', 'draw']),
  outcome: rpsOutcome,
  balance: z.number(),
});
export type RpsResolvedResponse = z.infer<typeof rpsResolvedResponse>;

/** The play created a challenge: the buy-in is held until it is answered, canceled or expires. */
export const rpsWaitingResponse = z.object({
  status: z.literal('waiting'),
  duelId: z.string(),
  userPick: rpsMove,
  commitment: z.string(),
  expiresAt: z.string(),
  balance: z.number(),
});
export type RpsWaitingResponse = z.infer<typeof rpsWaitingResponse>;

export const rpsPlayResponse = z.discriminatedUnion('status', [
  rpsResolvedResponse,
  rpsWaitingResponse,
]);
export type RpsPlayResponse = z.infer<typeof rpsPlayResponse>;

/** An open challenge to you. Never the challenger's move or salt. */
export const rpsInviteDto = z.object({
  _id: z.string(),
  fromUsername: z.string(),
  buyIn: z.number(),
  commitment: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type RpsInviteDto = z.infer<typeof rpsInviteDto>;

/** One of your own open challenges (you may cancel it). */
export const rpsChallengeDto = z.object({
  _id: z.string(),
  toUsername: z.string(),
  buyIn: z.number(),
  userPick: rpsMove,
  commitment: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type RpsChallengeDto = z.infer<typeof rpsChallengeDto>;

/** A finished match; salt and commitment let anyone check the challenger's move was fixed. */
export const rpsHistoryDto = z.object({
  _id: z.string(),
  opponent: z.string(),
  buyIn: z.number(),
  yourPick: rpsMove,
  theirPick: rpsMove,
  outcome: rpsOutcome,
  role: z.enum(['challenger', 'opponent']),
  salt: z.string(),
  commitment: z.string(),
  resolvedAt: z.string(),
});
export type RpsHistoryDto = z.infer<typeof rpsHistoryDto>;

export const rpsCancelResponse = z.object({
  message: z.string(),
  duelId: z.string(),
  balance: z.number(),
});
export type RpsCancelResponse = z.infer<typeof rpsCancelResponse>;

/** Its part of GET /api/games/progress (shared/games/routes.ts): the player's duel record. */
export const rpsProgressDto = z.object({
  rpsStats: z.object({ wins: z.number(), games: z.number() }),
});
export type RpsProgressDto = z.infer<typeof rpsProgressDto>;

export const rpsRoutes = defineRoutes({
  'POST /api/games/rps': {
    auth: 'user',
    idempotent: true,
    summary:
      "Answer the opponent's oldest open challenge to you at this buy-in, or challenge them (buy-in held until answered, canceled or expired after 24 h)",
    body: rpsPlayBody,
    reply: rpsPlayResponse,
  },
  'GET /api/games/rps/invites': {
    auth: 'user',
    summary: 'Open challenges to you (the commitment, never the move)',
    reply: z.array(rpsInviteDto),
  },
  'GET /api/games/rps/challenges': {
    auth: 'user',
    summary: 'Your own open challenges',
    reply: z.array(rpsChallengeDto),
  },
  'POST /api/games/rps/:id/cancel': {
    auth: 'user',
    // Only gives the stake back: a sanctioned player may still take an open challenge down.
    sanction: 'none',
    idempotent: true,
    summary: 'Cancel your open challenge and get the buy-in back',
    params: idParams,
    reply: rpsCancelResponse,
  },
  'GET /api/games/rps/history': {
    auth: 'user',
    summary: 'Your last 20 finished matches, newest first, with salts to verify',
    reply: z.array(rpsHistoryDto),
  },
});
