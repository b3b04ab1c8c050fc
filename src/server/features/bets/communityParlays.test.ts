import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CommunityBetDto } from '../../../shared/api/communityBets';
import { useAdmin } from '../../testing/builders';
import { callRoute } from '../../testing/callRoute';
import { expectBadField, expectError } from '../../testing/expectations';
import {
  balanceOf,
  expectLedgerBalanced,
  registerUser,
  useTestServer,
  type TestUser,
} from '../../testing/harness';
import { addMembers, crew, type Crew } from '../communities/builders';
import { communityOptionId, createBet, createCommunityBet, treasuryOf } from './builders';

/**
 * Parlays of one community's bets (DESIGN.md section 11): the stake goes into its treasury,
 * which promises the whole payout until the parlay is settled, and pays it.
 */
const server = useTestServer({ newAccountHours: 0, newAccountActions: 0 });
const admin = useAdmin(server);

const evens = [
  { text: 'Yes', odds: 2 },
  { text: 'No', odds: 2 },
];

const parlay = (
  user: TestUser,
  legs: { bet: { _id: string }; choice: string; odds: number }[],
  amount: number,
) =>
  callRoute(server, 'POST /api/bets/parlay', {
    token: user.token,
    body: {
      amount,
      bets: legs.map((l) => ({ betId: l.bet._id, choice: l.choice, odds: l.odds })),
      totalOdds: legs.reduce((product, l) => product * l.odds, 1),
    },
  });

const settle = (c: Crew, bet: CommunityBetDto, winner: string | null) =>
  winner === null
    ? callRoute(server, 'POST /api/communities/:slug/bets/:betId/void', {
        token: c.moderator.token,
        params: { slug: c.slug, betId: bet._id },
      })
    : callRoute(server, 'POST /api/communities/:slug/bets/:betId/finalize', {
        token: c.moderator.token,
        params: { slug: c.slug, betId: bet._id },
        body: { optionId: communityOptionId(bet, winner) },
      });

async function parlayOf(user: TestUser) {
  const [row] = await server.db.rows<{ status: string; payout: string; committed: string }>(sql`
    select status, payout::text, committed::text from parlays where user_id = ${user.id} order by id desc limit 1`);
  return { status: row!.status, payout: Number(row!.payout), committed: Number(row!.committed) };
}

async function twoBets(c: Crew) {
  return [
    await createCommunityBet(server, c.moderator, c.slug, evens),
    await createCommunityBet(server, c.moderator, c.slug, evens),
  ] as const;
}

