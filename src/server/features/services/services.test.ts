import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { balanceOf, registerUser, useTestServer } from '../../testing/harness';
import { expectBadField, expectBannedRefusal, expectError } from '../../testing/expectations';
import { boughtService, finalizedService, listService, serviceCalls } from './builders';
import { callRoute, callRouteRaw } from '../../testing/callRoute';
import { ban, useAdmin } from '../../testing/builders';

const server = useTestServer();
const api = serviceCalls(server);
const admin = useAdmin(server);

const pair = async () => ({
  provider: await registerUser(server),
  buyer: await registerUser(server),
});

async function ledgerRows(serviceId: string) {
  return server.db.rows<{ user_id: number | null; delta: number; category: string }>(sql`
    select user_id, delta, category from ledger where ref_type = 'service' and ref_id = ${serviceId} order by id`);
}

async function statusOf(id: string) {
  const [row] = await server.db.rows<{ status: string }>(
    sql`select status from services where id = ${Number(id)}`,
  );
  return row?.status;
}

describe('POST /api/services', () => {
  it('lists a service with trimmed texts; the marketplace shows it to others', async () => {
    const { provider, buyer } = await pair();
    const res = await api.create(provider.token, {
      title: '  Logo  ',
      description: ' A logo ',
      price: 250,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Logo',
      description: 'A logo',
      price: 250,
      provider: { _id: String(provider.id), username: provider.username, profileImage: null },
      buyer: null,
      finalized: false,
      buyerAccepted: false,
      completedAt: null,
      status: 'listed',
    });
    const market = await api.list(buyer.token, '?showAll=true');
    expect(market.status).toBe(200);
    expect(market.body.map((s) => s._id)).toContain(res.body._id);
    const mine = await api.list(buyer.token);
    expect(mine.body.map((s) => s._id)).not.toContain(res.body._id);
    expect((await api.list(provider.token)).body.map((s) => s._id)).toEqual([res.body._id]);
  });

  it('refuses bad input naming the field, creating nothing', async () => {
    const user = await registerUser(server);
    expectBadField(
      await api.create(user.token, { title: '', description: 'x', price: 1 }),
      'title',
    );
    expectBadField(
      await api.create(user.token, { title: 'x'.repeat(81), description: 'x', price: 1 }),
      'title',
    );
    expectBadField(
      await api.create(user.token, { title: 'x', description: '   ', price: 1 }),
      'description',
    );
    expectBadField(
      await api.create(user.token, { title: 'x', description: 'x'.repeat(2001), price: 1 }),
      'description',
    );
    expectBadField(
      await api.create(user.token, { title: 'x', description: 'x', price: '5' }),
      'price',
    );
    expectBadField(
      await api.create(user.token, { title: 'x', description: 'x', price: 0 }),
      'price',
    );
    expectBadField(
      await api.create(user.token, { title: 'x', description: 'x', price: 1.5 }),
      'price',
    );
    expectBadField(
      await api.create(user.token, { title: 'x', description: 'x', price: 1_000_001 }),
      'price',
    );
    expectBadField(await api.create(user.token, { title: 'x', description: 'x' }), 'price');
    expect((await api.list(user.token)).body).toEqual([]);
  });

  it('needs a token, refuses a banned user and caps listings at 50', async () => {
    expectError(await api.create(undefined, { title: 'x', description: 'x', price: 1 }), 401);
    const user = await registerUser(server);
    await server.db.rows(sql`
      insert into services (provider_id, title, description, price) select ${user.id}, 'S' || g, 'd', 1 from generate_series(1, 50) g`);
    expectError(await api.create(user.token, { title: 'x', description: 'x', price: 1 }), 409, {
      message: '50',
    });
    const bad = await registerUser(server);
    await ban(server, admin, bad);
    expectBannedRefusal(await api.create(bad.token, { title: 'x', description: 'x', price: 1 }));
  });
});

describe('PUT and DELETE /api/services/:id', () => {
  it('the owner edits and deletes before a buyer exists', async () => {
    const { provider } = await pair();
    const s = await listService(server, provider);
    const res = await api.update(provider.token, s._id, { price: 300, title: 'Better logo' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      price: 300,
      title: 'Better logo',
      description: s.description,
    });
    const del = await api.remove(provider.token, s._id);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ message: 'Service deleted' });
    expect((await api.list(provider.token)).body).toEqual([]);
    expectError(await api.update(provider.token, s._id, { price: 5 }), 404);
  });

  it('refuses bad input, a stranger, no token, a banned owner, and edits after purchase', async () => {
    const { provider, buyer } = await pair();
    const s = await listService(server, provider);
    expectBadField(await api.update(provider.token, s._id, { price: -1 }), 'price');
    expectBadField(await api.update(provider.token, s._id, {}), 'title');
    expectBadField(await api.update(provider.token, 'abc', { price: 5 }), 'id');
    expectError(await api.update(undefined, s._id, { price: 5 }), 401);
    expectError(await api.update(buyer.token, s._id, { price: 5 }), 403);
    expectError(await api.remove(buyer.token, s._id), 403);
    expectError(await api.remove(undefined, s._id), 401);
    expectError(await api.remove(provider.token, '999999'), 404);
    await api.buy(buyer.token, s._id);
    expectError(await api.update(provider.token, s._id, { price: 5 }), 409, { message: 'bought' });
    expectError(await api.remove(provider.token, s._id), 409, { message: 'bought' });
    expect(await statusOf(s._id)).toBe('bought');
    const other = await listService(server, provider);
    await ban(server, admin, provider);
    expectBannedRefusal(await api.update(provider.token, other._id, { price: 5 }));
    expectBannedRefusal(await api.remove(provider.token, other._id));
  });
});

