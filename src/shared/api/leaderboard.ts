import { z } from 'zod';
import { defineRoutes } from './contract';
import { cosmeticRef } from './accounts';

const leaderboardSorts = ['balance', 'wins', 'achievements'] as const;
export type LeaderboardSort = (typeof leaderboardSorts)[number];

const leaderboardQuery = z.strictObject({
  sort: z
    .enum(leaderboardSorts, { error: `sort must be one of ${leaderboardSorts.join(', ')}` })
    .default('balance'),
});

const leaderboardUserDto = z.object({
  _id: z.string(),
  username: z.string(),
  profileImage: z.string().nullable(),
  balance: z.number(),
  betsWon: z.number(),
  achievements: z.number(),
  /** The cosmetic shown beside the name (DESIGN.md section 6), if any. */
  cosmetic: cosmeticRef.nullable(),
});
export type LeaderboardUserDto = z.infer<typeof leaderboardUserDto>;

export const LEADERBOARD_SIZE = 100;

const rpsLeaderboardEntry = z.object({
  _id: z.string(),
  username: z.string(),
  profileImage: z.string().nullable(),
  wins: z.number(),
  games: z.number(),
});
export type RpsLeaderboardEntry = z.infer<typeof rpsLeaderboardEntry>;

const puzzleRushLeaderboardEntry = z.object({
  _id: z.string(),
  username: z.string(),
  profileImage: z.string().nullable(),
  /** Puzzles solved (the spec's answer calls it wins). */
  wins: z.number(),
  solves: z.number(),
});
export type PuzzleRushLeaderboardEntry = z.infer<typeof puzzleRushLeaderboardEntry>;

/**
 * GET /api/games/leaderboard: the rock-paper-scissors, Puzzle Rush and Quiz Duel tables (spec
 * section 7).
 */
const gameLeaderboardDto = z.object({
  rps: z.array(rpsLeaderboardEntry),
  puzzleRush: z.array(puzzleRushLeaderboardEntry),
  /** Quiz duels: wins and games, like the rock-paper-scissors table. */
  quizDuel: z.array(rpsLeaderboardEntry),
});
export type GameLeaderboardDto = z.infer<typeof gameLeaderboardDto>;

export const leaderboardRoutes = defineRoutes({
  'GET /api/leaderboard/users': { auth: 'public', summary: 'Top users by balance, wins or achievements (a snapshot at most a second old: the Age header says how old)', query: leaderboardQuery, reply: z.array(leaderboardUserDto) },
  'GET /api/games/leaderboard': { auth: 'user', summary: 'Rock-paper-scissors and Puzzle Rush tables (a snapshot at most a second old: the Age header says how old)', reply: gameLeaderboardDto },
});
