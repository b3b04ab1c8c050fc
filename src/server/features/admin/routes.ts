import type { Deps } from '../../platform/deps';
import { defineHandlers } from '../../platform/routing';
import * as service from './service';
import { auditReport } from '../audit/public';

export const adminHandlers = (deps: Deps) =>
  defineHandlers('admin', {
    'GET /api/admin/users': async ({ query }) => service.listUsers(deps, query),
    'GET /api/admin/logs': async ({ query }) => service.listLogs(deps, query),
    'GET /api/admin/audit': async () => auditReport(deps.db, deps.modules),
    'PATCH /api/admin/balance/:username': async ({ params, body, user }) =>
      service.adjustBalance(deps, user, params.username, body.amount),
    'PATCH /api/admin/status/user/:username': async ({ params, body, user }) =>
      service.setStatus(deps, user, params.username, body.status),
  });
