import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { NotificationKind } from '../../../shared/api/notifications';
import { callRoute } from '../../testing/callRoute';
import { useAdmin } from '../../testing/builders';
import { registerUser, useTestServer, type TestUser } from '../../testing/harness';
import { openLive, takeTicket } from '../../testing/liveClient';
import { createBet, optionId } from '../bets/builders';
import { boughtService, finalizedService, serviceCalls } from '../services/builders';
import { giveItem, insertItem } from '../store/builders';
import { tradeCalls } from '../trades/builders';
import { noticeReachedAchievements } from '../achievements/reached';

/**
 * Each kind an action causes: exactly one inbox row, for the right player, none for anyone else,
 * also when the request is raced (20 at once, with one Idempotency-Key or without).
 */
const server = useTestServer({ newAccountHours: 0, newAccountActions: 0 });
const admin = useAdmin(server);

async function kindsOf(...users: TestUser[]): Promise<Record<string, NotificationKind[]>> {
  await server.deps.events.flush();
  const rows = await server.db.rows<{ user_id: number; kind: NotificationKind }>(sql`
    select user_id, kind from notifications where user_id in ${users.map((u) => u.id)} order by id`);
  return Object.fromEntries(
    users.map((u) => [u.username, rows.filter((r) => r.user_id === u.id).map((r) => r.kind)]),
  );
}

const twenty = <T>(run: () => Promise<T>) => Promise.all(Array.from({ length: 20 }, run));

describe('trades', () => {
  it('tells the other party of an offer, an answer, the completion, once each under races', async () => {
    const [a, b] = [await registerUser(server), await registerUser(server)];
    const [x, y] = [await insertItem(server.db), await insertItem(server.db)];
    await giveItem(server.db, a.id, x.id, 1);
    await giveItem(server.db, b.id, y.id, 1);
    const t = tradeCalls(server);
    const key = { 'idempotency-key': 'offer-key-123456' };
    const offers = await twenty(() =>
      t.request(
        a.token,
        { toUsername: b.username, fromItems: [{ itemId: String(x.id), quantity: 1 }] },
        key,
      ),
    );
    const tradeId = (offers.find((r) => r.status === 201)!.body as { _id: string })._id;
    expect(await kindsOf(a, b)).toEqual({ [a.username]: [], [b.username]: ['trade_offered'] });
    await twenty(() =>
      t.respond(b.token, tradeId, {
        action: 'accept',
        toItems: [{ itemId: String(y.id), quantity: 1 }],
      }),
    );
    await twenty(() => t.finalize(a.token, tradeId));
    expect(await kindsOf(a, b)).toEqual({
      [a.username]: ['trade_answered'],
      [b.username]: ['trade_offered', 'trade_finalized'],
    });
  });

  it('tells the other party of a cancel', async () => {
    const [a, b] = [await registerUser(server), await registerUser(server)];
    const x = await insertItem(server.db);
    await giveItem(server.db, a.id, x.id, 1);
    const t = tradeCalls(server);
    const offer = await t.request(a.token, {
      toUsername: b.username,
      fromItems: [{ itemId: String(x.id), quantity: 1 }],
    });
    await twenty(() => t.cancel(b.token, (offer.body as { _id: string })._id));
    expect((await kindsOf(a, b))[a.username]).toEqual(['trade_cancelled']);
  });
});

describe('services', () => {
  it('tells the provider of a purchase and acceptance, the buyer of delivery, once each', async () => {
    const [provider, buyer] = [await registerUser(server), await registerUser(server)];
    const service = await finalizedService(server, provider, buyer, 40);
    await twenty(() => serviceCalls(server).accept(buyer.token, service._id));
    expect(await kindsOf(provider, buyer)).toEqual({
      [provider.username]: ['service_bought', 'service_accepted'],
      [buyer.username]: ['service_finalized'],
    });
  });

  it('tells the buyer of a refund', async () => {
    const [provider, buyer] = [await registerUser(server), await registerUser(server)];
    const service = await boughtService(server, provider, buyer, 30);
    await twenty(() => serviceCalls(server).refund(provider.token, service._id));
    expect((await kindsOf(buyer))[buyer.username]).toEqual(['service_refunded']);
  });
});

