import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seasonBounds, seasonStartOf } from '../../../shared/seasons';
import { ManualClock } from '../../platform/clock';
import { useAdmin } from '../../testing/builders';
import { callRoute } from '../../testing/callRoute';
import { expectBadField } from '../../testing/expectations';
import {
  registerUser,
  usingPostgres,
  useTestServer,
  type TestServer,
  type TestUser,
} from '../../testing/harness';
import { addMembers, createCommunity, crew, expectNoSuchCommunity, newSlug } from './builders';
import { closeSeason } from './seasons';

const HOUR = 3_600_000;
const WEEK = 7 * 24 * HOUR;
/** A Monday 00:00 UTC; each test that closes a season takes weeks of its own after it. */
const BASE = Date.parse('2030-01-07T00:00:00Z');
const clock = new ManualClock(BASE + 36 * HOUR);
const server = useTestServer({ newAccountHours: 0, newAccountActions: 0 }, { clock });
const admin = useAdmin(server);

/** A game round `user` played at `at`: won (paid 20 for 10) or lost (paid 0). */
async function roundAt(user: TestUser, at: number, won: boolean): Promise<void> {
  const seed = 'a'.repeat(64);
  await server.db.rows(sql`
    with s as (
      insert into fairness_seeds (user_id, server_seed, server_seed_hash, client_seed, nonce, revealed_at)
      values (${user.id}, ${seed}, ${createHash('sha256').update(seed).digest('hex')}, 'test', 1, now())
      returning id)
    insert into game_rounds (user_id, game, seed_id, client_seed, nonce, stake, payout, params, outcome, created_at, settled_at)
    select ${user.id}, 'spinner', s.id, 'test', 0, 10, ${won ? 20 : 0}, '{}', '{}',
      ${new Date(at).toISOString()}::timestamptz, ${new Date(at).toISOString()}::timestamptz
    from s`);
}

async function winsAt(user: TestUser, at: number, n: number): Promise<void> {
  for (let i = 0; i < n; i++) await roundAt(user, at, true);
}

const table = (
  slug: string,
  query: { season?: 'current' | 'previous' | 'all'; sort?: 'profit' | 'wins' } = {},
  token?: string,
) =>
  callRoute(server, 'GET /api/communities/:slug/leaderboard', { params: { slug }, query, token });

const ranking = (season?: 'current' | 'previous') =>
  callRoute(server, 'GET /api/communities/leaderboard', { query: { season } });

const namesOf = (members: { username: string }[]) => members.map((m) => m.username);

/** `n` new members of `slug` (its owner lets them in). */
async function membersOf(s: TestServer, owner: TestUser, slug: string, n: number) {
  const users = await Promise.all(Array.from({ length: n }, () => registerUser(s)));
  await addMembers(s, owner, slug, users);
  return users;
}

