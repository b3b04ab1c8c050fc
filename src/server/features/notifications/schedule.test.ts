import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { callRoute } from '../../testing/callRoute';
import { registerUser, usingPostgres, useTestServer, type TestUser } from '../../testing/harness';
import { cancelNotice, deliverDue, scheduleNotice } from './schedule';

const clock = new ManualClock('2030-01-01T00:00:00Z');
const server = useTestServer({}, { clock });

const inboxOf = async (user: TestUser) =>
  (await callRoute(server, 'GET /api/notifications', { token: user.token, query: {} })).body
    .notifications;

async function scheduleFor(user: TestUser, key: string, inMs: number): Promise<void> {
  await scheduleNotice(server.db, {
    userId: user.id,
    key,
    kind: 'egg_ready',
    dueAt: new Date(clock.now().getTime() + inMs),
    title: 'Your egg is ready',
    body: 'Hatch it.',
    link: '/games/virtual-pet',
  });
}

describe('scheduled notices', () => {
  it('arrive once, at their time, and move when scheduled again', async () => {
    const user = await registerUser(server);
    await scheduleFor(user, 'egg:1', 60_000);
    expect(await deliverDue(server.deps)).toBe(0);
    // Scheduled again later: the first moment no longer counts.
    await scheduleFor(user, 'egg:1', 120_000);
    clock.advance(90_000);
    await deliverDue(server.deps);
    expect(await inboxOf(user)).toHaveLength(0);
    clock.advance(60_000);
    await Promise.all([deliverDue(server.deps), deliverDue(server.deps)]);
    expect(await deliverDue(server.deps)).toBe(0);
    const got = await inboxOf(user);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ kind: 'egg_ready', title: 'Your egg is ready' });
  });

  it('are dropped when the player acted first', async () => {
    const user = await registerUser(server);
    await scheduleFor(user, 'claim', 10_000);
    await cancelNotice(server.db, user.id, 'claim');
    clock.advance(20_000);
    await deliverDue(server.deps);
    expect(await inboxOf(user)).toHaveLength(0);
    const [left] = await server.db.rows<{ n: number }>(
      sql`select count(*)::int as n from notification_schedule where user_id = ${user.id}`,
    );
    expect(left?.n).toBe(0);
  });
});

describe.runIf(usingPostgres())('scheduled notices on two processes', () => {
  // A second app on the same database: its own pool and sweep, as another process has.
  const other = useTestServer({}, { clock, databaseOf: server, audit: false });

  it('are each delivered once when both sweeps take the same due rows at once', async () => {
    const users = await Promise.all(Array.from({ length: 12 }, () => registerUser(server)));
    for (const u of users) for (let i = 0; i < 40; i++) await scheduleFor(u, `egg:${i}`, 1_000 + i);
    clock.advance(5_000);
    const sweeps = [server, other, server, other];
    let delivered = 0;
    for (;;) {
      const counts = await Promise.all(sweeps.map((s) => deliverDue(s.deps)));
      delivered += counts.reduce((a, b) => a + b, 0);
      if (counts.every((n) => n === 0)) break;
    }
    expect(delivered).toBe(12 * 40);
    const rows = await server.db.rows<{ n: number; keys: number }>(sql`
      select count(*)::int as n, count(distinct (user_id, dedupe_key))::int as keys
      from notifications where user_id in ${users.map((u) => u.id)}`);
    expect(rows[0]).toEqual({ n: 12 * 40, keys: 12 * 40 });
    const [left] = await server.db.rows<{ n: number }>(
      sql`select count(*)::int as n from notification_schedule where user_id in ${users.map((u) => u.id)}`,
    );
    expect(left?.n).toBe(0);
  });
});
