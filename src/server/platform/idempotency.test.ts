import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { balanceOf, registerAdmin, registerUser, useTestServer } from '../testing/harness';
import { expectError } from '../testing/expectations';
import { callRoute } from '../testing/callRoute';

const server = useTestServer();

const send = (token: string, key: string | undefined, recipientUsername: string, amount: number) =>
  callRoute(server, 'POST /api/user/send-money', {
    token,
    body: { recipientUsername, amount },
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });

describe('Idempotency-Key on routes that move coins', () => {
  it('answers a repeat with the first answer and moves the coins once', async () => {
    const [alice, bob] = await Promise.all([registerUser(server), registerUser(server)]);
    const first = await send(alice.token, 'key-repeat-0001', bob.username, 100);
    const again = await send(alice.token, 'key-repeat-0001', bob.username, 100);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(await balanceOf(server, alice.id)).toBe(900);
    expect(await balanceOf(server, bob.id)).toBe(1100);
  });

  it('applies 20 parallel copies of one request once; the others wait-and-replay or are told it is in progress', async () => {
    const [alice, bob] = await Promise.all([registerUser(server), registerUser(server)]);
    const results = await Promise.all(Array.from({ length: 20 }, () => send(alice.token, 'key-parallel-01', bob.username, 30)));
    const statuses = results.map((r) => r.status);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    for (const r of results.filter((r) => r.status === 409)) expectError(r, 409, { message: 'still being processed' });
    expect(await balanceOf(server, alice.id)).toBe(970);
  });

  it('keeps keys per user: the same key from two users is two requests', async () => {
    const [alice, carol, bob] = await Promise.all([registerUser(server), registerUser(server), registerUser(server)]);
    expect((await send(alice.token, 'shared-key-001', bob.username, 10)).status).toBe(200);
    expect((await send(carol.token, 'shared-key-001', bob.username, 10)).status).toBe(200);
    expect(await balanceOf(server, bob.id)).toBe(1020);
  });

  it('refuses a key reused for a different request', async () => {
    const [alice, bob] = await Promise.all([registerUser(server), registerUser(server)]);
    await send(alice.token, 'key-reused-0001', bob.username, 10);
    expectError(await send(alice.token, 'key-reused-0001', bob.username, 11), 409, { message: 'different request' });
    expect(await balanceOf(server, alice.id)).toBe(990);
  });

  it('replays a refusal too, and changes nothing', async () => {
    const [alice, bob] = await Promise.all([registerUser(server), registerUser(server)]);
    const first = await send(alice.token, 'key-refusal-001', bob.username, 5000);
    expectError(first, 409, { code: 'INSUFFICIENT_FUNDS' });
    const again = await send(alice.token, 'key-refusal-001', bob.username, 5000);
    expect(again.status).toBe(409);
    expect(again.body).toEqual(first.body);
    expect(await balanceOf(server, alice.id)).toBe(1000);
  });

  it('forgets a key after 24 hours', async () => {
    const [alice, bob] = await Promise.all([registerUser(server), registerUser(server)]);
    await send(alice.token, 'key-expired-001', bob.username, 10);
    await server.db.rows(sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = 'key-expired-001'`);
    const later = await send(alice.token, 'key-expired-001', bob.username, 10);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(await balanceOf(server, alice.id)).toBe(980);
    expect(await server.deps.idempotency.prune()).toBe(0);
  });

  it('works on wagers: a retried wager is placed once', async () => {
    const user = await registerUser(server);
    const admin = await registerAdmin(server);
    const created = await callRoute(server, 'POST /api/bets/create', {
      token: admin.token,
      body: { title: `idem ${user.username}`, endTime: new Date(Date.now() + 3_600_000).toISOString(), options: [{ text: 'Yes', odds: 2 }, { text: 'No', odds: 2 }] },
    });
    const wager = () =>
      callRoute(server, 'POST /api/bets/predict', {
        token: user.token,
        body: { betId: created.body.bet._id, choice: 'Yes', amount: 50 },
        headers: { 'idempotency-key': 'wager-key-00001' },
      });
    expect((await wager()).status).toBe(200);
    expect((await wager()).status).toBe(200);
    expect(await balanceOf(server, user.id)).toBe(950);
  });

  it('refuses a malformed key with 400 and changes nothing', async () => {
    const [alice, bob] = await Promise.all([registerUser(server), registerUser(server)]);
    expectError(await send(alice.token, 'short', bob.username, 10), 400, { message: 'Idempotency-Key' });
    expectError(await send(alice.token, 'has spaces in it', bob.username, 10), 400, { message: 'Idempotency-Key' });
    expect(await balanceOf(server, alice.id)).toBe(1000);
  });

  it('leaves requests without a key as they were', async () => {
    const [alice, bob] = await Promise.all([registerUser(server), registerUser(server)]);
    await send(alice.token, undefined, bob.username, 10);
    await send(alice.token, undefined, bob.username, 10);
    expect(await balanceOf(server, alice.id)).toBe(980);
  });
});