describe('seasons are ISO weeks', () => {
  it('start on Monday 00:00 UTC', () => {
    expect(seasonStartOf(new Date('2030-01-13T23:59:59.999Z')).toISOString()).toBe(
      '2030-01-07T00:00:00.000Z',
    );
    expect(seasonStartOf(new Date('2030-01-14T00:00:00Z')).toISOString()).toBe(
      '2030-01-14T00:00:00.000Z',
    );
    // Across a year's end: ISO week 1 of 2030 starts on Monday 2029-12-31.
    expect(seasonStartOf(new Date('2030-01-01T12:00:00Z')).toISOString()).toBe(
      '2029-12-31T00:00:00.000Z',
    );
    expect(seasonBounds('previous', new Date('2030-01-14T00:00:00Z'))).toEqual({
      start: new Date('2030-01-07T00:00:00Z'),
      end: new Date('2030-01-14T00:00:00Z'),
    });
  });

  it('count a round of Sunday 23:59 in its week and one of Monday 00:00 in the next', async () => {
    const { slug, owner, member } = await crew(server);
    const monday = BASE + WEEK;
    await roundAt(owner, monday - 60_000, true);
    await winsAt(member, monday, 2);
    clock.set(monday - 1);
    let res = await table(slug, { sort: 'wins' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.season).toEqual({
      start: new Date(BASE).toISOString(),
      end: new Date(monday).toISOString(),
      final: false,
    });
    expect(res.body.members.map((m) => [m.username, m.wins])).toEqual([[owner.username, 1]]);
    clock.set(monday);
    res = await table(slug, { sort: 'wins' });
    expect(res.body.season.start).toBe(new Date(monday).toISOString());
    expect(res.body.members.map((m) => [m.username, m.wins])).toEqual([[member.username, 2]]);
    // The week before, counted live until a sweep records it.
    res = await table(slug, { season: 'previous', sort: 'wins' });
    expect(res.body.season).toMatchObject({ start: new Date(BASE).toISOString(), final: false });
    expect(res.body.members.map((m) => [m.username, m.wins])).toEqual([[owner.username, 1]]);
  });
});

describe('GET /api/communities/:slug/leaderboard', () => {
  it('ranks members by wins or profit, counting only won rounds of the season', async () => {
    clock.set(BASE + 2 * WEEK + 30 * HOUR);
    const { slug, owner, moderator, member, outsider } = await crew(server);
    const now = clock.now().getTime();
    await winsAt(member, now - HOUR, 3);
    await winsAt(moderator, now - 2 * HOUR, 1);
    await roundAt(moderator, now - 2 * HOUR, false);
    await roundAt(owner, now - HOUR, false); // played, won nothing: not in the table
    await winsAt(outsider, now - HOUR, 5); // not a member
    await winsAt(moderator, now - 2 * WEEK, 4); // another season
    const res = await table(slug, { sort: 'wins' });
    expect(res.status).toBe(200);
    expect(res.headers.get('age')).toBe('0');
    expect(res.body.members).toEqual([
      { rank: 1, username: member.username, profileImage: null, profit: 0, wins: 3 },
      { rank: 2, username: moderator.username, profileImage: null, profit: 0, wins: 1 },
    ]);
    // Profit first by default; with no community bets yet every profit is 0, so wins decide.
    const byProfit = await table(slug, {});
    expect(namesOf(byProfit.body.members)).toEqual([member.username, moderator.username]);
    const all = await table(slug, { season: 'all', sort: 'wins' });
    expect(all.body.season).toEqual({ start: null, end: null, final: false });
    expect(all.body.members.map((m) => [m.username, m.wins])).toEqual([
      [moderator.username, 5],
      [member.username, 3],
    ]);
  });

  it("ranks members by their profit on the community's settled bets", async () => {
    const { slug, moderator, member } = await crew(server);
    const made = await callRoute(server, 'POST /api/communities/:slug/bets', {
      token: moderator.token,
      params: { slug },
      body: {
        title: `Season bet ${slug}`,
        description: 'who wins',
        endTime: new Date(Math.max(Date.now(), clock.now().getTime()) + HOUR).toISOString(),
        options: [
          { text: 'Yes', odds: 3 },
          { text: 'No', odds: 1.5 },
        ],
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const bet = made.body.bet;
    const wager = (u: TestUser, choice: string, amount: number) =>
      callRoute(server, 'POST /api/bets/predict', {
        token: u.token,
        body: { betId: bet._id, choice, amount },
      });
    expect((await wager(member, 'Yes', 10)).status).toBe(200);
    expect((await wager(moderator, 'No', 20)).status).toBe(200);
    const yes = bet.options.find((o) => o.text === 'Yes')!;
    const settled = await callRoute(server, 'POST /api/communities/:slug/bets/:betId/finalize', {
      token: moderator.token,
      params: { slug, betId: bet._id },
      body: { optionId: yes._id },
    });
    expect(settled.status, JSON.stringify(settled.body)).toBe(200);
    // Settled by the database's clock: the all-time table holds it whatever this test's week.
    const res = await table(slug, { season: 'all', sort: 'profit' });
    expect(res.body.members.map((m) => [m.username, m.profit])).toEqual([
      [member.username, 20],
      [moderator.username, -20],
    ]);
  });

  it('names the bad field', async () => {
    const { slug } = await crew(server);
    expectBadField(
      await callRoute(server, 'GET /api/communities/:slug/leaderboard', {
        params: { slug },
        query: { season: 'week' as 'all' },
      }),
      'season',
    );
    expectBadField(
      await callRoute(server, 'GET /api/communities/:slug/leaderboard', {
        params: { slug },
        query: { sort: 'balance' as 'wins' },
      }),
      'sort',
    );
  });

  it('shows a private community to its members only, as if it did not exist', async () => {
    const { slug, member, outsider } = await crew(server, { visibility: 'private' });
    expect((await table(slug, {}, member.token)).status).toBe(200);
    expectNoSuchCommunity(await table(slug, {}, outsider.token), slug);
    expectNoSuchCommunity(await table(slug, {}), slug);
    const unknown = newSlug();
    expectNoSuchCommunity(await table(unknown, {}, member.token), unknown);
  });

  it('keeps the slug of its path from any community', async () => {
    const owner = await registerUser(server);
    await expect(createCommunity(server, owner, { slug: 'leaderboard' })).rejects.toThrow(
      /slug is taken/,
    );
  });
});

describe('GET /api/communities/leaderboard', () => {
  it('ranks public communities with at least 3 active members by profit per active member', async () => {
    clock.set(BASE + 3 * WEEK + 50 * HOUR);
    const now = clock.now().getTime();
    // Three active: two played (one only lost), one placed a wager.
    const a = await crew(server);
    await winsAt(a.member, now - HOUR, 1);
    await roundAt(a.owner, now - HOUR, false);
    const bet = await callRoute(server, 'POST /api/bets/create', {
      token: admin.token,
      body: {
        title: `season ${newSlug()}`,
        description: 'a bet',
        endTime: new Date(now + 48 * HOUR).toISOString(),
        options: [
          { text: 'Yes', odds: 2 },
          { text: 'No', odds: 2 },
        ],
      },
    });
    expect(bet.status, JSON.stringify(bet.body)).toBe(201);
    const wager = await callRoute(server, 'POST /api/bets/predict', {
      token: a.moderator.token,
      body: { betId: bet.body.bet._id, choice: 'Yes', amount: 10 },
    });
    expect(wager.status, JSON.stringify(wager.body)).toBe(200);
    await server.db.rows(
      sql`update wagers set created_at = ${new Date(now - HOUR).toISOString()}::timestamptz where user_id = ${a.moderator.id}`,
    );
    // Two active, however many members: not ranked.
    const b = await crew(server);
    await winsAt(b.member, now - HOUR, 3);
    await winsAt(b.owner, now - HOUR, 3);
    await roundAt(b.moderator, now - 2 * WEEK, false); // another week
    // Private: never ranked.
    const c = await crew(server, { visibility: 'private' });
    for (const u of [c.owner, c.moderator, c.member]) await roundAt(u, now - HOUR, true);

    const res = await ranking();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get('age')).toBe('0');
    expect(res.body.season).toMatchObject({
      start: new Date(BASE + 3 * WEEK).toISOString(),
      final: false,
    });
    const slugs = res.body.communities.map((x) => x.slug);
    expect(slugs).toContain(a.slug);
    expect(slugs).not.toContain(b.slug);
    expect(slugs).not.toContain(c.slug);
    expect(res.body.communities.find((x) => x.slug === a.slug)).toMatchObject({
      name: 'Test community',
      activeMembers: 3,
      profit: 0,
      profitPerActive: 0,
    });
    // A fourth member who only lost a round is active too.
    const [late] = await membersOf(server, b.owner, b.slug, 1);
    await roundAt(late!, now - HOUR, false);
    const again = await ranking('current');
    expect(again.body.communities.find((x) => x.slug === b.slug)).toMatchObject({
      activeMembers: 3,
    });
    expect(again.body.communities.map((x) => x.rank)).toEqual(
      again.body.communities.map((_, i) => i + 1),
    );
  });

  it('names the bad field', async () => {
    expectBadField(
      await callRoute(server, 'GET /api/communities/leaderboard', {
        query: { season: 'all' as 'current' },
      }),
      'season',
    );
  });
});

/** Notices of the season's results in `user`'s inbox. */
async function seasonNotices(user: TestUser) {
  await server.deps.events.flush();
  const res = await callRoute(server, 'GET /api/notifications', { token: user.token, query: {} });
  return res.body.notifications.filter((n) => n.kind === 'season_result');
}

/** How many tables of the season starting at `start` are recorded for `slug` (0 or 1). */
async function recordedTables(slug: string, start: number): Promise<number> {
  const [row] = await server.db.rows<{ n: number }>(sql`
    select count(*)::int as n from community_seasons s join communities c on c.id = s.community_id
    where c.slug = ${slug} and s.season_start = ${new Date(start).toISOString()}::timestamptz`);
  return row?.n ?? 0;
}

describe("a season's close", () => {
  it('records every table and the ranking once, serves them, and tells the top 3 once', async () => {
    const start = BASE + 4 * WEEK;
    clock.set(start + 10 * HOUR);
    const { slug, owner, moderator, member } = await crew(server);
    const [fourth] = await membersOf(server, owner, slug, 1);
    await winsAt(member, start + HOUR, 4);
    await winsAt(moderator, start + HOUR, 3);
    await winsAt(owner, start + HOUR, 2);
    await winsAt(fourth!, start + HOUR, 1);
    // Not in the first minute of the next week: a round begun before midnight may still commit.
    clock.set(start + WEEK + 30_000);
    await closeSeason(server.deps);
    expect(await recordedTables(slug, start)).toBe(0);
    clock.set(start + WEEK + 5 * 60_000);
    // Two sweeps at once: one closes it.
    const closes = await Promise.all([closeSeason(server.deps), closeSeason(server.deps)]);
    expect(closes.filter(Boolean)).toHaveLength(1);
    expect(await closeSeason(server.deps)).toBe(false);

    expect(await recordedTables(slug, start)).toBe(1);
    const rankings = await server.db.rows<{ n: number }>(sql`
      select count(*)::int as n from community_season_rankings
      where season_start = ${new Date(start).toISOString()}::timestamptz`);
    expect(rankings[0]?.n).toBe(1);

    // A round dated into the closed week afterwards does not change its recorded table.
    await winsAt(fourth!, start + 2 * HOUR, 9);
    const previous = await table(slug, { season: 'previous', sort: 'wins' });
    expect(previous.body.season).toEqual({
      start: new Date(start).toISOString(),
      end: new Date(start + WEEK).toISOString(),
      final: true,
    });
    expect(previous.body.members.map((m) => [m.username, m.wins])).toEqual([
      [member.username, 4],
      [moderator.username, 3],
      [owner.username, 2],
      [fourth!.username, 1],
    ]);
    const previousRanking = await ranking('previous');
    expect(previousRanking.body.season.final).toBe(true);
    expect(previousRanking.body.communities.map((x) => x.slug)).toContain(slug);

    const [first] = await seasonNotices(member);
    expect(first).toMatchObject({
      title: 'You finished 1st in Test community this season',
      link: `/c/${slug}/leaderboard`,
    });
    expect((await seasonNotices(moderator))[0]?.title).toMatch(/finished 2nd/);
    expect((await seasonNotices(owner))[0]?.title).toMatch(/finished 3rd/);
    expect(await seasonNotices(fourth!)).toHaveLength(0);
    // The next sweeps change nothing.
    await Promise.all([closeSeason(server.deps), closeSeason(server.deps)]);
    expect(await seasonNotices(member)).toHaveLength(1);
  });

  it('notifies nobody in a community where nobody won or profited', async () => {
    const start = BASE + 6 * WEEK;
    clock.set(start + HOUR);
    const { slug, owner, member } = await crew(server);
    await roundAt(member, start + HOUR, false);
    clock.set(start + WEEK + 2 * 60_000);
    expect(await closeSeason(server.deps)).toBe(true);
    const previous = await table(slug, { season: 'previous' });
    expect(previous.body).toMatchObject({ season: { final: true }, members: [] });
    expect(await seasonNotices(member)).toHaveLength(0);
    expect(await seasonNotices(owner)).toHaveLength(0);
  });
});

describe.runIf(usingPostgres())('a season closed by two processes', () => {
  // A second app on the same database: its own pool and sweep, as another process has.
  const other = useTestServer({}, { clock, databaseOf: server, audit: false });

  it('is recorded once, and its top members told once', async () => {
    const start = BASE + 8 * WEEK;
    clock.set(start + HOUR);
    const { slug, member } = await crew(server);
    await winsAt(member, start + HOUR, 2);
    clock.set(start + WEEK + 2 * 60_000);
    const closes = await Promise.all(
      [server, other, server, other].map((s) => closeSeason(s.deps)),
    );
    expect(closes.filter(Boolean)).toHaveLength(1);
    await other.deps.events.flush();
    expect(await recordedTables(slug, start)).toBe(1);
    expect(await seasonNotices(member)).toHaveLength(1);
  });
});
