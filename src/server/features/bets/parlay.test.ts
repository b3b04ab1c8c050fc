import { describe, expect, it } from 'vitest';
import type { BetDto, OddsChangedDetails } from '../../../shared/api/bets';
import {
  balanceOf,
  expectLedgerBalanced,
  registerUser,
  useTestServer,
} from '../../testing/harness';
import { expectBadField, expectError } from '../../testing/expectations';
import { closeBetByTime, createBet, optionId } from './builders';
import { callRoute, callRouteRaw } from '../../testing/callRoute';
import { useAdmin } from '../../testing/builders';

const server = useTestServer();
const admin = useAdmin(server);

const parlay = (token: string | undefined, body: unknown) =>
  callRouteRaw(server, 'POST /api/bets/parlay', { token, body });
const finalize = (bet: BetDto, winner: string) =>
  callRoute(server, 'POST /api/bets/finalize', {
    token: admin.token,
    body: { betId: bet._id, optionId: optionId(bet, winner) },
  });
const voidBet = (bet: BetDto) =>
  callRoute(server, 'POST /api/admin/bets/:id/void', {
    token: admin.token,
    params: { id: bet._id },
  });

async function threeBets() {
  return Promise.all([
    createBet(server, admin, [
      { text: 'Yes', odds: 2.5 },
      { text: 'No', odds: 1.5 },
    ]),
    createBet(server, admin, [
      { text: 'Home', odds: 2 },
      { text: 'Away', odds: 1.8 },
    ]),
    createBet(server, admin, [
      { text: 'Over', odds: 1.33 },
      { text: 'Under', odds: 3.1 },
    ]),
  ]);
}

