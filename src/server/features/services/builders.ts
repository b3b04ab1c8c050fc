import { expect } from 'vitest';
import type { ServiceDto } from '../../../shared/api/services';
import { call, type TestServer, type TestUser } from '../../testing/harness';
import { callRoute, callRouteRaw } from '../../testing/callRoute';

/** Test helpers for the services routes. */
export function serviceCalls(server: TestServer) {
  return {
    create: (token: string | undefined, body: unknown) =>
      callRouteRaw(server, 'POST /api/services', { token, body }),
    update: (token: string | undefined, id: string, body: unknown) =>
      callRouteRaw(server, 'PUT /api/services/:id', { token, params: { id }, body }),
    remove: (token: string | undefined, id: string) =>
      callRoute(server, 'DELETE /api/services/:id', { token, params: { id } }),
    buy: (token: string | undefined, id: string) =>
      callRoute(server, 'POST /api/services/buy/:id', { token, params: { id } }),
    /** A buy naming the price agreed to (or anything else, for the refusals). */
    buyAt: (token: string | undefined, id: string, body: unknown) =>
      callRouteRaw(server, 'POST /api/services/buy/:id', { token, params: { id }, body }),
    finalize: (token: string | undefined, serviceId: unknown) =>
      callRouteRaw(server, 'POST /api/services/finalize', { token, body: { serviceId } }),
    accept: (token: string | undefined, serviceId: unknown) =>
      callRouteRaw(server, 'POST /api/services/accept', { token, body: { serviceId } }),
    refund: (token: string | undefined, serviceId: unknown) =>
      callRouteRaw(server, 'POST /api/services/refund', { token, body: { serviceId } }),
    list: (token: string | undefined, query = '') =>
      call<ServiceDto[]>(server, 'GET', `/api/services${query}`, { token }),
  };
}

/** A listed service of `provider` (title, description and price default). */
export async function listService(
  server: TestServer,
  provider: TestUser,
  price = 100,
  title = 'Logo design',
): Promise<ServiceDto> {
  const res = await serviceCalls(server).create(provider.token, {
    title,
    description: 'A vector logo, two revisions',
    price,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** A service of `provider` that `buyer` has bought (price in escrow). */
export async function boughtService(
  server: TestServer,
  provider: TestUser,
  buyer: TestUser,
  price = 100,
): Promise<ServiceDto> {
  const service = await listService(server, provider, price);
  const res = await serviceCalls(server).buy(buyer.token, service._id);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.service;
}

export async function finalizedService(
  server: TestServer,
  provider: TestUser,
  buyer: TestUser,
  price = 100,
): Promise<ServiceDto> {
  const service = await boughtService(server, provider, buyer, price);
  const res = await serviceCalls(server).finalize(provider.token, service._id);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.service;
}
