import { z } from 'zod';
import type { CosmeticRef } from './accounts';

export const leaderboardSorts = ['balance', 'wins', 'achievements'] as const;
export type LeaderboardSort = (typeof leaderboardSorts)[number];

export const leaderboardQuery = z.strictObject({
  sort: z
    .enum(leaderboardSorts, { error: `sort must be one of ${leaderboardSorts.join(', ')}` })
    .default('balance'),
});

export interface LeaderboardUserDto {
  _id: string;
  username: string;
  profileImage: string | null;
  balance: number;
  betsWon: number;
  achievements: number;
  /** The cosmetic shown beside the name (DESIGN.md section 6), if any. */
  cosmetic: CosmeticRef | null;
}

export const LEADERBOARD_SIZE = 100;

/** GET /api/games/leaderboard: the rock-paper-scissors and Puzzle Rush tables (spec section 7). */
export interface RpsLeaderboardEntry {
  _id: string;
  username: string;
  profileImage: string | null;
  wins: number;
  games: number;
}

export interface PuzzleRushLeaderboardEntry {
  _id: string;
  username: string;
  profileImage: string | null;
  /** Puzzles solved (the spec's answer calls it wins). */
  wins: number;
  solves: number;
}

export interface GameLeaderboardDto {
  rps: RpsLeaderboardEntry[];
  puzzleRush: PuzzleRushLeaderboardEntry[];
}
