import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SERVICE_AUTO_RELEASE_MS } from '../../../shared/api/services';
import { ManualClock } from '../../platform/clock';
import { balanceOf, registerUser, useTestServer } from '../../testing/harness';
import { boughtService, finalizedService, listService, serviceCalls } from './builders';
import { callRoute } from '../../testing/callRoute';

/** Races on services, on PGlite and (with TEST_DATABASE_URL) on PostgreSQL, ending with the coin audit. */
const clock = new ManualClock('2030-03-04T12:00:00Z');
const server = useTestServer({}, { clock });
const api = serviceCalls(server);

const statuses = (results: { status: number }[]) =>
  results.map((r) => r.status).sort((p, q) => p - q);

async function serviceLedger(id: string) {
  const [row] = await server.db.rows<{ n: number; total: string }>(
    sql`select count(*)::int as n, coalesce(sum(delta), 0)::text as total from ledger where ref_type = 'service' and ref_id = ${id} and user_id is not null`,
  );
  return row;
}

describe('service races', () => {
  it('10 users buy one service at once: exactly one buys, the others get 409', async () => {
    const provider = await registerUser(server);
    const buyers = await Promise.all(Array.from({ length: 10 }, () => registerUser(server)));
    const s = await listService(server, provider, 300);
    const results = await Promise.all(buyers.map((b) => api.buy(b.token, s._id)));
    expect(statuses(results)).toEqual([200, ...Array<number>(9).fill(409)]);
    const balances = await Promise.all(buyers.map((b) => balanceOf(server, b.id)));
    expect(balances.sort((p, q) => p - q)).toEqual([700, ...Array<number>(9).fill(1000)]);
    expect(await serviceLedger(s._id)).toEqual({ n: 1, total: '-300' });
  });

  it('the buyers who lose a race are told the service was bought, not that the provider cannot sell it', async () => {
    const provider = await registerUser(server);
    for (let round = 0; round < 3; round++) {
      const buyers = await Promise.all(Array.from({ length: 6 }, () => registerUser(server)));
      const s = await listService(server, provider, 50);
      const results = await Promise.all(buyers.map((b) => api.buy(b.token, s._id)));
      const refused = results
        .filter((r) => r.status === 409)
        .map((r) => (r.body as unknown as { message: string }).message);
      expect(refused).toEqual(Array<string>(5).fill('This service has already been bought'));
    }
  });

  it('one buyer buying 5 services in parallel pays for each exactly once', async () => {
    const [provider, buyer] = [await registerUser(server), await registerUser(server)];
    const list = await Promise.all(
      Array.from({ length: 5 }, () => listService(server, provider, 100)),
    );
    const results = await Promise.all(list.map((s) => api.buy(buyer.token, s._id)));
    expect(statuses(results)).toEqual(Array<number>(5).fill(200));
    expect(await balanceOf(server, buyer.id)).toBe(500);
  });

  it('double accept pays once', async () => {
    const [provider, buyer] = [await registerUser(server), await registerUser(server)];
    const s = await finalizedService(server, provider, buyer, 200);
    const results = await Promise.all([
      api.accept(buyer.token, s._id),
      api.accept(buyer.token, s._id),
      api.accept(buyer.token, s._id),
    ]);
    expect(statuses(results)).toEqual([200, 409, 409]);
    expect(await balanceOf(server, provider.id)).toBe(1200);
  });

  it('finalize racing refund: exactly one applies, and the coins match it', async () => {
    for (let round = 0; round < 6; round++) {
      const [provider, buyer] = [await registerUser(server), await registerUser(server)];
      const s = await boughtService(server, provider, buyer, 150);
      const calls = [
        () => api.finalize(provider.token, s._id),
        () => api.refund(provider.token, s._id),
      ];
      if (round % 2) calls.reverse();
      const results = await Promise.all(calls.map((c) => c()));
      expect(statuses(results)).toEqual([200, 409]);
      const after = results.find((r) => r.status === 200)!.body.service;
      expect(await balanceOf(server, buyer.id)).toBe(after.status === 'refunded' ? 1000 : 850);
    }
  });

  it('accept racing refund: exactly one outcome (the refund is refused once finalized)', async () => {
    for (let round = 0; round < 4; round++) {
      const [provider, buyer] = [await registerUser(server), await registerUser(server)];
      const s = await finalizedService(server, provider, buyer, 150);
      const results = await Promise.all([
        api.accept(buyer.token, s._id),
        api.refund(provider.token, s._id),
      ]);
      expect(results.map((r) => r.status)).toEqual([200, 409]);
      expect(await balanceOf(server, provider.id)).toBe(1150);
      expect(await balanceOf(server, buyer.id)).toBe(850);
    }
  });

  it('the 7-day release, by the injected clock, racing accept and refund: paid exactly once', async () => {
    const [provider, buyer] = [await registerUser(server), await registerUser(server)];
    const s = await finalizedService(server, provider, buyer, 500);
    // Not yet due: reads release nothing.
    clock.advance(SERVICE_AUTO_RELEASE_MS - 60_000);
    await api.list(provider.token);
    expect(await balanceOf(server, provider.id)).toBe(1000);
    clock.advance(60_000);
    const results = await Promise.all([
      callRoute(server, 'GET /api/services/purchases', { token: buyer.token }),
      api.list(provider.token),
      api.accept(buyer.token, s._id),
      api.refund(provider.token, s._id),
      callRoute(server, 'GET /api/services/history', { token: provider.token }),
    ]);
    expect(results[3].status).toBe(409);
    expect([200, 409]).toContain(results[2].status);
    expect(await balanceOf(server, provider.id)).toBe(1500);
    expect(await balanceOf(server, buyer.id)).toBe(500);
    expect(await serviceLedger(s._id)).toEqual({ n: 2, total: '0' });
    const [row] = await server.db.rows<{ status: string; auto_released: boolean }>(
      sql`select status, auto_released from services where id = ${Number(s._id)}`,
    );
    expect(row?.status).toBe('completed');
    const accepted = results[2].status === 200;
    expect(row?.auto_released).toBe(!accepted);
  });
});
