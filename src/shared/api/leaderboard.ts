import { z } from 'zod';
import { defineRoutes } from './contract';
import { cosmeticRef } from './accounts';
import { homeCommunityRef } from './communities';
import { GAME_BOARDS, type GameLeaderboardDto } from '../games/index';

export type { GameLeaderboardDto };

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
  /** The public community the player calls home, if any. */
  homeCommunity: homeCommunityRef.nullable(),
});
export type LeaderboardUserDto = z.infer<typeof leaderboardUserDto>;

export const LEADERBOARD_SIZE = 100;

/** GET /api/games/leaderboard: every game with a board (GameDef.board), under its key (spec section 7). */
const gameLeaderboardDto = z.object(
  Object.fromEntries(
    GAME_BOARDS.map(({ key, board }) => [
      key,
      z.array(
        z.object({
          _id: z.string(),
          username: z.string(),
          profileImage: z.string().nullable(),
          ...Object.fromEntries(board.fields.map((f) => [f, z.number()])),
        }),
      ),
    ]),
  ),
) as unknown as z.ZodType<GameLeaderboardDto>;

export const leaderboardRoutes = defineRoutes({
  'GET /api/leaderboard/users': {
    auth: 'public',
    summary:
      'Top users by balance, wins or achievements (a snapshot at most a second old: the Age header says how old)',
    query: leaderboardQuery,
    reply: z.array(leaderboardUserDto),
  },
  'GET /api/games/leaderboard': {
    auth: 'user',
    summary: `The game tables: ${GAME_BOARDS.map((g) => g.board.title).join(', ')} (a snapshot at most a second old: the Age header says how old)`,
    reply: gameLeaderboardDto,
  },
});
