import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { balanceOf, registerUser, useTestServer, type TestUser } from '../../testing/harness';
import { boughtService, finalizedService, listService, serviceCalls } from './builders';
import { callRoute } from '../../testing/callRoute';
import { useAdmin } from '../../testing/builders';

// Banning a user ends their services as deleting the account does (admin/service.ts setStatus
// calls retireServicesOf in the ban's transaction): listings retired, open escrows refunded.
const server = useTestServer();
const api = serviceCalls(server);
const admin = useAdmin(server);

const ban = (user: TestUser) =>
  callRoute(server, 'PATCH /api/admin/status/user/:username', {
    token: admin.token,
    params: { username: user.username },
    body: { status: 'banned' },
  });

async function statusOf(id: string) {
  const [row] = await server.db.rows<{ status: string }>(
    sql`select status from services where id = ${Number(id)}`,
  );
  return row?.status;
}

describe('banning a user ends their services', () => {
  it('retires their listings and refunds every unfinished escrow on both sides', async () => {
    const [bad, buyerA, buyerB, provider, bystander] = [
      await registerUser(server),
      await registerUser(server),
      await registerUser(server),
      await registerUser(server),
      await registerUser(server),
    ];
    const listed = await listService(server, bad, 50);
    const bought = await boughtService(server, bad, buyerA, 100);
    const finalized = await finalizedService(server, bad, buyerB, 200);
    const done = await finalizedService(server, bad, buyerB, 30);
    const accepted = await api.accept(buyerB.token, done._id);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const theirPurchase = await boughtService(server, provider, bad, 70);
    const untouched = await boughtService(server, provider, bystander, 40);
    expect(await balanceOf(server, bad.id)).toBe(1000 + 30 - 70);

    const res = await ban(bad);
    expect(res.status).toBe(200);

    expect(await statusOf(listed._id)).toBe('deleted');
    expect(await statusOf(bought._id)).toBe('refunded');
    expect(await statusOf(finalized._id)).toBe('refunded');
    expect(await statusOf(theirPurchase._id)).toBe('refunded');
    expect(await statusOf(done._id)).toBe('completed');
    expect(await statusOf(untouched._id)).toBe('bought');
    expect(await balanceOf(server, buyerA.id)).toBe(1000);
    expect(await balanceOf(server, buyerB.id)).toBe(1000 - 30);
    // The banned buyer's own purchase comes back to them: the coins were theirs, not the provider's.
    expect(await balanceOf(server, bad.id)).toBe(1000 + 30);
    expect(await balanceOf(server, provider.id)).toBe(1000);
    const refunds = await server.db.rows<{ ref_id: string; delta: number }>(sql`
      select ref_id, delta from ledger where category = 'service_refund' and user_id is not null
      and ref_id in (${bought._id}, ${finalized._id}, ${theirPurchase._id}) order by ref_id::int`);
    expect(refunds).toEqual([
      { ref_id: bought._id, delta: 100 },
      { ref_id: finalized._id, delta: 200 },
      { ref_id: theirPurchase._id, delta: 70 },
    ]);
    // The marketplace no longer offers the banned provider's listing.
    const market = await api.list(bystander.token, '?showAll=true');
    expect(market.body.map((s) => s._id)).not.toContain(listed._id);
  });

  it("a ban racing the buyer's accept settles the escrow exactly once", async () => {
    for (let round = 0; round < 5; round++) {
      const bad = await registerUser(server);
      const buyer = await registerUser(server);
      const s = await finalizedService(server, bad, buyer, 100);
      const [accepted, banned] = await Promise.all([api.accept(buyer.token, s._id), ban(bad)]);
      expect(banned.status).toBe(200);
      const status = await statusOf(s._id);
      if (accepted.status === 200) {
        expect(status).toBe('completed');
        expect([await balanceOf(server, bad.id), await balanceOf(server, buyer.id)]).toEqual([
          1100, 900,
        ]);
      } else {
        expect(accepted.status).toBe(409);
        expect(status).toBe('refunded');
        expect([await balanceOf(server, bad.id), await balanceOf(server, buyer.id)]).toEqual([
          1000, 1000,
        ]);
      }
    }
  });

  it('an unban does not bring the retired listing back', async () => {
    const bad = await registerUser(server);
    const listed = await listService(server, bad, 10);
    expect((await ban(bad)).status).toBe(200);
    const unban = await callRoute(server, 'PATCH /api/admin/status/user/:username', {
      token: admin.token,
      params: { username: bad.username },
      body: { status: 'active' },
    });
    expect(unban.status).toBe(200);
    expect(await statusOf(listed._id)).toBe('deleted');
  });
});