describe('bets and admin grants', () => {
  it('tells each bettor of a settlement once, and nobody else', async () => {
    const [winner, loser, idle] = [
      await registerUser(server),
      await registerUser(server),
      await registerUser(server),
    ];
    const bet = await createBet(server, admin);
    for (const [u, choice] of [
      [winner, 'Yes'],
      [loser, 'No'],
    ] as const)
      await callRoute(server, 'POST /api/bets/predict', {
        token: u.token,
        body: { betId: bet._id, choice, amount: 10 },
      });
    await twenty(() =>
      callRoute(server, 'POST /api/bets/finalize', {
        token: admin.token,
        body: { betId: bet._id, optionId: optionId(bet, 'Yes') },
      }),
    );
    expect(await kindsOf(winner, loser, idle)).toEqual({
      [winner.username]: ['bet_settled'],
      [loser.username]: [],
      [idle.username]: [],
    });
  });

  it('tells a player an admin changed their balance, once per change under one key', async () => {
    const player = await registerUser(server);
    const live = await openLive(server.url, await takeTicket(server.url, player.token));
    await twenty(() =>
      callRoute(server, 'PATCH /api/admin/balance/:username', {
        token: admin.token,
        params: { username: player.username },
        body: { amount: 5 },
        headers: { 'idempotency-key': 'grant-key-1234567' },
      }),
    );
    expect((await kindsOf(player))[player.username]).toEqual(['admin_grant']);
    const got = await live.next((m) => m.kind === 'notification.new', 5000);
    expect(got).toMatchObject({ payload: { unread: 1 } });
    live.close();
  });
});

describe('duels and communities', () => {
  it('tells the opponent of a challenge and the challenger of the result', async () => {
    const [c, o] = [await registerUser(server), await registerUser(server)];
    await callRoute(server, 'POST /api/games/rps', {
      token: c.token,
      body: { opponentUsername: o.username, buyIn: 10, userChoice: 'rock' },
    });
    await twenty(() =>
      callRoute(server, 'POST /api/games/rps', {
        token: o.token,
        body: { opponentUsername: c.username, buyIn: 10, userChoice: 'paper' },
        headers: { 'idempotency-key': 'rps-answer-12345' },
      }),
    );
    expect(await kindsOf(c, o)).toEqual({
      [c.username]: ['duel_result'],
      [o.username]: ['duel_challenge'],
    });
    const [result] = await server.db.rows<{ title: string }>(
      sql`select title from notifications where user_id = ${c.id} and kind = 'duel_result'`,
    );
    expect(result?.title).toBe(`You lost against ${o.username}`);
  });

  it('tells the mentioned and the approved, not the author', async () => {
    const [owner, asker] = [await registerUser(server), await registerUser(server)];
    const slug = `k${Date.now().toString(36)}`;
    await callRoute(server, 'POST /api/communities', {
      token: owner.token,
      body: { slug, name: 'Kinds club', joinPolicy: 'approval' },
    });
    await callRoute(server, 'POST /api/communities/:slug/join', {
      token: asker.token,
      params: { slug },
    });
    await twenty(() =>
      callRoute(server, 'POST /api/communities/:slug/requests/:username/approve', {
        token: owner.token,
        params: { slug, username: asker.username },
      }),
    );
    await callRoute(server, 'POST /api/communities/:slug/posts', {
      token: owner.token,
      params: { slug },
      body: { body: `welcome @${asker.username} and @${owner.username}` },
    });
    expect(await kindsOf(owner, asker)).toEqual({
      [owner.username]: [],
      [asker.username]: ['community', 'mention'],
    });
  });
});

describe('achievements', () => {
  it('tells a player once that an achievement can be claimed, whichever sweep finds it', async () => {
    const [player, other] = [await registerUser(server), await registerUser(server)];
    const created = await callRoute(server, 'POST /api/achievements/create', {
      token: admin.token,
      body: {
        title: `Two wagers ${player.username}`,
        description: 'Place two wagers',
        criteria: 'betsPlaced',
        threshold: 2,
        reward: 5,
        icon: '🎯',
      },
    });
    const bet = await createBet(server, admin);
    const wager = (u: TestUser) =>
      callRoute(server, 'POST /api/bets/predict', {
        token: u.token,
        body: { betId: bet._id, choice: 'Yes', amount: 1 },
      });
    const ours = async (u: TestUser) => {
      await server.deps.events.flush();
      return server.db.rows<{ title: string; link: string }>(sql`
        select title, link from notifications
        where user_id = ${u.id} and kind = 'achievement_claimable' and title like ${`%${player.username}%`}`);
    };
    await wager(player);
    await wager(other);
    await Promise.all([
      noticeReachedAchievements(server.deps),
      noticeReachedAchievements(server.deps),
    ]);
    expect(await ours(player)).toEqual([]);
    await wager(player);
    await Promise.all([
      noticeReachedAchievements(server.deps),
      noticeReachedAchievements(server.deps),
    ]);
    await noticeReachedAchievements(server.deps);
    expect(await ours(player)).toEqual([
      { title: `🎯 "Two wagers ${player.username}" can be claimed`, link: '/achievements' },
    ]);
    expect(await ours(other)).toEqual([]);
    // Claimed before any sweep saw it: nobody is told of what they already took.
    await wager(other);
    const claim = await callRoute(server, 'POST /api/achievements/complete', {
      token: other.token,
      body: { achievementId: created.body._id },
    });
    expect(claim.status).toBe(200);
    await noticeReachedAchievements(server.deps);
    expect(await ours(other)).toEqual([]);
  });
});
