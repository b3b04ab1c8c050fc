import { z } from 'zod';
import { defineRoutes } from './contract';
import { slugParams } from './communities';
import {
  SEASON_MIN_ACTIVE,
  SEASON_TABLE_SIZE,
  rankingSeasonChoices,
  seasonChoices,
  seasonSorts,
} from '../seasons';

/*
 * Weekly seasons (DESIGN.md section 11): each community's table of its members, and the
 * communities ranked against each other by profit per active member.
 */

const seasonField = <T extends readonly [string, ...string[]]>(choices: T) =>
  z.enum(choices, { error: `season must be one of ${choices.join(', ')}` }).default(choices[0]);

const tableQuery = z.strictObject({
  season: seasonField(seasonChoices),
  sort: z
    .enum(seasonSorts, { error: `sort must be one of ${seasonSorts.join(', ')}` })
    .default('profit'),
});

const rankingQuery = z.strictObject({ season: seasonField(rankingSeasonChoices) });

const seasonDto = z.object({
  /** Monday 00:00 UTC, and the next Monday: null for all time. */
  start: z.string().nullable(),
  end: z.string().nullable(),
  /** The table as recorded when the season closed (false: counted now, and still moving). */
  final: z.boolean(),
});
export type SeasonDto = z.infer<typeof seasonDto>;

const standingDto = z.object({
  rank: z.number(),
  username: z.string(),
  profileImage: z.string().nullable(),
  /** Payouts minus stakes on the community's bets settled in the season. */
  profit: z.number(),
  /** Game rounds won in the season (paid more than staked). */
  wins: z.number(),
});
export type SeasonStandingDto = z.infer<typeof standingDto>;

const rankedCommunityDto = z.object({
  rank: z.number(),
  slug: z.string(),
  name: z.string(),
  icon: z.string(),
  /** Members who placed a wager or played a game in the season. */
  activeMembers: z.number(),
  profit: z.number(),
  /** profit / activeMembers, to two decimals: what the ranking sorts by. */
  profitPerActive: z.number(),
});
export type RankedCommunityDto = z.infer<typeof rankedCommunityDto>;

export const seasonsRoutes = defineRoutes({
  'GET /api/communities/leaderboard': {
    auth: 'optional',
    summary: `Public communities ranked by the season's profit per active member (at least ${SEASON_MIN_ACTIVE} active members; a snapshot up to 30 s old, the Age header says how old)`,
    query: rankingQuery,
    reply: z.object({ season: seasonDto, communities: z.array(rankedCommunityDto) }),
  },
  'GET /api/communities/:slug/leaderboard': {
    auth: 'optional',
    summary: `A community's top ${SEASON_TABLE_SIZE} members of a season by profit on its bets or game wins (members only for private communities; a snapshot up to 30 s old)`,
    params: slugParams,
    query: tableQuery,
    reply: z.object({ season: seasonDto, members: z.array(standingDto) }),
  },
});
