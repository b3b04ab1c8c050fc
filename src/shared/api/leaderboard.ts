import { z } from 'zod';

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
}

export const LEADERBOARD_SIZE = 100;