describe('the lifecycle: buy, finalize, accept', () => {
  it('moves the price into escrow, then to the provider, with a ledger trail', async () => {
    const { provider, buyer } = await pair();
    const s = await listService(server, provider, 400);
    const bought = await api.buy(buyer.token, s._id);
    expect(bought.status).toBe(200);
    expect(bought.body.message).toBe('Purchase successful!');
    expect(bought.body.service).toMatchObject({
      status: 'bought',
      buyer: { username: buyer.username },
    });
    expect(await balanceOf(server, buyer.id)).toBe(600);
    expect(await balanceOf(server, provider.id)).toBe(1000);
    const purchases = await callRoute(server, 'GET /api/services/purchases', {
      token: buyer.token,
    });
    expect(purchases.body.map((x) => x._id)).toEqual([s._id]);
    // Bought services leave the marketplace for others.
    const third = await registerUser(server);
    expect((await api.list(third.token, '?showAll=true')).body.map((x) => x._id)).not.toContain(
      s._id,
    );

    const fin = await api.finalize(provider.token, s._id);
    expect(fin.status).toBe(200);
    expect(fin.body.message).toBe('Service finalized!');
    expect(fin.body.service).toMatchObject({
      status: 'finalized',
      finalized: true,
      buyerAccepted: false,
    });
    expect(fin.body.service.releaseAt).not.toBeNull();

    const acc = await api.accept(buyer.token, Number(s._id));
    expect(acc.status).toBe(200);
    expect(acc.body.message).toBe('Finalization accepted!');
    expect(acc.body.service).toMatchObject({
      status: 'completed',
      finalized: true,
      buyerAccepted: true,
    });
    expect(acc.body.service.completedAt).not.toBeNull();
    expect(await balanceOf(server, provider.id)).toBe(1400);
    expect(await balanceOf(server, buyer.id)).toBe(600);
    expect(await ledgerRows(s._id)).toEqual([
      { user_id: buyer.id, delta: -400, category: 'service_escrow' },
      { user_id: null, delta: 400, category: 'service_escrow' },
      { user_id: provider.id, delta: 400, category: 'service_release' },
      { user_id: null, delta: -400, category: 'service_release' },
    ]);
    const history = await callRoute(server, 'GET /api/services/history', { token: provider.token });
    expect(history.body.asProvider.map((x) => x._id)).toEqual([s._id]);
    expect(history.body.asBuyer).toEqual([]);
    const theirs = await callRoute(server, 'GET /api/services/history', { token: buyer.token });
    expect(theirs.body.asBuyer.map((x) => x._id)).toEqual([s._id]);
  });

  it('buy: refuses your own service, a bought one, a missing one, no token, a banned buyer and a short balance', async () => {
    const { provider, buyer } = await pair();
    const s = await listService(server, provider);
    expectError(await api.buy(provider.token, s._id), 403, { message: 'own' });
    expectError(await api.buy(undefined, s._id), 401);
    expectError(await api.buy(buyer.token, '999999'), 404);
    expectBadField(await api.buy(buyer.token, 'x1'), 'id');
    const pricey = await listService(server, provider, 1_000_000);
    expectError(await api.buy(buyer.token, pricey._id), 409, { code: 'INSUFFICIENT_FUNDS' });
    expect(await statusOf(pricey._id)).toBe('listed');
    expect((await api.buy(buyer.token, s._id)).status).toBe(200);
    const late = await registerUser(server);
    expectError(await api.buy(late.token, s._id), 409, { message: 'already been bought' });
    const bad = await registerUser(server);
    await ban(server, admin, bad);
    expectBannedRefusal(await api.buy(bad.token, pricey._id));
    expect(await statusOf(pricey._id)).toBe('listed');
  });

  it('buy at an expected price: a price changed since the buyer looked is a 409 naming the new one, and nothing moves', async () => {
    const { provider, buyer } = await pair();
    const s = await listService(server, provider, 10);
    expect((await api.update(provider.token, s._id, { price: 1000 })).status).toBe(200);
    const stale = expectError(await api.buyAt(buyer.token, s._id, { expectedPrice: 10 }), 409, {
      code: 'CONFLICT',
      message: 'it now costs 1,000 coins',
    });
    expect(stale.details).toEqual({ currentPrice: 1000 });
    expect(await statusOf(s._id)).toBe('listed');
    expect(await balanceOf(server, buyer.id)).toBe(1000);
    expect(await ledgerRows(s._id)).toEqual([]);
    // Bad expected prices are refused by name, buying nothing.
    expectBadField(await api.buyAt(buyer.token, s._id, { expectedPrice: 10.5 }), 'expectedPrice');
    expectBadField(await api.buyAt(buyer.token, s._id, { expectedPrice: 'ten' }), 'expectedPrice');
    expectBadField(await api.buyAt(buyer.token, s._id, { price: 1000 }), 'price');
    expect(await statusOf(s._id)).toBe('listed');
    // Agreeing to the new price buys at it.
    const bought = await api.buyAt(buyer.token, s._id, { expectedPrice: 1000 });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect(await balanceOf(server, buyer.id)).toBe(0);
    // A stale price on a service someone else bought hears that it was bought.
    const late = await registerUser(server);
    expectError(await api.buyAt(late.token, s._id, { expectedPrice: 10 }), 409, {
      message: 'already been bought',
    });
  });

  it('finalize: only the provider, only once bought', async () => {
    const { provider, buyer } = await pair();
    const s = await listService(server, provider);
    expectError(await api.finalize(provider.token, s._id), 409, { message: 'not been bought' });
    await api.buy(buyer.token, s._id);
    expectError(await api.finalize(buyer.token, s._id), 403, { message: 'provider' });
    expectError(await api.finalize(undefined, s._id), 401);
    expectBadField(await api.finalize(provider.token, 'nope'), 'serviceId');
    expectBadField(
      await callRouteRaw(server, 'POST /api/services/finalize', {
        token: provider.token,
        body: {},
      }),
      'serviceId',
    );
    expectError(await api.finalize(provider.token, '999999'), 404);
    expect((await api.finalize(provider.token, s._id)).status).toBe(200);
    expectError(await api.finalize(provider.token, s._id), 409, { message: 'finalized' });
  });

  it('accept: only the buyer, only once finalized, pays once', async () => {
    const { provider, buyer } = await pair();
    const s = await boughtService(server, provider, buyer);
    expectError(await api.accept(buyer.token, s._id), 409, { message: 'waiting for the provider' });
    await api.finalize(provider.token, s._id);
    const stranger = await registerUser(server);
    expectError(await api.accept(stranger.token, s._id), 403, { message: 'buyer' });
    expectError(await api.accept(provider.token, s._id), 403, { message: 'buyer' });
    expectError(await api.accept(undefined, s._id), 401);
    expectBadField(await api.accept(buyer.token, -3), 'serviceId');
    expect((await api.accept(buyer.token, s._id)).status).toBe(200);
    expectError(await api.accept(buyer.token, s._id), 409, { message: 'completed' });
    expect(await balanceOf(server, provider.id)).toBe(1100);
  });

  it('a banned buyer cannot accept and a banned provider cannot finalize', async () => {
    const { provider, buyer } = await pair();
    const s = await finalizedService(server, provider, buyer);
    const t = await boughtService(server, buyer, provider);
    await ban(server, admin, buyer);
    expectBannedRefusal(await api.accept(buyer.token, s._id));
    expectBannedRefusal(await api.finalize(buyer.token, t._id));
    // The ban itself refunded both escrows (ban.test.ts covers that rule).
    expect(await statusOf(s._id)).toBe('refunded');
    expect(await statusOf(t._id)).toBe('refunded');
  });
});

