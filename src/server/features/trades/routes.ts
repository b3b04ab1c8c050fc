import type { Deps } from '../../platform/deps';
import { defineHandlers } from '../../platform/routing';
import * as service from './service';

export const tradeHandlers = (deps: Deps) =>
  defineHandlers('trades', {
    'GET /api/trades': async ({ user }) => service.listTrades(deps, user.id),
    'GET /api/trades/inventory': async ({ user }) => service.tradableInventory(deps, user.id),
    'POST /api/trades/request': async ({ body, user }) =>
      service.requestTrade(deps, user.id, body.toUsername, body.fromItems),
    'POST /api/trades/:id/respond': async ({ params, body, user }) =>
      service.respondToTrade(deps, user.id, params.id, body.action, body.toItems),
    'POST /api/trades/:id/cancel': async ({ params, user }) =>
      service.cancelTrade(deps, user.id, params.id),
    'POST /api/trades/:id/finalize': async ({ params, user }) =>
      service.finalizeTrade(deps, user.id, params.id),
  });
