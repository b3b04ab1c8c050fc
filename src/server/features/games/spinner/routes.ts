import type { Deps } from '../../../platform/deps';
import { defineHandlers } from '../../../platform/routing';
import { spinnerTablesDto, spinWheel } from './service';

export const spinnerHandlers = (deps: Deps) =>
  defineHandlers('spinner', {
    'GET /api/fairness/spinners': async () => spinnerTablesDto(deps.db),
    'POST /api/games/spinner': async ({ user }) => spinWheel(deps, user.id, 'spinner'),
    'POST /api/games/spinner12': async ({ user }) => spinWheel(deps, user.id, 'spinner12'),
    'POST /api/games/spinnerDaily': async ({ user }) => spinWheel(deps, user.id, 'spinnerDaily'),
    'POST /api/games/spinnerWeekly': async ({ user }) => spinWheel(deps, user.id, 'spinnerWeekly'),
  });
