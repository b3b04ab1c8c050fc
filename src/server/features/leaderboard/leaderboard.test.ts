import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  expectLedgerBalanced,
  registerAdmin,
  registerUser,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../testing/harness';
import { ManualClock } from '../../platform/clock';
import { expectBadField, expectError, expectNoSecrets } from '../../testing/expectations';
import { bumpStat } from '../../platform/stats';
import { giveItem, insertItem } from '../store/builders';
import { callRoute, callRouteRaw, type TestRouteInput } from '../../testing/callRoute';

let server: TestServer;
let admin: TestUser;
let rich: TestUser;
let middle: TestUser;
let poor: TestUser;
let winner: TestUser;
let collector: TestUser;
let banned: TestUser;

const board = (query: TestRouteInput<'GET /api/leaderboard/users'>['query'] = {}) =>
  callRoute(server, 'GET /api/leaderboard/users', { query });
// The query as written, for the refusals.
const boardRaw = (query: string) =>
  callRouteRaw(server, 'GET /api/leaderboard/users', {
    query: Object.fromEntries(new URLSearchParams(query)),
  });

beforeAll(async () => {
  server = await startTestServer();
  admin = await registerAdmin(server);
  [rich, middle, poor, winner, collector, banned] = await Promise.all([
    registerUser(server),
    registerUser(server),
    registerUser(server),
    registerUser(server),
    registerUser(server),
    registerUser(server),
  ]);
  // Balances: rich 1500, middle 1000 + 200 = 1200, poor 300, winner 1000, collector 1000 - 200 = 800, banned 2000.
  const moves: [TestUser, TestUser, number][] = [
    [poor, rich, 500],
    [poor, middle, 200],
    [collector, banned, 200],
  ];
  for (const [from, to, amount] of moves) {
    const res = await callRoute(server, 'POST /api/user/send-money', {
      token: from.token,
      body: { recipientUsername: to.username, amount },
    });
    expect(res.status).toBe(200);
  }
  const grant = await callRoute(server, 'PATCH /api/admin/balance/:username', {
    token: admin.token,
    params: { username: banned.username },
    body: { amount: 800 },
  });
  expect(grant.status).toBe(200);
  const ban = await callRoute(server, 'PATCH /api/admin/status/user/:username', {
    token: admin.token,
    params: { username: banned.username },
    body: { status: 'banned' },
  });
  expect(ban.status).toBe(200);
  // Counters that bets and achievements maintain; set directly as test data.
  await server.db.rows(sql`update users set bets_won = 7 where id = ${winner.id}`);
  await server.db.rows(sql`update users set bets_won = 3 where id = ${collector.id}`);
  await server.db.rows(sql`update users set bets_won = 50 where id = ${banned.id}`);
  await bumpStat(server.db, collector.id, 'achievements_claimed', 9);
  await bumpStat(server.db, poor.id, 'achievements_claimed', 2);
  await bumpStat(server.db, banned.id, 'achievements_claimed', 50);
});

afterAll(async () => {
  await expectLedgerBalanced(server);
  await server.close();
});

