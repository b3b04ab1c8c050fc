import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BUFF_MINUTES, buffExtraLimit, itemRule } from '../../../shared/games/engine/items';
import { itemMaxExpectedValue, worthAtMostItsPrice } from '../../../shared/games/engine/itemValue';
import { toDecimalString } from '../../../shared/games/engine/rational';
import { ManualClock } from '../../platform/clock';
import { callRoute, callRouteRaw } from '../../testing/callRoute';
import { useAdmin, userWithCoins } from '../../testing/builders';
import { balanceOf, registerUser, useTestServer, type TestUser } from '../../testing/harness';
import { DEMO_ITEMS, ensureDemoItems } from '../store/seed';
import { giveItem, insertItem } from '../store/builders';

/*
 * Issue 34: no item is worth more than its price to a player who uses it as well as possible.
 * Reward multipliers boost free rewards only, and every cap on what one item adds is its price.
 */

const clock = new ManualClock('2026-06-01T12:00:00Z');
const server = useTestServer({}, { clock });
const admin = useAdmin(server);

const extraPaid = async (userId: number) =>
  Number(
    (
      await server.db.rows<{ paid: string }>(
        sql`select coalesce(sum(extra_paid), 0)::text as paid from buffs where user_id = ${userId}`,
      )
    )[0]?.paid,
  );

async function demoItem(name: string): Promise<{ id: string; price: number }> {
  await ensureDemoItems(server.db);
  const items = (await callRoute(server, 'GET /api/store')).body;
  const item = items.find((i) => i.name === name);
  if (!item) throw new Error(`no ${name} in the store`);
  return { id: item._id, price: item.price };
}

