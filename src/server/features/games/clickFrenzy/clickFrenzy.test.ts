import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ManualClock } from '../../../platform/clock';
import { readStats } from '../../../platform/stats';
import { balanceOf, registerUser, useTestServer, type TestUser } from '../../../testing/harness';
import { expectBadField, expectError } from '../../../testing/expectations';
import { startBuff } from '../../items/buffs';
import { insertItem } from '../../store/builders';
import { callRoute, callRouteRaw } from '../../../testing/callRoute';

/** A ManualClock that can also move one second on every read, so parallel requests each see their own second. */
class SteppingClock extends ManualClock {
  stepping = false;

  override now(): Date {
    const now = super.now();
    if (this.stepping) this.advance(1000);
    return now;
  }
}

// Mid-hour, so a test has room to move seconds without crossing into the next hour.
const clock = new SteppingClock('2026-06-01T12:10:00Z');
const server = useTestServer({}, { clock });

const clickOnce = (user: TestUser | undefined, body: unknown = { clicks: 1, emoji: '🐶' }) =>
  callRouteRaw(server, 'POST /api/games/click-frenzy', { token: user?.token, body });
const stats = (user: TestUser) =>
  callRoute(server, 'GET /api/games/click-frenzy', { token: user.token });

describe('Click Frenzy', () => {
  it('counts a click, pays a coin through the ledger against the click and counts frenzyClicks', async () => {
    const user = await registerUser(server);
    expect((await stats(user)).body).toEqual({
      frenzyTotal: 0,
      limit: 100,
      nextHour: '2026-06-01T13:00:00.000Z',
      serverTime: clock.now().toISOString(),
    });
    const res = await clickOnce(user);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ frenzyTotal: 1, reward: 1, balance: 1001, limit: 100 });
    expect((await stats(user)).body.frenzyTotal).toBe(1);
    expect((await readStats(server.db, user.id)).frenzyClicks).toBe(1);
    const rows = await server.db.rows<{ category: string; ref_type: string; ref_id: string }>(sql`
      select category, ref_type, ref_id from ledger where user_id = ${user.id} and category = 'frenzy_reward'`);
    expect(rows).toEqual([
      { category: 'frenzy_reward', ref_type: 'frenzy', ref_id: res.body.clickId },
    ]);
  });

  it('takes at most 8 clicks a second and exactly 100 an hour, however many arrive at once', async () => {
    const user = await registerUser(server);
    const local = new ManualClock(clock.now());
    let counted = 0;
    for (let batch = 0; batch < 15; batch++) {
      const results = await Promise.all(Array.from({ length: 10 }, () => clickOnce(user)));
      const ok = results.filter((r) => r.status === 200);
      expect(ok.length).toBeLessThanOrEqual(8);
      for (const r of results) {
        if (r.status === 200) continue;
        if (counted + ok.length >= 100) expect([409, 429]).toContain(r.status);
        else expectError(r, 429, { code: 'RATE_LIMITED' });
      }
      counted += ok.length;
      clock.advance(1000);
    }
    expect(counted).toBe(100);
    expect(await balanceOf(server, user.id)).toBe(1100);
    expect((await readStats(server.db, user.id)).frenzyClicks).toBe(100);
    expectError(await clickOnce(user), 409, { message: 'Hourly limit reached! Come back later.' });
    expect((await stats(user)).body.frenzyTotal).toBe(100);
    // A new UTC hour starts a new count.
    clock.set(new Date(Math.ceil(clock.now().getTime() / 3_600_000) * 3_600_000));
    expect((await clickOnce(user)).body.frenzyTotal).toBe(1);
    clock.set(local.now());
  });

  it('150 parallel clicks, each in its own second, count exactly 100', async () => {
    const user = await registerUser(server);
    clock.set('2026-06-01T14:00:00Z');
    clock.stepping = true;
    let results: { status: number }[];
    try {
      results = await Promise.all(Array.from({ length: 150 }, () => clickOnce(user)));
    } finally {
      clock.stepping = false;
    }
    expect(clock.now().getTime() - Date.parse('2026-06-01T14:00:00Z')).toBeLessThan(3_600_000);
    expect(results.filter((r) => r.status === 200)).toHaveLength(100);
    expect(results.filter((r) => r.status === 409)).toHaveLength(50);
    const [paid] = await server.db.rows<{ n: number }>(
      sql`select count(*)::int as n from click_frenzy_clicks where user_id = ${user.id}`,
    );
    expect(paid?.n).toBe(100);
    expect(await balanceOf(server, user.id)).toBe(1100);
    clock.set('2026-06-01T12:10:00Z');
  });

  it('applies a reward multiplier', async () => {
    const user = await registerUser(server);
    const item = await insertItem(server.db, {
      effectType: 'reward-multiplier',
      effectValue: 300,
      price: 100,
    });
    await startBuff(
      server.db,
      {
        userId: user.id,
        itemId: item.id,
        effectType: 'reward-multiplier',
        value: 300,
        itemPrice: 100,
      },
      clock.now(),
    );
    clock.advance(1000);
    const res = await clickOnce(user);
    expect(res.body.reward).toBe(3);
    expect(await balanceOf(server, user.id)).toBe(1003);
  });

  it.each([
    [{ emoji: '🐶' }, 'clicks'],
    [{ clicks: 2, emoji: '🐶' }, 'clicks'],
    [{ clicks: 1 }, 'emoji'],
    [{ clicks: 1, emoji: '💣' }, 'emoji'],
  ])('rejects %j naming %s, counting nothing', async (body, field) => {
    const user = await registerUser(server);
    expectBadField(await clickOnce(user, body), field);
    expect((await stats(user)).body.frenzyTotal).toBe(0);
  });

  it("a banned player's click is refused with 403 and counts nothing", async () => {
    const user = await registerUser(server);
    clock.advance(1000);
    expect((await clickOnce(user)).status).toBe(200);
    await server.db.rows(sql`update users set status = 'banned' where id = ${user.id}`);
    clock.advance(1000);
    expectError(await clickOnce(user), 403);
    expect(await balanceOf(server, user.id)).toBe(1001);
    expect((await readStats(server.db, user.id)).frenzyClicks).toBe(1);
    const [row] = await server.db.rows<{ clicks: number; n: number }>(sql`
      select (select clicks from click_frenzy_hours where user_id = ${user.id}) as clicks, (select count(*)::int from click_frenzy_clicks where user_id = ${user.id}) as n`);
    expect(row).toEqual({ clicks: 1, n: 1 });
  });

  it('needs a token', async () => {
    expectError(await clickOnce(undefined), 401);
    expectError(await callRoute(server, 'GET /api/games/click-frenzy'), 401);
  });
});
