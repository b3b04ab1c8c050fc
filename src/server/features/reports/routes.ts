import type { Deps } from '../../platform/deps';
import { defineHandlers } from '../../platform/routing';
import * as reads from './reads';
import * as service from './service';

export const reportHandlers = (deps: Deps) =>
  defineHandlers('reports', {
    'POST /api/reports': async ({ body, user }) => service.fileReport(deps, user.id, body),
    'GET /api/communities/:slug/reports': async ({ params, query, user }) =>
      reads.communityQueue(deps, user.id, params.slug, query),
    'POST /api/communities/:slug/reports/:id/resolve': async ({ params, body, user }) =>
      service.resolveAsModerator(deps, user.id, params.slug, params.id, body),
    'POST /api/communities/:slug/reports/:id/escalate': async ({ params, user }) =>
      service.escalate(deps, user.id, params.slug, params.id),
    'GET /api/admin/reports': async ({ query }) => reads.adminQueue(deps, query),
    'POST /api/admin/reports/:id/resolve': async ({ params, body, user }) =>
      service.resolveAsAdmin(deps, user, params.id, body),
  });
