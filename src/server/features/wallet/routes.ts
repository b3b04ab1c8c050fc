import type { Deps } from '../../platform/deps';
import { defineHandlers } from '../../platform/routing';
import * as service from './service';

export const walletHandlers = (deps: Deps) =>
  defineHandlers('wallet', {
    'POST /api/user/send-money': async ({ body, user }) =>
      service.sendMoney(deps, user.id, body.recipientUsername, body.amount),
    'GET /api/user/ledger': async ({ query, user }) =>
      service.statement(deps, user.id, query.before, query.limit),
  });
