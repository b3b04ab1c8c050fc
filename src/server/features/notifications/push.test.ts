import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute, callRouteRaw } from '../../testing/callRoute';
import { expectBadField, expectError } from '../../testing/expectations';
import { registerUser, useTestServer, type TestUser } from '../../testing/harness';
import { openLive, takeTicket } from '../../testing/liveClient';
import { PushService, type Browser } from '../../testing/pushService';
import { checkEndpoint } from './subscriptions';

const server = useTestServer({ pushLoopback: true });
const pushService = new PushService();

beforeAll(() => pushService.start());
afterAll(() => pushService.close());

/** What the page sends: the PushSubscription's JSON. */
const subscribe = (user: TestUser, { endpoint, keys }: Pick<Browser, 'endpoint' | 'keys'>) =>
  callRouteRaw(server, 'POST /api/push/subscriptions', {
    token: user.token,
    body: { endpoint, expirationTime: null, keys },
  });

async function sendCoins(from: TestUser, to: TestUser, amount: number): Promise<number> {
  await callRoute(server, 'POST /api/user/send-money', {
    token: from.token,
    body: { recipientUsername: to.username, amount },
  });
  await server.deps.events.flush();
  const [row] = await server.db.rows<{ id: number }>(
    sql`select max(id)::int as id from notifications where user_id = ${to.id}`,
  );
  return row!.id;
}

