import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BetDto } from '../../../shared/api/bets';
import {
  balanceOf,
  expectLedgerBalanced,
  registerUser,
  useTestServer,
  type TestUser,
} from '../../testing/harness';
import { expectBadField, expectError } from '../../testing/expectations';
import { closeBetByTime, createBet, optionId } from './builders';
import { callRoute, callRouteRaw } from '../../testing/callRoute';
import { bannedUser, useAdmin } from '../../testing/builders';

const server = useTestServer();
const admin = useAdmin(server);

const predict = (token: string | undefined, body: unknown) =>
  callRouteRaw(server, 'POST /api/bets/predict', { token, body });
const finalize = (token: string | undefined, body: unknown) =>
  callRouteRaw(server, 'POST /api/bets/finalize', { token, body });
const future = () => new Date(Date.now() + 3_600_000).toISOString();

describe('POST /api/bets/create', () => {
  it('creates a bet with its options (odds as numbers, no votes yet) and logs it', async () => {
    const res = await callRoute(server, 'POST /api/bets/create', {
      token: admin.token,
      body: {
        title: 'Will it rain on Friday?',
        description: 'Local weather',
        endTime: future(),
        options: [
          { text: 'Yes', odds: 2.35 },
          { text: 'No', odds: 1.6 },
        ],
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Bet created');
    expect(res.body.bet).toMatchObject({
      title: 'Will it rain on Friday?',
      description: 'Local weather',
      status: 'open',
      result: null,
    });
    expect(res.body.bet.options.map((o) => [o.text, o.odds, o.votes])).toEqual([
      ['Yes', 2.35, 0],
      ['No', 1.6, 0],
    ]);
    const logs = await callRoute(server, 'GET /api/admin/logs', { token: admin.token });
    expect(
      logs.body.some((l) => l.action === 'create_bet' && l.target === 'Will it rain on Friday?'),
    ).toBe(true);
  });

  it('refuses a duplicate title ignoring case with 409', async () => {
    await createBet(server, admin, undefined, 'Duplicate title');
    const res = await callRoute(server, 'POST /api/bets/create', {
      token: admin.token,
      body: {
        title: 'DUPLICATE TITLE',
        endTime: future(),
        options: [
          { text: 'A', odds: 2 },
          { text: 'B', odds: 2 },
        ],
      },
    });
    expectError(res, 409, { message: 'title' });
  });

  it.each([
    [
      {
        endTime: future(),
        options: [
          { text: 'A', odds: 2 },
          { text: 'B', odds: 2 },
        ],
      },
      'title',
    ],
    [
      {
        title: 'x',
        endTime: 'tomorrow-ish',
        options: [
          { text: 'A', odds: 2 },
          { text: 'B', odds: 2 },
        ],
      },
      'endTime',
    ],
    [
      {
        title: 'x',
        endTime: '10000-01-01',
        options: [
          { text: 'A', odds: 2 },
          { text: 'B', odds: 2 },
        ],
      },
      'endTime',
    ],
    [
      {
        title: 'x',
        endTime: '+010000-01-01T00:00:00Z',
        options: [
          { text: 'A', odds: 2 },
          { text: 'B', odds: 2 },
        ],
      },
      'endTime',
    ],
    [
      {
        title: 'x',
        endTime: '2030-02-30T12:00:00Z',
        options: [
          { text: 'A', odds: 2 },
          { text: 'B', odds: 2 },
        ],
      },
      'endTime',
    ],
    [
      {
        title: 'x',
        endTime: new Date(Date.now() + 20 * 365 * 86_400_000).toISOString(),
        options: [
          { text: 'A', odds: 2 },
          { text: 'B', odds: 2 },
        ],
      },
      'endTime',
    ],
    [
      {
        title: 'x',
        endTime: new Date(Date.now() - 1000).toISOString(),
        options: [
          { text: 'A', odds: 2 },
          { text: 'B', odds: 2 },
        ],
      },
      'endTime',
    ],
    [{ title: 'x', endTime: future(), options: [{ text: 'A', odds: 2 }] }, 'options'],
    [
      {
        title: 'x',
        endTime: future(),
        options: [
          { text: 'A', odds: 2 },
          { text: 'a', odds: 3 },
        ],
      },
      'options',
    ],
    [
      {
        title: 'x',
        endTime: future(),
        options: [
          { text: 'A', odds: 1 },
          { text: 'B', odds: 2 },
        ],
      },
      'odds',
    ],
    [
      {
        title: 'x',
        endTime: future(),
        options: [
          { text: 'A', odds: 2.555 },
          { text: 'B', odds: 2 },
        ],
      },
      'odds',
    ],
    [
      {
        title: 'x',
        endTime: future(),
        options: [
          { text: '', odds: 2 },
          { text: 'B', odds: 2 },
        ],
      },
      'text',
    ],
    [
      {
        title: 'x',
        endTime: future(),
        options: [
          { text: 'A', odds: '2' },
          { text: 'B', odds: 2 },
        ],
      },
      'odds',
    ],
  ])('rejects bad input %# naming %s', async (body, field) => {
    const res = await callRouteRaw(server, 'POST /api/bets/create', { token: admin.token, body });
    expectBadField(res, field);
  });

  it('needs a token and an admin', async () => {
    const user = await registerUser(server);
    const body = {
      title: 'nope',
      endTime: future(),
      options: [
        { text: 'A', odds: 2 },
        { text: 'B', odds: 2 },
      ],
    };
    expectError(await callRoute(server, 'POST /api/bets/create', { body }), 401);
    expectError(await callRoute(server, 'POST /api/bets/create', { token: user.token, body }), 403);
  });
});

describe('GET /api/bets/active and POST /api/bets/predict', () => {
  let bet: BetDto;
  let user: TestUser;
  beforeAll(async () => {
    bet = await createBet(server, admin);
    user = await registerUser(server);
  });

  it('places a wager: debits the stake, counts the vote and the user counter', async () => {
    const res = await predict(user.token, { betId: bet._id, choice: 'Yes', amount: 100 });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Bet placed!');
    expect(res.body.balance).toBe(900);
    expect(res.body.wager).toMatchObject({
      betId: bet._id,
      choice: 'Yes',
      odds: 2.5,
      stake: 100,
      potentialPayout: 250,
      status: 'open',
    });
    const active = await callRoute(server, 'GET /api/bets/active', { token: user.token });
    expect(active.status).toBe(200);
    const listed = active.body.find((b) => b._id === bet._id)!;
    expect(listed.options.find((o) => o.text === 'Yes')!.votes).toBe(1);
    expect(listed.options.find((o) => o.text === 'No')!.votes).toBe(0);
    const stats = await callRoute(server, 'GET /api/user/stats', { token: user.token });
    expect(stats.body.betsPlaced).toBe(1);
    const mine = await callRoute(server, 'GET /api/bets/mine', { token: user.token });
    expect(mine.body.open.map((w) => w._id)).toContain(res.body.wager._id);
  });

  it.each([
    [{ betId: '1', choice: 'Yes', amount: 0 }, 'amount'],
    [{ betId: '1', choice: 'Yes', amount: 1.5 }, 'amount'],
    [{ betId: '1', choice: 'Yes', amount: '5' }, 'amount'],
    [{ betId: 'abc', choice: 'Yes', amount: 5 }, 'betId'],
    [{ betId: '1', amount: 5 }, 'choice'],
    [{ betId: '1', choice: 'Yes', amount: 5, extra: true }, 'extra'],
  ])('rejects bad input %# naming %s', async (body, field) => {
    expectBadField(await predict(user.token, body), field);
  });

  it('answers 400 for an unknown option text, 404 for an unknown bet', async () => {
    expectBadField(
      await predict(user.token, { betId: bet._id, choice: 'Maybe', amount: 5 }),
      'choice',
    );
    expectError(await predict(user.token, { betId: '999999', choice: 'Yes', amount: 5 }), 404, {
      message: 'betId',
    });
  });

  it('answers 409 for more than the balance and moves nothing', async () => {
    const poor = await registerUser(server);
    expectError(await predict(poor.token, { betId: bet._id, choice: 'No', amount: 1001 }), 409, {
      code: 'INSUFFICIENT_FUNDS',
    });
    expect(await balanceOf(server, poor.id)).toBe(1000);
  });

  it('answers 409 once the end time has passed, and for a finalized bet', async () => {
    const closing = await createBet(server, admin);
    await closeBetByTime(server, closing._id);
    expectError(await predict(user.token, { betId: closing._id, choice: 'Yes', amount: 5 }), 409, {
      message: 'closed',
    });
    const settled = await createBet(server, admin);
    expect(
      (await finalize(admin.token, { betId: settled._id, optionId: optionId(settled, 'No') }))
        .status,
    ).toBe(200);
    expectError(await predict(user.token, { betId: settled._id, choice: 'Yes', amount: 5 }), 409);
    const active = await callRoute(server, 'GET /api/bets/active', { token: user.token });
    expect(active.body.some((b) => b._id === settled._id)).toBe(false);
  });

  it("GET /api/bets/mine shows only the caller's own wagers and needs a token", async () => {
    const other = await registerUser(server);
    const placed = await predict(other.token, { betId: bet._id, choice: 'No', amount: 7 });
    expect(placed.status).toBe(200);
    const mine = await callRoute(server, 'GET /api/bets/mine', { token: user.token });
    expect(mine.status).toBe(200);
    expect(mine.body.open.map((w) => w._id)).not.toContain(placed.body.wager._id);
    const theirs = await callRoute(server, 'GET /api/bets/mine', { token: other.token });
    expect(theirs.body.open.map((w) => w._id)).toEqual([placed.body.wager._id]);
    expectError(await callRoute(server, 'GET /api/bets/mine'), 401);
  });

  it('needs a token; a banned user is refused', async () => {
    expectError(await predict(undefined, { betId: bet._id, choice: 'Yes', amount: 5 }), 401);
    expectError(await callRoute(server, 'GET /api/bets/active'), 401);
    const banned = await bannedUser(server, admin);
    expectError(await predict(banned.token, { betId: bet._id, choice: 'Yes', amount: 5 }), 403, {
      code: 'BANNED',
    });
  });
});

describe('odds locking and settlement', () => {
  it('pays each wager at the odds it was placed at (2.5x then 3x)', async () => {
    const bet = await createBet(server, admin);
    const user = await registerUser(server);
    expect((await predict(user.token, { betId: bet._id, choice: 'Yes', amount: 100 })).status).toBe(
      200,
    );
    const edit = await callRoute(server, 'PATCH /api/admin/odds/:betTitle/:optionId', {
      token: admin.token,
      params: { betTitle: bet.title, optionId: optionId(bet, 'Yes') },
      body: { odds: 3 },
    });
    expect(edit.status).toBe(200);
    expect(edit.body.bet.options.find((o) => o.text === 'Yes')!.odds).toBe(3);
    const second = await predict(user.token, { betId: bet._id, choice: 'Yes', amount: 100 });
    expect(second.body.wager.odds).toBe(3);
    expect(await balanceOf(server, user.id)).toBe(800);
    const res = await finalize(admin.token, { betId: bet._id, optionId: optionId(bet, 'Yes') });
    expect(res.status).toBe(200);
    expect(res.body.bet).toMatchObject({ status: 'finalized', result: 'Yes' });
    expect(await balanceOf(server, user.id)).toBe(800 + 250 + 300);
    const stats = await callRoute(server, 'GET /api/user/stats', { token: user.token });
    expect(stats.body.betsWon).toBe(2);
    const mine = await callRoute(server, 'GET /api/bets/mine', { token: user.token });
    expect(
      mine.body.settled
        .filter((w) => w.kind === 'single' && w.betId === bet._id)
        .map((w) => w.payout)
        .sort(),
    ).toEqual([250, 300]);
    await expectLedgerBalanced(server);
  });

  it('losers get nothing and the odds route accepts the bet id in the title slot', async () => {
    const bet = await createBet(server, admin);
    const loser = await registerUser(server);
    await predict(loser.token, { betId: bet._id, choice: 'No', amount: 40 });
    const byId = await callRoute(server, 'PATCH /api/admin/odds/:betTitle/:optionId', {
      token: admin.token,
      params: { betTitle: bet._id, optionId: optionId(bet, 'No') },
      body: { odds: 1.9 },
    });
    expect(byId.status).toBe(200);
    await finalize(admin.token, { betId: bet._id, optionId: optionId(bet, 'Yes') });
    expect(await balanceOf(server, loser.id)).toBe(960);
  });

  it('validates the odds route', async () => {
    const bet = await createBet(server, admin);
    const user = await registerUser(server);
    const params = { betTitle: bet._id, optionId: optionId(bet, 'Yes') };
    expectBadField(
      await callRoute(server, 'PATCH /api/admin/odds/:betTitle/:optionId', {
        token: admin.token,
        params,
        body: { odds: 0.5 },
      }),
      'odds',
    );
    expectBadField(
      await callRouteRaw(server, 'PATCH /api/admin/odds/:betTitle/:optionId', {
        token: admin.token,
        params,
        body: {},
      }),
      'odds',
    );
    expectError(
      await callRoute(server, 'PATCH /api/admin/odds/:betTitle/:optionId', {
        token: admin.token,
        params: { betTitle: 'no-such-bet', optionId: optionId(bet, 'Yes') },
        body: { odds: 2 },
      }),
      404,
    );
    expectError(
      await callRoute(server, 'PATCH /api/admin/odds/:betTitle/:optionId', {
        token: admin.token,
        params: { betTitle: bet._id, optionId: '999999' },
        body: { odds: 2 },
      }),
      404,
    );
    expectError(
      await callRoute(server, 'PATCH /api/admin/odds/:betTitle/:optionId', {
        params,
        body: { odds: 2 },
      }),
      401,
    );
    expectError(
      await callRoute(server, 'PATCH /api/admin/odds/:betTitle/:optionId', {
        token: user.token,
        params,
        body: { odds: 2 },
      }),
      403,
    );
  });

  it('validates finalize: unknown bet 404, foreign option 400, twice 409, non-admin 403', async () => {
    const bet = await createBet(server, admin);
    const other = await createBet(server, admin);
    const user = await registerUser(server);
    expectError(
      await finalize(admin.token, { betId: '999999', optionId: optionId(bet, 'Yes') }),
      404,
    );
    expectBadField(
      await finalize(admin.token, { betId: bet._id, optionId: optionId(other, 'Yes') }),
      'optionId',
    );
    expectBadField(await finalize(admin.token, { betId: bet._id }), 'optionId');
    expectError(await finalize(undefined, { betId: bet._id, optionId: optionId(bet, 'Yes') }), 401);
    expectError(
      await finalize(user.token, { betId: bet._id, optionId: optionId(bet, 'Yes') }),
      403,
    );
    expect(
      (await finalize(admin.token, { betId: bet._id, optionId: optionId(bet, 'Yes') })).status,
    ).toBe(200);
    expectError(
      await finalize(admin.token, { betId: bet._id, optionId: optionId(bet, 'Yes') }),
      409,
    );
  });

  it('voids a bet: every stake comes back, and it is logged', async () => {
    const bet = await createBet(server, admin);
    const a = await registerUser(server);
    const b = await registerUser(server);
    await predict(a.token, { betId: bet._id, choice: 'Yes', amount: 70 });
    await predict(b.token, { betId: bet._id, choice: 'No', amount: 30 });
    const user = await registerUser(server);
    expectError(
      await callRoute(server, 'POST /api/admin/bets/:id/void', {
        token: user.token,
        params: { id: bet._id },
      }),
      403,
    );
    expectError(
      await callRoute(server, 'POST /api/admin/bets/:id/void', { params: { id: bet._id } }),
      401,
    );
    expectBadField(
      await callRoute(server, 'POST /api/admin/bets/:id/void', {
        token: admin.token,
        params: { id: 'abc' },
      }),
      'id',
    );
    expectError(
      await callRoute(server, 'POST /api/admin/bets/:id/void', {
        token: admin.token,
        params: { id: '999999' },
      }),
      404,
    );
    const res = await callRoute(server, 'POST /api/admin/bets/:id/void', {
      token: admin.token,
      params: { id: bet._id },
    });
    expect(res.status).toBe(200);
    expect(res.body.bet.status).toBe('voided');
    expect(await balanceOf(server, a.id)).toBe(1000);
    expect(await balanceOf(server, b.id)).toBe(1000);
    expectError(
      await callRoute(server, 'POST /api/admin/bets/:id/void', {
        token: admin.token,
        params: { id: bet._id },
      }),
      409,
    );
    const logs = await callRoute(server, 'GET /api/admin/logs', { token: admin.token });
    expect(logs.body.some((l) => l.action === 'void_bet' && l.target === bet.title)).toBe(true);
  });

  it('lists every bet for admins with totals; 403 for others', async () => {
    const user = await registerUser(server);
    const res = await callRoute(server, 'GET /api/admin/bets', { token: admin.token });
    expect(res.status).toBe(200);
    expect(new Set(res.body.map((b) => b.status))).toEqual(
      new Set(['open', 'finalized', 'voided']),
    );
    expect(res.body.every((b) => typeof b.totalStaked === 'number' && b.options.length >= 2)).toBe(
      true,
    );
    expectError(await callRoute(server, 'GET /api/admin/bets', { token: user.token }), 403);
    expectError(await callRoute(server, 'GET /api/admin/bets'), 401);
  });
});

describe('concurrency', () => {
  it('40 parallel wagers of 100 from 1,000: exactly 10 succeed, the rest 409', async () => {
    const bet = await createBet(server, admin);
    const user = await registerUser(server);
    const results = await Promise.all(
      Array.from({ length: 40 }, () =>
        predict(user.token, { betId: bet._id, choice: 'Yes', amount: 100 }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(30);
    expect(await balanceOf(server, user.id)).toBe(0);
    const active = await callRoute(server, 'GET /api/bets/active', { token: user.token });
    expect(active.body.find((b) => b._id === bet._id)!.options[0]!.votes).toBe(10);
    await expectLedgerBalanced(server);
  });

  it('two parallel finalize calls: one pays, the other gets 409', async () => {
    const bet = await createBet(server, admin);
    const user = await registerUser(server);
    await predict(user.token, { betId: bet._id, choice: 'Yes', amount: 100 });
    const [first, second] = await Promise.all([
      finalize(admin.token, { betId: bet._id, optionId: optionId(bet, 'Yes') }),
      finalize(admin.token, { betId: bet._id, optionId: optionId(bet, 'Yes') }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect(await balanceOf(server, user.id)).toBe(900 + 250);
    await expectLedgerBalanced(server);
  });

  it('odds edits racing a finalize: none lands after the settlement (admin log order on PostgreSQL)', async () => {
    for (let round = 0; round < 6; round++) {
      const bet = await createBet(server, admin);
      const params = { betTitle: bet._id, optionId: optionId(bet, 'No') };
      const edits = Array.from({ length: 4 }, (_, i) =>
        callRoute(server, 'PATCH /api/admin/odds/:betTitle/:optionId', {
          token: admin.token,
          params,
          body: { odds: 3 + i },
        }),
      );
      const [fin, ...edited] = await Promise.all([
        finalize(admin.token, { betId: bet._id, optionId: optionId(bet, 'Yes') }),
        ...edits,
      ]);
      expect(fin.status).toBe(200);
      expect(edited.every((r) => r.status === 200 || r.status === 409)).toBe(true);
      const logs = await server.db.rows<{ id: number; action: string }>(
        sql`select id, action from admin_logs where target = ${bet.title} and action in ('set_odds', 'finalize_bet') order by id`,
      );
      const settledAt = logs.findIndex((l) => l.action === 'finalize_bet');
      expect(settledAt).toBeGreaterThanOrEqual(0);
      expect(logs.slice(settledAt + 1).map((l) => l.action)).toEqual([]);
      expect(logs.filter((l) => l.action === 'set_odds')).toHaveLength(
        edited.filter((r) => r.status === 200).length,
      );
    }
  });

  it('wagers racing a finalize are either settled or refused, never left open', async () => {
    const bet = await createBet(server, admin);
    const users = await Promise.all(Array.from({ length: 4 }, () => registerUser(server)));
    const wagers = users.flatMap((u) =>
      Array.from({ length: 5 }, () =>
        predict(u.token, { betId: bet._id, choice: 'Yes', amount: 10 }),
      ),
    );
    const [fin, ...placed] = await Promise.all([
      finalize(admin.token, { betId: bet._id, optionId: optionId(bet, 'Yes') }),
      ...wagers,
    ]);
    expect(fin.status).toBe(200);
    const won = placed.filter((r) => r.status === 200).length;
    expect(placed.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const total = (await Promise.all(users.map((u) => balanceOf(server, u.id)))).reduce(
      (a, b) => a + b,
      0,
    );
    // Each accepted wager of 10 at 2.5x nets +15; refused ones cost nothing.
    expect(total).toBe(4000 + won * 15);
    await expectLedgerBalanced(server);
  });
});
