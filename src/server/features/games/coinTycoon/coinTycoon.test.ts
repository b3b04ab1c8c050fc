import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  businessOf,
  costOf,
  TYCOON_BOOST_PRICE_COINS,
  TYCOON_OFFLINE_CAP_MS,
} from '../../../../shared/games/coinTycoon/rules';
import type { TycoonStateJson } from '../../../../shared/games/coinTycoon/storage';
import { ManualClock } from '../../../platform/clock';
import { callRoute, callRouteRaw } from '../../../testing/callRoute';
import { expectBadField, expectError } from '../../../testing/expectations';
import { balanceOf, registerUser, useTestServer, type TestUser } from '../../../testing/harness';

const clock = new ManualClock(Date.parse('2026-11-26T08:00:00Z'));
const server = useTestServer({}, { clock });

const view = (u: TestUser) => callRoute(server, 'GET /api/games/coin-tycoon', { token: u.token });
const buy = (u: TestUser, business: string, count: number | 'max') =>
  callRouteRaw(server, 'POST /api/games/coin-tycoon/buy', {
    token: u.token,
    body: { business, count },
  });
const post = (
  u: TestUser,
  intent: 'manager' | 'start' | 'prestige' | 'claim' | 'boost',
  body?: unknown,
) => callRouteRaw(server, `POST /api/games/coin-tycoon/${intent}`, { token: u.token, body });

/** Gives a player bucks straight in the stored state, as if earned (for tests of what bucks buy). */
async function grantBucks(u: TestUser, bucks: bigint, sinceClaim = bucks): Promise<void> {
  await view(u);
  await server.db.rows(sql`
    update coin_tycoon_games set state = state || jsonb_build_object('bucks', ${bucks.toString()}::text, 'lifetimeBucks', ${bucks.toString()}::text, 'bucksSinceClaim', ${sinceClaim.toString()}::text)
    where user_id = ${u.id}`);
}

describe('coin tycoon', () => {
  it('starts a company, buys with bucks it has, hires a manager and earns while away, with the away summary once', async () => {
    const u = await registerUser(server);
    const first = await view(u);
    expect(first.status).toBe(200);
    expect(first.body.state.bucks).toBe('10');
    expect(first.body.state.businesses.lemonade!.owned).toBe(1);
    const bought = await buy(u, 'lemonade', 2);
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect(bought.body.state.businesses.lemonade!.owned).toBe(3);
    expect(BigInt(bought.body.state.bucks)).toBe(10n - costOf(businessOf('lemonade'), 1, 2));
    // Bucks not yet earned buy nothing, and change nothing.
    expectError(await buy(u, 'newspaper', 1), 409, { message: 'not enough bucks' });
    expect((await view(u)).body.state).toEqual(bought.body.state);

    await grantBucks(u, 5_000n);
    expect((await post(u, 'manager', { business: 'lemonade' })).status).toBe(200);
    expectError(await post(u, 'manager', { business: 'lemonade' }), 409);
    clock.advance(10 * 60 * 60_000);
    const back = await view(u);
    expect(back.body.away).not.toBeNull();
    expect(back.body.away!.cappedMs).toBe(TYCOON_OFFLINE_CAP_MS);
    expect(BigInt(back.body.away!.earned)).toBeGreaterThan(0n);
    // Shown once: the next read has nothing new to say.
    expect((await view(u)).body.away).toBeNull();
    // A page left open reads every 30 s, and each such read is saved: no away summary for watching.
    for (let i = 0; i < 4; i++) {
      clock.advance(31_000);
      expect((await view(u)).body.away).toBeNull();
    }
  });

  it('pays the dividend once a UTC day in coins, and sells the boost for 200 coins', async () => {
    const u = await registerUser(server);
    expectError(await post(u, 'claim'), 409, { message: 'earn some bucks' });
    await grantBucks(u, 3_162_277_660_168n);
    const claimed = await post(u, 'claim');
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    expect(claimed.body).toMatchObject({ coins: 500, balance: 1500, dividend: 0 });
    expectError(await post(u, 'claim'), 409, { message: 'already claimed' });
    const boosted = await post(u, 'boost');
    expect(boosted.body).toMatchObject({ coins: -TYCOON_BOOST_PRICE_COINS, balance: 1300 });
    expect(boosted.body.state.boostUntil).toBeGreaterThan(clock.now().getTime());
    clock.advance(24 * 60 * 60_000);
    await grantBucks(u, 100n);
    expect((await post(u, 'claim')).body.coins).toBe(80);
  });

  it('refuses bad input, no token, and a forged prestige, changing nothing', async () => {
    const u = await registerUser(server);
    await view(u);
    expectBadField(await buy(u, 'mine', 1), 'business');
    expectBadField(await buy(u, 'lemonade', 0), 'count');
    expectBadField(await buy(u, 'lemonade', 10_001), 'count');
    expectBadField(
      await callRouteRaw(server, 'POST /api/games/coin-tycoon/manager', {
        token: u.token,
        body: {},
      }),
      'business',
    );
    expectError(await callRouteRaw(server, 'GET /api/games/coin-tycoon'), 401);
    for (const intent of ['buy', 'manager', 'start', 'prestige', 'claim', 'boost'] as const) {
      expectError(
        await callRouteRaw(server, `POST /api/games/coin-tycoon/${intent}`, {
          body: { business: 'lemonade', count: 1 },
        }),
        401,
      );
    }
    const before = (await view(u)).body.state;
    expectError(await post(u, 'prestige'), 409, { message: 'investor' });
    expect((await view(u)).body.state).toEqual(before);
    // Each player has their own company: another's buy leaves this one as it was.
    const other = await registerUser(server);
    await buy(other, 'lemonade', 1);
    expect((await view(u)).body.state).toEqual(before);
    expect(await balanceOf(server, u.id)).toBe(1000);
  });
});