/** Waits until `check` holds (the sender sweeps every second). */
async function until(what: string, check: () => Promise<boolean> | boolean): Promise<void> {
  const end = Date.now() + 8000;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const claimed = async (id: number) => {
  const [row] = await server.db.rows<{ pushed: boolean }>(
    sql`select pushed_at is not null as pushed from notifications where id = ${id}`,
  );
  return row?.pushed === true;
};

const subscriptionsOf = (endpoint: string) =>
  server.db.rows<{ user_id: number }>(
    sql`select user_id from push_subscriptions where endpoint = ${endpoint}`,
  );

describe('web push', () => {
  it('gives one VAPID public key, the same to everyone', async () => {
    const [a, b] = [await registerUser(server), await registerUser(server)];
    const first = await callRoute(server, 'GET /api/push/key', { token: a.token });
    const second = await callRoute(server, 'GET /api/push/key', { token: b.token });
    expect(first.body.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(second.body.publicKey).toBe(first.body.publicKey);
    const rows = await server.db.rows<{ public_key: string }>(
      sql`select public_key from notification_vapid_keys`,
    );
    expect(rows).toEqual([{ public_key: first.body.publicKey }]);
  });

  it('pushes a new notification, encrypted and signed, to a player who is away', async () => {
    const [alice, bob] = [await registerUser(server), await registerUser(server)];
    const browser = pushService.browser('away');
    expect((await subscribe(bob, browser)).status).toBe(200);
    const before = Date.now() / 1000;
    await sendCoins(alice, bob, 25);
    await until('the push arrives', () => pushService.to(browser).length > 0);
    expect(pushService.failures).toEqual([]);
    const [push] = pushService.to(browser);
    expect(push!.payload).toEqual({
      title: `${alice.username} sent you 25 coins`,
      body: expect.any(String),
      link: '/dashboard',
    });
    const key = await callRoute(server, 'GET /api/push/key', { token: bob.token });
    expect(push!.vapidKey).toBe(key.body.publicKey);
    expect(push!.claims).toMatchObject({
      aud: new URL(browser.endpoint).origin,
      sub: server.config.vapidSubject,
    });
    expect(push!.claims.exp).toBeGreaterThan(before);
    expect(push!.claims.exp).toBeLessThanOrEqual(before + 24 * 3600 + 60);
    expect(push!.headers.ttl).toBe(String(24 * 3600));
    // Exactly once.
    await sendCoins(alice, bob, 3);
    await until('the second push arrives', () => pushService.to(browser).length === 2);
    expect(pushService.to(browser).map((p) => (p.payload as { title: string }).title)).toEqual([
      `${alice.username} sent you 25 coins`,
      `${alice.username} sent you 3 coins`,
    ]);
  });

  it('drops a subscription its push service answers 410 Gone', async () => {
    const [alice, bob] = [await registerUser(server), await registerUser(server)];
    const browser = pushService.browser('gone', 410);
    await subscribe(bob, browser);
    await sendCoins(alice, bob, 5);
    await until('the push is tried', () => pushService.to(browser).length > 0);
    await until(
      'the subscription is gone',
      async () => (await subscriptionsOf(browser.endpoint)).length === 0,
    );
  });

  it('sends nothing while the player has a live socket, and again once it closes', async () => {
    const [alice, bob] = [await registerUser(server), await registerUser(server)];
    const browser = pushService.browser('here');
    await subscribe(bob, browser);
    const live = await openLive(server.url, await takeTicket(server.url, bob.token));
    const seen = await sendCoins(alice, bob, 7);
    await until('the sender has looked at it', () => claimed(seen));
    live.close();
    await live.closed;
    await until('the socket is gone from presence', async () => {
      const rows = await server.db.rows(sql`select 1 from live_presence where user_id = ${bob.id}`);
      return rows.length === 0;
    });
    await sendCoins(alice, bob, 8);
    await until('the push arrives', () => pushService.to(browser).length > 0);
    expect(pushService.to(browser).map((p) => (p.payload as { title: string }).title)).toEqual([
      `${alice.username} sent you 8 coins`,
    ]);
  });

  it("counts another process's fresh socket as present, and a dead process's as away", async () => {
    const [alice, bob] = [await registerUser(server), await registerUser(server)];
    const browser = pushService.browser('elsewhere');
    await subscribe(bob, browser);
    await server.db.rows(
      sql`insert into live_presence (process_id, user_id) values ('other-process', ${bob.id})`,
    );
    const seen = await sendCoins(alice, bob, 4);
    await until('the sender has looked at it', () => claimed(seen));
    // That process stopped renewing its rows 31 s ago.
    await server.db.rows(
      sql`update live_presence set seen_at = now() - interval '31 seconds' where process_id = 'other-process'`,
    );
    await sendCoins(alice, bob, 6);
    await until('the push arrives', () => pushService.to(browser).length > 0);
    expect(pushService.to(browser).map((p) => (p.payload as { title: string }).title)).toEqual([
      `${alice.username} sent you 6 coins`,
    ]);
  });

  it('sends nothing for a kind whose push is turned off', async () => {
    const [alice, bob] = [await registerUser(server), await registerUser(server)];
    const browser = pushService.browser('choosy');
    await subscribe(bob, browser);
    const choose = (push: boolean) =>
      callRoute(server, 'PUT /api/notifications/preferences', {
        token: bob.token,
        body: { preferences: [{ kind: 'coins_received', inbox: true, push, email: true }] },
      });
    await choose(false);
    const quiet = await sendCoins(alice, bob, 9);
    // Marked at the write: the sender never claims it.
    expect(await claimed(quiet)).toBe(true);
    await choose(true);
    await sendCoins(alice, bob, 10);
    await until('the push arrives', () => pushService.to(browser).length > 0);
    expect(pushService.to(browser).map((p) => (p.payload as { title: string }).title)).toEqual([
      `${alice.username} sent you 10 coins`,
    ]);
  });

  it('moves an endpoint to whoever subscribed it last, and unsubscribes only your own', async () => {
    const [alice, bob] = [await registerUser(server), await registerUser(server)];
    const browser = pushService.browser('shared');
    await subscribe(alice, browser);
    expect(await subscriptionsOf(browser.endpoint)).toEqual([{ user_id: alice.id }]);
    await subscribe(bob, browser);
    expect(await subscriptionsOf(browser.endpoint)).toEqual([{ user_id: bob.id }]);
    const remove = (user: TestUser) =>
      callRoute(server, 'DELETE /api/push/subscriptions', {
        token: user.token,
        body: { endpoint: browser.endpoint },
      });
    await remove(alice);
    expect(await subscriptionsOf(browser.endpoint)).toHaveLength(1);
    expect((await remove(bob)).body.message).toMatch(/off/);
    expect(await subscriptionsOf(browser.endpoint)).toEqual([]);
  });

  it("follows a browser's renewed subscription, named by the old endpoint, without a session", async () => {
    const [alice, bob] = [await registerUser(server), await registerUser(server)];
    const old = pushService.browser('before-renewal');
    const next = pushService.browser('after-renewal');
    await subscribe(bob, old);
    const renew = (oldEndpoint: string, { endpoint, keys }: Browser) =>
      callRoute(server, 'POST /api/push/subscriptions/renew', {
        body: { oldEndpoint, subscription: { endpoint, expirationTime: null, keys } },
      });
    const renewed = await renew(old.endpoint, next);
    expect(renewed.status).toBe(200);
    expect(await subscriptionsOf(old.endpoint)).toEqual([]);
    expect(await subscriptionsOf(next.endpoint)).toEqual([{ user_id: bob.id }]);
    await sendCoins(alice, bob, 4);
    await until('the push reaches the renewed subscription', () => pushService.to(next).length > 0);
    expect(pushService.to(old)).toEqual([]);
    // The old endpoint proves nothing any more; an unknown one never did; a bad new one is named.
    expectError(await renew(old.endpoint, next), 404, { code: 'NOT_FOUND' });
    expectError(await renew('https://push.example.com/never', next), 404, { code: 'NOT_FOUND' });
    expectBadField(
      await renew(next.endpoint, { ...next, endpoint: 'https://10.0.0.1/x' }),
      'subscription.endpoint',
    );
    expect(await subscriptionsOf(next.endpoint)).toEqual([{ user_id: bob.id }]);
  });

  it('refuses a subscription that is not a push service, naming the field', async () => {
    const bob = await registerUser(server);
    const { keys } = pushService.browser('refused');
    expectBadField(
      await subscribe(bob, { endpoint: 'http://push.example.com/x', keys }),
      'endpoint',
    );
    expectBadField(await subscribe(bob, { endpoint: 'https://10.1.2.3/x', keys }), 'endpoint');
    expectBadField(await subscribe(bob, { endpoint: 'not a url', keys }), 'endpoint');
    expectBadField(
      await subscribe(bob, { endpoint: `https://push.example.com/${'x'.repeat(2000)}`, keys }),
      'endpoint',
    );
    expectBadField(
      await subscribe(bob, {
        endpoint: 'https://push.example.com/x',
        keys: { ...keys, p256dh: 'abc' },
      }),
      'keys.p256dh',
    );
    expectBadField(
      await subscribe(bob, { endpoint: 'https://push.example.com/x', keys: { ...keys, auth: '' } }),
      'keys.auth',
    );
  });

  it('takes only https on public names in production', () => {
    expect(() => checkEndpoint('https://fcm.googleapis.com/fcm/send/abc', false)).not.toThrow();
    expect(() =>
      checkEndpoint('https://updates.push.services.mozilla.com/wpush/v2/x', false),
    ).not.toThrow();
    for (const endpoint of [
      'http://127.0.0.1:9/push',
      'https://127.0.0.1/push',
      'https://localhost/push',
      'https://[::1]/push',
      'https://192.168.1.1/push',
      'https://[fd00::1]/push',
      'https://user:pw@push.example.com/x',
      'http://push.example.com/x',
    ])
      expect(() => checkEndpoint(endpoint, false), endpoint).toThrow(/endpoint/);
    // The test flag takes this machine, never a private network.
    expect(() => checkEndpoint('http://127.0.0.1:9/push', true)).not.toThrow();
    expect(() => checkEndpoint('http://192.168.1.1/push', true)).toThrow(/endpoint/);
  });
});
