import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { registerUser, useTestServer, type TestUser } from '../../testing/harness';
import { openLive, takeTicket } from '../../testing/liveClient';
import { createBet, optionId } from './builders';
import { callRoute } from '../../testing/callRoute';
import { useAdmin } from '../../testing/builders';

const server = useTestServer();
const admin = useAdmin(server);

/** The 'bet.paid' events of a bet, by user: what its settlement told each player. */
async function paidOf(betId: string): Promise<Map<number, unknown>> {
  await server.deps.events.flush();
  const rows = await server.db.rows<{ user_id: number; payload: unknown }>(sql`
    select user_id, payload from realtime_events where kind = 'bet.paid' and payload->>'betId' = ${betId}`);
  return new Map(rows.map((r) => [Number(r.user_id), r.payload]));
}

const settledEvents = (betId: string) =>
  server.db.rows<{ payload: unknown; delivered: boolean }>(sql`
    select payload, delivered_at is not null as delivered from domain_events
    where name = 'BetSettled' and (payload->>'betId')::bigint = ${Number(betId)}`);

const predict = (u: TestUser, betId: string, choice: string) =>
  callRoute(server, 'POST /api/bets/predict', {
    token: u.token,
    body: { betId, choice, amount: 10 },
  });

describe('BetSettled (recorded with the settlement; its listener tells each player paid)', () => {
  it('a finalize tells each winner what it paid them, singles and completed parlays together, once', async () => {
    const [a, b] = await Promise.all([createBet(server, admin), createBet(server, admin)]);
    const [single, both, loser] = await Promise.all([
      registerUser(server),
      registerUser(server),
      registerUser(server),
    ]);
    expect((await predict(single, a._id, 'Yes')).status).toBe(200);
    expect((await predict(both, a._id, 'Yes')).status).toBe(200);
    expect((await predict(loser, a._id, 'No')).status).toBe(200);
    const parlay = await callRoute(server, 'POST /api/bets/parlay', {
      token: both.token,
      body: {
        amount: 10,
        bets: [
          { betId: a._id, choice: 'Yes', odds: 2.5 },
          { betId: b._id, choice: 'Yes', odds: 2.5 },
        ],
        totalOdds: 6.25,
      },
    });
    expect(parlay.status).toBe(201);
    const live = await openLive(server.url, await takeTicket(server.url, both.token));

    // b first: the parlay still has a's leg open, so nobody is paid yet.
    await callRoute(server, 'POST /api/bets/finalize', {
      token: admin.token,
      body: { betId: b._id, optionId: optionId(b, 'Yes') },
    });
    expect(await paidOf(b._id)).toEqual(new Map());
    expect(await settledEvents(b._id)).toEqual([
      {
        payload: {
          betId: Number(b._id),
          outcome: 'finalized',
          winningOptionId: Number(optionId(b, 'Yes')),
        },
        delivered: true,
      },
    ]);

    await callRoute(server, 'POST /api/bets/finalize', {
      token: admin.token,
      body: { betId: a._id, optionId: optionId(a, 'Yes') },
    });
    const paid = await paidOf(a._id);
    expect(paid).toEqual(
      new Map([
        [single.id, { betId: a._id, title: a.title, won: 25, refunded: 0 }],
        // The single's 25 and the parlay's 10 x 6.25, in one event.
        [both.id, { betId: a._id, title: a.title, won: 25 + 62, refunded: 0 }],
      ]),
    );
    expect(await live.next((m) => m.kind === 'bet.paid', 2000)).toEqual({
      kind: 'bet.paid',
      payload: { betId: a._id, title: a.title, won: 87, refunded: 0 },
    });
    live.close();

    // A refused second settlement records nothing.
    const again = await callRoute(server, 'POST /api/bets/finalize', {
      token: admin.token,
      body: { betId: a._id, optionId: optionId(a, 'No') },
    });
    expect(again.status).toBe(409);
    expect(await settledEvents(a._id)).toHaveLength(1);
    expect(await paidOf(a._id)).toHaveProperty('size', 2);
  });

  it('a void tells each player their refund, and the win of a parlay it completed', async () => {
    const [a, b] = await Promise.all([createBet(server, admin), createBet(server, admin)]);
    const user = await registerUser(server);
    expect((await predict(user, b._id, 'Yes')).status).toBe(200);
    const parlay = await callRoute(server, 'POST /api/bets/parlay', {
      token: user.token,
      body: {
        amount: 10,
        bets: [
          { betId: a._id, choice: 'Yes', odds: 2.5 },
          { betId: b._id, choice: 'Yes', odds: 2.5 },
        ],
        totalOdds: 6.25,
      },
    });
    expect(parlay.status).toBe(201);
    await callRoute(server, 'POST /api/bets/finalize', {
      token: admin.token,
      body: { betId: a._id, optionId: optionId(a, 'Yes') },
    });
    expect(await paidOf(a._id)).toEqual(new Map());
    await callRoute(server, 'POST /api/admin/bets/:id/void', {
      token: admin.token,
      params: { id: b._id },
    });
    // The single wager on b is refunded; the parlay wins on its remaining leg, at 2.5x.
    expect(await paidOf(b._id)).toEqual(
      new Map([[user.id, { betId: b._id, title: b.title, won: 25, refunded: 10 }]]),
    );
    expect(await settledEvents(b._id)).toEqual([
      {
        payload: { betId: Number(b._id), outcome: 'voided', winningOptionId: null },
        delivered: true,
      },
    ]);
  });
});
