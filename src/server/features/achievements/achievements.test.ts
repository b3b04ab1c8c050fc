import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bumpStat } from '../../platform/stats';
import { balanceOf, registerUser, useTestServer, type TestUser } from '../../testing/harness';
import { expectBadField, expectError } from '../../testing/expectations';
import { giveItem, insertItem } from '../store/builders';
import { placeWager } from '../tasks/builders';
import { startBuff } from '../items/buffs';
import { callRoute, callRouteRaw } from '../../testing/callRoute';
import { ban, useAdmin } from '../../testing/builders';

const server = useTestServer();
const admin = useAdmin(server);

const good = {
  title: 'Collector',
  description: 'Own 2 items',
  criteria: 'itemsOwned',
  threshold: 2,
  reward: 120,
  icon: '📦',
};
const create = (token: string | undefined, body: unknown) =>
  callRouteRaw(server, 'POST /api/achievements/create', { token, body });
const list = (user: TestUser) => callRoute(server, 'GET /api/achievements', { token: user.token });
const claim = (token: string | undefined, achievementId: unknown) =>
  callRouteRaw(server, 'POST /api/achievements/complete', { token, body: { achievementId } });

async function achievement(fields: Partial<typeof good> = {}): Promise<string> {
  const res = await create(admin.token, { ...good, ...fields });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body._id;
}

describe('GET /api/achievements', () => {
  it('shows lifetime progress for each criterion, capped at 100%', async () => {
    const items = await achievement({ criteria: 'itemsOwned', threshold: 2 });
    const bets = await achievement({ criteria: 'betsPlaced', threshold: 4 });
    const mines = await achievement({ criteria: 'minefieldWins', threshold: 3 });
    const user = await registerUser(server);
    const [a, b, c] = [
      await insertItem(server.db),
      await insertItem(server.db),
      await insertItem(server.db),
    ];
    for (const it of [a, b, c]) await giveItem(server.db, user.id, it.id, 2);
    await placeWager(server, admin, user);
    const res = await list(user);
    expect(res.status).toBe(200);
    const byId = new Map(res.body.map((x) => [x._id, x]));
    expect(byId.get(items)).toMatchObject({
      progress: 3,
      percent: 100,
      claimed: false,
      icon: '📦',
    });
    expect(byId.get(bets)).toMatchObject({ progress: 1, percent: 25 });
    expect(byId.get(mines)).toMatchObject({ progress: 0, percent: 0 });
    expectError(await callRoute(server, 'GET /api/achievements'), 401);
  });
});

