import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { COMMUNITY_PAGE_SIZE } from '../../../shared/api/communities';
import { ManualClock } from '../../platform/clock';
import { userWithCoins, useAdmin } from '../../testing/builders';
import { callRoute } from '../../testing/callRoute';
import { expectError } from '../../testing/expectations';
import { registerUser, useTestServer, type TestUser } from '../../testing/harness';
import { addMembers, communityRow, createCommunity, crew, expectNothingChanged } from './builders';

/** Joining, requests, invites (with their races), leaving, the member list and the home pick. */
const clock = new ManualClock();
const server = useTestServer({ newAccountHours: 0, newAccountActions: 0 }, { clock });
const admin = useAdmin(server);

const users = (n: number) => Promise.all(Array.from({ length: n }, () => registerUser(server)));
const join = (user: TestUser, slug: string) =>
  callRoute(server, 'POST /api/communities/:slug/join', { token: user.token, params: { slug } });
const byInvite = (user: TestUser, code: string) =>
  callRoute(server, 'POST /api/communities/join-by-invite', { token: user.token, body: { code } });
const invite = async (
  mod: TestUser,
  slug: string,
  body: { maxUses?: number; expiresInHours?: number } = {},
) => {
  const res = await callRoute(server, 'POST /api/communities/:slug/invites', {
    token: mod.token,
    params: { slug },
    body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};
const detail = (slug: string, token?: string) =>
  callRoute(server, 'GET /api/communities/:slug', { params: { slug }, token });
const statuses = (results: { status: number }[]) =>
  results.map((r) => r.status).sort((a, b) => a - b);

describe('POST /api/communities/:slug/join', () => {
  it('joins an open community at once; a second join is 409 and changes nothing', async () => {
    const c = await crew(server);
    const res = await join(c.outsider, c.slug);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      status: 'joined',
      community: { members: 4, membership: { role: 'member' } },
    });
    const again = await expectNothingChanged(server, c.slug, () => join(c.outsider, c.slug));
    expectError(again, 409, { message: 'already a member' });
  });

  it('an invite-only community refuses the join button (403) and says to ask for a code', async () => {
    const c = await crew(server, { joinPolicy: 'invite' });
    const res = await expectNothingChanged(server, c.slug, () => join(c.outsider, c.slug));
    expectError(res, 403, { message: 'invite' });
  });

  it('an approval community queues a request; a moderator approves or denies it, logged', async () => {
    const c = await crew(server, { joinPolicy: 'approval' });
    const [asker, other] = await users(2);
    const res = await join(asker!, c.slug);
    expect(res.body).toMatchObject({
      status: 'requested',
      community: { membership: null, requested: true },
    });
    expectError(await join(asker!, c.slug), 409, { message: 'waiting' });
    clock.advance(1000);
    await join(other!, c.slug);
    const waiting = await callRoute(server, 'GET /api/communities/:slug/requests', {
      token: c.moderator.token,
      params: { slug: c.slug },
    });
    expect(waiting.body.map((r) => r.username)).toEqual([asker!.username, other!.username]);
    const answer = (verb: 'approve' | 'deny', user: TestUser) =>
      callRoute(server, `POST /api/communities/:slug/requests/:username/${verb}`, {
        token: c.moderator.token,
        params: { slug: c.slug, username: user.username },
      });
    expect((await answer('approve', asker!)).body.message).toContain('now a member');
    expect((await answer('deny', other!)).body.message).toContain('declined');
    expect((await detail(c.slug, asker!.token)).body).toMatchObject({
      members: 4,
      membership: { role: 'member' },
    });
    expect((await detail(c.slug, other!.token)).body).toMatchObject({
      membership: null,
      requested: false,
    });
    const again = await expectNothingChanged(server, c.slug, () => answer('approve', other!));
    expectError(again, 409, { message: 'no request' });
    const nobody = await callRoute(server, 'POST /api/communities/:slug/requests/:username/deny', {
      token: c.moderator.token,
      params: { slug: c.slug, username: 'nobody-here-x' },
    });
    expectError(nobody, 404, { message: 'nobody-here-x' });
    const log = await callRoute(server, 'GET /api/communities/:slug/modlog', {
      params: { slug: c.slug },
    });
    expect(log.body.entries.slice(0, 2).map((e) => [e.action, e.target])).toEqual([
      ['deny', other!.username],
      ['approve', asker!.username],
    ]);
  });

  it('many players joining at once are all counted exactly once', async () => {
    const c = await crew(server);
    const joiners = await users(12);
    const results = await Promise.all(joiners.map((u) => join(u, c.slug)));
    expect(statuses(results)).toEqual(Array<number>(12).fill(200));
    const row = await communityRow(server, c.slug);
    expect(row).toMatchObject({ members: 15, rows: 15 });
  });

  it('one player pressing join five times at once becomes one member; the rest are 409', async () => {
    const c = await crew(server);
    const results = await Promise.all(Array.from({ length: 5 }, () => join(c.outsider, c.slug)));
    expect(statuses(results)).toEqual([200, 409, 409, 409, 409]);
    expect(await communityRow(server, c.slug)).toMatchObject({ members: 4, rows: 4 });
  });
});

