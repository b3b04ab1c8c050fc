import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { betIdParams, createBetBody, finalizeBody, oddsBody, oddsParams, parlayBody, predictBody } from '../../../shared/api/bets';
import type { Deps } from '../../platform/deps';
import { currentUser } from '../../platform/auth';
import * as service from './service';

export function betRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { requireUser, requireAdmin } = deps.sessions;

  r.get('/api/bets/active', { onRequest: requireUser }, async () => service.activeBets(deps));
  r.get('/api/bets/mine', { onRequest: requireUser }, async (req) => service.myBets(deps, currentUser(req).id));
  r.post('/api/bets/predict', { onRequest: requireUser, schema: { body: predictBody } }, async (req) =>
    service.placeWager(deps, currentUser(req).id, req.body.betId, req.body.choice, req.body.amount),
  );
  r.post('/api/bets/parlay', { onRequest: requireUser, schema: { body: parlayBody } }, async (req, reply) =>
    reply.status(201).send(await service.placeParlay(deps, currentUser(req).id, req.body.amount, req.body.bets, req.body.totalOdds)),
  );

  r.post('/api/bets/create', { onRequest: requireAdmin, schema: { body: createBetBody } }, async (req, reply) =>
    reply.status(201).send({ message: 'Bet created', bet: await service.createBet(deps, currentUser(req), req.body) }),
  );
  r.post('/api/bets/finalize', { onRequest: requireAdmin, schema: { body: finalizeBody } }, async (req) =>
    service.finalizeBet(deps, currentUser(req), req.body.betId, req.body.optionId),
  );
  r.get('/api/admin/bets', { onRequest: requireAdmin }, async () => service.allBets(deps));
  r.patch('/api/admin/odds/:betTitle/:optionId', { onRequest: requireAdmin, schema: { params: oddsParams, body: oddsBody } }, async (req) =>
    service.setOdds(deps, currentUser(req), req.params.betTitle, req.params.optionId, req.body.odds),
  );
  r.post('/api/admin/bets/:id/void', { onRequest: requireAdmin, schema: { params: betIdParams } }, async (req) =>
    service.voidBet(deps, currentUser(req), req.params.id),
  );
}
