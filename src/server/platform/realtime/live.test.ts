import { describe, expect, it } from 'vitest';
import pg from 'pg';
import {
  registerAdmin,
  registerUser,
  uniqueName,
  usingPostgres,
  useTestServer,
} from '../../testing/harness';
import { openLive, takeTicket } from '../../testing/liveClient';
import { giveItem, insertItem } from '../../features/store/builders';
import { createBet } from '../../features/bets/builders';
import { sql } from 'drizzle-orm';
import { callRoute } from '../../testing/callRoute';

const server = useTestServer();

async function liveFor(token: string) {
  return openLive(server.url, await takeTicket(server.url, token));
}

describe('POST /api/live/ticket', () => {
  it('needs a token', async () => {
    const res = await callRoute(server, 'POST /api/live/ticket');
    expect(res.status).toBe(401);
  });

  it('opens one socket, once: a reused or made-up ticket is closed with 4401', async () => {
    const user = await registerUser(server);
    const ticket = await takeTicket(server.url, user.token);
    const first = await openLive(server.url, ticket);
    expect(first.messages[0]?.kind).toBe('hello');
    const again = await openLive(server.url, ticket);
    expect((await again.closed).code).toBe(4401);
    const madeUp = await openLive(server.url, 'not-a-ticket');
    expect((await madeUp.closed).code).toBe(4401);
    first.close();
  });
});

describe('live events', () => {
  it("pushes a user's new balance from a transfer to that user only, and who sent how much to the recipient", async () => {
    const [alice, bob, carol] = await Promise.all([
      registerUser(server),
      registerUser(server),
      registerUser(server),
    ]);
    const [aliceLive, bobLive, carolLive] = await Promise.all([
      liveFor(alice.token),
      liveFor(bob.token),
      liveFor(carol.token),
    ]);
    const sent = await callRoute(server, 'POST /api/user/send-money', {
      token: bob.token,
      body: { recipientUsername: alice.username, amount: 25 },
    });
    expect(sent.status).toBe(200);
    const message = await aliceLive.next((m) => m.kind === 'balance', 2000);
    expect(message).toEqual({ kind: 'balance', payload: { balance: 1025 } });
    const received = await aliceLive.next((m) => m.kind === 'coins.received', 2000);
    expect(received).toEqual({
      kind: 'coins.received',
      payload: { transferId: expect.any(String), from: bob.username, amount: 25 },
    });
    // A refused transfer announces nothing.
    const refused = await callRoute(server, 'POST /api/user/send-money', {
      token: bob.token,
      body: { recipientUsername: alice.username, amount: 1_000_000 },
    });
    expect(refused.status).toBe(409);
    // Carol's socket hears nothing of it; the sender hears no 'received'.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      carolLive.messages.filter((m) => m.kind === 'balance' || m.kind === 'coins.received'),
    ).toEqual([]);
    expect(bobLive.messages.filter((m) => m.kind === 'coins.received')).toEqual([]);
    expect(aliceLive.messages.filter((m) => m.kind === 'coins.received')).toHaveLength(1);
    aliceLive.close();
    bobLive.close();
    carolLive.close();
  });

  it('tells every socket of a new bet and only admins of admin log entries', async () => {
    const [admin, user] = await Promise.all([registerAdmin(server), registerUser(server)]);
    const [adminLive, userLive] = await Promise.all([liveFor(admin.token), liveFor(user.token)]);
    const created = await callRoute(server, 'POST /api/bets/create', {
      token: admin.token,
      body: {
        title: `Live ${uniqueName()}`,
        description: 'pushed',
        endTime: new Date(Date.now() + 3600_000).toISOString(),
        options: [
          { text: 'Yes', odds: 2 },
          { text: 'No', odds: 2 },
        ],
      },
    });
    expect(created.status).toBe(201);
    const betId = created.body.bet._id;
    expect(await userLive.next((m) => m.kind === 'bet.created')).toEqual({
      kind: 'bet.created',
      payload: { betId },
    });
    await adminLive.next((m) => m.kind === 'admin.log');
    // A wager's vote count arrives coalesced, within about a second.
    const placed = await callRoute(server, 'POST /api/bets/predict', {
      token: user.token,
      body: { betId, choice: 'Yes', amount: 5 },
    });
    expect(placed.status).toBe(200);
    expect(await userLive.next((m) => m.kind === 'bet.votes', 3000)).toEqual({
      kind: 'bet.votes',
      payload: { betId },
    });
    expect(userLive.messages.some((m) => m.kind === 'admin.log')).toBe(false);
    adminLive.close();
    userLive.close();
  });

  it('sends the first vote count at once and coalesces a burst of wagers into at most one more a second', async () => {
    const admin = await registerAdmin(server);
    const bettors = await Promise.all(Array.from({ length: 10 }, () => registerUser(server)));
    const bet = await createBet(server, admin);
    const watcher = await liveFor(bettors[0]!.token);
    const wager = (token: string) =>
      callRoute(server, 'POST /api/bets/predict', {
        token,
        body: { betId: bet._id, choice: 'Yes', amount: 1 },
      });
    expect((await wager(bettors[0]!.token)).status).toBe(200);
    const sent = Date.now();
    await watcher.next((m) => m.kind === 'bet.votes' && m.payload.betId === bet._id, 3000);
    // Leading edge: nothing waits for a timer when the bet was quiet.
    expect(Date.now() - sent).toBeLessThan(900);
    const burst = await Promise.all(bettors.flatMap((b) => [wager(b.token), wager(b.token)]));
    expect(burst.every((r) => r.status === 200)).toBe(true);
    await watcher.next(
      (m) =>
        m.kind === 'bet.votes' &&
        m.payload.betId === bet._id &&
        watcher.messages.filter((x) => x.kind === 'bet.votes').length >= 2,
      3000,
    );
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const rows = await server.db.rows<{ n: number }>(
      sql`select count(*)::int as n from realtime_events where kind = 'bet.votes' and payload->>'betId' = ${bet._id}`,
    );
    // 21 wagers: the first event, then one for the whole burst (two if it straddled a flush).
    expect(rows[0]?.n).toBeGreaterThanOrEqual(2);
    expect(rows[0]?.n).toBeLessThanOrEqual(3);
    watcher.close();
  });

  it('tells the recipient of a trade offer', async () => {
    const [alice, bob] = await Promise.all([registerUser(server), registerUser(server)]);
    const item = await insertItem(server.db, { name: `Live gem ${uniqueName()}` });
    await giveItem(server.db, alice.id, item.id, 1);
    const bobLive = await liveFor(bob.token);
    const res = await callRoute(server, 'POST /api/trades/request', {
      token: alice.token,
      body: { toUsername: bob.username, fromItems: [{ itemId: String(item.id), quantity: 1 }] },
    });
    expect(res.status).toBeLessThan(300);
    expect((await bobLive.next((m) => m.kind === 'trade.offered')).kind).toBe('trade.offered');
    bobLive.close();
  });

  it('closes the socket of a session that signs out, and keeps the others', async () => {
    const user = await registerUser(server);
    const login = await callRoute(server, 'POST /auth/login', {
      body: { username: user.username, password: 'correct-horse-9' },
    });
    const [first, second] = await Promise.all([liveFor(user.token), liveFor(login.body.token)]);
    expect((await callRoute(server, 'POST /auth/logout', { token: user.token })).status).toBe(200);
    expect((await first.closed).code).toBe(4401);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const secondState = await Promise.race([
      second.closed.then(() => 'closed'),
      Promise.resolve('open'),
    ]);
    expect(secondState).toBe('open');
    second.close();
  });
});

