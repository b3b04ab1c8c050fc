import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ledgerQuery, sendMoneyBody } from '../../../shared/api/wallet';
import type { Deps } from '../../platform/deps';
import { currentUser } from '../../platform/auth';
import * as service from './service';

export function walletRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/api/user/send-money', { schema: { body: sendMoneyBody }, onRequest: deps.sessions.requireUser }, async (req) =>
    service.sendMoney(deps, currentUser(req).id, req.body.recipientUsername, req.body.amount),
  );
  r.get('/api/user/ledger', { schema: { querystring: ledgerQuery }, onRequest: deps.sessions.requireUser }, async (req) =>
    service.statement(deps, currentUser(req).id, req.query.before, req.query.limit),
  );
}
