import type { Deps } from '../../platform/deps';
import { defineHandlers } from '../../platform/routing';
import * as appeals from './appeals';
import * as service from './service';

export const sanctionHandlers = (deps: Deps) =>
  defineHandlers('sanctions', {
    'POST /api/admin/sanctions': async ({ body, user }) => service.impose(deps, user, body),
    'DELETE /api/admin/sanctions/:id': async ({ params, user }) =>
      service.lift(deps, user, Number(params.id)),
    'GET /api/admin/sanctions': async ({ query }) => service.listSanctions(deps, query),
    'GET /api/sanctions': async ({ user }) => service.ownSanctions(deps, user.id),
    'POST /api/sanctions/:id/appeal': async ({ params, body, user }) =>
      appeals.appeal(deps, user, Number(params.id), body.text),
    'POST /auth/appeal': async ({ body }) => appeals.appealSuspension(deps, body),
    'GET /api/admin/appeals': async ({ query }) => appeals.listAppeals(deps, query),
    'POST /api/admin/appeals/:id/decide': async ({ params, body, user }) =>
      appeals.decide(deps, user, Number(params.id), body),
  });
