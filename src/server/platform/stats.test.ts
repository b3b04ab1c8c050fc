import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { registerUser, useTestServer } from '../testing/harness';
import { bumpStat, loginsSince, readStats } from './stats';
import { callRoute } from '../testing/callRoute';

const server = useTestServer();

const stats = (token: string) => callRoute(server, 'GET /api/user/stats', { token });
const login = (username: string, password: string) =>
  callRoute(server, 'POST /auth/login', { body: { username, password } });

describe('user counters', () => {
  it('answers every counter, zero for a new account, whose registration is its first login', async () => {
    const user = await registerUser(server);
    const res = await stats(user.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      betsPlaced: 0,
      betsWon: 0,
      storePurchases: 0,
      logins: 1,
      tasksCompleted: 0,
      minefieldWins: 0,
      puzzleWins: 0,
      rpsWins: 0,
      frenzyClicks: 0,
      casinoWins: 0,
      itemsOwned: 0,
    });
  });

  it('counts logins from sessions as UTC days: a sign-in on a new day adds one, a second that day none, a logout takes none away', async () => {
    const user = await registerUser(server);
    await server.db.rows(
      sql`update sessions set created_at = now() - interval '2 days' where user_id = ${user.id}`,
    );
    const first = await login(user.username, user.password);
    expect(first.body.user.logins).toBe(2);
    expect((await callRoute(server, 'POST /auth/logout', { token: first.body.token })).status).toBe(
      200,
    );
    const second = await login(user.username, user.password);
    expect(second.body.user.logins).toBe(2);
    expect((await stats(second.body.token)).body.logins).toBe(2);
    const [sessions] = await server.db.rows<{ n: number }>(
      sql`select count(*)::int as n from sessions where user_id = ${user.id}`,
    );
    expect(sessions?.n).toBe(3);
  });

  it('counts login days since a moment, for task periods', async () => {
    const user = await registerUser(server);
    await server.db.rows(
      sql`update sessions set created_at = now() - interval '2 days' where user_id = ${user.id}`,
    );
    await login(user.username, user.password);
    await login(user.username, user.password);
    expect(await loginsSince(server.db, user.id, new Date(Date.now() - 86_400_000))).toBe(1);
    expect(await loginsSince(server.db, user.id, new Date(Date.now() - 3 * 86_400_000))).toBe(2);
  });

  it('bumpStat adds to a counter inside the caller transaction, and /api/user/stats shows it', async () => {
    const user = await registerUser(server);
    await server.db.tx(async (tx) => {
      await bumpStat(tx, user.id, 'store_purchases');
      await bumpStat(tx, user.id, 'store_purchases');
      await bumpStat(tx, user.id, 'frenzy_clicks', 40);
      await bumpStat(tx, user.id, 'casino_wins', 3);
    });
    const res = await stats(user.token);
    expect(res.body).toMatchObject({
      storePurchases: 2,
      frenzyClicks: 40,
      casinoWins: 3,
      minefieldWins: 0,
      logins: 1,
    });
    expect(await readStats(server.db, user.id)).toEqual({
      storePurchases: 2,
      tasksCompleted: 0,
      minefieldWins: 0,
      puzzleWins: 0,
      rpsWins: 0,
      frenzyClicks: 40,
      casinoWins: 3,
      achievementsClaimed: 0,
      logins: 1,
    });
  });

  it('a bump in a transaction that rolls back leaves no trace', async () => {
    const user = await registerUser(server);
    await expect(
      server.db.tx(async (tx) => {
        await bumpStat(tx, user.id, 'puzzle_wins');
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    expect((await stats(user.token)).body.puzzleWins).toBe(0);
  });

  it('parallel bumps all count', async () => {
    const user = await registerUser(server);
    await Promise.all(
      Array.from({ length: 20 }, () => server.db.tx((tx) => bumpStat(tx, user.id, 'rps_wins'))),
    );
    expect((await stats(user.token)).body.rpsWins).toBe(20);
  });
});
