import { describe, expect, it } from 'vitest';
import type { LiveMessage } from '../../../shared/api/live';
import { registerUser, useTestServer } from '../../testing/harness';
import { openLive, takeTicket } from '../../testing/liveClient';
import { listService, serviceCalls } from './builders';

const server = useTestServer();
const api = serviceCalls(server);

async function liveFor(token: string) {
  return openLive(server.url, await takeTicket(server.url, token));
}

const changed = (id: string) => (m: LiveMessage) =>
  m.kind === 'service.changed' && m.payload.serviceId === id;
const count = (messages: LiveMessage[], id: string) => messages.filter(changed(id)).length;

describe('services live', () => {
  it('tells both parties of every step over their sockets, and no one else', async () => {
    const [provider, buyer, stranger] = await Promise.all([
      registerUser(server),
      registerUser(server),
      registerUser(server),
    ]);
    const [providerLive, buyerLive, strangerLive] = await Promise.all([
      liveFor(provider.token),
      liveFor(buyer.token),
      liveFor(stranger.token),
    ]);
    const s = await listService(server, provider, 50);

    // Each step reaches the other party (the provider learns of the purchase, the buyer of
    // the finalization that gives them Accept, the provider of the acceptance that fills History).
    expect((await api.buy(buyer.token, s._id)).status).toBe(200);
    await providerLive.next(changed(s._id));
    expect((await api.finalize(provider.token, s._id)).status).toBe(200);
    await buyerLive.next((m) => changed(s._id)(m) && count(buyerLive.messages, s._id) >= 2);
    expect((await api.accept(buyer.token, s._id)).status).toBe(200);
    await providerLive.next((m) => changed(s._id)(m) && count(providerLive.messages, s._id) >= 3);
    await buyerLive.next((m) => changed(s._id)(m) && count(buyerLive.messages, s._id) >= 3);

    const refunded = await listService(server, provider, 20);
    expect((await api.buy(buyer.token, refunded._id)).status).toBe(200);
    expect((await api.refund(provider.token, refunded._id)).status).toBe(200);
    await buyerLive.next(
      (m) => changed(refunded._id)(m) && count(buyerLive.messages, refunded._id) >= 2,
    );

    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(strangerLive.messages.filter((m) => m.kind === 'service.changed')).toEqual([]);
    expect(count(providerLive.messages, s._id)).toBe(3);
    for (const live of [providerLive, buyerLive, strangerLive]) live.close();
  });

  it('tells every signed-in socket that the marketplace changed (a listing, a new price, a withdrawal)', async () => {
    const [provider, shopper] = await Promise.all([registerUser(server), registerUser(server)]);
    const shopperLive = await liveFor(shopper.token);
    const listed = (id: string) => (m: LiveMessage) =>
      m.kind === 'service.listed' && m.payload.serviceId === id;
    const s = await listService(server, provider, 10);
    await shopperLive.next(listed(s._id));
    expect((await api.update(provider.token, s._id, { price: 1000 })).status).toBe(200);
    await shopperLive.next(
      (m) => listed(s._id)(m) && shopperLive.messages.filter(listed(s._id)).length >= 2,
    );
    expect((await api.remove(provider.token, s._id)).status).toBe(200);
    await shopperLive.next(
      (m) => listed(s._id)(m) && shopperLive.messages.filter(listed(s._id)).length >= 3,
    );
    shopperLive.close();
  });
});
