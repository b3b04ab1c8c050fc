import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  balanceOf,
  expectLedgerBalanced,
  registerAdmin,
  registerUser,
  usingPostgres,
  useTestServer,
  type TestServer,
  type TestUser,
} from '../../testing/harness';
import { expectError } from '../../testing/expectations';
import { callRoute } from '../../testing/callRoute';

/**
 * Money under contention (issue 7). On PostgreSQL an index plan used to make a posting skip an
 * account another transaction had just changed, and opposite transfers deadlocked. Both
 * servers below force the plans that broke: many users after ANALYZE, and no sequential scans.
 */
const analyzed = useTestServer();
const noSeqScan = useTestServer({}, { pgSettings: { enable_seqscan: 'off' } });

async function addBystanders(server: TestServer, count: number): Promise<void> {
  // Plain rows are enough to change the planner's mind; they never take part.
  await server.db.rows(sql`
    insert into users (username, password_hash)
    select 'bystander' || g || '_' || floor(random() * 1e9)::bigint, 'x' from generate_series(1, ${count}) g`);
  await server.db.rows(sql`analyze users`);
}

async function sixtySendsOfThirty(server: TestServer): Promise<void> {
  const [sender, receiver] = await Promise.all([registerUser(server), registerUser(server)]);
  const results = await Promise.all(
    Array.from({ length: 60 }, () =>
      callRoute(server, 'POST /api/user/send-money', {
        token: sender.token,
        body: { recipientUsername: receiver.username, amount: 30 },
      }),
    ),
  );
  const ok = results.filter((r) => r.status === 200);
  const refused = results.filter((r) => r.status !== 200);
  expect(ok.length).toBe(33);
  for (const r of refused) expectError(r, 409, { code: 'INSUFFICIENT_FUNDS' });
  expect(await balanceOf(server, sender.id)).toBe(10);
  expect(await balanceOf(server, receiver.id)).toBe(1990);
}

describe('parallel sends from one account', () => {
  it('give exactly 33 successes and 27 insufficient funds with 500 users after ANALYZE', async () => {
    await addBystanders(analyzed, 500);
    await sixtySendsOfThirty(analyzed);
    await expectLedgerBalanced(analyzed);
  });

  it(`give exactly 33 successes and 27 insufficient funds with sequential scans off${usingPostgres() ? '' : ' (PGlite: one connection)'}`, async () => {
    await sixtySendsOfThirty(noSeqScan);
    await expectLedgerBalanced(noSeqScan);
  });
});

describe('transfers in opposite directions', () => {
  it('never deadlock: 8 clients each way, all answered 200 and the books balance', async () => {
    const [a, b] = await Promise.all([registerUser(noSeqScan), registerUser(noSeqScan)]);
    const send = (from: TestUser, to: TestUser) =>
      callRoute(noSeqScan, 'POST /api/user/send-money', {
        token: from.token,
        body: { recipientUsername: to.username, amount: 1 },
      });
    const started = Date.now();
    const rounds = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const statuses: number[] = [];
        for (let n = 0; n < 10; n++)
          statuses.push((await (i % 2 === 0 ? send(a, b) : send(b, a))).status);
        return statuses;
      }),
    );
    expect(rounds.flat().every((s) => s === 200)).toBe(true);
    expect((await balanceOf(noSeqScan, a.id)) + (await balanceOf(noSeqScan, b.id))).toBe(2000);
    // A deadlock costs PostgreSQL's deadlock_timeout (1 s) per victim; 80 sends take far less.
    expect(Date.now() - started).toBeLessThan(30_000);
    const [deadlocks] = usingPostgres()
      ? await noSeqScan.db.rows<{ n: number }>(
          sql`select deadlocks::int as n from pg_stat_database where datname = current_database()`,
        )
      : [{ n: 0 }];
    expect(deadlocks?.n).toBe(0);
    await expectLedgerBalanced(noSeqScan);
  });
});

describe('a banned account whose session another process still trusts', () => {
  // A long session cache stands in for a second process that has not heard of the ban yet.
  const trusting = useTestServer({ authCacheMs: 60_000 });

  it('cannot send coins, wager or place a parlay: each statement checks the actor', async () => {
    const [admin, user, friend] = await Promise.all([
      registerAdmin(trusting),
      registerUser(trusting),
      registerUser(trusting),
    ]);
    const bets = await Promise.all(
      ['A', 'B'].map((t) =>
        callRoute(trusting, 'POST /api/bets/create', {
          token: admin.token,
          body: {
            title: `ban race ${t} ${user.username}`,
            endTime: new Date(Date.now() + 3_600_000).toISOString(),
            options: [
              { text: 'Yes', odds: 2 },
              { text: 'No', odds: 2 },
            ],
          },
        }),
      ),
    );
    // Warm the cache, then ban behind its back.
    expect((await callRoute(trusting, 'GET /api/user/stats', { token: user.token })).status).toBe(
      200,
    );
    await trusting.db.rows(sql`update users set status = 'banned' where id = ${user.id}`);

    expectError(
      await callRoute(trusting, 'POST /api/user/send-money', {
        token: user.token,
        body: { recipientUsername: friend.username, amount: 10 },
      }),
      403,
      { code: 'BANNED' },
    );
    expectError(
      await callRoute(trusting, 'POST /api/bets/predict', {
        token: user.token,
        body: { betId: bets[0]!.body.bet._id, choice: 'Yes', amount: 10 },
      }),
      403,
      { code: 'BANNED' },
    );
    expectError(
      await callRoute(trusting, 'POST /api/bets/parlay', {
        token: user.token,
        body: {
          amount: 10,
          bets: bets.map((b) => ({ betId: b.body.bet._id, choice: 'Yes', odds: 2 })),
          totalOdds: 4,
        },
      }),
      403,
      { code: 'BANNED' },
    );
    expect(await balanceOf(trusting, user.id)).toBe(1000);
    expect(await balanceOf(trusting, friend.id)).toBe(1000);
  });
});
