import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { registerUser, useTestServer, type TestUser } from '../../testing/harness';
import { callRoute } from '../../testing/callRoute';

/**
 * Click Frenzy pays a coin a click: the statement shows an hour of clicks as one entry
 * (issue 33), never splits one across pages, and keeps every other row as it is.
 */
const clock = new ManualClock('2030-01-01T10:10:00Z');
const server = useTestServer({}, { clock });

const click = async (user: TestUser) => {
  clock.advance(1000);
  const res = await callRoute(server, 'POST /api/games/click-frenzy', {
    token: user.token,
    body: { clicks: 1, emoji: '🐶' },
  });
  expect(res.status).toBe(200);
};
const page = (user: TestUser, query: { before?: string; limit?: number }) =>
  callRoute(server, 'GET /api/user/ledger', {
    token: user.token,
    query: { ...query, before: query.before === undefined ? undefined : Number(query.before) },
  });

describe('the statement', () => {
  it('groups back-to-back Click Frenzy rewards of one UTC hour into one entry, page by page', async () => {
    const [user, friend] = [await registerUser(server), await registerUser(server)];
    for (let i = 0; i < 12; i++) await click(user);
    expect(
      (
        await callRoute(server, 'POST /api/user/send-money', {
          token: friend.token,
          body: { recipientUsername: user.username, amount: 5 },
        })
      ).status,
    ).toBe(200);
    for (let i = 0; i < 3; i++) await click(user);
    // Rows carry the database's time: place them in two hours, six clicks each side of 10:00.
    const frenzy = await server.db.rows<{ id: number }>(sql`
      select id from ledger where user_id = ${user.id} and category = 'frenzy_reward' order by id`);
    const ids = (from: number, to: number) => frenzy.slice(from, to).map((r) => r.id);
    await server.db.rows(
      sql`update ledger set created_at = '2030-01-01T09:59:00Z' where id in ${ids(0, 6)}`,
    );
    await server.db.rows(
      sql`update ledger set created_at = '2030-01-01T10:00:30Z' where id in ${ids(6, 12)}`,
    );
    await server.db.rows(
      sql`update ledger set created_at = '2030-01-01T10:20:00Z' where id in ${ids(12, 15)}`,
    );

    const all = (await page(user, { limit: 20 })).body;
    expect(all.entries.map((e) => [e.label, e.delta, e.count])).toEqual([
      ['Click Frenzy: 3 clicks', 3, 3],
      ['Coins received', 5, 1],
      ['Click Frenzy: 6 clicks', 6, 6],
      ['Click Frenzy: 6 clicks', 6, 6],
      ['Welcome bonus', 1000, 1],
    ]);
    expect(all.entries[0]).toMatchObject({
      balanceAfter: 1020,
      createdAt: '2030-01-01T10:20:00.000Z',
      _id: String(frenzy[14]!.id),
    });
    expect(all.entries[2]!.balanceAfter).toBe(1012);
    expect(all.nextBefore).toBeNull();

    const first = (await page(user, { limit: 2 })).body;
    expect(first.entries.map((e) => e.count)).toEqual([3, 1]);
    const second = (await page(user, { limit: 2, before: first.nextBefore! })).body;
    expect(second.entries.map((e) => [e.count, e.createdAt])).toEqual([
      [6, '2030-01-01T10:00:30.000Z'],
      [6, '2030-01-01T09:59:00.000Z'],
    ]);
    // The cursor is the oldest row of the last entry: the next page starts below the whole hour.
    expect(second.nextBefore).toBe(String(frenzy[0]!.id));
    const third = (await page(user, { limit: 2, before: second.nextBefore! })).body;
    expect(third.entries.map((e) => e.category)).toEqual(['registration_grant']);
    expect(third.nextBefore).toBeNull();
  });
});
