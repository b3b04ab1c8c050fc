import { beforeAll, describe, expect, it } from 'vitest';
import {
  balanceOf,
  expectLedgerBalanced,
  registerUser,
  useTestServer,
  uniqueName,
  type TestUser,
} from '../../testing/harness';
import { expectBadField, expectError } from '../../testing/expectations';
import { callRoute, callRouteRaw, type TestRouteInput } from '../../testing/callRoute';
import { ban, useAdmin } from '../../testing/builders';

const server = useTestServer();
const admin = useAdmin(server);

const send = (token: string | undefined, body: unknown) =>
  callRouteRaw(server, 'POST /api/user/send-money', { token, body });
const ledger = (
  token: string | undefined,
  query: TestRouteInput<'GET /api/user/ledger'>['query'] = {},
) => callRoute(server, 'GET /api/user/ledger', { token, query });
// The query as written, unknown keys too, for the refusals.
const ledgerRaw = (token: string | undefined, query: string) =>
  callRouteRaw(server, 'GET /api/user/ledger', {
    token,
    query: Object.fromEntries(new URLSearchParams(query)),
  });

describe('POST /api/user/send-money', () => {
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    alice = await registerUser(server, uniqueName('Alice'));
    bob = await registerUser(server, uniqueName('Bob'));
  });

  it('moves coins and answers the message and the new balance', async () => {
    const res = await send(alice.token, { recipientUsername: bob.username, amount: 125 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: `Sent 125 coins to ${bob.username}`, balance: 875 });
    expect(await balanceOf(server, alice.id)).toBe(875);
    expect(await balanceOf(server, bob.id)).toBe(1125);
    await expectLedgerBalanced(server);
  });

  it('finds the recipient ignoring case and names them as registered', async () => {
    const res = await send(bob.token, {
      recipientUsername: alice.username.toUpperCase(),
      amount: 25,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(`Sent 25 coins to ${alice.username}`);
    expect(res.body.balance).toBe(1100);
    expect(await balanceOf(server, alice.id)).toBe(900);
  });

  it('allows sending the whole balance, down to exactly zero', async () => {
    const [a, b] = [await registerUser(server), await registerUser(server)];
    const res = await send(a.token, { recipientUsername: b.username, amount: 1000 });
    expect(res.status).toBe(200);
    expect(res.body.balance).toBe(0);
    expectError(await send(a.token, { recipientUsername: b.username, amount: 1 }), 409, {
      code: 'INSUFFICIENT_FUNDS',
    });
    expect(await balanceOf(server, b.id)).toBe(2000);
  });

  it.each([
    ['0', 0],
    ['-5', -5],
    ['1.5', 1.5],
    ["the string '10'", '10'],
    ['null', null],
    ['missing', undefined],
    ['too large', 1e12],
  ])('refuses amount %s with 400 naming amount', async (_label, amount) => {
    const before = await balanceOf(server, alice.id);
    expectBadField(await send(alice.token, { recipientUsername: bob.username, amount }), 'amount');
    expect(await balanceOf(server, alice.id)).toBe(before);
  });

  it('refuses a missing, empty or non-string recipient with 400 naming recipientUsername', async () => {
    expectBadField(await send(alice.token, { amount: 5 }), 'recipientUsername');
    expectBadField(
      await send(alice.token, { recipientUsername: '  ', amount: 5 }),
      'recipientUsername',
    );
    expectBadField(
      await send(alice.token, { recipientUsername: 42, amount: 5 }),
      'recipientUsername',
    );
  });

  it('refuses unknown fields with 400', async () => {
    expectError(
      await send(alice.token, { recipientUsername: bob.username, amount: 5, note: 'hi' }),
      400,
      { code: 'BAD_REQUEST' },
    );
  });

  it('answers 404 for an unknown recipient', async () => {
    expectError(
      await send(alice.token, { recipientUsername: uniqueName('nobody'), amount: 5 }),
      404,
      {
        code: 'NOT_FOUND',
        message: 'recipientUsername',
      },
    );
  });

  it('refuses sending to yourself with 400', async () => {
    const before = await balanceOf(server, alice.id);
    expectBadField(
      await send(alice.token, { recipientUsername: alice.username.toLowerCase(), amount: 5 }),
      'recipientUsername',
    );
    expect(await balanceOf(server, alice.id)).toBe(before);
  });

  it('refuses a banned recipient with 409', async () => {
    const banned = await registerUser(server);
    await ban(server, admin, banned);
    const before = await balanceOf(server, alice.id);
    expectError(await send(alice.token, { recipientUsername: banned.username, amount: 5 }), 409, {
      code: 'CONFLICT',
      message: 'banned',
    });
    expect(await balanceOf(server, alice.id)).toBe(before);
    expect(await balanceOf(server, banned.id)).toBe(1000);
  });

  it('refuses more than the balance with 409 INSUFFICIENT_FUNDS and changes nothing', async () => {
    const before = [await balanceOf(server, alice.id), await balanceOf(server, bob.id)];
    const entriesBefore = (await ledger(alice.token, { limit: 100 })).body.entries.length;
    expectError(
      await send(alice.token, { recipientUsername: bob.username, amount: before[0]! + 1 }),
      409,
      { code: 'INSUFFICIENT_FUNDS' },
    );
    expect([await balanceOf(server, alice.id), await balanceOf(server, bob.id)]).toEqual(before);
    expect((await ledger(alice.token, { limit: 100 })).body.entries.length).toBe(entriesBefore);
    await expectLedgerBalanced(server);
  });

  it('needs a token', async () => {
    expectError(await send(undefined, { recipientUsername: bob.username, amount: 5 }), 401, {
      code: 'UNAUTHORIZED',
    });
  });

  it('refuses a banned sender with 403', async () => {
    const sender = await registerUser(server);
    await ban(server, admin, sender);
    const res = await send(sender.token, { recipientUsername: bob.username, amount: 5 });
    expect([401, 403]).toContain(res.status);
    if (res.status === 403) expectError(res, 403, { code: 'BANNED' });
    expect(await balanceOf(server, sender.id)).toBe(1000);
    // A fresh sign-in is refused too, so a banned user can never send.
    expectError(
      await callRoute(server, 'POST /auth/login', {
        body: { username: sender.username, password: sender.password },
      }),
      403,
      {
        code: 'BANNED',
      },
    );
  });
});

