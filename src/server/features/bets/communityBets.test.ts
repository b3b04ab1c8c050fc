import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAdmin } from '../../testing/builders';
import { callRoute } from '../../testing/callRoute';
import { expectBadField, expectError } from '../../testing/expectations';
import {
  balanceOf,
  expectLedgerBalanced,
  registerUser,
  uniqueName,
  useTestServer,
  type TestServer,
  type TestUser,
} from '../../testing/harness';
import { addMembers, createCommunity, crew, type Crew } from '../communities/builders';
import { communityOptionId, createBet, createCommunityBet, predict, treasuryOf } from './builders';

/** Community bets: moderators run them, members wager, the treasury pays (DESIGN.md section 11). */
const server = useTestServer({ newAccountHours: 0, newAccountActions: 0 });
const admin = useAdmin(server);

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

const makeBet = (s: TestServer, c: Crew, options?: { text: string; odds: number }[]) =>
  createCommunityBet(s, c.moderator, c.slug, options);

const optionOf = communityOptionId;
const treasury = treasuryOf;

const expectNoBet = (res: { status: number; body: unknown }, betId: string) => {
  expectError(res as never, 404, { code: 'NOT_FOUND' });
  expect((res.body as { message: string }).message).toBe(`betId: no bet with id ${betId}`);
};

describe('POST /api/communities/:slug/bets', () => {
  it('lets a moderator make a bet, logged in the modlog, and checks the body by field', async () => {
    const c = await crew(server);
    const bet = await makeBet(server, c);
    expect(bet).toMatchObject({ status: 'open', totalStaked: 0, exposure: 0 });
    expect(bet.options.map((o) => [o.text, o.odds, o.votes])).toEqual([
      ['Yes', 3, 0],
      ['No', 1.5, 0],
    ]);
    const log = await callRoute(server, 'GET /api/communities/:slug/modlog', {
      token: c.member.token,
      params: { slug: c.slug },
    });
    expect(log.body.entries[0]).toMatchObject({
      actor: c.moderator.username,
      action: 'create_bet',
    });
    const bad = (body: Record<string, unknown>) =>
      callRoute(server, 'POST /api/communities/:slug/bets', {
        token: c.owner.token,
        params: { slug: c.slug },
        body: {
          title: 'x',
          endTime: inAnHour(),
          options: [
            { text: 'A', odds: 2 },
            { text: 'B', odds: 2 },
          ],
          ...body,
        } as never,
      });
    expectBadField(await bad({ title: '' }), 'title');
    expectBadField(await bad({ endTime: '2000-01-01T00:00:00Z' }), 'endTime');
    expectBadField(await bad({ options: [{ text: 'A', odds: 2 }] }), 'options');
    expectBadField(
      await bad({
        options: [
          { text: 'A', odds: 1 },
          { text: 'B', odds: 2 },
        ],
      }),
      'options.odds',
    );
    // The same title twice in one community is refused; another community may use it.
    const again = await callRoute(server, 'POST /api/communities/:slug/bets', {
      token: c.owner.token,
      params: { slug: c.slug },
      body: {
        title: bet.title,
        endTime: inAnHour(),
        options: [
          { text: 'A', odds: 2 },
          { text: 'B', odds: 2 },
        ],
      },
    });
    expectError(again, 409, { message: 'title' });
  });

  it('refuses without a token, to a non-member, to a plain member, and 404s a private one to outsiders', async () => {
    const c = await crew(server);
    const body = {
      title: uniqueName('cb'),
      endTime: inAnHour(),
      options: [
        { text: 'A', odds: 2 },
        { text: 'B', odds: 2 },
      ],
    };
    const as = (token: string | undefined, slug = c.slug) =>
      callRoute(server, 'POST /api/communities/:slug/bets', { token, params: { slug }, body });
    expectError(await as(undefined), 401);
    expectError(await as(c.outsider.token), 403, { message: 'members' });
    expectError(await as(c.member.token), 403, { message: 'moderators' });
    const p = await crew(server, { visibility: 'private' });
    expectError(await as(p.outsider.token, p.slug), 404, { message: 'No community' });
    const rows = await server.db.rows(sql`select 1 from bets where title = ${body.title}`);
    expect(rows).toHaveLength(0);
  });
});

