import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../shared/api/routes';
import type { RouteSpec } from '../../../shared/api/contract';
import type { RouteSanctionScope, SanctionDetails } from '../../../shared/sanctions';
import { ManualClock } from '../../platform/clock';
import { sanctionScopeOf } from '../../platform/routing';
import { callRoute, routePath } from '../../testing/callRoute';
import { useAdmin } from '../../testing/builders';
import { expectBadField, expectError } from '../../testing/expectations';
import { call, registerUser, useTestServer, type TestUser } from '../../testing/harness';
import { createBet } from '../bets/builders';
import { endSuspensions } from './service';

const clock = new ManualClock();
const server = useTestServer({}, { clock });
const admin = useAdmin(server);
const HOUR = 3600_000;

async function sanction(
  user: TestUser,
  scope: 'all' | RouteSanctionScope,
  hours?: number,
  reason = `Testing ${scope}`,
) {
  const res = await callRoute(server, 'POST /api/admin/sanctions', {
    token: admin.token,
    body: { username: user.username, scope, reason, ...(hours === undefined ? {} : { hours }) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const sendCoins = (from: TestUser, to: TestUser) =>
  callRoute(server, 'POST /api/user/send-money', {
    token: from.token,
    body: { recipientUsername: to.username, amount: 1 },
  });

async function securityNotices(user: TestUser) {
  await server.deps.events.flush();
  return server.db.rows<{ title: string; link: string }>(sql`
    select title, link from notifications where user_id = ${user.id} and kind = 'security' order by id`);
}

describe('POST /api/admin/sanctions', () => {
  it("refuses the scope's actions with the reason and end, and only those", async () => {
    const [player, friend] = [await registerUser(server), await registerUser(server)];
    const made = await sanction(player, 'sending', 48, 'Passing coins to alts');
    expect(made).toMatchObject({
      username: player.username,
      scope: 'sending',
      reason: 'Passing coins to alts',
      status: 'active',
      by: admin.username,
      appeal: null,
    });
    expect(Date.parse(made.endsAt!) - clock.now().getTime()).toBe(48 * HOUR);
    const refused = expectError(await sendCoins(player, friend), 403, {
      code: 'SANCTIONED',
      message: 'Passing coins to alts',
    });
    expect(refused.details).toEqual({
      rule: 'sanction',
      sanctionId: made._id,
      scope: 'sending',
      reason: 'Passing coins to alts',
      endsAt: made.endsAt,
      appealed: false,
    } satisfies SanctionDetails);
    // Not a scope of it: wagers, and coins coming in.
    const bet = await createBet(server, admin);
    const wager = await callRoute(server, 'POST /api/bets/predict', {
      token: player.token,
      body: { betId: bet._id, choice: 'Yes', amount: 5 },
    });
    expect(wager.status, JSON.stringify(wager.body)).toBe(200);
    expect((await sendCoins(friend, player)).status).toBe(200);
    expect(await securityNotices(player)).toHaveLength(1);
    // The end comes by the clock: the session's copy is checked again at use.
    clock.advance(49 * HOUR);
    expect((await sendCoins(player, friend)).status).toBe(200);
    clock.advance(-49 * HOUR);
  });

  it('refuses a second sanction of a scope in force, and bad input naming the field', async () => {
    const player = await registerUser(server);
    await sanction(player, 'games', 1);
    const again = await callRoute(server, 'POST /api/admin/sanctions', {
      token: admin.token,
      body: { username: player.username, scope: 'games', reason: 'again' },
    });
    expectError(again, 409, { code: 'CONFLICT', message: 'lift it first' });
    const post = (body: Record<string, unknown>) =>
      call(server, 'POST', '/api/admin/sanctions', {
        token: admin.token,
        body: { username: player.username, scope: 'posting', reason: 'r', ...body },
      });
    expectBadField(await post({ scope: 'everything' }), 'scope');
    expectBadField(await post({ reason: '' }), 'reason');
    expectBadField(await post({ reason: 'x'.repeat(1001) }), 'reason');
    expectBadField(await post({ hours: 0 }), 'hours');
    expectBadField(await post({ hours: 1.5 }), 'hours');
    expectError(await post({ username: 'nobody-here' }), 404, { code: 'NOT_FOUND' });
    expectError(await post({ username: admin.username }), 400, { code: 'BAD_REQUEST' });
    const otherAdmin = await callRoute(server, 'POST /api/admin/sanctions', {
      token: admin.token,
      body: { username: 'admin', scope: 'posting', reason: 'r' },
    });
    expect([404, 409]).toContain(otherAdmin.status);
    const [row] = await server.db.rows<{ n: number }>(
      sql`select count(*)::int as n from sanctions where user_id = ${player.id}`,
    );
    expect(row?.n).toBe(1);
  });

  it('answers 401 without a token and 403 to a player', async () => {
    const player = await registerUser(server);
    const body = { username: player.username, scope: 'posting' as const, reason: 'r' };
    expectError(await callRoute(server, 'POST /api/admin/sanctions', { body }), 401);
    expectError(
      await callRoute(server, 'POST /api/admin/sanctions', { token: player.token, body }),
      403,
      { code: 'FORBIDDEN' },
    );
    expectError(
      await callRoute(server, 'GET /api/admin/sanctions', { token: player.token, query: {} }),
      403,
    );
    expectError(
      await callRoute(server, 'GET /api/admin/appeals', { token: player.token, query: {} }),
      403,
    );
  });
});

describe('a suspension (scope all)', () => {
  it('signs the player out everywhere, refuses sign-in with why and until when, and ends by itself', async () => {
    const player = await registerUser(server);
    const made = await sanction(player, 'all', 24, 'Cheating at Minefield');
    const old = await callRoute(server, 'GET /api/user/stats', { token: player.token });
    expectError(old, 403, { code: 'BANNED', message: 'Cheating at Minefield' });
    const login = () =>
      callRoute(server, 'POST /auth/login', {
        body: { username: player.username, password: player.password },
      });
    const refused = expectError(await login(), 403, { code: 'BANNED' });
    expect(refused.details).toMatchObject({
      sanctionId: made._id,
      scope: 'all',
      endsAt: made.endsAt,
    });
    expect(refused.message).toMatch(/suspended until .* UTC\. Reason: Cheating at Minefield/);
    clock.advance(25 * HOUR);
    try {
      expect(await endSuspensions(server.deps)).toBeGreaterThanOrEqual(1);
      expect((await login()).status).toBe(200);
    } finally {
      clock.advance(-25 * HOUR);
    }
  });

  it('is lifted by an admin once (the unban), and the player signs in again', async () => {
    const player = await registerUser(server);
    const made = await sanction(player, 'all');
    expect(made.endsAt).toBeNull();
    const lift = () =>
      callRoute(server, 'DELETE /api/admin/sanctions/:id', {
        token: admin.token,
        params: { id: made._id },
      });
    const [first, second] = await Promise.all([lift(), lift()]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const ok = first.status === 200 ? first : second;
    expect(ok.body.sanction).toMatchObject({ status: 'lifted', liftedBy: admin.username });
    const login = await callRoute(server, 'POST /auth/login', {
      body: { username: player.username, password: player.password },
    });
    expect(login.status).toBe(200);
    expect(
      (await callRoute(server, 'GET /api/sanctions', { token: login.body.token })).body.sanctions,
    ).toEqual([]);
    expectError(
      await callRoute(server, 'DELETE /api/admin/sanctions/:id', {
        token: admin.token,
        params: { id: '999999' },
      }),
      404,
    );
    const titles = (await securityNotices(player)).map((n) => n.title);
    expect(titles).toEqual([
      'Your account is suspended until an admin lifts it',
      'A sanction on your account was lifted',
    ]);
  });

  it('is what the ban switch makes and lifts', async () => {
    const player = await registerUser(server);
    const ban = await callRoute(server, 'PATCH /api/admin/status/user/:username', {
      token: admin.token,
      params: { username: player.username },
      body: { status: 'banned' },
    });
    expect(ban.status).toBe(200);
    const list = await callRoute(server, 'GET /api/admin/sanctions', {
      token: admin.token,
      query: { username: player.username },
    });
    expect(list.body.sanctions).toEqual([
      expect.objectContaining({ scope: 'all', status: 'active', endsAt: null }),
    ]);
    await callRoute(server, 'PATCH /api/admin/status/user/:username', {
      token: admin.token,
      params: { username: player.username },
      body: { status: 'active' },
    });
    const after = await callRoute(server, 'GET /api/admin/sanctions', {
      token: admin.token,
      query: { username: player.username, status: 'all' },
    });
    expect(after.body.sanctions.map((s) => s.status)).toEqual(['lifted']);
  });
});

describe('appeals', () => {
  it('takes one appeal per sanction, only of your own in force, and an admin decides it once', async () => {
    const [player, other] = [await registerUser(server), await registerUser(server)];
    const made = await sanction(player, 'posting', 72, 'Spam in a community');
    const appeal = (user: TestUser, id: string, text = 'It was a mistake') =>
      callRoute(server, 'POST /api/sanctions/:id/appeal', {
        token: user.token,
        params: { id },
        body: { text },
      });
    expectError(await appeal(other, made._id), 404);
    expectBadField(await appeal(player, made._id, ' '), 'text');
    const [a, b] = await Promise.all([appeal(player, made._id), appeal(player, made._id)]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const own = await callRoute(server, 'GET /api/sanctions', { token: player.token });
    expect(own.body.sanctions).toEqual([
      expect.objectContaining({
        _id: made._id,
        appeal: expect.objectContaining({ text: 'It was a mistake', decision: null }),
      }),
    ]);
    const queue = await callRoute(server, 'GET /api/admin/appeals', {
      token: admin.token,
      query: { status: 'open' },
    });
    const entry = queue.body.appeals.find((x) => x.sanction._id === made._id)!;
    expect(entry).toMatchObject({ username: player.username, text: 'It was a mistake' });
    const decide = (decision: 'upheld' | 'lifted') =>
      callRoute(server, 'POST /api/admin/appeals/:id/decide', {
        token: admin.token,
        params: { id: entry._id },
        body: { decision, reply: 'Checked the posts: you are right' },
      });
    expectBadField(
      await callRoute(server, 'POST /api/admin/appeals/:id/decide', {
        token: admin.token,
        params: { id: entry._id },
        body: { decision: 'maybe' as 'upheld', reply: 'x' },
      }),
      'decision',
    );
    const [d1, d2] = await Promise.all([decide('lifted'), decide('upheld')]);
    expect([d1.status, d2.status].sort()).toEqual([200, 409]);
    const decided = d1.status === 200 ? d1.body : d2.body;
    expect(decided.sanction.status).toBe(decided.decision === 'lifted' ? 'lifted' : 'active');
    const titles = (await securityNotices(player)).map((n) => n.title);
    expect(titles[0]).toMatch(/^You may not use posts and comments in communities until/);
    expect(titles).toHaveLength(2);
    expect(titles[1]).toMatch(/^Your appeal was (granted|turned down)/);
    const logs = await server.db.rows<{ action: string }>(sql`
      select action from admin_logs where target = ${player.username} order by id`);
    expect(logs.map((l) => l.action)).toEqual(['sanction_user', 'decide_appeal']);
  });

  it('lets a suspended player appeal with their password', async () => {
    const player = await registerUser(server);
    await sanction(player, 'all', 12);
    const appeal = (password: string) =>
      callRoute(server, 'POST /auth/appeal', {
        body: { username: player.username, password, text: 'Please look again' },
      });
    expectError(await appeal('wrong-password-1'), 401);
    expect((await appeal(player.password)).status).toBe(201);
    expectError(await appeal(player.password), 409, { message: 'once' });
    const free = await registerUser(server);
    expectError(
      await callRoute(server, 'POST /auth/appeal', {
        body: { username: free.username, password: free.password, text: 'x' },
      }),
      409,
      { message: 'not suspended' },
    );
  });
});

/** Path values of the right shape for the walk (like authWalk.test.ts). */
const PARAM_VALUES: Record<string, string> = {
  id: '1',
  username: 'somebody',
  betTitle: 'Some bet',
  optionId: '1',
  slug: 'some-community',
  code: 'ABCDEFGHJK',
  betId: '1',
  commentId: '1',
};

/** What each scope must cover, stated here apart from the contract the server reads. */
const MUST_COVER: Record<RouteSanctionScope, string[]> = {
  trading: ['POST /api/trades/request', 'POST /api/services/buy/:id', 'POST /api/services'],
  sending: ['POST /api/user/send-money', 'POST /api/communities/:slug/treasury/donate'],
  games: [
    'POST /api/bets/predict',
    'POST /api/bets/parlay',
    'POST /api/games/roulette',
    'POST /api/games/minefield/start',
    'POST /api/critters/adopt',
  ],
  posting: [
    'POST /api/communities/:slug/posts',
    'POST /api/communities/:slug/posts/:id/comments',
    'POST /api/communities/:slug/bets/:betId/comments',
  ],
  communities: [
    'POST /api/communities',
    'POST /api/communities/:slug/join',
    'POST /api/communities/:slug/bets',
    'POST /api/communities/:slug/bets/:betId/finalize',
  ],
};

describe('each scope against every route', () => {
  // Routes that end the caller's own session or account: walked by their own tests.
  const SKIP = new Set(['POST /auth/logout', 'DELETE /api/user']);
  const walked = Object.entries(routes).flatMap(([feature, table]) =>
    Object.entries(table as Record<string, RouteSpec>)
      .filter(
        ([name, spec]) => spec.auth !== 'public' && !name.startsWith('GET ') && !SKIP.has(name),
      )
      .map(([name, spec]) => ({
        name,
        scope: sanctionScopeOf(feature, name.split(' ')[0]!, spec),
      })),
  );

  it.each(Object.keys(MUST_COVER) as RouteSanctionScope[])(
    '%s refuses exactly its routes',
    async (scope) => {
      for (const name of MUST_COVER[scope])
        expect(walked.find((w) => w.name === name)?.scope, name).toBe(scope);
      const player = await registerUser(server);
      await sanction(player, scope, 1);
      const refusedWrongly: string[] = [];
      const notRefused: string[] = [];
      for (const { name, scope: covers } of walked) {
        const { method, path } = routePath(name, PARAM_VALUES);
        const res = await call<{ code?: string }>(server, method, path, { token: player.token });
        const refused = res.status === 403 && res.body.code === 'SANCTIONED';
        if (covers === scope && !refused) notRefused.push(`${name}: ${res.status}`);
        if (covers !== scope && refused) refusedWrongly.push(name);
      }
      expect({ notRefused, refusedWrongly }).toEqual({ notRefused: [], refusedWrongly: [] });
    },
  );
});