describe('POST /api/bets/parlay', () => {
  it('places a parlay priced at the product of the odds and pays stake x total when every leg wins', async () => {
    const [a, b, c] = await threeBets();
    const user = await registerUser(server);
    // 2.5 x 2 x 1.33 = 6.65
    const res = await parlay(user.token, {
      amount: 100,
      bets: [
        { betId: a._id, choice: 'Yes', odds: 2.5 },
        { betId: b._id, choice: 'Home', odds: 2 },
        { betId: c._id, choice: 'Over', odds: 1.33 },
      ],
      totalOdds: 6.65,
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Parlay placed!');
    expect(res.body.balance).toBe(900);
    expect(res.body.parlay).toMatchObject({
      stake: 100,
      totalOdds: 6.65,
      potentialPayout: 665,
      status: 'open',
    });
    expect(res.body.parlay.legs).toHaveLength(3);
    // The admin's count of a bet's bets is the options' counts added up: a parlay leg is one (issue 33).
    const listed = await callRoute(server, 'GET /api/admin/bets', {
      token: admin.token,
      query: { limit: 100 },
    });
    const row = listed.body.find((bet) => bet._id === a._id)!;
    expect(row.wagerCount).toBe(row.options.reduce((n, o) => n + o.votes, 0));
    expect(row.wagerCount).toBe(1);

    await finalize(a, 'Yes');
    await finalize(b, 'Home');
    expect(await balanceOf(server, user.id)).toBe(900); // still one leg to go
    await finalize(c, 'Over');
    expect(await balanceOf(server, user.id)).toBe(900 + 665);
    const stats = await callRoute(server, 'GET /api/user/stats', { token: user.token });
    expect(stats.body.betsWon).toBe(1);
    const mine = await callRoute(server, 'GET /api/bets/mine', { token: user.token });
    expect(mine.body.settled.find((p) => p._id === res.body.parlay._id)).toMatchObject({
      status: 'won',
      payout: 665,
    });
    await expectLedgerBalanced(server);
  });

  it('loses at once when one leg loses, even with legs still open', async () => {
    const [a, b] = await threeBets();
    const user = await registerUser(server);
    const res = await parlay(user.token, {
      amount: 50,
      bets: [
        { betId: a._id, choice: 'Yes', odds: 2.5 },
        { betId: b._id, choice: 'Home', odds: 2 },
      ],
      totalOdds: 5,
    });
    expect(res.status).toBe(201);
    await finalize(a, 'No');
    const mine = await callRoute(server, 'GET /api/bets/mine', { token: user.token });
    expect(mine.body.settled.find((p) => p._id === res.body.parlay._id)).toMatchObject({
      status: 'lost',
      payout: 0,
    });
    await finalize(b, 'Home');
    expect(await balanceOf(server, user.id)).toBe(950);
  });

  it('drops a voided leg and re-prices without it; all legs voided refunds the stake', async () => {
    const [a, b, c] = await threeBets();
    const user = await registerUser(server);
    const placed = await parlay(user.token, {
      amount: 100,
      bets: [
        { betId: a._id, choice: 'Yes', odds: 2.5 },
        { betId: b._id, choice: 'Home', odds: 2 },
      ],
      totalOdds: 5,
    });
    expect(placed.status).toBe(201);
    expect((await voidBet(b)).status).toBe(200);
    const mine = await callRoute(server, 'GET /api/bets/mine', { token: user.token });
    expect(mine.body.open.find((p) => p._id === placed.body.parlay._id)).toMatchObject({
      totalOdds: 2.5,
      potentialPayout: 250,
    });
    await finalize(a, 'Yes');
    expect(await balanceOf(server, user.id)).toBe(900 + 250);

    const other = await registerUser(server);
    const [d, e] = [c, await createBet(server, admin)];
    const both = await parlay(other.token, {
      amount: 60,
      bets: [
        { betId: d._id, choice: 'Under', odds: 3.1 },
        { betId: e._id, choice: 'Yes', odds: 2.5 },
      ],
      totalOdds: 7.75,
    });
    expect(both.status).toBe(201);
    await voidBet(d);
    await voidBet(e);
    expect(await balanceOf(server, other.id)).toBe(1000);
    await expectLedgerBalanced(server);
  });

  it('refuses stale claimed odds with 409 and the current odds, moving nothing', async () => {
    const [a, b] = await threeBets();
    const user = await registerUser(server);
    await callRoute(server, 'PATCH /api/admin/odds/:betTitle/:optionId', {
      token: admin.token,
      params: { betTitle: a._id, optionId: optionId(a, 'Yes') },
      body: { odds: 2.2 },
    });
    const res = await parlay(user.token, {
      amount: 100,
      bets: [
        { betId: a._id, choice: 'Yes', odds: 2.5 },
        { betId: b._id, choice: 'Home', odds: 2 },
      ],
      totalOdds: 5,
    });
    const body = expectError(res, 409, { message: 'odds' });
    const details = body.details as OddsChangedDetails;
    expect(details.totalOdds).toBe(4.4);
    expect(details.currentOdds.find((l) => l.betId === a._id)!.odds).toBe(2.2);
    expect(await balanceOf(server, user.id)).toBe(1000);
    // A wrong total with right legs is refused the same way.
    expectError(
      await parlay(user.token, {
        amount: 100,
        bets: [
          { betId: a._id, choice: 'Yes', odds: 2.2 },
          { betId: b._id, choice: 'Home', odds: 2 },
        ],
        totalOdds: 9,
      }),
      409,
    );
  });

  it('refuses the same bet twice, a single leg, and more than ten legs with 400', async () => {
    const [a, b] = await threeBets();
    const user = await registerUser(server);
    expectBadField(
      await parlay(user.token, {
        amount: 10,
        bets: [
          { betId: a._id, choice: 'Yes', odds: 2.5 },
          { betId: a._id, choice: 'No', odds: 1.5 },
        ],
        totalOdds: 3.75,
      }),
      'bets',
    );
    expectBadField(
      await parlay(user.token, {
        amount: 10,
        bets: [{ betId: b._id, choice: 'Home', odds: 2 }],
        totalOdds: 2,
      }),
      'bets',
    );
    const many = Array.from({ length: 11 }, (_, i) => ({
      betId: String(i + 1),
      choice: 'Yes',
      odds: 2,
    }));
    expectBadField(await parlay(user.token, { amount: 10, bets: many, totalOdds: 2048 }), 'bets');
    expectBadField(await parlay(user.token, { bets: [], totalOdds: 1 }), 'amount');
  });

  it('refuses closed bets (409), unknown bets (404), unknown choices (400), missing balance (409), no token (401)', async () => {
    const [a, b, c] = await threeBets();
    const user = await registerUser(server);
    await closeBetByTime(server, c._id);
    const legs = (extra: { betId: string; choice: string; odds: number }) => [
      { betId: a._id, choice: 'Yes', odds: 2.5 },
      extra,
    ];
    expectError(
      await parlay(user.token, {
        amount: 10,
        bets: legs({ betId: c._id, choice: 'Over', odds: 1.33 }),
        totalOdds: 3.33,
      }),
      409,
    );
    expectError(
      await parlay(user.token, {
        amount: 10,
        bets: legs({ betId: '999999', choice: 'Over', odds: 1.33 }),
        totalOdds: 3.33,
      }),
      404,
    );
    expectBadField(
      await parlay(user.token, {
        amount: 10,
        bets: legs({ betId: b._id, choice: 'Draw', odds: 2 }),
        totalOdds: 5,
      }),
      'choice',
    );
    expectError(
      await parlay(user.token, {
        amount: 5000,
        bets: legs({ betId: b._id, choice: 'Home', odds: 2 }),
        totalOdds: 5,
      }),
      409,
      {
        code: 'INSUFFICIENT_FUNDS',
      },
    );
    expectError(
      await parlay(undefined, {
        amount: 10,
        bets: legs({ betId: b._id, choice: 'Home', odds: 2 }),
        totalOdds: 5,
      }),
      401,
    );
    expect(await balanceOf(server, user.id)).toBe(1000);
  });

  it('20 parallel parlays of 100 from 1,000: exactly 10 succeed', async () => {
    const [a, b] = await threeBets();
    const user = await registerUser(server);
    const body = {
      amount: 100,
      bets: [
        { betId: a._id, choice: 'Yes', odds: 2.5 },
        { betId: b._id, choice: 'Away', odds: 1.8 },
      ],
      totalOdds: 4.5,
    };
    const results = await Promise.all(Array.from({ length: 20 }, () => parlay(user.token, body)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(10);
    expect(results.filter((r) => r.status === 409)).toHaveLength(10);
    expect(await balanceOf(server, user.id)).toBe(0);
    await expectLedgerBalanced(server);
  });
});

describe('parlay limits', () => {
  const longShots = (n: number) =>
    Promise.all(
      Array.from({ length: n }, () =>
        createBet(server, admin, [
          { text: 'Yes', odds: 1000 },
          { text: 'No', odds: 1.01 },
        ]),
      ),
    );

  it.each([6, 10])(
    'refuses %i legs at 1000x with 400 naming the maximum payout, never 500',
    async (legs) => {
      const user = await registerUser(server);
      const bets = await longShots(legs);
      const res = await parlay(user.token, {
        amount: 1,
        bets: bets.map((b) => ({ betId: b._id, choice: 'Yes', odds: 1000 })),
        totalOdds: 1000 ** legs,
      });
      expectError(res, 400, { message: '10,000,000' });
      expect(await balanceOf(server, user.id)).toBe(1000);
    },
  );

  it('refuses a 5-leg parlay at 1000x with stake 100, which could never be paid', async () => {
    const user = await registerUser(server);
    const bets = await longShots(5);
    const res = await parlay(user.token, {
      amount: 100,
      bets: bets.map((b) => ({ betId: b._id, choice: 'Yes', odds: 1000 })),
      totalOdds: 1e15,
    });
    expectError(res, 400, { message: 'at most' });
  });

  it('pays a parlay right at the limit when its last leg wins', async () => {
    const user = await registerUser(server);
    const bets = await Promise.all(
      Array.from({ length: 2 }, () =>
        createBet(server, admin, [
          { text: 'Yes', odds: 1000 },
          { text: 'No', odds: 1.01 },
        ]),
      ),
    );
    // 1000 x 1000 = 1,000,000x; a stake of 10 pays exactly 10,000,000.
    const placed = await parlay(user.token, {
      amount: 10,
      bets: bets.map((b) => ({ betId: b._id, choice: 'Yes', odds: 1000 })),
      totalOdds: 1_000_000,
    });
    expect(placed.status).toBe(201);
    for (const bet of bets) expect((await finalize(bet, 'Yes')).status).toBe(200);
    expect(await balanceOf(server, user.id)).toBe(1000 - 10 + 10_000_000);
  });
});
