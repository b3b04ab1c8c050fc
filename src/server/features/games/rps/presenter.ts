import type {
  RpsCancelResponse,
  RpsChallengeDto,
  RpsHistoryDto,
  RpsInviteDto,
  RpsMove,
  RpsResolvedResponse,
  RpsWaitingResponse,
} from '../../../../shared/games/rps/contract';
import type { GameLeaderboardDto } from '../../../../shared/games/index';
import type { RpsProgressDto } from '../../../../shared/games/rps/contract';

const iso = (value: Date | string): string => new Date(value).toISOString();

/** `result` is rpsWinner(answerer's move, challenger's move): 'a' when the answerer won. */
export function presentResolved(
  duelId: number,
  userPick: RpsMove,
  oppPick: RpsMove,
  result: 'a' | 'b' | 'draw',
  balance: number,
): RpsResolvedResponse {
  const winner = result === 'draw' ? 'draw' : result === 'a' ? 'user' : 'opponent';
  return {
    status: 'resolved',
    duelId: String(duelId),
    userPick,
    oppPick,
    winner,
    outcome: winner === 'draw' ? 'draw' : winner === 'user' ? 'win' : 'lose',
    balance,
  };
}

export const presentWaiting = (
  duelId: number,
  userPick: RpsMove,
  commitment: string,
  expiresAt: Date,
  balance: number,
): RpsWaitingResponse => ({
  status: 'waiting',
  duelId: String(duelId),
  userPick,
  commitment,
  expiresAt: expiresAt.toISOString(),
  balance,
});

export const presentCanceled = (duelId: number, balance: number): RpsCancelResponse => ({
  message: 'Challenge canceled; your buy-in is back',
  duelId: String(duelId),
  balance,
});

export interface InviteRow {
  id: number;
  username: string;
  buy_in: number;
  commitment: string;
  created_at: Date;
  expires_at: Date;
}

/** Never the challenger's move or salt. */
export const presentInvite = (r: InviteRow): RpsInviteDto => ({
  _id: String(r.id),
  fromUsername: r.username,
  buyIn: Number(r.buy_in),
  commitment: r.commitment,
  createdAt: iso(r.created_at),
  expiresAt: iso(r.expires_at),
});

export interface ChallengeRow {
  id: number;
  username: string;
  buy_in: number;
  challenger_move: RpsMove;
  commitment: string;
  created_at: Date;
  expires_at: Date;
}

export const presentChallenge = (r: ChallengeRow): RpsChallengeDto => ({
  _id: String(r.id),
  toUsername: r.username,
  buyIn: Number(r.buy_in),
  userPick: r.challenger_move,
  commitment: r.commitment,
  createdAt: iso(r.created_at),
  expiresAt: iso(r.expires_at),
});

export interface HistoryRow {
  id: number;
  challenger_id: number;
  challenger_name: string;
  opponent_name: string;
  buy_in: number;
  challenger_move: RpsMove;
  opponent_move: RpsMove;
  winner_id: number | null;
  salt: string;
  commitment: string;
  closed_at: Date;
}

/** A finished duel from the side of `userId`, whichever party they were. */
export function presentHistory(r: HistoryRow, userId: number): RpsHistoryDto {
  const mine = Number(r.challenger_id) === userId;
  return {
    _id: String(r.id),
    opponent: mine ? r.opponent_name : r.challenger_name,
    buyIn: Number(r.buy_in),
    yourPick: mine ? r.challenger_move : r.opponent_move,
    theirPick: mine ? r.opponent_move : r.challenger_move,
    outcome: r.winner_id === null ? 'draw' : Number(r.winner_id) === userId ? 'win' : 'lose',
    role: mine ? 'challenger' : 'opponent',
    salt: r.salt,
    commitment: r.commitment,
    resolvedAt: iso(r.closed_at),
  };
}

export const presentRpsStats = (wins: number, games: number): RpsProgressDto['rpsStats'] => ({
  wins,
  games,
});

export interface LeaderboardRow {
  id: number;
  username: string;
  profile_image: string | null;
  wins: number;
  games: number;
}

export const presentDuelist = (r: LeaderboardRow): GameLeaderboardDto['rps'][number] => ({
  _id: String(r.id),
  username: r.username,
  profileImage: r.profile_image,
  wins: Number(r.wins),
  games: Number(r.games),
});