describe('send-money under concurrency', () => {
  it('60 parallel sends of 30 from 1000: exactly 33 succeed, 27 get 409, nothing is lost', async () => {
    const sender = await registerUser(server);
    const recipient = await registerUser(server);
    const results = await Promise.all(
      Array.from({ length: 60 }, () =>
        send(sender.token, { recipientUsername: recipient.username, amount: 30 }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(33);
    expect(statuses.filter((s) => s === 409)).toHaveLength(27);
    for (const r of results.filter((x) => x.status === 409))
      expectError(r, 409, { code: 'INSUFFICIENT_FUNDS' });
    expect(await balanceOf(server, sender.id)).toBe(10);
    expect(await balanceOf(server, recipient.id)).toBe(1990);
    // Each success answered a distinct balance, from 970 down to 10.
    const answered = results
      .filter((r) => r.status === 200)
      .map((r) => r.body.balance)
      .sort((a, b) => b - a);
    expect(answered).toEqual(Array.from({ length: 33 }, (_, i) => 970 - 30 * i));
    const statement = await ledger(sender.token, { limit: 100 });
    expect(statement.body.entries.filter((e) => e.category === 'transfer_out')).toHaveLength(33);
    expect(statement.body.entries[0]!.balanceAfter).toBe(10);
    await expectLedgerBalanced(server);
  });

  it('two users sending to each other in parallel: no 5xx, balances conserved', async () => {
    const a = await registerUser(server);
    const b = await registerUser(server);
    const requests = [
      ...Array.from({ length: 20 }, () =>
        send(a.token, { recipientUsername: b.username, amount: 10 }),
      ),
      ...Array.from({ length: 20 }, () =>
        send(b.token, { recipientUsername: a.username, amount: 10 }),
      ),
    ];
    const results = await Promise.all(requests);
    expect(results.filter((r) => r.status !== 200).map((r) => [r.status, r.body])).toEqual([]);
    expect(await balanceOf(server, a.id)).toBe(1000);
    expect(await balanceOf(server, b.id)).toBe(1000);
    await expectLedgerBalanced(server);
  });

  it('sends racing a ban of the recipient: those refused are told the recipient is banned, not to try again', async () => {
    // Senders of their own, so the sends queue on the recipient's account, which the ban locks too.
    const senders = await Promise.all(Array.from({ length: 12 }, () => registerUser(server)));
    for (let round = 0; round < 8; round++) {
      const recipient = await registerUser(server);
      const sendAll = () =>
        Promise.all(
          senders.map((s) => send(s.token, { recipientUsername: recipient.username, amount: 10 })),
        );
      const [, results] = await Promise.all([ban(server, admin, recipient), sendAll()]);
      const refused = results
        .filter((r) => r.status !== 200)
        .map((r) => [r.status, (r.body as { message?: string }).message]);
      expect(refused).toEqual(
        refused.map(() => [409, `${recipient.username} is banned and cannot receive coins`]),
      );
      const sent = results.filter((r) => r.status === 200).length;
      expect(await balanceOf(server, recipient.id)).toBe(1000 + 10 * sent);
    }
    await expectLedgerBalanced(server);
  });

  it('a ring of parallel transfers that drain accounts never goes negative', async () => {
    const users = [
      await registerUser(server),
      await registerUser(server),
      await registerUser(server),
    ];
    const requests = users.flatMap((from, i) =>
      Array.from({ length: 12 }, () =>
        send(from.token, { recipientUsername: users[(i + 1) % 3]!.username, amount: 150 }),
      ),
    );
    const results = await Promise.all(requests);
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const balances = await Promise.all(users.map((u) => balanceOf(server, u.id)));
    expect(balances.reduce((x, y) => x + y, 0)).toBe(3000);
    for (const b of balances) expect(b).toBeGreaterThanOrEqual(0);
    await expectLedgerBalanced(server);
  });
});

describe('GET /api/user/ledger', () => {
  let owner: TestUser;
  let peer: TestUser;
  beforeAll(async () => {
    owner = await registerUser(server);
    peer = await registerUser(server, uniqueName('Peer'));
    for (const amount of [1, 2, 3, 4, 5]) {
      expect((await send(owner.token, { recipientUsername: peer.username, amount })).status).toBe(
        200,
      );
    }
    expect((await send(peer.token, { recipientUsername: owner.username, amount: 50 })).status).toBe(
      200,
    );
  });

  it('lists the newest entry first with category, label, delta, balanceAfter and counterparty', async () => {
    const res = await ledger(owner.token);
    expect(res.status).toBe(200);
    expect(res.body.nextBefore).toBeNull();
    const e = res.body.entries;
    expect(e.map((x) => [x.category, x.delta, x.balanceAfter])).toEqual([
      ['transfer_in', 50, 1035],
      ['transfer_out', -5, 985],
      ['transfer_out', -4, 990],
      ['transfer_out', -3, 994],
      ['transfer_out', -2, 997],
      ['transfer_out', -1, 999],
      ['registration_grant', 1000, 1000],
    ]);
    expect(e[0]).toMatchObject({ label: 'Coins received', counterparty: peer.username });
    expect(e[1]).toMatchObject({ label: 'Coins sent', counterparty: peer.username });
    expect(e[6]).toMatchObject({ label: 'Welcome bonus', counterparty: null });
    for (const entry of e) {
      expect(entry._id).toMatch(/^\d+$/);
      expect(Number.isNaN(Date.parse(entry.createdAt))).toBe(false);
    }
    const ids = e.map((x) => Number(x._id));
    expect([...ids].sort((x, y) => y - x)).toEqual(ids);
  });

  it('pages with limit and before', async () => {
    const first = await ledger(owner.token, { limit: 3 });
    expect(first.status).toBe(200);
    expect(first.body.entries.map((x) => x.delta)).toEqual([50, -5, -4]);
    expect(first.body.nextBefore).toBe(first.body.entries[2]!._id);

    const second = await ledger(owner.token, { limit: 3, before: first.body.nextBefore });
    expect(second.body.entries.map((x) => x.delta)).toEqual([-3, -2, -1]);
    expect(second.body.nextBefore).not.toBeNull();

    const third = await ledger(owner.token, { limit: 3, before: second.body.nextBefore });
    expect(third.body.entries.map((x) => x.delta)).toEqual([1000]);
    expect(third.body.nextBefore).toBeNull();

    const exact = await ledger(owner.token, { limit: 7 });
    expect(exact.body.entries).toHaveLength(7);
    expect(exact.body.nextBefore).toBeNull();
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=1000', 'limit'],
    ['limit=2.5', 'limit'],
    ['before=-1', 'before'],
    ['before=abc', 'before'],
    ['foo=1', 'foo'],
  ])('refuses ?%s with 400 naming %s', async (query, field) => {
    expectBadField(await ledgerRaw(owner.token, query), field);
  });

  it('needs a token', async () => {
    expectError(await ledger(undefined), 401, { code: 'UNAUTHORIZED' });
  });

  it('refuses a banned user with 403', async () => {
    const user = await registerUser(server);
    await ban(server, admin, user);
    const res = await ledger(user.token);
    expect([401, 403]).toContain(res.status);
    if (res.status === 403) expectError(res, 403, { code: 'BANNED' });
  });

  it('shows each user only their own rows', async () => {
    const stranger = await registerUser(server);
    const own = await ledger(stranger.token);
    expect(own.body.entries.map((x) => x.category)).toEqual(['registration_grant']);
    const ownerIds = new Set((await ledger(owner.token)).body.entries.map((x) => x._id));
    const peerEntries = (await ledger(peer.token)).body.entries;
    expect(peerEntries.some((x) => ownerIds.has(x._id))).toBe(false);
    expect(peerEntries.map((x) => x.delta)).toEqual([-50, 5, 4, 3, 2, 1, 1000]);
    // A before cursor taken from someone else's statement reveals nothing of theirs.
    const cursor = await ledger(stranger.token, { before: Number.MAX_SAFE_INTEGER });
    expect(cursor.body.entries.map((x) => x.category)).toEqual(['registration_grant']);
  });

  it('shows admin adjustments with their label', async () => {
    const user = await registerUser(server);
    const res = await callRoute(server, 'PATCH /api/admin/balance/:username', {
      token: admin.token,
      params: { username: user.username },
      body: { amount: 77 },
    });
    expect(res.status).toBe(200);
    const [top] = (await ledger(user.token)).body.entries;
    expect(top).toMatchObject({
      category: 'admin_grant',
      label: 'Admin adjustment',
      delta: 77,
      balanceAfter: 1077,
    });
  });
});
