import type { Deps } from '../../platform/deps';
import { defineHandlers } from '../../platform/routing';
import { communityTable, ranking } from './seasons';

export const seasonHandlers = (deps: Deps) =>
  defineHandlers('seasons', {
    'GET /api/communities/leaderboard': async ({ query }) => ranking(deps, query.season),
    'GET /api/communities/:slug/leaderboard': async ({ params, query, user }) =>
      communityTable(deps, params.slug, user?.id ?? null, query),
  });
