import { z } from 'zod';
import { coinAmount } from './common';
import { RPS_MAX_BUY_IN, RPS_MOVES, type RpsMove } from '../games/rps';

/**
 * Rock-paper-scissors duels (spec games.md sections 3, 4 and 7). A challenge holds the
 * challenger's buy-in in escrow and a commitment SHA-256(`${move}:${salt}`) to the move; the
 * move and salt stay on the server until the opponent answers, then history reveals both.
 */
export * from '../games/rps';

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

export type RpsOutcome = 'win' | 'lose' | 'draw';

/** The play answered an open challenge from the opponent: the duel is over. */
export interface RpsResolvedResponse {
  status: 'resolved';
  duelId: string;
  userPick: RpsMove;
  oppPick: RpsMove;
  winner: 'user' | 'opponent' | 'draw';
  outcome: RpsOutcome;
  balance: number;
}

/** The play created a challenge: the buy-in is held until it is answered, canceled or expires. */
export interface RpsWaitingResponse {
  status: 'waiting';
  duelId: string;
  userPick: RpsMove;
  commitment: string;
  expiresAt: string;
  balance: number;
}

export type RpsPlayResponse = RpsResolvedResponse | RpsWaitingResponse;

/** An open challenge to you. Never the challenger's move or salt. */
export interface RpsInviteDto {
  _id: string;
  fromUsername: string;
  buyIn: number;
  commitment: string;
  createdAt: string;
  expiresAt: string;
}

/** One of your own open challenges (you may cancel it). */
export interface RpsChallengeDto {
  _id: string;
  toUsername: string;
  buyIn: number;
  userPick: RpsMove;
  commitment: string;
  createdAt: string;
  expiresAt: string;
}

/** A finished match; salt and commitment let anyone check the challenger's move was fixed. */
export interface RpsHistoryDto {
  _id: string;
  opponent: string;
  buyIn: number;
  yourPick: RpsMove;
  theirPick: RpsMove;
  outcome: RpsOutcome;
  role: 'challenger' | 'opponent';
  salt: string;
  commitment: string;
  resolvedAt: string;
}

export interface RpsCancelResponse {
  message: string;
  duelId: string;
  balance: number;
}