describe('GET /api/leaderboard/users', () => {
  it('sorts by balance, highest first, by default and with sort=balance, without a token', async () => {
    const byDefault = await board();
    expect(byDefault.status).toBe(200);
    const names = byDefault.body.map((u) => u.username);
    expect(names.indexOf(rich.username)).toBeLessThan(names.indexOf(middle.username));
    expect(names.indexOf(middle.username)).toBeLessThan(names.indexOf(collector.username));
    expect(names.indexOf(collector.username)).toBeLessThan(names.indexOf(poor.username));
    expect(names[0]).toBe(rich.username);
    expect(names[names.length - 1]).toBe(poor.username);
    const balances = byDefault.body.map((u) => u.balance);
    expect([...balances].sort((a, b) => b - a)).toEqual(balances);
    expect(byDefault.body.find((u) => u.username === rich.username)?.balance).toBe(1500);
    expect(byDefault.body.find((u) => u.username === poor.username)?.balance).toBe(300);

    const explicit = await board({ sort: 'balance' });
    expect(explicit.status).toBe(200);
    expect(explicit.body).toEqual(byDefault.body);
  });

  it('answers the fields the spec names and nothing secret', async () => {
    const res = await board();
    const entry = res.body.find((u) => u.username === collector.username);
    expect(entry).toEqual({
      _id: String(collector.id),
      username: collector.username,
      profileImage: null,
      balance: 800,
      betsWon: 3,
      achievements: 9,
      cosmetic: null,
      homeCommunity: null,
    });
    expectNoSecrets(res);
  });

  it('shows the newest cosmetic a player holds beside the name', async () => {
    const hat = await insertItem(server.db, {
      name: 'Board hat',
      type: 'cosmetic',
      effectType: 'cosmetic',
      effectValue: 100,
      emoji: '🎩',
    });
    const crown = await insertItem(server.db, {
      name: 'Board crown',
      type: 'cosmetic',
      effectType: 'cosmetic',
      effectValue: 100,
      emoji: '👑',
    });
    const badge = await insertItem(server.db, {
      name: 'Board badge',
      type: 'badge',
      effectType: null,
      effectValue: null,
    });
    await giveItem(server.db, middle.id, badge.id);
    await giveItem(server.db, middle.id, hat.id);
    expect((await board()).body.find((u) => u.username === middle.username)?.cosmetic).toEqual({
      emoji: '🎩',
      image: null,
      name: 'Board hat',
    });
    await giveItem(server.db, middle.id, crown.id);
    expect((await board()).body.find((u) => u.username === middle.username)?.cosmetic).toEqual({
      emoji: '👑',
      image: null,
      name: 'Board crown',
    });
  });

  it('sorts by wins', async () => {
    const res = await board({ sort: 'wins' });
    expect(res.status).toBe(200);
    expect(res.body.slice(0, 2).map((u) => u.username)).toEqual([
      winner.username,
      collector.username,
    ]);
    const wins = res.body.map((u) => u.betsWon);
    expect([...wins].sort((a, b) => b - a)).toEqual(wins);
    // Ties fall back to balance.
    const rest = res.body.filter((u) => u.betsWon === 0).map((u) => u.balance);
    expect([...rest].sort((a, b) => b - a)).toEqual(rest);
  });

  it('sorts by achievements', async () => {
    const res = await board({ sort: 'achievements' });
    expect(res.status).toBe(200);
    expect(res.body.slice(0, 2).map((u) => u.username)).toEqual([
      collector.username,
      poor.username,
    ]);
    const counts = res.body.map((u) => u.achievements);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
  });

  it('leaves banned users off every board', async () => {
    for (const sort of ['balance', 'wins', 'achievements'] as const) {
      const res = await board({ sort });
      expect(res.status).toBe(200);
      expect(res.body.map((u) => u.username)).not.toContain(banned.username);
    }
  });

  it('leaves admins off every board, the game tables too, however rich they make themselves', async () => {
    const grant = await callRoute(server, 'PATCH /api/admin/balance/:username', {
      token: admin.token,
      params: { username: admin.username },
      body: { amount: 1_000_000 },
    });
    expect(grant.status).toBe(200);
    await server.db.rows(sql`update users set bets_won = 999 where id = ${admin.id}`);
    await bumpStat(server.db, admin.id, 'achievements_claimed', 999);
    await bumpStat(server.db, admin.id, 'puzzle_wins', 999);
    for (const sort of ['balance', 'wins', 'achievements'] as const) {
      const res = await board({ sort });
      expect(res.status).toBe(200);
      expect(res.body.map((u) => u.username)).not.toContain(admin.username);
    }
    const games = await callRoute(server, 'GET /api/games/leaderboard', { token: poor.token });
    expect(games.body.puzzleRush.map((row) => row.username)).not.toContain(admin.username);
  });

  it('leaves deleted users off the board', async () => {
    const gone = await registerUser(server);
    expect(
      (
        await callRoute(server, 'DELETE /api/user', {
          token: gone.token,
          body: { password: gone.password },
        })
      ).status,
    ).toBe(200);
    const res = await board();
    expect(res.body.map((u) => u._id)).not.toContain(String(gone.id));
    expect(res.body.some((u) => u.username.startsWith('~'))).toBe(false);
  });

  it('refuses an unknown sort or unknown query keys with 400 naming the key', async () => {
    expectBadField(await boardRaw('sort=richest'), 'sort');
    expectBadField(await boardRaw('sort='), 'sort');
    expectError(await boardRaw('sort=balance&page=2'), 400, { message: 'page' });
  });

  it('ignores a token if one is sent', async () => {
    const res = await callRoute(server, 'GET /api/leaderboard/users', { token: rich.token });
    expect(res.status).toBe(200);
    expect(res.body[0]?.username).toBe(rich.username);
  });
});

