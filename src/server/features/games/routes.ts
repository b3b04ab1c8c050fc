import type { Deps } from '../../platform/deps';
import type { FeatureHandlers } from '../../platform/routing';
import { flipCoin } from './casino/coinflip';
import { spinRoulette } from './casino/roulette';
import { spinSlots } from './casino/slots';
import { listRounds } from './engine/rounds';
import { click, frenzyStats } from './frenzy/service';
import * as minefield from './minefield/service';
import { progress, spinWheel } from './spinner/service';

export const gamesHandlers = (deps: Deps): FeatureHandlers<'games'> => ({
  'GET /api/games/rounds': async ({ user, query }) => listRounds(deps, user.id, query),
  'GET /api/games/progress': async ({ user }) => progress(deps, user.id),
  'POST /api/games/spinner': async ({ user }) => spinWheel(deps, user.id, 'spinner'),
  'POST /api/games/spinner12': async ({ user }) => spinWheel(deps, user.id, 'spinner12'),
  'POST /api/games/spinnerDaily': async ({ user }) => spinWheel(deps, user.id, 'spinnerDaily'),
  'POST /api/games/spinnerWeekly': async ({ user }) => spinWheel(deps, user.id, 'spinnerWeekly'),
  'POST /api/games/minefield/start': async ({ user, body }) => minefield.start(deps, user.id, body),
  'POST /api/games/minefield/reveal': async ({ user, body }) => minefield.reveal(deps, user.id, body.sessionId, body.cellIndex),
  'POST /api/games/minefield/cashout': async ({ user, body }) => minefield.cashout(deps, user.id, body.sessionId),
  'GET /api/games/minefield/active': async ({ user }) => minefield.active(deps, user.id),
  'GET /api/games/click-frenzy': async ({ user }) => frenzyStats(deps, user.id),
  'POST /api/games/click-frenzy': async ({ user, body }) => click(deps, user.id, body.emoji),
  'POST /api/games/coin-flip': async ({ user, body }) => flipCoin(deps, user.id, body.betAmount, body.guess),
  'POST /api/games/roulette': async ({ user, body }) => spinRoulette(deps, user.id, body.betAmount, body.color),
  'POST /api/games/slots': async ({ user, body }) => spinSlots(deps, user.id, body.betAmount),
});
