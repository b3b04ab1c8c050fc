import type { Deps } from '../../platform/deps';
import { defineHandlers } from '../../platform/routing';
import * as service from './service';

export const leaderboardHandlers = (deps: Deps) => defineHandlers('leaderboard', {
  'GET /api/leaderboard/users': async ({ query }) => service.topUsers(deps, query.sort),
  'GET /api/games/leaderboard': async () => service.gameLeaderboard(deps),
});