describe('coin tycoon races', () => {
  it('ten parallel dividend claims pay once', async () => {
    const u = await registerUser(server);
    await grantBucks(u, 1_000_000n);
    const results = await Promise.all(Array.from({ length: 10 }, () => post(u, 'claim')));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
    const [row] = await server.db.rows<{ n: number }>(
      sql`select count(*)::int as n from coin_tycoon_claims where user_id = ${u.id}`,
    );
    expect(row!.n).toBe(1);
    expect(await balanceOf(server, u.id)).toBe(1000 + 240);
  });

  it('parallel buys beyond the bucks: only the affordable ones', async () => {
    const u = await registerUser(server);
    const b = businessOf('newspaper');
    // Exactly enough for three newspapers, one at a time.
    await grantBucks(u, costOf(b, 0, 3));
    const results = await Promise.all(Array.from({ length: 8 }, () => buy(u, 'newspaper', 1)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    const state = (await view(u)).body.state as TycoonStateJson;
    expect(state.businesses.newspaper.owned).toBe(3);
    expect(BigInt(state.bucks)).toBeGreaterThanOrEqual(0n);
  });

  it('a burst of 20 affordable buys at once: every one applied, each once', async () => {
    const u = await registerUser(server);
    const b = businessOf('newspaper');
    // Each unit at its own price, one at a time.
    await grantBucks(
      u,
      Array.from({ length: 20 }, (_, k) => costOf(b, k, 1)).reduce((a, c) => a + c, 0n),
    );
    const results = await Promise.all(Array.from({ length: 20 }, () => buy(u, 'newspaper', 1)));
    expect(results.filter((r) => r.status !== 200).map((r) => JSON.stringify(r.body))).toEqual([]);
    const state = (await view(u)).body.state as TycoonStateJson;
    expect(state.businesses.newspaper.owned).toBe(20);
    expect(BigInt(state.bucks)).toBeGreaterThanOrEqual(0n);
  });

  it('parallel boosts beyond the balance: each paid once, as many as the coins pay for', async () => {
    const u = await registerUser(server);
    const results = await Promise.all(Array.from({ length: 10 }, () => post(u, 'boost')));
    const ok = results.filter((r) => r.status === 200).length;
    expect(ok).toBe(5);
    expect(results.filter((r) => r.status !== 200).every((r) => r.status === 409)).toBe(true);
    expect(await balanceOf(server, u.id)).toBe(1000 - ok * TYCOON_BOOST_PRICE_COINS);
  });
});
