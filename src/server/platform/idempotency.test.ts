import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { balanceOf, registerAdmin, registerUser, useTestServer } from '../testing/harness';
import { expectError } from '../testing/expectations';
import { callRoute } from '../testing/callRoute';
import { LOST_ANSWER, requestFingerprint } from './idempotency';
import { RunTakenOver } from '../db/writeMarks';
import { holdWagerGroups, wagerGroupCounts } from '../features/bets/service';

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
    const results = await Promise.all(
      Array.from({ length: 20 }, () => send(alice.token, 'key-parallel-01', bob.username, 30)),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    for (const r of results.filter((r) => r.status === 409))
      expectError(r, 409, { message: 'still being processed' });
    expect(await balanceOf(server, alice.id)).toBe(970);
  });

  it('keeps keys per user: the same key from two users is two requests', async () => {
    const [alice, carol, bob] = await Promise.all([
      registerUser(server),
      registerUser(server),
      registerUser(server),
    ]);
    expect((await send(alice.token, 'shared-key-001', bob.username, 10)).status).toBe(200);
    expect((await send(carol.token, 'shared-key-001', bob.username, 10)).status).toBe(200);
    expect(await balanceOf(server, bob.id)).toBe(1020);
  });

  it('refuses a key reused for a different request', async () => {
    const [alice, bob] = await Promise.all([registerUser(server), registerUser(server)]);
    await send(alice.token, 'key-reused-0001', bob.username, 10);
    expectError(await send(alice.token, 'key-reused-0001', bob.username, 11), 409, {
      message: 'different request',
    });
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
    await server.db.rows(
      sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = 'key-expired-001'`,
    );
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
      body: {
        title: `idem ${user.username}`,
        endTime: new Date(Date.now() + 3_600_000).toISOString(),
        options: [
          { text: 'Yes', odds: 2 },
          { text: 'No', odds: 2 },
        ],
      },
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
    expectError(await send(alice.token, 'short', bob.username, 10), 400, {
      message: 'Idempotency-Key',
    });
    expectError(await send(alice.token, 'has spaces in it', bob.username, 10), 400, {
      message: 'Idempotency-Key',
    });
    expect(await balanceOf(server, alice.id)).toBe(1000);
  });

  it('leaves requests without a key as they were', async () => {
    const [alice, bob] = await Promise.all([registerUser(server), registerUser(server)]);
    await send(alice.token, undefined, bob.username, 10);
    await send(alice.token, undefined, bob.username, 10);
    expect(await balanceOf(server, alice.id)).toBe(980);
  });
});

describe('Idempotency-Key after a crash', () => {
  const route = 'POST /api/user/send-money';
  /** The row a process killed between reserving the key and answering leaves behind. */
  const leftByDeadProcess = async (
    userId: number,
    key: string,
    body: unknown,
    applied: boolean,
    leaseSeconds = -1,
  ) =>
    server.db.rows(sql`
      insert into idempotency_keys (user_id, key, route, fingerprint, run_id, applied, locked_until)
      values (${userId}, ${key}, ${route}, ${requestFingerprint(route, {}, body)}, 'dead-run', ${applied}, now() + make_interval(secs => ${leaseSeconds}))`);
  const rowOf = async (key: string) =>
    (
      await server.db.rows<{ status: number | null; applied: boolean | null }>(
        sql`select status, applied from idempotency_keys where key = ${key}`,
      )
    )[0];

  it('runs a retry cleanly when the dead run applied nothing, once, and replays it after', async () => {
    const [alice, bob] = await Promise.all([registerUser(server), registerUser(server)]);
    await leftByDeadProcess(
      alice.id,
      'key-crashed-001',
      { recipientUsername: bob.username, amount: 40 },
      false,
    );
    const retry = await send(alice.token, 'key-crashed-001', bob.username, 40);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    const again = await send(alice.token, 'key-crashed-001', bob.username, 40);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await balanceOf(server, alice.id)).toBe(960);
    expect(await balanceOf(server, bob.id)).toBe(1040);
    expect(await rowOf('key-crashed-001')).toEqual({ status: 200, applied: true });
  });

  it('lets 20 parallel retries of a dead run apply it once', async () => {
    const [alice, bob] = await Promise.all([registerUser(server), registerUser(server)]);
    await leftByDeadProcess(
      alice.id,
      'key-crashed-002',
      { recipientUsername: bob.username, amount: 25 },
      false,
    );
    const results = await Promise.all(
      Array.from({ length: 20 }, () => send(alice.token, 'key-crashed-002', bob.username, 25)),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(server, alice.id)).toBe(975);
    expect(await balanceOf(server, bob.id)).toBe(1025);
  });

  it('never runs again a dead run whose effect was committed: the retry is told so, for good', async () => {
    const [alice, bob] = await Promise.all([registerUser(server), registerUser(server)]);
    await leftByDeadProcess(
      alice.id,
      'key-crashed-003',
      { recipientUsername: bob.username, amount: 40 },
      true,
    );
    const retry = await send(alice.token, 'key-crashed-003', bob.username, 40);
    expect(retry.status).toBe(409);
    expect(retry.body).toEqual(LOST_ANSWER.body);
    expect((await send(alice.token, 'key-crashed-003', bob.username, 40)).body).toEqual(
      LOST_ANSWER.body,
    );
    expect(await balanceOf(server, alice.id)).toBe(1000);
  });

  it('keeps a key whose run is alive (its lease not run out) in progress', async () => {
    const [alice, bob] = await Promise.all([registerUser(server), registerUser(server)]);
    await leftByDeadProcess(
      alice.id,
      'key-running-01',
      { recipientUsername: bob.username, amount: 40 },
      false,
      30,
    );
    expectError(await send(alice.token, 'key-running-01', bob.username, 40), 409, {
      message: 'still being processed',
    });
    expect(await balanceOf(server, alice.id)).toBe(1000);
  });

  it('marks the row applied in the transaction of the effect, and not for a refusal', async () => {
    const [alice, bob] = await Promise.all([registerUser(server), registerUser(server)]);
    await send(alice.token, 'key-marked-0001', bob.username, 10);
    await send(alice.token, 'key-marked-0002', bob.username, 5000);
    expect(await rowOf('key-marked-0001')).toEqual({ status: 200, applied: true });
    expect(await rowOf('key-marked-0002')).toEqual({ status: 409, applied: false });
  });

  it('marks every request a group statement carried (wagers of several players in one statement)', async () => {
    const admin = await registerAdmin(server);
    const players = await Promise.all(Array.from({ length: 4 }, () => registerUser(server)));
    const created = await callRoute(server, 'POST /api/bets/create', {
      token: admin.token,
      body: {
        title: `grouped ${players[0]!.username}`,
        endTime: new Date(Date.now() + 3_600_000).toISOString(),
        options: [
          { text: 'Yes', odds: 2 },
          { text: 'No', odds: 2 },
        ],
      },
    });
    const before = wagerGroupCounts(server.db).done;
    const release = holdWagerGroups(server.db);
    const wagers = players.map((p) =>
      callRoute(server, 'POST /api/bets/predict', {
        token: p.token,
        body: { betId: created.body.bet._id, choice: 'Yes', amount: 10 },
        headers: { 'idempotency-key': `grouped-${p.id}-key` },
      }),
    );
    await new Promise((r) => setTimeout(r, 300));
    release();
    expect((await Promise.all(wagers)).map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const rows = await server.db.rows<{ applied: boolean }>(
      sql`select applied from idempotency_keys where key like ${'grouped-%'}`,
    );
    expect(rows.map((r) => r.applied)).toEqual([true, true, true, true]);
    expect(wagerGroupCounts(server.db).done - before).toBeGreaterThanOrEqual(2);
  });

  it('stops a stalled run whose key a retry took over from committing anything', async () => {
    const alice = await registerUser(server);
    const idem = server.deps.idempotency;
    const reservation = await idem.reserve(alice.id, 'key-stalled-001', route, 'fingerprint');
    if (reservation.kind !== 'new') throw new Error('expected a new reservation');
    // A retry took the key over while this run stalled past its lease.
    await server.db.rows(
      sql`update idempotency_keys set run_id = 'the-retry' where key = 'key-stalled-001'`,
    );
    const write = idem.run(reservation.runId, () =>
      server.db.tx((tx) =>
        tx.rows(sql`update users set balance = balance + 1 where id = ${alice.id}`),
      ),
    );
    await expect(write).rejects.toBeInstanceOf(RunTakenOver);
    const single = idem.run(reservation.runId, () =>
      server.db.rows(sql`update users set balance = balance + 1 where id = ${alice.id}`),
    );
    await expect(single).rejects.toBeInstanceOf(RunTakenOver);
    expect(await balanceOf(server, alice.id)).toBe(1000);
  });
});