describe('wagers on a community bet (POST /api/bets/predict)', () => {
  it('takes the stake into the treasury, raises its committed coins, and keeps it out of the site lists', async () => {
    const c = await crew(server);
    const bet = await makeBet(server, c);
    const before = await treasury(server, c.slug);
    const res = await predict(server, c.member, bet._id, 'Yes', 400);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.balance).toBe(600);
    expect(await treasury(server, c.slug)).toEqual({
      balance: before.balance + 400,
      committed: 1200,
    });
    // The No side's payout fits under the Yes side's, so the exposure stays.
    expect((await predict(server, c.moderator, bet._id, 'No', 100)).status).toBe(200);
    expect((await treasury(server, c.slug)).committed).toBe(1200);
    const active = await callRoute(server, 'GET /api/bets/active', { token: c.member.token });
    expect(active.body.map((b) => b._id)).not.toContain(bet._id);
    const all = await callRoute(server, 'GET /api/admin/bets', {
      token: admin.token,
      query: { limit: 100 },
    });
    expect(all.body.map((b) => b._id)).not.toContain(bet._id);
    const one = await callRoute(server, 'GET /api/communities/:slug/bets/:betId', {
      token: c.member.token,
      params: { slug: c.slug, betId: bet._id },
    });
    expect(one.body.bet).toMatchObject({ totalStaked: 500, exposure: 1200 });
    expect(one.body.bet.options.map((o) => o.votes)).toEqual([1, 1]);
    expect(one.body.myWagers.map((w) => [w.choice, w.stake])).toEqual([['Yes', 400]]);
    await expectLedgerBalanced(server);
  });

  it('refuses a wager the treasury cannot cover with 409 saying how much more the option can take', async () => {
    const c = await crew(server);
    const bet = await makeBet(server, c);
    expect((await predict(server, c.member, bet._id, 'Yes', 400)).status).toBe(200);
    // Treasury 1,400 holding 1,200 for Yes: a Yes stake s pays 3s, so it fits while 2s <= 200.
    const before = await treasury(server, c.slug);
    const res = await predict(server, c.moderator, bet._id, 'Yes', 101);
    expectError(res, 409, { message: 'at most 100 more coins on "Yes"' });
    expect(res.body).toMatchObject({
      details: [{ field: 'amount', rule: 'exposure', limit: 100 }],
    });
    expect(await treasury(server, c.slug)).toEqual(before);
    expect(await balanceOf(server, c.moderator.id)).toBe(1000);
    expect((await predict(server, c.moderator, bet._id, 'Yes', 100)).status).toBe(200);
    expect(await treasury(server, c.slug)).toEqual({ balance: 1500, committed: 1500 });
    expectError(await predict(server, c.moderator, bet._id, 'Yes', 1), 409, {
      message: 'cannot cover another wager on "Yes"',
    });
    // The other option still has room under the exposure the bet already holds.
    expect((await predict(server, c.moderator, bet._id, 'No', 200)).status).toBe(200);
  });

  it('answers 404 "no bet" to non-members and outsiders of a private community, as for no bet at all', async () => {
    const c = await crew(server);
    const bet = await makeBet(server, c);
    expectNoBet(await predict(server, c.outsider, bet._id, 'Yes', 10), bet._id);
    const p = await crew(server, { visibility: 'private' });
    const pBet = await makeBet(server, p);
    expectNoBet(await predict(server, p.outsider, pBet._id, 'Yes', 10), pBet._id);
    expectNoBet(await predict(server, p.outsider, '99999999', 'Yes', 10), '99999999');
    for (const [route, params] of [
      ['GET /api/communities/:slug/bets/:betId', { slug: p.slug, betId: pBet._id }],
      ['GET /api/communities/:slug/bets/:betId/comments', { slug: p.slug, betId: pBet._id }],
    ] as const) {
      const res = await callRoute(server, route, { token: p.outsider.token, params });
      expectError(res, 404, { message: 'No community' });
    }
    const list = await callRoute(server, 'GET /api/communities/:slug/bets', {
      token: p.outsider.token,
      params: { slug: p.slug },
    });
    expectError(list, 404, { message: 'No community' });
    // A bet of another community is not found through this one.
    const other = await callRoute(server, 'GET /api/communities/:slug/bets/:betId', {
      token: c.member.token,
      params: { slug: c.slug, betId: pBet._id },
    });
    expectNoBet(other, pBet._id);
    expect((await treasury(server, p.slug)).balance).toBe(1000);
    expectBadField(await predict(server, p.member, pBet._id, 'Maybe', 10), 'choice');
  });

  it('refuses a parlay mixing a community bet with a site bet (400 naming the leg), and 404 to an outsider', async () => {
    const c = await crew(server);
    const bet = await makeBet(server, c);
    const site = await createBet(server, admin);
    const parlay = (user: TestUser) =>
      callRoute(server, 'POST /api/bets/parlay', {
        token: user.token,
        body: {
          amount: 10,
          bets: [
            { betId: site._id, choice: 'Yes', odds: 2.5 },
            { betId: bet._id, choice: 'Yes', odds: 3 },
          ],
          totalOdds: 7.5,
        },
      });
    const res = await parlay(c.member);
    expectBadField(res, 'bets.betId');
    expectError(res, 400, { message: `bet ${bet._id} is a community bet` });
    expectError(await parlay(c.outsider), 404);
    expect(await balanceOf(server, c.member.id)).toBe(1000);
  });
});

