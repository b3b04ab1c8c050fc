import type { Deps } from '../../platform/deps';
import { defineHandlers } from '../../platform/routing';
import * as service from './service';

export const serviceHandlers = (deps: Deps) =>
  defineHandlers('services', {
    'GET /api/services': async ({ query, user }) =>
      service.listServices(deps, user.id, query.showAll === 'true', query),
    'GET /api/services/purchases': async ({ query, user }) =>
      service.listPurchases(deps, user.id, query),
    'GET /api/services/history': async ({ query, user }) =>
      service.serviceHistory(deps, user.id, query),
    'POST /api/services': async ({ body, user }) => service.createService(deps, user.id, body),
    'PUT /api/services/:id': async ({ params, body, user }) =>
      service.updateService(deps, user.id, params.id, body),
    'DELETE /api/services/:id': async ({ params, user }) =>
      service.deleteService(deps, user.id, params.id),
    'POST /api/services/buy/:id': async ({ params, body, user }) =>
      service.buyService(deps, user.id, params.id, body?.expectedPrice),
    'POST /api/services/finalize': async ({ body, user }) =>
      service.finalizeService(deps, user.id, body.serviceId),
    'POST /api/services/accept': async ({ body, user }) =>
      service.acceptService(deps, user.id, body.serviceId),
    'POST /api/services/refund': async ({ body, user }) =>
      service.refundService(deps, user.id, body.serviceId),
  });
