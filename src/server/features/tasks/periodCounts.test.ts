import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registerUser, useTestServer } from '../../testing/harness';
import { useAdmin } from '../../testing/builders';
import { periodStart } from './periods';
import { periodCounts } from './progress';
import { createBet } from '../bets/builders';
import { insertItem } from '../store/builders';
import { callRoute } from '../../testing/callRoute';
import { placeWager, winWager } from './builders';

/** The period counts without a pass over the user's history (issue 20): placement counters and daily wins. */
const server = useTestServer();
const admin = useAdmin(server);

const DAY_MS = 24 * 3600 * 1000;
const today = () => periodStart('daily', new Date());
const counts = (userId: number, dayStart: Date) =>
  periodCounts(server.db, userId, dayStart, periodStart('weekly', dayStart));

describe('period counts', () => {
  it('counts wins from the day of their settlement: today, this week, and none from tomorrow on', async () => {
    const user = await registerUser(server);
    await winWager(server, admin, user);
    await winWager(server, admin, user);
    await placeWager(server, admin, user);
    const now = await counts(user.id, today());
    expect(now.daily).toMatchObject({ betsPlaced: 3, betsWon: 2 });
    expect(now.weekly).toMatchObject({ betsPlaced: 3, betsWon: 2 });
    expect(now.lifetime).toMatchObject({ betsPlaced: 3, betsWon: 2 });
    const tomorrow = await counts(user.id, new Date(today().getTime() + DAY_MS));
    expect(tomorrow.daily).toMatchObject({ betsPlaced: 0, betsWon: 0 });
    const [row] = await server.db.rows<{ wins: number }>(
      sql`select wins from wager_wins_daily where user_id = ${user.id}`,
    );
    expect(row?.wins).toBe(2);
  });

  it('counts wagers and parlays placed today and this week from the users row, none in the next day or week', async () => {
    const user = await registerUser(server);
    await placeWager(server, admin, user);
    const [a, b] = await Promise.all([createBet(server, admin), createBet(server, admin)]);
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
    expect(parlay.status, JSON.stringify(parlay.body)).toBe(201);
    const now = await counts(user.id, today());
    expect([now.daily.betsPlaced, now.weekly.betsPlaced, now.lifetime.betsPlaced]).toEqual([
      2, 2, 2,
    ]);
    expect((await counts(user.id, new Date(today().getTime() + DAY_MS))).daily.betsPlaced).toBe(0);
    const nextWeek = new Date(periodStart('weekly', today()).getTime() + 7 * DAY_MS);
    expect((await periodCounts(server.db, user.id, nextWeek, nextWeek)).weekly.betsPlaced).toBe(0);
  });

  it('20 wagers at once are 20 for the day and the week', async () => {
    const user = await registerUser(server);
    const bet = await createBet(server, admin);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        callRoute(server, 'POST /api/bets/predict', {
          token: user.token,
          body: { betId: bet._id, choice: 'Yes', amount: 1 },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const now = await counts(user.id, today());
    expect([now.daily.betsPlaced, now.weekly.betsPlaced, now.lifetime.betsPlaced]).toEqual([
      20, 20, 20,
    ]);
  });

  it("starts a new day's count from an older day, and leaves a newer day's count alone", async () => {
    const user = await registerUser(server);
    const day = (offset: number) =>
      new Date(today().getTime() + offset * DAY_MS).toISOString().slice(0, 10);
    const row = async () =>
      (
        await server.db.rows<{ placed_day: string | Date; placed_in_day: number }>(
          sql`select placed_day::text, placed_in_day from users where id = ${user.id}`,
        )
      )[0]!;

    await server.db.rows(
      sql`update users set placed_day = ${day(-1)}, placed_in_day = 7 where id = ${user.id}`,
    );
    await placeWager(server, admin, user);
    expect(await row()).toEqual({ placed_day: day(0), placed_in_day: 1 });

    // A wager whose transaction began before midnight commits after one from the next day.
    await server.db.rows(
      sql`update users set placed_day = ${day(1)}, placed_in_day = 5 where id = ${user.id}`,
    );
    await placeWager(server, admin, user);
    expect(await row()).toEqual({ placed_day: day(1), placed_in_day: 5 });
    expect((await counts(user.id, today())).lifetime.betsPlaced).toBe(2);
  });

  it("counts purchases today and this week from the counter's row: 12 at once are 12, a free one counts, none tomorrow", async () => {
    const user = await registerUser(server);
    const [item, free] = [
      await insertItem(server.db, { price: 5 }),
      await insertItem(server.db, {
        price: 0,
        type: 'cosmetic',
        effectType: null,
        effectValue: null,
      }),
    ];
    const buy = (itemId: number) =>
      callRoute(server, 'POST /api/store/purchase', {
        token: user.token,
        body: { itemId: String(itemId) },
      });
    const results = await Promise.all([
      ...Array.from({ length: 12 }, () => buy(item.id)),
      buy(free.id),
    ]);
    expect(results.map((r) => r.status)).toEqual(Array(13).fill(200));
    const now = await counts(user.id, today());
    expect([
      now.daily.storePurchases,
      now.weekly.storePurchases,
      now.lifetime.storePurchases,
    ]).toEqual([13, 13, 13]);
    expect((await counts(user.id, new Date(today().getTime() + DAY_MS))).daily.storePurchases).toBe(
      0,
    );
    // A day's count left from an older day starts again; the lifetime counter goes on.
    await server.db.rows(
      sql`update user_stats set day = day - 1, in_day = 40 where user_id = ${user.id} and stat = 'store_purchases'`,
    );
    expect((await buy(item.id)).status).toBe(200);
    const after = await counts(user.id, today());
    expect([
      after.daily.storePurchases,
      after.weekly.storePurchases,
      after.lifetime.storePurchases,
    ]).toEqual([1, 14, 14]);
  });
});