describe('POST /api/services/refund', () => {
  it('returns the escrow to the buyer while bought, and not after finalizing', async () => {
    const { provider, buyer } = await pair();
    const s = await boughtService(server, provider, buyer, 250);
    expectError(await api.refund(buyer.token, s._id), 403, { message: 'provider' });
    expectError(await api.refund(undefined, s._id), 401);
    expectBadField(await api.refund(provider.token, ''), 'serviceId');
    const res = await api.refund(provider.token, s._id);
    expect(res.status).toBe(200);
    expect(res.body.service).toMatchObject({ status: 'refunded', finalized: false });
    expect(await balanceOf(server, buyer.id)).toBe(1000);
    expectError(await api.refund(provider.token, s._id), 409, { message: 'refunded' });
    const f = await finalizedService(server, provider, buyer);
    expectError(await api.refund(provider.token, f._id), 409, { message: 'finalized' });
    const listed = await listService(server, provider);
    expectError(await api.refund(provider.token, listed._id), 409, { message: 'not been bought' });
  });
});

describe('account deletion', () => {
  it("refunds the escrow of the user's sales and purchases and retires their listings", async () => {
    const { provider, buyer } = await pair();
    const sold = await finalizedService(server, provider, buyer, 300);
    const listed = await listService(server, provider);
    const other = await registerUser(server);
    const bought = await boughtService(server, other, provider, 200);
    const res = await callRoute(server, 'DELETE /api/user', {
      token: provider.token,
      body: { password: provider.password },
    });
    expect(res.status).toBe(200);
    expect(await statusOf(sold._id)).toBe('refunded');
    expect(await statusOf(bought._id)).toBe('refunded');
    expect(await statusOf(listed._id)).toBe('deleted');
    expect(await balanceOf(server, buyer.id)).toBe(1000);
    expect(await balanceOf(server, other.id)).toBe(1000);
  });
});