describe('invites', () => {
  it('a moderator makes a code with uses and an expiry; it admits up to maxUses, then 410', async () => {
    const c = await crew(server, { visibility: 'private', joinPolicy: 'invite' });
    const made = await invite(c.moderator, c.slug, { maxUses: 2, expiresInHours: 5 });
    expect(made).toMatchObject({ maxUses: 2, uses: 0 });
    expect(new Date(made.expiresAt).getTime()).toBe(clock.now().getTime() + 5 * 3_600_000);
    const [a, b, d] = await users(3);
    for (const u of [a!, b!]) {
      const res = await byInvite(u, made.code);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({
        status: 'joined',
        community: { membership: { role: 'member' } },
      });
    }
    expectError(await byInvite(a!, made.code), 409, { message: 'already a member' });
    const spent = await expectNothingChanged(server, c.slug, () => byInvite(d!, made.code));
    expectError(spent, 410, { code: 'GONE', message: 'used up' });
    const listed = await callRoute(server, 'GET /api/communities/:slug/invites', {
      token: c.owner.token,
      params: { slug: c.slug },
    });
    expect(listed.body.map((i) => i.code)).not.toContain(made.code);
    const log = await callRoute(server, 'GET /api/communities/:slug/modlog', {
      token: a!.token,
      params: { slug: c.slug },
    });
    expect(
      log.body.entries.find((e) => e.action === 'invite' && e.actor === c.moderator.username),
    ).toMatchObject({
      reason: '2 uses, 5 h',
      until: made.expiresAt,
    });
  });

  it('a code past its expiry answers 410 saying so; an unknown code is 404 naming the code', async () => {
    const c = await crew(server, { joinPolicy: 'invite' });
    const made = await invite(c.owner, c.slug, { maxUses: 5, expiresInHours: 1 });
    const listed = () =>
      callRoute(server, 'GET /api/communities/:slug/invites', {
        token: c.owner.token,
        params: { slug: c.slug },
      });
    expect((await listed()).body).toEqual([made]);
    clock.advance(3_600_000);
    const res = await expectNothingChanged(server, c.slug, () => byInvite(c.outsider, made.code));
    expectError(res, 410, { code: 'GONE', message: 'expired' });
    expect((await listed()).body).toEqual([]);
    const unknown = await byInvite(c.outsider, 'no-such-code');
    expect(expectError(unknown, 404, { message: 'invite code' }).details).toEqual([
      { field: 'code', rule: 'not_found', value: 'no-such-code' },
    ]);
  });

  it('many players racing for the last use of a code: exactly one joins', async () => {
    const c = await crew(server, { joinPolicy: 'invite' });
    const made = await invite(c.owner, c.slug, { maxUses: 1 });
    const racers = await users(10);
    const results = await Promise.all(racers.map((u) => byInvite(u, made.code)));
    expect(statuses(results)).toEqual([200, ...Array<number>(9).fill(410)]);
    expect(await communityRow(server, c.slug)).toMatchObject({ members: 4, rows: 4 });
    const [row] = await server.db.rows<{ uses: number }>(
      sql`select uses from community_invites where code = ${made.code}`,
    );
    expect(row?.uses).toBe(1);
  });

  it('one player sending a code five times at once joins once and spends one use', async () => {
    const c = await crew(server, { joinPolicy: 'invite' });
    const made = await invite(c.owner, c.slug, { maxUses: 5 });
    const results = await Promise.all(
      Array.from({ length: 5 }, () => byInvite(c.outsider, made.code)),
    );
    expect(statuses(results)).toEqual([200, 409, 409, 409, 409]);
    expect(await communityRow(server, c.slug)).toMatchObject({ members: 4, rows: 4 });
    const [row] = await server.db.rows<{ uses: number }>(
      sql`select uses from community_invites where code = ${made.code}`,
    );
    expect(row?.uses).toBe(1);
  });
});