describe('GET /api/games/leaderboard', () => {
  it('answers both game tables (empty until those games land) and needs a token', async () => {
    const res = await callRoute(server, 'GET /api/games/leaderboard', { token: poor.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ rps: [], puzzleRush: [], quizDuel: [] });
    expectError(await callRoute(server, 'GET /api/games/leaderboard'), 401);
  });
});

describe('the boards as a snapshot (LEADERBOARD_CACHE_MS, a second by default)', () => {
  it('answers the same board within the setting, with its age, and a fresh one once it would be older', async () => {
    const clock = new ManualClock('2026-06-01T12:00:00Z');
    // A minute, so the background refresh (on real timers) stays out of this test's way.
    const cached = await startTestServer({ leaderboardCacheMs: 60_000 }, { clock });
    try {
      const a = await registerUser(cached);
      const b = await registerUser(cached);
      const top = async () => {
        const res = await callRoute(cached, 'GET /api/leaderboard/users', {});
        return { first: res.body[0]?.username, age: res.headers.get('age') };
      };
      expect(
        (
          await callRoute(cached, 'POST /api/user/send-money', {
            token: a.token,
            body: { recipientUsername: b.username, amount: 10 },
          })
        ).status,
      ).toBe(200);
      expect(await top()).toEqual({ first: b.username, age: '0' });
      expect(
        (
          await callRoute(cached, 'POST /api/user/send-money', {
            token: b.token,
            body: { recipientUsername: a.username, amount: 30 },
          })
        ).status,
      ).toBe(200);
      clock.advance(60_000);
      expect(await top()).toEqual({ first: b.username, age: '60' });
      clock.advance(1);
      // Older than the setting: this request waits for the board as it is now.
      expect(await top()).toEqual({ first: a.username, age: '0' });
    } finally {
      await cached.close();
    }
  });

  it('after a quiet spell longer than the setting, the first answer has the new player and the new name', async () => {
    const clock = new ManualClock('2026-06-01T12:00:00Z');
    const cached = await startTestServer({ leaderboardCacheMs: 1000 }, { clock });
    try {
      const old = await registerUser(cached);
      const users = () => callRoute(cached, 'GET /api/leaderboard/users', {});
      const games = () => callRoute(cached, 'GET /api/games/leaderboard', { token: old.token });
      expect((await users()).body.map((u) => u.username)).toEqual([old.username]);
      expect((await games()).status).toBe(200);
      clock.advance(20_000);
      const newcomer = await registerUser(cached);
      const renamed = `${old.username}x`;
      await cached.db.rows(sql`update users set username = ${renamed} where id = ${old.id}`);
      const res = await users();
      expect(res.body.map((u) => u.username).sort()).toEqual([newcomer.username, renamed].sort());
      expect(Number(res.headers.get('age'))).toBeLessThanOrEqual(1);
      expect(Number((await games()).headers.get('age'))).toBeLessThanOrEqual(1);
    } finally {
      await cached.close();
    }
  });

  it('while asked for, refreshes in the background: a change shows without the clock moving on', async () => {
    const clock = new ManualClock('2026-06-01T12:00:00Z');
    const cached = await startTestServer({ leaderboardCacheMs: 300 }, { clock });
    try {
      const a = await registerUser(cached);
      const b = await registerUser(cached);
      const top = async () =>
        (await callRoute(cached, 'GET /api/leaderboard/users', {})).body[0]?.username;
      expect(
        (
          await callRoute(cached, 'POST /api/user/send-money', {
            token: a.token,
            body: { recipientUsername: b.username, amount: 10 },
          })
        ).status,
      ).toBe(200);
      expect(await top()).toBe(b.username);
      expect(
        (
          await callRoute(cached, 'POST /api/user/send-money', {
            token: b.token,
            body: { recipientUsername: a.username, amount: 30 },
          })
        ).status,
      ).toBe(200);
      // The manual clock stands still, so no request finds the board too old: only the timer
      // that runs while the board is asked for can bring the change.
      await expect.poll(top, { timeout: 5000, interval: 50 }).toBe(a.username);
    } finally {
      await cached.close();
    }
  });
});
