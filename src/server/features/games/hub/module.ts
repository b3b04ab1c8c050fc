import type { GamesProgressDto } from '../../../../shared/games/routes';
import type { Deps } from '../../../platform/deps';
import { defineModule, gamesProgressParts } from '../../../platform/module';
import { composedRead } from '../../../platform/readParts';
import { defineHandlers } from '../../../platform/routing';
import { buffStatePart } from '../../items/public';

/**
 * The games hub's own route: GET /api/games/progress, every game's part (each module's
 * gamesProgress hook, declared by GameDef.progress) beside the running buffs, which every game
 * shares. A game with a part is its meta's line and its module's hook, nothing here.
 *
 * The parts are one prepared statement, composed once per app from its module list: a statement
 * per part cost more in planning and round trips than the rows it read (issue 36).
 */
function progressRead(deps: Deps) {
  const read = composedRead('games_progress', {
    ...gamesProgressParts(deps.modules),
    buffs: buffStatePart,
  });
  return async (userId: number): Promise<GamesProgressDto> => {
    const now = deps.clock.now();
    const { buffs, ...games } = await read(deps.db, userId, now);
    return {
      ...(Object.assign({}, ...Object.values(games)) as Omit<
        GamesProgressDto,
        'buffs' | 'serverTime'
      >),
      buffs,
      serverTime: now.toISOString(),
    };
  };
}

export const gamesHubModule = defineModule({
  name: 'gamesHub',
  handlers: (deps) => {
    const progress = progressRead(deps);
    return {
      gamesHub: defineHandlers('gamesHub', {
        'GET /api/games/progress': async ({ user }) => progress(user.id),
      }),
    };
  },
});
