import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { balanceOf, registerUser, useTestServer, type TestUser } from '../../testing/harness';
import { expectBadField, expectError } from '../../testing/expectations';
import { readStats } from '../../platform/stats';
import { createTask, placeWager, winWager } from './builders';
import { ensureDefaultTasks } from './seed';
import { ensureDefaultAchievements } from '../achievements/seed';
import { startBuff } from '../items/buffs';
import { insertItem } from '../store/builders';
import { callRoute, callRouteRaw } from '../../testing/callRoute';
import { ban, useAdmin } from '../../testing/builders';

const server = useTestServer();
const admin = useAdmin(server);

const list = (user: TestUser) => callRoute(server, 'GET /api/tasks', { token: user.token });
const complete = (token: string | undefined, taskId: unknown) =>
  callRouteRaw(server, 'POST /api/tasks/complete', { token, body: { taskId } });

describe('GET /api/tasks', () => {
  it('lists active tasks with progress counted since the period start, capped at 100%', async () => {
    const login = await createTask(server, admin, {
      title: 'Sign in',
      goalType: 'logins',
      goalAmount: 1,
    });
    const bets = await createTask(server, admin, {
      title: 'Bet 4',
      type: 'weekly',
      goalType: 'betsPlaced',
      goalAmount: 4,
      reward: 80,
    });
    const user = await registerUser(server);
    await placeWager(server, admin, user);
    const res = await list(user);
    expect(res.status).toBe(200);
    const byId = new Map(res.body.tasks.map((t) => [t._id, t]));
    expect(byId.get(login)).toMatchObject({
      title: 'Sign in',
      type: 'daily',
      goalType: 'logins',
      progress: 1,
      percent: 100,
      emoji: '⭐',
    });
    expect(byId.get(bets)).toMatchObject({ progress: 1, percent: 25, reward: 80 });
    expect(byId.get(login)?.resetsAt).not.toBeNull();
    // A second login the same day counts nothing more (logins are days).
    await callRoute(server, 'POST /auth/login', {
      body: { username: user.username, password: user.password },
    });
    expect((await list(user)).body.tasks.find((t) => t._id === login)).toMatchObject({
      progress: 1,
      percent: 100,
    });
  });

  it('needs a token', async () => {
    expectError(await callRoute(server, 'GET /api/tasks'), 401);
  });
});

