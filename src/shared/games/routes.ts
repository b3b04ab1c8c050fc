// The games' route tables, for the server's route table (shared/api/routes.ts) and the types
// both sides check calls against: each game's own tables from its line in GAMES, and the hub's
// GET /api/games/progress, whose reply is every game's part (GameDef.progress) beside the
// buffs. Zod lives here, not in index.ts, which the browser imports for the hub.
import { z } from 'zod';
import { defineRoutes } from '../api/contract';
import type { Intersect } from '../types';
import { GAMES, type Game, type GameRouteTables } from './index';

type ProgressGame = Extract<Game, { progress: unknown }>;
type GameProgressParts = Intersect<z.infer<Awaited<ReturnType<ProgressGame['progress']>>>>;

const hubProgressDto = z.object({
  /** What running buffs do now: reward multiplier in hundredths (100 = none), slot luck in percent. */
  buffs: z.object({ rewardMultiplier: z.number(), slotsLuck: z.number() }),
  serverTime: z.string(),
});
export type GamesProgressDto = z.infer<typeof hubProgressDto> & GameProgressParts;

async function hubRoutes() {
  const parts = await Promise.all(GAMES.map((g) => ('progress' in g ? g.progress() : undefined)));
  const progressDto = hubProgressDto.extend(
    Object.assign({}, ...parts.map((p) => p?.shape)),
  ) as unknown as z.ZodType<GamesProgressDto>;
  return defineRoutes({
    'GET /api/games/progress': {
      auth: 'user',
      summary: "Your state in every game (each game's part) and your running buffs",
      reply: progressDto,
    },
  });
}

/** Every game's route tables and the hub's, by route-table feature name. */
export async function loadGameRouteTables(): Promise<
  GameRouteTables & { gamesHub: Awaited<ReturnType<typeof hubRoutes>> }
> {
  const tables = await Promise.all(GAMES.map((g) => g.contract()));
  return Object.assign({ gamesHub: await hubRoutes() }, ...tables) as GameRouteTables & {
    gamesHub: Awaited<ReturnType<typeof hubRoutes>>;
  };
}
