import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { auditReport } from '../../audit/public';
import {
  balanceOf,
  expectLedgerBalanced,
  registerUser,
  useTestServer,
} from '../../../testing/harness';
import { expectBadField, expectError } from '../../../testing/expectations';
import { callRoute, callRouteRaw } from '../../../testing/callRoute';
import { mysteryBoxRound } from '../../../../shared/games/mysteryBox/round';
import { grantGold } from '../virtualPet/builders';

const server = useTestServer();

async function expectConserved(): Promise<void> {
  await expectLedgerBalanced(server);
  expect((await auditReport(server.db, server.deps.modules)).problem).toBeNull();
}

describe('mystery box', () => {
  it('lists the boxes with their return and contents; opening 5 takes 5 prices and drops 5 collectibles as 5 verifiable rounds', async () => {
    const user = await registerUser(server);
    const list = await callRoute(server, 'GET /api/games/mystery-box', { token: user.token });
    expect(list.body.boxes.map((b) => [b.id, b.price, b.rtp])).toEqual([
      ['bronze', 100, '94.81%'],
      ['gold', 1000, '94.81%'],
    ]);
    expect(list.body.boxes[0]!.tiers.map((t) => t.weight)).toEqual([7992, 1598, 320, 64, 26]);
    const res = await callRoute(server, 'POST /api/games/mystery-box/open', {
      token: user.token,
      body: { boxId: 'bronze', count: 5 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.balance).toBe(500);
    expect(res.body.results).toHaveLength(5);
    for (const r of res.body.results) {
      const [round] = await server.db.rows<{
        server_seed: string;
        client_seed: string;
        nonce: number;
        params: Record<string, unknown>;
        game: string;
      }>(sql`
        select s.server_seed, r.client_seed, r.nonce, r.params, r.game from game_rounds r join fairness_seeds s on s.id = r.seed_id where r.id = ${Number(r.roundId)}`);
      expect(round?.game).toBe('mystery-box');
      expect(
        mysteryBoxRound.replay(
          round!.server_seed,
          round!.client_seed,
          Number(round!.nonce),
          round!.params,
        ),
      ).toMatchObject({ tierName: r.tier, value: r.item.value });
    }
    // The round lists say what each opening cost (issue 33: they said 'stake 0').
    const listed = await callRoute(server, 'GET /api/games/rounds', {
      token: user.token,
      query: { limit: 10 },
    });
    expect(listed.body.rounds.map((r) => [r.game, r.stake, r.payout])).toEqual(
      Array.from({ length: 5 }, () => ['mystery-box', 100, 0]),
    );
    // The drops are store cosmetics: in the inventory, on the profile's collections, tradeable.
    const inventory = (await callRoute(server, 'GET /api/store/user', { token: user.token })).body
      .inventory;
    expect(inventory.reduce((n, e) => n + e.quantity, 0)).toBe(5);
    expect(inventory.every((e) => e.item.type === 'cosmetic')).toBe(true);
    // Each says what it sells back for, so the inventory can offer the sale later.
    for (const r of res.body.results)
      expect(inventory.find((e) => e.item._id === r.item._id)?.item.sellBack).toBe(r.item.value);
    const store = await callRoute(server, 'GET /api/store', {});
    expect(store.body.some((i) => res.body.results.some((r) => r.item._id === i._id))).toBe(false);
    await expectConserved();
  });

  it('sells a collectible back at its value, now or later; not a unit offered in a trade', async () => {
    const user = await registerUser(server);
    const friend = await registerUser(server);
    const opened = (
      await callRoute(server, 'POST /api/games/mystery-box/open', {
        token: user.token,
        body: { boxId: 'bronze', count: 1 },
      })
    ).body.results[0]!;
    const sold = await callRoute(server, 'POST /api/games/mystery-box/sell', {
      token: user.token,
      body: { itemId: opened.item._id, quantity: 1 },
    });
    expect(sold.body).toMatchObject({
      paid: opened.item.value,
      balance: 900 + opened.item.value,
      left: 0,
    });
    expectError(
      await callRouteRaw(server, 'POST /api/games/mystery-box/sell', {
        token: user.token,
        body: { itemId: opened.item._id, quantity: 1 },
      }),
      409,
      { message: 'You have 0' },
    );
    // Another player's unit is not the caller's to sell: the owner keeps it and nobody is paid.
    const theirs = (
      await callRoute(server, 'POST /api/games/mystery-box/open', {
        token: friend.token,
        body: { boxId: 'bronze', count: 1 },
      })
    ).body.results[0]!;
    expectError(
      await callRouteRaw(server, 'POST /api/games/mystery-box/sell', {
        token: user.token,
        body: { itemId: theirs.item._id, quantity: 1 },
      }),
      409,
      { message: 'You have' },
    );
    expect(
      (await callRoute(server, 'GET /api/store/user', { token: friend.token })).body.inventory.find(
        (e) => e.item._id === theirs.item._id,
      )?.quantity,
    ).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(server, friend.id)).toBe(900);
    const kept = (
      await callRoute(server, 'POST /api/games/mystery-box/open', {
        token: user.token,
        body: { boxId: 'bronze', count: 1 },
      })
    ).body.results[0]!;
    const trade = await callRoute(server, 'POST /api/trades/request', {
      token: user.token,
      body: { toUsername: friend.username, fromItems: [{ itemId: kept.item._id, quantity: 1 }] },
    });
    expect(trade.status, JSON.stringify(trade.body)).toBe(201);
    expectError(
      await callRouteRaw(server, 'POST /api/games/mystery-box/sell', {
        token: user.token,
        body: { itemId: kept.item._id, quantity: 1 },
      }),
      409,
      { message: 'offered in a trade' },
    );
    await expectConserved();
  });

  it('refuses a short balance, bad input, a store item, and no token, changing nothing', async () => {
    const user = await registerUser(server);
    expectError(
      await callRouteRaw(server, 'POST /api/games/mystery-box/open', {
        token: user.token,
        body: { boxId: 'gold', count: 5 },
      }),
      409,
      { code: 'INSUFFICIENT_FUNDS' },
    );
    expectBadField(
      await callRouteRaw(server, 'POST /api/games/mystery-box/open', {
        token: user.token,
        body: { boxId: 'silver', count: 1 },
      }),
      'boxId',
    );
    expectBadField(
      await callRouteRaw(server, 'POST /api/games/mystery-box/open', {
        token: user.token,
        body: { boxId: 'bronze', count: 3 },
      }),
      'count',
    );
    expectBadField(
      await callRouteRaw(server, 'POST /api/games/mystery-box/sell', {
        token: user.token,
        body: { itemId: 'x', quantity: 1 },
      }),
      'itemId',
    );
    expectBadField(
      await callRouteRaw(server, 'POST /api/games/mystery-box/sell', {
        token: user.token,
        body: { itemId: 1, quantity: 0 },
      }),
      'quantity',
    );
    const [storeItem] = await server.db.rows<{ id: number }>(
      sql`insert into items (name, type, price, stock) values ('Plain hat ' || ${user.id}, 'cosmetic', 10, 5) returning id`,
    );
    expectBadField(
      await callRouteRaw(server, 'POST /api/games/mystery-box/sell', {
        token: user.token,
        body: { itemId: storeItem!.id, quantity: 1 },
      }),
      'itemId',
    );
    expectError(
      await callRouteRaw(server, 'POST /api/games/mystery-box/open', {
        body: { boxId: 'bronze', count: 1 },
      }),
      401,
    );
    expectError(
      await callRouteRaw(server, 'POST /api/games/mystery-box/sell', {
        body: { itemId: 1, quantity: 1 },
      }),
      401,
    );
    expectError(await callRouteRaw(server, 'GET /api/games/mystery-box', {}), 401);
    expect(await balanceOf(server, user.id)).toBe(1000);
    const [rounds] = await server.db.rows<{ n: number }>(
      sql`select count(*)::int as n from game_rounds where user_id = ${user.id}`,
    );
    expect(rounds?.n).toBe(0);
  });

  it('races: 10 openings at once from a balance for 3 -> 3; 8 sell-backs of one unit at once -> one', async () => {
    const user = await registerUser(server);
    await grantGold(server.db, user.id, -700);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        callRouteRaw(server, 'POST /api/games/mystery-box/open', {
          token: user.token,
          body: { boxId: 'bronze', count: 1 },
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(3);
    for (const r of results.filter((r) => r.status !== 200))
      expectError(r, 409, { code: 'INSUFFICIENT_FUNDS' });
    const one = ok[0]!.body.results[0]!.item;
    const before = await balanceOf(server, user.id);
    expect(before).toBe(0);
    const held = (
      await callRoute(server, 'GET /api/store/user', { token: user.token })
    ).body.inventory.find((e) => e.item._id === one._id)!.quantity;
    const sells = await Promise.all(
      Array.from({ length: 8 }, () =>
        callRouteRaw(server, 'POST /api/games/mystery-box/sell', {
          token: user.token,
          body: { itemId: one._id, quantity: held },
        }),
      ),
    );
    expect(sells.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await balanceOf(server, user.id)).toBe(one.value * held);
    await expectConserved();
  });
});
