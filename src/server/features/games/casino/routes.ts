import type { Deps } from '../../../platform/deps';
import { defineHandlers } from '../../../platform/routing';
import { flipCoin, spinRoulette, spinSlots } from './service';

export const casinoHandlers = (deps: Deps) =>
  defineHandlers('casino', {
    'POST /api/games/coin-flip': async ({ user, body }) =>
      flipCoin(deps, user.id, body.betAmount, body.guess),
    'POST /api/games/roulette': async ({ user, body }) =>
      spinRoulette(deps, user.id, body.betAmount, body.color),
    'POST /api/games/slots': async ({ user, body }) => spinSlots(deps, user.id, body.betAmount),
  });
