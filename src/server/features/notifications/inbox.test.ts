import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { INBOX_KEEP } from '../../../shared/api/notifications';
import { callRoute, callRouteRaw } from '../../testing/callRoute';
import { expectBadField, expectError } from '../../testing/expectations';
import { registerUser, useTestServer, type TestUser } from '../../testing/harness';
import { trimInboxes } from './inbox';
import { openLive, takeTicket } from '../../testing/liveClient';

const server = useTestServer({ newAccountHours: 0, newAccountActions: 0 });

const send = (from: TestUser, to: TestUser, amount: number, key?: string) =>
  callRoute(server, 'POST /api/user/send-money', {
    token: from.token,
    body: { recipientUsername: to.username, amount },
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });

const inboxOf = (user: TestUser, query: Record<string, string> = {}) =>
  callRoute(server, 'GET /api/notifications', { token: user.token, query });

async function delivered(): Promise<void> {
  await server.deps.events.flush();
}

describe('the inbox', () => {
  it('gets one notice per coin transfer, for the recipient only, and the live counts', async () => {
    const alice = await registerUser(server);
    const bob = await registerUser(server);
    const live = await openLive(server.url, await takeTicket(server.url, bob.token));
    expect((await send(alice, bob, 25)).status).toBe(200);
    await delivered();
    const got = await live.next((m) => m.kind === 'notification.new', 5000);
    expect(got).toMatchObject({
      kind: 'notification.new',
      payload: { unread: 1, notification: { kind: 'coins_received', link: '/dashboard' } },
    });
    // Marking it read tells the player's other tabs their count.
    const first = (await inboxOf(bob)).body.notifications[0]!._id;
    const read = await callRoute(server, 'POST /api/notifications/read', {
      token: bob.token,
      body: { ids: [first] },
    });
    expect(read.body).toEqual({ message: '1 marked read', unread: 0 });
    expect(await live.next((m) => m.kind === 'notification.read', 5000)).toMatchObject({
      payload: { unread: 0 },
    });
    live.close();
    const bobs = await inboxOf(bob);
    expect(bobs.body.unread).toBe(0);
    expect(bobs.body.notifications[0]).toMatchObject({
      kind: 'coins_received',
      title: `${alice.username} sent you 25 coins`,
    });
    expect(bobs.body.notifications[0]!.readAt).not.toBeNull();
    expect((await inboxOf(alice)).body.notifications).toEqual([]);
  });

  it('writes one notice for 20 racing retries of one Idempotency-Key', async () => {
    const alice = await registerUser(server);
    const bob = await registerUser(server);
    await Promise.all(Array.from({ length: 20 }, () => send(alice, bob, 7, 'same-key-12345')));
    await delivered();
    expect((await inboxOf(bob)).body.notifications).toHaveLength(1);
  });

  it('marks read by id and all, filters unread and by kind, and removes', async () => {
    const alice = await registerUser(server);
    const bob = await registerUser(server);
    for (const n of [1, 2, 3]) await send(alice, bob, n);
    await delivered();
    const all = await inboxOf(bob);
    expect(all.body.unread).toBe(3);
    const first = all.body.notifications[0]!._id;
    const read = await callRoute(server, 'POST /api/notifications/read', {
      token: bob.token,
      body: { ids: [first] },
    });
    expect(read.body.unread).toBe(2);
    expect((await inboxOf(bob, { unread: 'true' })).body.notifications).toHaveLength(2);
    expect((await inboxOf(bob, { kind: 'bet_settled' })).body.notifications).toHaveLength(0);
    expect((await inboxOf(bob, { kind: 'coins_received' })).body.notifications).toHaveLength(3);
    expect((await inboxOf(bob, { group: 'Coins' })).body.notifications).toHaveLength(3);
    expect((await inboxOf(bob, { group: 'Trades' })).body.notifications).toHaveLength(0);
    await callRoute(server, 'POST /api/notifications/read', {
      token: bob.token,
      body: { all: true },
    });
    expect((await inboxOf(bob)).body.unread).toBe(0);
    const gone = await callRoute(server, 'DELETE /api/notifications/:id', {
      token: bob.token,
      params: { id: first },
    });
    expect(gone.status).toBe(200);
    expect((await inboxOf(bob)).body.notifications).toHaveLength(2);
    // Someone else's notification is not found for alice.
    expectError(
      await callRouteRaw(server, 'DELETE /api/notifications/:id', {
        token: alice.token,
        params: { id: all.body.notifications[1]!._id },
      }),
      404,
    );
  });

  it('refuses bad input naming the field', async () => {
    const bob = await registerUser(server);
    expectBadField(
      await callRouteRaw(server, 'POST /api/notifications/read', {
        token: bob.token,
        body: { ids: [] },
      }),
      'ids',
    );
    expectBadField(
      await callRouteRaw(server, 'GET /api/notifications', {
        token: bob.token,
        query: { kind: 'nope' },
      }),
      'kind',
    );
    expectBadField(
      await callRouteRaw(server, 'GET /api/notifications', {
        token: bob.token,
        query: { group: 'Nope' },
      }),
      'group',
    );
    expectError(await callRouteRaw(server, 'GET /api/notifications', {}), 401);
  });

  it('keeps a kind out of the inbox when turned off, but never the security notices', async () => {
    const alice = await registerUser(server);
    const bob = await registerUser(server);
    const prefs = await callRoute(server, 'PUT /api/notifications/preferences', {
      token: bob.token,
      body: {
        preferences: [
          { kind: 'coins_received', inbox: false, push: false, email: false },
          { kind: 'security', inbox: false, push: false, email: false },
        ],
      },
    });
    expect(prefs.body.find((p) => p.kind === 'coins_received')).toMatchObject({ inbox: false });
    expect(prefs.body.find((p) => p.kind === 'security')).toMatchObject({
      inbox: true,
      fixed: true,
    });
    await send(alice, bob, 5);
    await delivered();
    expect((await inboxOf(bob)).body.notifications).toHaveLength(0);
  });

  it(`keeps the newest ${INBOX_KEEP} per player`, async () => {
    const alice = await registerUser(server);
    const bob = await registerUser(server);
    await server.db.rows(sql`
      insert into notifications (user_id, kind, title, body, link, dedupe_key)
      select ${bob.id}, 'coins_received', 'old', '', '/dashboard', 'old:' || g from generate_series(1, ${INBOX_KEEP}) g`);
    await send(alice, bob, 9);
    await delivered();
    await trimInboxes(server.deps);
    expect(await trimInboxes(server.deps)).toBe(0);
    const [row] = await server.db.rows<{ n: number; old: number }>(sql`
      select count(*)::int as n, count(*) filter (where title = 'old')::int as old from notifications where user_id = ${bob.id}`);
    expect(row).toEqual({ n: INBOX_KEEP, old: INBOX_KEEP - 1 });
  });
});