describe('odds, finalize and void', () => {
  it('lets moderators change odds (later wagers take them) and refuses others', async () => {
    const c = await crew(server);
    const bet = await makeBet(server, c);
    const odds = (user: TestUser | undefined, optionId: string, value: number) =>
      callRoute(server, 'PATCH /api/communities/:slug/bets/:betId/odds/:optionId', {
        token: user?.token,
        params: { slug: c.slug, betId: bet._id, optionId },
        body: { odds: value },
      });
    const yes = optionOf(bet, 'Yes');
    const ok = await odds(c.moderator, yes, 2);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.bet.options[0]!.odds).toBe(2);
    expectBadField(await odds(c.moderator, yes, 0.5), 'odds');
    expectError(await odds(undefined, yes, 2), 401);
    expectError(await odds(c.member, yes, 4), 403, { message: 'moderators' });
    expectError(await odds(c.outsider, yes, 4), 403);
    expectError(await odds(c.moderator, '99999999', 4), 404, { message: 'optionId' });
    const placed = await predict(server, c.member, bet._id, 'Yes', 100);
    expect(placed.body.wager.odds).toBe(2);
    expect((await treasury(server, c.slug)).committed).toBe(200);
  });

  it('finalize pays the winners from the treasury once, releases the commitment, and tells each bettor', async () => {
    const c = await crew(server);
    const bet = await makeBet(server, c);
    await predict(server, c.member, bet._id, 'Yes', 300);
    await predict(server, c.moderator, bet._id, 'No', 200);
    const settle = (user: TestUser | undefined, optionId: string) =>
      callRoute(server, 'POST /api/communities/:slug/bets/:betId/finalize', {
        token: user?.token,
        params: { slug: c.slug, betId: bet._id },
        body: { optionId },
      });
    expectError(await settle(undefined, optionOf(bet, 'Yes')), 401);
    expectError(await settle(c.member, optionOf(bet, 'Yes')), 403, { message: 'moderators' });
    expectError(await settle(c.outsider, optionOf(bet, 'Yes')), 403);
    expectBadField(await settle(c.moderator, '99999999'), 'optionId');
    expect(await treasury(server, c.slug)).toEqual({ balance: 1500, committed: 900 });
    const res = await settle(c.owner, optionOf(bet, 'Yes'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.bet).toMatchObject({ status: 'finalized', result: 'Yes' });
    expect(await treasury(server, c.slug)).toEqual({ balance: 600, committed: 0 });
    expect(await balanceOf(server, c.member.id)).toBe(1600);
    expect(await balanceOf(server, c.moderator.id)).toBe(800);
    expectError(await settle(c.owner, optionOf(bet, 'Yes')), 409, { message: 'already' });
    expectError(await predict(server, c.member, bet._id, 'Yes', 10), 409, {
      message: 'already settled',
    });
    await server.deps.events.flush();
    const notes = await server.db.rows<{ user_id: number; kind: string; link: string }>(sql`
      select user_id::int, kind, link from notifications where kind = 'community_bet_settled'
      and link = ${`/c/${c.slug}/bets/${bet._id}`} order by user_id`);
    expect(notes.map((n) => n.user_id).sort()).toEqual([c.member.id, c.moderator.id].sort());
    const settled = await callRoute(server, 'GET /api/communities/:slug/bets', {
      params: { slug: c.slug },
      query: { status: 'settled' },
    });
    expect(settled.body.bets.map((b) => b._id)).toEqual([bet._id]);
    await expectLedgerBalanced(server);
  });

  it('void refunds every stake from the treasury and releases the commitment', async () => {
    const c = await crew(server);
    const bet = await makeBet(server, c);
    await predict(server, c.member, bet._id, 'Yes', 300);
    const voidIt = (user: TestUser | undefined) =>
      callRoute(server, 'POST /api/communities/:slug/bets/:betId/void', {
        token: user?.token,
        params: { slug: c.slug, betId: bet._id },
      });
    expectError(await voidIt(undefined), 401);
    expectError(await voidIt(c.member), 403);
    const res = await voidIt(c.moderator);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await treasury(server, c.slug)).toEqual({ balance: 1000, committed: 0 });
    expect(await balanceOf(server, c.member.id)).toBe(1000);
    expectError(await voidIt(c.moderator), 409);
    await expectLedgerBalanced(server);
  });
});