describe('POST /api/tasks/complete', () => {
  it('pays the reward through the ledger, counts tasksCompleted, and the task leaves the list', async () => {
    const id = await createTask(server, admin, {
      title: 'Wager once',
      goalType: 'betsPlaced',
      reward: 70,
    });
    const user = await registerUser(server);
    const early = await complete(user.token, id);
    expectError(early, 409, { message: '0/1' });
    await placeWager(server, admin, user, 10);
    const res = await complete(user.token, id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Completed "Wager once"! +70 coins',
      reward: 70,
      balance: 1060,
    });
    expect(await balanceOf(server, user.id)).toBe(1060);
    expect((await list(user)).body.tasks.map((t) => t._id)).not.toContain(id);
    expect((await readStats(server.db, user.id)).tasksCompleted).toBe(1);
    const rows = await server.db.rows<{ category: string; ref_type: string; delta: number }>(
      sql`select category, ref_type, delta from ledger where user_id = ${user.id} and category = 'task_reward'`,
    );
    expect(rows).toEqual([{ category: 'task_reward', ref_type: 'task_claim', delta: 70 }]);
    expectError(await complete(user.token, id), 409, { message: 'already completed' });
  });

  it('applies a running reward-multiplier buff to the reward (DESIGN.md section 6)', async () => {
    const id = await createTask(server, admin, { title: 'Boosted', reward: 60 });
    const user = await registerUser(server);
    const item = await insertItem(server.db, {
      effectType: 'reward-multiplier',
      effectValue: 150,
      price: 100,
    });
    await startBuff(
      server.db,
      {
        userId: user.id,
        itemId: item.id,
        effectType: 'reward-multiplier',
        value: 150,
        itemPrice: 100,
      },
      new Date(),
    );
    const res = await complete(user.token, id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ reward: 90, message: 'Completed "Boosted"! +90 coins' });
    expect(await balanceOf(server, user.id)).toBe(1090);
  });

  it('lists the reward a claim pays under a running reward buff, and the claim pays exactly it', async () => {
    const id = await createTask(server, admin, {
      title: 'Shown boost',
      goalType: 'logins',
      reward: 25,
    });
    const user = await registerUser(server);
    expect((await list(user)).body.tasks.find((t) => t._id === id)).toMatchObject({
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
    const shown = (await list(user)).body.tasks.find((t) => t._id === id);
    expect(shown).toMatchObject({
      reward: 25,
      buffedReward: { amount: 31, multiplier: 125, capped: false },
    });
    const res = await complete(user.token, id);
    expect(res.body).toMatchObject({ reward: 31, task: { buffedReward: { amount: 31 } } });
    expect(await balanceOf(server, user.id)).toBe(1031);
  });

  it("shows a reward held down by the buff's cap as the claim pays it", async () => {
    const id = await createTask(server, admin, {
      title: 'Capped boost',
      goalType: 'logins',
      reward: 60,
    });
    const user = await registerUser(server);
    // A 10-coin item caps its buff's extra at its price, below the 30 that x1.5 would add.
    const item = await insertItem(server.db, {
      effectType: 'reward-multiplier',
      effectValue: 150,
      price: 10,
    });
    await startBuff(
      server.db,
      {
        userId: user.id,
        itemId: item.id,
        effectType: 'reward-multiplier',
        value: 150,
        itemPrice: 10,
      },
      new Date(),
    );
    const shown = (await list(user)).body.tasks.find((t) => t._id === id);
    expect(shown?.buffedReward).toEqual({ amount: 70, multiplier: 150, capped: true });
    expect((await complete(user.token, id)).body).toMatchObject({ reward: 70 });
    expect(await balanceOf(server, user.id)).toBe(1070);
    // The cap is spent, so the buff has ended and other rewards show plain again.
    const other = await createTask(server, admin, {
      title: 'After the cap',
      goalType: 'logins',
      reward: 60,
    });
    expect((await list(user)).body.tasks.find((t) => t._id === other)).toMatchObject({
      buffedReward: null,
    });
  });

  it('counts bets won', async () => {
    const id = await createTask(server, admin, {
      title: 'Win one',
      type: 'bonus',
      goalType: 'betsWon',
    });
    const user = await registerUser(server);
    await placeWager(server, admin, user);
    expectError(await complete(user.token, id), 409, { message: '0/1' });
    await winWager(server, admin, user);
    expect((await complete(user.token, id)).status).toBe(200);
  });

  it('refuses bad input, no token, a missing or retired task and a banned user', async () => {
    const id = await createTask(server, admin);
    const user = await registerUser(server);
    expectBadField(await complete(user.token, 'abc'), 'taskId');
    expectBadField(
      await callRouteRaw(server, 'POST /api/tasks/complete', { token: user.token, body: {} }),
      'taskId',
    );
    expectError(await complete(undefined, id), 401);
    expectError(await complete(user.token, '999999'), 404);
    const retired = await createTask(server, admin);
    expect(
      (
        await callRoute(server, 'POST /api/tasks/:id/retire', {
          token: admin.token,
          params: { id: retired },
        })
      ).status,
    ).toBe(200);
    expectError(await complete(user.token, retired), 404);
    expect((await list(user)).body.tasks.map((t) => t._id)).not.toContain(retired);
    await ban(server, admin, user);
    const res = await complete(user.token, id);
    expect([401, 403]).toContain(res.status);
    expect(await balanceOf(server, user.id)).toBe(1000);
  });

  it('20 parallel completes of one task pay one reward', async () => {
    const id = await createTask(server, admin, { reward: 90 });
    const user = await registerUser(server);
    const results = await Promise.all(Array.from({ length: 20 }, () => complete(user.token, id)));
    expect(results.map((r) => r.status).sort()).toEqual([200, ...Array<number>(19).fill(409)]);
    expect(await balanceOf(server, user.id)).toBe(1090);
  });
});