describe('POST /api/achievements/complete', () => {
  it('claims once with the reward through the ledger; it shows on the user and the public profile', async () => {
    const id = await achievement({
      title: 'Task fan',
      criteria: 'tasksCompleted',
      threshold: 2,
      reward: 150,
      icon: '✅',
    });
    const user = await registerUser(server);
    await bumpStat(server.db, user.id, 'tasks_completed', 1);
    expectError(await claim(user.token, id), 409, { message: '1/2' });
    await bumpStat(server.db, user.id, 'tasks_completed', 1);
    const res = await claim(user.token, id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Claimed "Task fan"! +150 coins',
      reward: 150,
      balance: 1150,
    });
    expect(res.body.achievement).toMatchObject({ claimed: true });
    expectError(await claim(user.token, id), 409, { message: 'already claimed' });
    const rows = await server.db.rows(
      sql`select category, ref_type from ledger where user_id = ${user.id} and delta = 150`,
    );
    expect(rows).toEqual([{ category: 'achievement_reward', ref_type: 'achievement_claim' }]);
    expect((await list(user)).body.find((a) => a._id === id)).toMatchObject({ claimed: true });
    const me = await callRoute(server, 'GET /api/user/stats', { token: user.token });
    expect(me.body.achievements).toEqual([{ _id: id, title: 'Task fan', icon: '✅' }]);
    expect(me.body.claimedAchievements).toEqual([{ _id: id }]);
    expect(me.body.tasksCompleted).toBe(2);
    const pub = await callRoute(server, 'GET /api/user/public/:username', {
      params: { username: user.username },
    });
    expect(pub.body.achievements).toEqual([{ _id: id, title: 'Task fan', icon: '✅' }]);
    // The leaderboard's achievements sort counts it.
    const [stat] = await server.db.rows<{ value: number }>(
      sql`select value from user_stats where user_id = ${user.id} and stat = 'achievements_claimed'`,
    );
    expect(Number(stat?.value)).toBe(1);
  });

  it('refuses bad input, no token, a missing achievement and a banned user', async () => {
    const id = await achievement({ criteria: 'logins', threshold: 1 });
    const user = await registerUser(server);
    expectBadField(await claim(user.token, 'x'), 'achievementId');
    expectError(await claim(undefined, id), 401);
    expectError(await claim(user.token, '999999'), 404);
    await ban(server, admin, user);
    expect([401, 403]).toContain((await claim(user.token, id)).status);
    expect(await balanceOf(server, user.id)).toBe(1000);
  });

  it('lists the reward a claim pays under a running reward buff, and the claim pays exactly it', async () => {
    const id = await achievement({
      title: 'Boosted fan',
      criteria: 'logins',
      threshold: 1,
      reward: 25,
    });
    const user = await registerUser(server);
    expect((await list(user)).body.find((a) => a._id === id)).toMatchObject({
      reward: 25,
      buffedReward: null,
    });
    const item = await insertItem(server.db, {
      effectType: 'reward-multiplier',
      effectValue: 125,
      price: 100,
    });
    await startBuff(
      server.db,
      {
        userId: user.id,
        itemId: item.id,
        effectType: 'reward-multiplier',
        value: 125,
        itemPrice: 100,
      },
      new Date(),
    );
    expect((await list(user)).body.find((a) => a._id === id)).toMatchObject({
      reward: 25,
      buffedReward: { amount: 31, multiplier: 125, capped: false },
    });
    const res = await claim(user.token, id);
    expect(res.body).toMatchObject({ message: 'Claimed "Boosted fan"! +31 coins', reward: 31 });
    expect(await balanceOf(server, user.id)).toBe(1031);
    // Claimed, it pays nothing more: no buffed figure beside it.
    expect((await list(user)).body.find((a) => a._id === id)).toMatchObject({
      claimed: true,
      buffedReward: null,
    });
  });

  it('20 parallel claims pay one reward', async () => {
    const id = await achievement({ criteria: 'logins', threshold: 1, reward: 77 });
    const user = await registerUser(server);
    const results = await Promise.all(Array.from({ length: 20 }, () => claim(user.token, id)));
    expect(results.map((r) => r.status).sort()).toEqual([200, ...Array<number>(19).fill(409)]);
    expect(await balanceOf(server, user.id)).toBe(1077);
  });

  it('a retired achievement stays listed for those who claimed it only', async () => {
    const id = await achievement({ criteria: 'logins', threshold: 1 });
    const [claimer, other] = [await registerUser(server), await registerUser(server)];
    expect((await claim(claimer.token, id)).status).toBe(200);
    expectError(
      await callRoute(server, 'POST /api/achievements/:id/retire', {
        token: claimer.token,
        params: { id },
      }),
      403,
    );
    expect(
      (
        await callRoute(server, 'POST /api/achievements/:id/retire', {
          token: admin.token,
          params: { id },
        })
      ).status,
    ).toBe(200);
    expect((await list(claimer)).body.map((a) => a._id)).toContain(id);
    expect((await list(other)).body.map((a) => a._id)).not.toContain(id);
    expectError(await claim(other.token, id), 404);
  });
});

describe('POST /api/achievements/create', () => {
  it('creates with the spec message; refuses bad input naming the field, non-admins and no token', async () => {
    const res = await create(admin.token, good);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Achievement created');
    expectBadField(await create(admin.token, { ...good, title: '  ' }), 'title');
    expectBadField(await create(admin.token, { ...good, criteria: 'jumps' }), 'criteria');
    expectBadField(await create(admin.token, { ...good, threshold: 0 }), 'threshold');
    expectBadField(await create(admin.token, { ...good, threshold: 1_000_001 }), 'threshold');
    expectBadField(await create(admin.token, { ...good, reward: 'lots' }), 'reward');
    expectBadField(await create(admin.token, { ...good, icon: 7 }), 'icon');
    const user = await registerUser(server);
    expectError(await create(user.token, good), 403);
    expectError(await create(undefined, good), 401);
  });
});