async function buyAndUse(user: TestUser, name: string): Promise<number> {
  const item = await demoItem(name);
  expect(
    (
      await callRoute(server, 'POST /api/store/purchase', {
        token: user.token,
        body: { itemId: item.id },
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await callRoute(server, 'POST /api/store/items/:id/use', {
        token: user.token,
        params: { id: item.id },
      })
    ).status,
  ).toBe(200);
  return item.price;
}

describe('reward multipliers boost free rewards, not wager winnings', () => {
  it('a Golden Goose used before a 9,000 coin flip adds nothing to the win; a spin right after is doubled', async () => {
    const user = await userWithCoins(server, admin, 100_000);
    await buyAndUse(user, 'Golden Goose');
    let won = false;
    for (let i = 0; i < 40 && !won; i++) {
      const res = await callRoute(server, 'POST /api/games/coin-flip', {
        token: user.token,
        body: { betAmount: 9000, guess: 'heads' },
      });
      expect(res.body.bonus).toBe(0);
      expect(res.body.payout).toBe(res.body.win ? 18_000 : 0);
      won = res.body.win;
    }
    expect(won).toBe(true);
    expect(await extraPaid(user.id)).toBe(0);
    const spin = await callRoute(server, 'POST /api/games/spinner', { token: user.token });
    expect(spin.body.bonus).toBe(Math.min(spin.body.baseReward, 900));
    expect(await extraPaid(user.id)).toBe(spin.body.bonus);
  });

  it('a Minefield cash-out pays the board, with a multiplier running or not', async () => {
    const user = await userWithCoins(server, admin, 10_000);
    await buyAndUse(user, 'Golden Goose');
    const start = await callRoute(server, 'POST /api/games/minefield/start', {
      token: user.token,
      body: { betAmount: 1000, rows: 5, cols: 5, mines: 3 },
    });
    const [row] = await server.db.rows<{ outcome: { mines: number[] } }>(
      sql`select outcome from game_rounds where id = ${Number(start.body.sessionId)}`,
    );
    const safe = Array.from({ length: 25 }, (_, i) => i).find(
      (c) => !row!.outcome.mines.includes(c),
    )!;
    const revealed = await callRoute(server, 'POST /api/games/minefield/reveal', {
      token: user.token,
      body: { sessionId: start.body.sessionId, cellIndex: safe },
    });
    const out = await callRoute(server, 'POST /api/games/minefield/cashout', {
      token: user.token,
      body: { sessionId: start.body.sessionId },
    });
    expect(out.body.reward).toBe(revealed.body.potentialReward);
    expect(await extraPaid(user.id)).toBe(0);
  });

  it('the sanctuary claim (pet coins) is not boosted either', async () => {
    const user = await registerUser(server);
    expect(
      (
        await callRoute(server, 'POST /api/critters/adopt', {
          token: user.token,
          body: { species: 'emberpup' },
        })
      ).status,
    ).toBe(201);
    const item = await insertItem(server.db, {
      effectType: 'reward-multiplier',
      effectValue: 200,
      price: 1000,
      stock: 10,
    });
    await giveItem(server.db, user.id, item.id);
    expect(
      (
        await callRoute(server, 'POST /api/store/items/:id/use', {
          token: user.token,
          params: { id: String(item.id) },
        })
      ).status,
    ).toBe(200);
    const claim = await callRouteRaw(server, 'GET /api/sanctuary/resources', { token: user.token });
    expect(claim.status).toBe(200);
    expect(claim.body.coinsAdded).toBe(50);
    expect(await extraPaid(user.id)).toBe(0);
  });
});

describe('what one item adds stops at its price', () => {
  it('a game saved by a forgiven click pays at most the item price, stake included', async () => {
    const user = await userWithCoins(server, admin, 10_000);
    const secondLife = await demoItem('Second Life');
    expect(
      (
        await callRoute(server, 'POST /api/store/purchase', {
          token: user.token,
          body: { itemId: secondLife.id },
        })
      ).status,
    ).toBe(200);
    const start = await callRoute(server, 'POST /api/games/minefield/start', {
      token: user.token,
      body: { betAmount: 2000, rows: 4, cols: 4, mines: 5 },
    });
    expect(start.body.extraSafeClicks).toBe(1);
    const [row] = await server.db.rows<{ outcome: { mines: number[] } }>(
      sql`select outcome from game_rounds where id = ${Number(start.body.sessionId)}`,
    );
    const mines = row!.outcome.mines;
    const safe = Array.from({ length: 16 }, (_, i) => i).find((c) => !mines.includes(c))!;
    const body = (cellIndex: number) => ({
      token: user.token,
      body: { sessionId: start.body.sessionId, cellIndex },
    });
    expect(
      (await callRoute(server, 'POST /api/games/minefield/reveal', body(mines[0]!))).body.forgiven,
    ).toBe(true);
    const revealed = await callRoute(server, 'POST /api/games/minefield/reveal', body(safe));
    const before = await balanceOf(server, user.id);
    const out = await callRoute(server, 'POST /api/games/minefield/cashout', {
      token: user.token,
      body: { sessionId: start.body.sessionId },
    });
    // 2,000 x 0.99 x 16/11 = 2,880 on the board; the save is the item's doing, so it pays its price.
    expect(revealed.body.potentialReward).toBeGreaterThan(secondLife.price);
    expect(out.body.reward).toBe(secondLife.price);
    expect(await balanceOf(server, user.id)).toBe(before + secondLife.price);
  });

  it('no item of the seed or of the running store is worth more than its price, and each says what it does', async () => {
    await ensureDemoItems(server.db);
    // The admin form's extremes: the largest effect at the lowest price.
    for (const [effectType, effectValue] of [
      ['reward-multiplier', 3],
      ['slots-luck', 50],
      ['extra-safe-click', 5],
      ['mine-reduction', 5],
    ] as const) {
      const res = await callRoute(server, 'POST /api/store/create', {
        token: admin.token,
        body: {
          name: `Extreme ${effectType}`,
          type: 'power-up',
          effectType,
          effectValue,
          price: 1,
          stock: 1,
        },
      });
      expect(res.status).toBe(201);
    }
    const items = (await callRoute(server, 'GET /api/store/items', { token: admin.token })).body;
    const seeded = DEMO_ITEMS.map((d) => ({ ...d, sellBack: null }));
    expect(items.length).toBeGreaterThanOrEqual(seeded.length + 4);
    for (const item of [...seeded, ...items]) {
      const value = itemMaxExpectedValue(item);
      expect(
        worthAtMostItsPrice(item),
        `${item.name}: worth up to ${toDecimalString(value.coins, 2)} for ${item.price}`,
      ).toBe(true);
    }
    // The seed's descriptions state the caps the code applies.
    for (const item of DEMO_ITEMS) {
      if (
        item.effectType === 'reward-multiplier' ||
        item.effectType === 'slots-luck' ||
        item.effectType === 'extra-safe-click'
      ) {
        expect(item.description).toContain(
          `${buffExtraLimit(item.price).toLocaleString('en-US')} `,
        );
      }
      if (item.effectType === 'reward-multiplier')
        expect(item.description).toContain('not wager winnings');
    }
    expect(
      itemRule({ type: 'power-up', effectType: 'reward-multiplier', effectValue: 2, price: 900 }),
    ).toBe(
      `For ${BUFF_MINUTES} minutes multiplies free rewards by 2 (spinner rewards, Click Frenzy clicks, Puzzle Rush solves, task rewards, achievement rewards), ` +
        'adding at most 900 coins in all; wager winnings are not boosted. Multipliers combine by product, up to 3x.',
    );
  });
});