describe('POST /api/tasks/create and retire (admin)', () => {
  const good = {
    title: ' Daily ',
    description: 'Sign in',
    reward: 5,
    type: 'daily',
    goalType: 'logins',
    goalAmount: 1,
    emoji: '🌞',
  };
  const create = (token: string | undefined, body: unknown) =>
    callRouteRaw(server, 'POST /api/tasks/create', { token, body });

  it('creates a task with the spec message; it shows in every user list', async () => {
    const res = await create(admin.token, good);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ message: 'Task created' });
    const user = await registerUser(server);
    expect((await list(user)).body.tasks.find((t) => t._id === res.body._id)).toMatchObject({
      title: 'Daily',
      emoji: '🌞',
    });
  });

  it('refuses bad input naming the field', async () => {
    expectBadField(await create(admin.token, { ...good, title: '' }), 'title');
    expectBadField(
      await create(admin.token, { ...good, description: 'x'.repeat(501) }),
      'description',
    );
    expectBadField(await create(admin.token, { ...good, reward: 0 }), 'reward');
    expectBadField(await create(admin.token, { ...good, reward: 1_000_001 }), 'reward');
    expectBadField(await create(admin.token, { ...good, type: 'monthly' }), 'type');
    expectBadField(await create(admin.token, { ...good, goalType: 'casinoWins' }), 'goalType');
    expectBadField(await create(admin.token, { ...good, goalAmount: 2.5 }), 'goalAmount');
    expectBadField(await create(admin.token, { ...good, emoji: 'x'.repeat(17) }), 'emoji');
  });

  it('refuses a non-admin and no token; retire needs an admin and an active task', async () => {
    const user = await registerUser(server);
    expectError(await create(user.token, good), 403);
    expectError(await create(undefined, good), 401);
    const id = await createTask(server, admin);
    expectError(
      await callRoute(server, 'POST /api/tasks/:id/retire', { token: user.token, params: { id } }),
      403,
    );
    expect(
      (
        await callRoute(server, 'POST /api/tasks/:id/retire', {
          token: admin.token,
          params: { id },
        })
      ).status,
    ).toBe(200);
    expectError(
      await callRoute(server, 'POST /api/tasks/:id/retire', { token: admin.token, params: { id } }),
      404,
    );
  });
});

describe('seeded defaults', () => {
  it('cover all three types, every goal type and one achievement per criterion, once', async () => {
    await server.db
      .tx(async (tx) => {
        // Into a copy of an empty catalogue: the tables are emptied only inside this rolled-back transaction.
        await tx.rows(sql`delete from task_claims`);
        await tx.rows(sql`delete from tasks`);
        await tx.rows(sql`delete from achievement_claims`);
        await tx.rows(sql`delete from achievements`);
        expect((await ensureDefaultTasks(tx)) + (await ensureDefaultAchievements(tx))).toBe(23);
        expect((await ensureDefaultTasks(tx)) + (await ensureDefaultAchievements(tx))).toBe(0);
        const types = await tx.rows<{ type: string; goal_type: string }>(
          sql`select distinct type, goal_type from tasks order by 1, 2`,
        );
        expect(types).toHaveLength(12);
        const criteria = await tx.rows<{ criteria: string }>(
          sql`select distinct criteria from achievements`,
        );
        expect(criteria).toHaveLength(11);
        throw new Error('rollback');
      })
      .catch((err: unknown) => {
        if (!(err instanceof Error) || err.message !== 'rollback') throw err;
      });
  });
});