describe.runIf(usingPostgres())('events committed out of id order', () => {
  it('delivers an event whose transaction commits after a later id was already read', async () => {
    const user = await registerUser(server);
    const live = await liveFor(user.token);
    const slow = new pg.Client({ connectionString: server.config.databaseUrl });
    await slow.connect();
    try {
      // The slow transaction takes the lower id and holds it uncommitted.
      await slow.query('begin');
      await slow.query(
        `insert into realtime_events (kind, user_id, payload) values ('trade.offered', $1, '{"tradeId":"slow"}')`,
        [user.id],
      );
      await server.db.rows(
        sql`insert into realtime_events (kind, user_id, payload) values ('trade.offered', ${user.id}, '{"tradeId":"fast"}')`,
      );
      server.deps.live.changed();
      expect(await live.next((m) => m.kind === 'trade.offered')).toEqual({
        kind: 'trade.offered',
        payload: { tradeId: 'fast' },
      });
      await slow.query('commit');
      server.deps.live.changed();
      expect(
        await live.next((m) => m.kind === 'trade.offered' && m.payload.tradeId === 'slow'),
      ).toEqual({
        kind: 'trade.offered',
        payload: { tradeId: 'slow' },
      });
      expect(live.messages.filter((m) => m.kind === 'trade.offered')).toHaveLength(2);
    } finally {
      await slow.end();
      live.close();
    }
  });
});
