import type { Deps } from '../../../platform/deps';
import { defineHandlers } from '../../../platform/routing';
import { publishedFigures } from './published';
import { listRounds } from './rounds';
import { currentSeed, rotateSeed, setClientSeed } from './seeds';

export const fairnessHandlers = (deps: Deps) =>
  defineHandlers('fairness', {
    'GET /api/fairness': async ({ user }) => currentSeed(deps, user.id),
    'POST /api/fairness/client-seed': async ({ user, body }) =>
      setClientSeed(deps, user.id, body.clientSeed),
    'POST /api/fairness/rotate': async ({ user }) => rotateSeed(deps, user.id),
    'GET /api/fairness/published': async () => publishedFigures(deps, deps.db),
    'GET /api/games/rounds': async ({ user, query }) => listRounds(deps, user.id, query),
  });
