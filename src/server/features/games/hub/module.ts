import type { GamesProgressDto } from '../../../../shared/games/routes';
import type { Deps } from '../../../platform/deps';
import { defineModule, gamesProgressParts } from '../../../platform/module';
import { defineHandlers } from '../../../platform/routing';
import { buffState } from '../../items/public';

/**
 * The games hub's own route: GET /api/games/progress, every game's part (each module's
 * gamesProgress hook, declared by GameDef.progress) beside the running buffs, which every game
 * shares. A game with a part is its meta's line and its module's hook, nothing here.
 */
async function progress(deps: Deps, userId: number): Promise<GamesProgressDto> {
  const now = deps.clock.now();
  const [parts, buffs] = await Promise.all([
    gamesProgressParts(deps, userId),
    buffState(deps.db, userId, now),
  ]);
  return {
    ...(parts as Omit<GamesProgressDto, 'buffs' | 'serverTime'>),
    buffs,
    serverTime: now.toISOString(),
  };
}

export const gamesHubModule = defineModule({
  name: 'gamesHub',
  handlers: (deps) => ({
    gamesHub: defineHandlers('gamesHub', {
      'GET /api/games/progress': async ({ user }) => progress(deps, user.id),
    }),
  }),
});