describe('a private community’s bets', () => {
  it('answer 404 to outsiders on every route, by slug and by bet id, and change nothing', async () => {
    const p = await crew(server, { visibility: 'private' });
    const bet = await makeBet(server, p);
    await predict(server, p.member, bet._id, 'Yes', 10);
    const betId = bet._id;
    const optionId = optionOf(bet, 'Yes');
    const slug = p.slug;
    const before = await treasury(server, slug);
    // The GETs first, then the routes that need a token.
    const every = (token: string | undefined) =>
      Promise.all([
        callRoute(server, 'GET /api/communities/:slug/bets', { token, params: { slug } }),
        callRoute(server, 'GET /api/communities/:slug/bets/:betId', {
          token,
          params: { slug, betId },
        }),
        callRoute(server, 'GET /api/communities/:slug/bets/:betId/comments', {
          token,
          params: { slug, betId },
        }),
        callRoute(server, 'POST /api/communities/:slug/bets/:betId/comments', {
          token,
          params: { slug, betId },
          body: { body: 'hello' },
        }),
        callRoute(server, 'PATCH /api/communities/:slug/bets/:betId/odds/:optionId', {
          token,
          params: { slug, betId, optionId },
          body: { odds: 5 },
        }),
        callRoute(server, 'POST /api/communities/:slug/bets/:betId/finalize', {
          token,
          params: { slug, betId },
          body: { optionId },
        }),
        callRoute(server, 'POST /api/communities/:slug/bets/:betId/void', {
          token,
          params: { slug, betId },
        }),
        callRoute(server, 'DELETE /api/communities/:slug/bets/:betId/comments/:commentId', {
          token,
          params: { slug, betId, commentId: '1' },
          query: { reason: 'x' },
        }),
      ]);
    const asOutsider = await every(p.outsider.token);
    for (const res of asOutsider)
      expectError(res, 404, { message: `No community called "${slug}"` });
    const visitor = await every(undefined);
    for (const res of visitor.slice(0, 3))
      expectError(res, 404, { message: `No community called "${slug}"` });
    for (const res of visitor.slice(3)) expectError(res, 401);
    expect(await treasury(server, slug)).toEqual(before);
    const [row] = await server.db.rows<{ status: string; comments: number }>(sql`
      select status, (select count(*)::int from bet_comments where bet_id = b.id) as comments
      from bets b where id = ${Number(betId)}`);
    expect(row).toEqual({ status: 'open', comments: 0 });
  });

  it('refuses a malformed id or cursor naming the field', async () => {
    const c = await crew(server);
    expectBadField(
      await callRoute(server, 'GET /api/communities/:slug/bets/:betId', {
        params: { slug: c.slug, betId: 'abc' as never },
      }),
      'betId',
    );
    expectBadField(
      await callRoute(server, 'GET /api/communities/:slug/bets', {
        params: { slug: c.slug },
        query: { cursor: 'x' },
      }),
      'cursor',
    );
    expectBadField(
      await callRoute(server, 'POST /api/communities/:slug/bets/:betId/finalize', {
        token: c.owner.token,
        params: { slug: c.slug, betId: '1' },
        body: { optionId: 'none' as never },
      }),
      'optionId',
    );
  });
});