describe('a parlay of one community’s bets', () => {
  it('takes the stake into the treasury, which promises the payout, and pays it from there', async () => {
    const c = await crew(server);
    const [a, b] = await twoBets(c);
    const placed = await parlay(
      c.member,
      [
        { bet: a, choice: 'Yes', odds: 2 },
        { bet: b, choice: 'Yes', odds: 2 },
      ],
      100,
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.balance).toBe(900);
    expect(await treasuryOf(server, c.slug)).toEqual({ balance: 1100, committed: 400 });
    expect(await parlayOf(c.member)).toEqual({ status: 'open', payout: 0, committed: 400 });

    expect((await settle(c, a, 'Yes')).status).toBe(200);
    expect(await treasuryOf(server, c.slug)).toEqual({ balance: 1100, committed: 400 });
    expect((await settle(c, b, 'Yes')).status).toBe(200);
    expect(await parlayOf(c.member)).toEqual({ status: 'won', payout: 400, committed: 0 });
    expect(await balanceOf(server, c.member.id)).toBe(1300);
    expect(await treasuryOf(server, c.slug)).toEqual({ balance: 700, committed: 0 });
    await server.deps.events.flush();
    const [notice] = await server.db.rows<{ title: string }>(sql`
      select title from notifications where user_id = ${c.member.id} and kind = 'community_bet_settled'`);
    expect(notice?.title).toBe(`You won 400 coins in ${c.slug}`);
    const table = await callRoute(server, 'GET /api/communities/:slug/leaderboard', {
      params: { slug: c.slug },
      query: { season: 'current', sort: 'profit' },
    });
    expect(table.body.members.find((m) => m.username === c.member.username)?.profit).toBe(300);
    await expectLedgerBalanced(server);
  });

  it('lowers the promise when a leg is voided, and keeps the stake when a leg loses', async () => {
    const c = await crew(server);
    const [a, b] = await twoBets(c);
    const legs = [
      { bet: a, choice: 'Yes', odds: 2 },
      { bet: b, choice: 'Yes', odds: 2 },
    ];
    expect((await parlay(c.member, legs, 100)).status).toBe(201);
    expect((await settle(c, a, null)).status).toBe(200);
    expect(await parlayOf(c.member)).toEqual({ status: 'open', payout: 0, committed: 200 });
    expect(await treasuryOf(server, c.slug)).toEqual({ balance: 1100, committed: 200 });
    expect((await settle(c, b, 'No')).status).toBe(200);
    expect(await parlayOf(c.member)).toEqual({ status: 'lost', payout: 0, committed: 0 });
    expect(await treasuryOf(server, c.slug)).toEqual({ balance: 1100, committed: 0 });
    expect(await balanceOf(server, c.member.id)).toBe(900);
    await expectLedgerBalanced(server);
  });

  it('refunds an open parlay when its community closes, before the treasury is shared out', async () => {
    const c = await crew(server);
    const [a, b] = await twoBets(c);
    const legs = [
      { bet: a, choice: 'Yes', odds: 2 },
      { bet: b, choice: 'No', odds: 2 },
    ];
    expect((await parlay(c.member, legs, 50)).status).toBe(201);
    // The owner leaves the site; the moderator takes over, so close by deleting them too.
    for (const u of [c.owner, c.moderator]) {
      const gone = await callRoute(server, 'DELETE /api/user', {
        token: u.token,
        body: { password: u.password },
      });
      expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    }
    expect(await parlayOf(c.member)).toEqual({ status: 'refunded', payout: 50, committed: 0 });
    expect(await balanceOf(server, c.member.id)).toBe(1000);
    await expectLedgerBalanced(server);
  });

  it('refuses mixed legs, another community’s bets, outsiders, and more than the treasury covers', async () => {
    const [c, d] = [await crew(server), await crew(server)];
    const [a, b] = await twoBets(c);
    const elsewhere = await createCommunityBet(server, d.moderator, d.slug, evens);
    const site = await createBet(server, admin);
    const mixed = await parlay(
      c.member,
      [
        { bet: a, choice: 'Yes', odds: 2 },
        { bet: site, choice: 'Yes', odds: 2.5 },
      ],
      10,
    );
    expectBadField(mixed, 'bets.betId');
    expectError(mixed, 400, { message: `bet ${site._id} is a site bet` });
    // A member of both communities still cannot tie one treasury's parlay to the other's bet.
    const both = await registerUser(server);
    for (const x of [c, d])
      await callRoute(server, 'POST /api/communities/:slug/join', {
        token: both.token,
        params: { slug: x.slug },
      });
    const across = await parlay(
      both,
      [
        { bet: a, choice: 'Yes', odds: 2 },
        { bet: elsewhere, choice: 'Yes', odds: 2 },
      ],
      10,
    );
    expectError(across, 400, { message: `bet ${elsewhere._id} is another community’s bet` });
    const outsider = await parlay(
      c.outsider,
      [
        { bet: a, choice: 'Yes', odds: 2 },
        { bet: b, choice: 'Yes', odds: 2 },
      ],
      10,
    );
    expectError(outsider, 404);
    // 1,000 coins cover a promise of at most 1,000 + stake: a stake of 334 pays 1,336.
    const big = await parlay(
      c.member,
      [
        { bet: a, choice: 'Yes', odds: 2 },
        { bet: b, choice: 'Yes', odds: 2 },
      ],
      400,
    );
    expectError(big, 409, {
      message: 'amount: the treasury can cover a parlay of at most 333 coins now',
    });
    expect(big.body).toMatchObject({
      details: [{ field: 'amount', rule: 'exposure', limit: 333 }],
    });
    expect(
      (
        await parlay(
          c.member,
          [
            { bet: a, choice: 'Yes', odds: 2 },
            { bet: b, choice: 'Yes', odds: 2 },
          ],
          333,
        )
      ).status,
    ).toBe(201);
    expect(await treasuryOf(server, c.slug)).toEqual({ balance: 1333, committed: 1332 });
    for (const u of [c.member, c.outsider, both])
      expect(await balanceOf(server, u.id)).toBe(u === c.member ? 667 : 1000);
    await expectLedgerBalanced(server);
  });

  it('takes only the parlays the treasury covers out of 30 at once', async () => {
    const c = await crew(server);
    const [a, b] = await twoBets(c);
    const members = await Promise.all(Array.from({ length: 10 }, () => registerUser(server)));
    await addMembers(server, c.owner, c.slug, members);
    const legs = [
      { bet: a, choice: 'Yes', odds: 2 },
      { bet: b, choice: 'No', odds: 2 },
    ];
    // Each promises 400 and brings 100: 1,000 + 100k covers 400k for k up to 3.
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => parlay(members[i % 10]!, legs, 100)),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    for (const r of results.filter((x) => x.status !== 201)) expectError(r, 409);
    expect(await treasuryOf(server, c.slug)).toEqual({ balance: 1300, committed: 1200 });
    await expectLedgerBalanced(server);
  });
});
