import type { Deps } from '../../../platform/deps';
import { defineHandlers } from '../../../platform/routing';
import * as service from './service';

export const recoveryHandlers = (deps: Deps) =>
  defineHandlers('recovery', {
    'POST /auth/recover': async ({ body, request }) => service.recover(deps, request.ip, body),
    'POST /auth/reset': async ({ body }) => service.resetWithLink(deps, body),
    'GET /api/user/security': async ({ user }) => service.security(deps, user.id),
    'POST /api/user/recovery-codes': async ({ body, user, request }) =>
      service.regenerateCodes(deps, user.id, request.ip, body.password),
    'POST /api/user/2fa/setup': async ({ user }) => service.setupTotp(deps, user),
    'POST /api/user/2fa/enable': async ({ body, user, request }) =>
      service.enableTotp(deps, user.id, request.ip, body.code),
    'POST /api/user/2fa/disable': async ({ body, user, request }) =>
      service.disableTotp(deps, user.id, request.ip, body.password, body.code),
    'POST /api/admin/users/:username/reset-link': async ({ params, user }) =>
      service.issueResetLink(deps, user, params.username),
  });
