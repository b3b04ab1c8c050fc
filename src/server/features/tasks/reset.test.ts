import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { registerUser, useTestServer, type TestUser } from '../../testing/harness';
import { createTask } from './builders';
import { callRoute } from '../../testing/callRoute';
import { useAdmin } from '../../testing/builders';

/** Task periods on an injected clock (2030-03-04 is a Monday). Sign-ins are placed in time by their session rows. */
const clock = new ManualClock('2030-03-06T23:59:00Z');
const server = useTestServer({}, { clock });
const admin = useAdmin(server);

const list = (user: TestUser) => callRoute(server, 'GET /api/tasks', { token: user.token });
const complete = (user: TestUser, taskId: string) =>
  callRoute(server, 'POST /api/tasks/complete', { token: user.token, body: { taskId } });

/** Moves every sign-in of the user to `at`, as if they had signed in then. */
async function signedInAt(user: TestUser, at: string) {
  await server.db.rows(sql`update sessions set created_at = ${at} where user_id = ${user.id}`);
}

describe('task periods on the clock', () => {
  it('a daily task completed at 23:59 UTC is available again at 00:00, counting only rows since then', async () => {
    clock.set('2030-03-06T23:59:00Z');
    const id = await createTask(server, admin, {
      type: 'daily',
      goalType: 'logins',
      goalAmount: 1,
    });
    const user = await registerUser(server);
    await signedInAt(user, '2030-03-06T08:00:00Z');
    expect((await complete(user, id)).status).toBe(200);
    expect((await list(user)).body.tasks.map((t) => t._id)).not.toContain(id);
    expect((await complete(user, id)).status).toBe(409);

    clock.set('2030-03-07T00:00:00Z');
    const next = (await list(user)).body.tasks.find((t) => t._id === id);
    // Back, with yesterday's sign-in no longer counted.
    expect(next).toMatchObject({
      progress: 0,
      percent: 0,
      periodStart: '2030-03-07T00:00:00.000Z',
      resetsAt: '2030-03-08T00:00:00.000Z',
    });
    expect((await complete(user, id)).status).toBe(409);
    await signedInAt(user, '2030-03-07T00:00:00Z');
    expect((await complete(user, id)).status).toBe(200);
  });

  it('a weekly task comes back on Monday 00:00 UTC, not before', async () => {
    clock.set('2030-03-10T23:59:59Z'); // Sunday
    const id = await createTask(server, admin, {
      type: 'weekly',
      goalType: 'logins',
      goalAmount: 2,
    });
    const user = await registerUser(server);
    await callRoute(server, 'POST /auth/login', {
      body: { username: user.username, password: user.password },
    });
    // Two sign-ins on two days of the week (the registration on Monday, the login on Tuesday).
    await server.db
      .rows(sql`update sessions set created_at = case when created_at = (select min(created_at) from sessions where user_id = ${user.id})
      then '2030-03-04T00:00:00Z'::timestamptz else '2030-03-05T00:00:00Z'::timestamptz end where user_id = ${user.id}`);
    expect((await list(user)).body.tasks.find((t) => t._id === id)).toMatchObject({
      progress: 2,
      periodStart: '2030-03-04T00:00:00.000Z',
    });
    expect((await complete(user, id)).status).toBe(200);
    clock.set('2030-03-10T23:59:59.999Z');
    expect((await list(user)).body.tasks.map((t) => t._id)).not.toContain(id);
    clock.set('2030-03-11T00:00:00Z');
    expect((await list(user)).body.tasks.find((t) => t._id === id)).toMatchObject({
      progress: 0,
      resetsAt: '2030-03-18T00:00:00.000Z',
    });
  });

  it('a bonus task never comes back', async () => {
    clock.set('2030-03-06T12:00:00Z');
    const id = await createTask(server, admin, {
      type: 'bonus',
      goalType: 'logins',
      goalAmount: 1,
    });
    const user = await registerUser(server);
    expect((await complete(user, id)).status).toBe(200);
    clock.set('2031-01-01T00:00:00Z');
    expect((await list(user)).body.tasks.map((t) => t._id)).not.toContain(id);
    expect((await complete(user, id)).status).toBe(409);
  });

  it('counts sign-ins as days: thirty logins in one day are one, on three days three, also for achievements', async () => {
    clock.set('2030-03-06T12:00:00Z');
    const daily = await createTask(server, admin, {
      type: 'daily',
      goalType: 'logins',
      goalAmount: 1,
    });
    const weekly = await createTask(server, admin, {
      type: 'weekly',
      goalType: 'logins',
      goalAmount: 3,
    });
    const user = await registerUser(server);
    for (let i = 0; i < 29; i++)
      await callRoute(server, 'POST /auth/login', {
        body: { username: user.username, password: user.password },
      });
    await signedInAt(user, '2030-03-06T08:00:00Z');
    const progress = async (id: string) =>
      (await list(user)).body.tasks.find((t) => t._id === id)?.progress;
    expect(await progress(daily)).toBe(1);
    expect(await progress(weekly)).toBe(1);
    expect((await complete(user, weekly)).status).toBe(409);
    const stats = await callRoute(server, 'GET /api/user/stats', { token: user.token });
    expect(stats.body.logins).toBe(1);

    // The same thirty sessions spread over Monday, Tuesday and Wednesday: three days.
    await server.db.rows(
      sql`update sessions set created_at = '2030-03-04T10:00:00Z' where user_id = ${user.id}`,
    );
    await server.db
      .rows(sql`update sessions s set created_at = '2030-03-05T23:59:59Z' from (select token_hash from sessions where user_id = ${user.id} limit 10) t
      where s.token_hash = t.token_hash`);
    await server.db
      .rows(sql`update sessions s set created_at = '2030-03-06T00:00:00Z' from (select token_hash from sessions where user_id = ${user.id}
      and created_at = '2030-03-04T10:00:00Z' limit 10) t where s.token_hash = t.token_hash`);
    expect(await progress(daily)).toBe(1);
    expect(await progress(weekly)).toBe(3);
    expect((await complete(user, weekly)).status).toBe(200);
    expect(
      (await callRoute(server, 'GET /api/user/stats', { token: user.token })).body.logins,
    ).toBe(3);
  });
});
