import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminBalanceBody, adminStatusBody, usernameParam } from '../../../shared/api/admin';
import type { Deps } from '../../platform/deps';
import { currentUser } from '../../platform/auth';
import * as service from './service';

export function adminRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = deps.sessions.requireAdmin;
  r.get('/api/admin/users', { onRequest }, async () => service.listUsers(deps));
  r.get('/api/admin/logs', { onRequest }, async () => service.listLogs(deps));
  r.patch('/api/admin/balance/:username', { onRequest, schema: { params: usernameParam, body: adminBalanceBody } }, async (req) =>
    service.adjustBalance(deps, currentUser(req), req.params.username, req.body.amount),
  );
  r.patch('/api/admin/status/user/:username', { onRequest, schema: { params: usernameParam, body: adminStatusBody } }, async (req) =>
    service.setStatus(deps, currentUser(req), req.params.username, req.body.status),
  );
}