describe('POST /api/communities/:slug/leave and the member list', () => {
  it('a member leaves (counted); the owner cannot (409)', async () => {
    const c = await crew(server);
    const res = await callRoute(server, 'POST /api/communities/:slug/leave', {
      token: c.member.token,
      params: { slug: c.slug },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await communityRow(server, c.slug)).toMatchObject({ members: 2, rows: 2 });
    const owner = await expectNothingChanged(server, c.slug, () =>
      callRoute(server, 'POST /api/communities/:slug/leave', {
        token: c.owner.token,
        params: { slug: c.slug },
      }),
    );
    expectError(owner, 409, { message: 'owner cannot leave' });
  });

  it('lists members longest-standing first, by role, a page at a time', async () => {
    const owner = await registerUser(server);
    const c = await createCommunity(server, owner);
    const joiners = await users(COMMUNITY_PAGE_SIZE + 2);
    for (const u of joiners) {
      clock.advance(1000);
      await join(u, c.slug);
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await callRoute(server, 'GET /api/communities/:slug/members', {
        params: { slug: c.slug },
        query: { cursor },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      seen.push(...res.body.members.map((m) => m.username));
      cursor = res.body.nextCursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(2);
    expect(seen).toEqual([owner.username, ...joiners.map((u) => u.username)]);
    const owners = await callRoute(server, 'GET /api/communities/:slug/members', {
      params: { slug: c.slug },
      query: { role: 'owner' },
    });
    expect(owners.body.members.map((m) => [m.username, m.role])).toEqual([
      [owner.username, 'owner'],
    ]);
  });
});

describe('PUT /api/user/home-community', () => {
  it('shows a member’s public home on the profile, the leaderboard and the member list', async () => {
    const c = await crew(server, { name: 'Home Base', icon: '🏠' });
    const rich = await userWithCoins(server, admin, 50_000_000);
    await addMembers(server, c.owner, c.slug, [rich]);
    const res = await callRoute(server, 'PUT /api/user/home-community', {
      token: rich.token,
      body: { slug: c.slug },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.homeCommunity).toBe(c.slug);
    const ref = { slug: c.slug, name: 'Home Base', icon: '🏠' };
    const profile = await callRoute(server, 'GET /api/user/public/:username', {
      params: { username: rich.username },
    });
    expect(profile.body.homeCommunity).toEqual(ref);
    const board = await callRoute(server, 'GET /api/leaderboard/users', {
      query: { sort: 'balance' },
    });
    expect(board.body.find((r) => r.username === rich.username)?.homeCommunity).toEqual(ref);
    const members = await callRoute(server, 'GET /api/communities/:slug/members', {
      params: { slug: c.slug },
    });
    expect(members.body.members.find((m) => m.username === rich.username)?.isHome).toBe(true);
    expect((await detail(c.slug, rich.token)).body.membership?.isHome).toBe(true);
    // Once the community goes private it is no longer shown beside the name.
    await callRoute(server, 'PATCH /api/communities/:slug', {
      token: c.owner.token,
      params: { slug: c.slug },
      body: { visibility: 'private' },
    });
    const hidden = await callRoute(server, 'GET /api/user/public/:username', {
      params: { username: rich.username },
    });
    expect(hidden.body.homeCommunity).toBeNull();
  });

  it('refuses a private community (409) and a non-member (403); null clears it; leaving drops it', async () => {
    const secret = await crew(server, { visibility: 'private', joinPolicy: 'invite' });
    const refused = await expectNothingChanged(server, secret.slug, () =>
      callRoute(server, 'PUT /api/user/home-community', {
        token: secret.member.token,
        body: { slug: secret.slug },
      }),
    );
    expectError(refused, 409, { code: 'CONFLICT', message: 'private' });
    const c = await crew(server);
    const outsider = await expectNothingChanged(server, c.slug, () =>
      callRoute(server, 'PUT /api/user/home-community', {
        token: c.outsider.token,
        body: { slug: c.slug },
      }),
    );
    expectError(outsider, 403, { message: 'members' });
    const home = (token: string, slug: string | null) =>
      callRoute(server, 'PUT /api/user/home-community', { token, body: { slug } });
    expect((await home(c.member.token, c.slug)).status).toBe(200);
    const cleared = await home(c.member.token, null);
    expect(cleared.body).toMatchObject({ homeCommunity: null });
    expect((await detail(c.slug, c.member.token)).body.membership?.isHome).toBe(false);
    expect((await home(c.member.token, c.slug)).status).toBe(200);
    await callRoute(server, 'POST /api/communities/:slug/leave', {
      token: c.member.token,
      params: { slug: c.slug },
    });
    const profile = await callRoute(server, 'GET /api/user/public/:username', {
      params: { username: c.member.username },
    });
    expect(profile.body.homeCommunity).toBeNull();
  });
});
