import type { Deps } from '../../platform/deps';
import { defineHandlers } from '../../platform/routing';
import * as service from './service';

export const betHandlers = (deps: Deps) =>
  defineHandlers('bets', {
    'GET /api/bets/active': async () => service.activeBets(deps),
    'GET /api/bets/mine': async ({ user }) => service.myBets(deps, user.id),
    'POST /api/bets/predict': async ({ body, user }) =>
      service.placeWager(deps, user.id, body.betId, body.choice, body.amount),
    'POST /api/bets/parlay': async ({ body, user }) =>
      service.placeParlay(deps, user.id, body.amount, body.bets, body.totalOdds),
    'POST /api/bets/create': async ({ body, user }) => ({
      message: 'Bet created',
      bet: await service.createBet(deps, user, body),
    }),
    'POST /api/bets/finalize': async ({ body, user }) =>
      service.finalizeBet(deps, user, body.betId, body.optionId),
    'GET /api/admin/bets': async ({ query }) => service.allBets(deps, query),
    'PATCH /api/admin/odds/:betTitle/:optionId': async ({ params, body, user }) =>
      service.setOdds(deps, user, params.betTitle, params.optionId, body.odds),
    'POST /api/admin/bets/:id/void': async ({ params, user }) =>
      service.voidBet(deps, user, params.id),
  });