describe('GET /api/communities/:slug/bets', () => {
  it('lists open bets newest first, a page at a time, to anyone for a public community', async () => {
    const c = await crew(server);
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await makeBet(server, c));
    const res = await callRoute(server, 'GET /api/communities/:slug/bets', {
      params: { slug: c.slug },
      query: { status: 'open' },
    });
    expect(res.body.bets.map((b) => b._id)).toEqual(made.map((b) => b._id).reverse());
    expect(res.body.nextCursor).toBeNull();
    const after = await callRoute(server, 'GET /api/communities/:slug/bets', {
      params: { slug: c.slug },
      query: { cursor: made[1]!._id },
    });
    expect(after.body.bets.map((b) => b._id)).toEqual([made[0]!._id]);
    expectBadField(
      await callRoute(server, 'GET /api/communities/:slug/bets', {
        params: { slug: c.slug },
        query: { status: 'closed' as never },
      }),
      'status',
    );
  });
});

describe('comments on a community bet', () => {
  it('show each author’s position when read, notify mentions, and moderators remove them with a logged reason', async () => {
    const c = await crew(server);
    const bet = await makeBet(server, c);
    const comment = (user: TestUser | undefined, body: string) =>
      callRoute(server, 'POST /api/communities/:slug/bets/:betId/comments', {
        token: user?.token,
        params: { slug: c.slug, betId: bet._id },
        body: { body },
      });
    const first = await comment(c.member, `Yes, surely. @${c.owner.username} agrees?`);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ position: null, mentions: [c.owner.username] });
    expectBadField(await comment(c.member, ''), 'body');
    expectError(await comment(undefined, 'hi'), 401);
    expectError(await comment(c.outsider, 'hi'), 403, { message: 'members' });
    await predict(server, c.member, bet._id, 'Yes', 50);
    await predict(server, c.member, bet._id, 'Yes', 25);
    await predict(server, c.member, bet._id, 'No', 10);
    const list = await callRoute(server, 'GET /api/communities/:slug/bets/:betId/comments', {
      params: { slug: c.slug, betId: bet._id },
    });
    expect(list.body.comments.map((x) => x.position)).toEqual([
      [
        { choice: 'Yes', stake: 75 },
        { choice: 'No', stake: 10 },
      ],
    ]);
    await server.deps.events.flush();
    const [mention] = await server.db.rows<{ link: string }>(sql`
      select link from notifications where user_id = ${c.owner.id} and kind = 'mention'`);
    expect(mention?.link).toBe(`/c/${c.slug}/bets/${bet._id}#comment-${first.body._id}`);
    const remove = (user: TestUser, reason?: string) =>
      callRoute(server, 'DELETE /api/communities/:slug/bets/:betId/comments/:commentId', {
        token: user.token,
        params: { slug: c.slug, betId: bet._id, commentId: first.body._id },
        query: reason ? { reason } : {},
      });
    expectError(await remove(c.outsider, 'spam'), 403);
    expectBadField(await remove(c.moderator), 'reason');
    expect((await remove(c.moderator, 'off topic')).status).toBe(200);
    expectError(await remove(c.moderator, 'again'), 404, { message: 'commentId' });
    const log = await callRoute(server, 'GET /api/communities/:slug/modlog', {
      params: { slug: c.slug },
    });
    expect(log.body.entries[0]).toMatchObject({
      action: 'delete_bet_comment',
      target: c.member.username,
      reason: 'off topic',
    });
    const after = await callRoute(server, 'GET /api/communities/:slug/bets/:betId/comments', {
      params: { slug: c.slug, betId: bet._id },
    });
    expect(after.body.comments).toEqual([]);
  });
});

describe('the new-account gate', () => {
  const gated = useTestServer({ newAccountHours: 24, newAccountActions: 3 });

  it('keeps a new moderator from creating community bets', async () => {
    const owner = await registerUser(gated);
    await gated.db.rows(sql`update users set established_at = now() where id = ${owner.id}`);
    gated.deps.sessions.forgetUser(owner.id);
    const community = await createCommunity(gated, owner);
    const mod = await registerUser(gated);
    await addMembers(gated, owner, community.slug, [mod]);
    await callRoute(gated, 'PATCH /api/communities/:slug/members/:username', {
      token: owner.token,
      params: { slug: community.slug, username: mod.username },
      body: { role: 'moderator' },
    });
    const res = await callRoute(gated, 'POST /api/communities/:slug/bets', {
      token: mod.token,
      params: { slug: community.slug },
      body: {
        title: uniqueName('cb'),
        endTime: inAnHour(),
        options: [
          { text: 'A', odds: 2 },
          { text: 'B', odds: 2 },
        ],
      },
    });
    expectError(res, 403, { message: 'create community bets' });
  });
});
