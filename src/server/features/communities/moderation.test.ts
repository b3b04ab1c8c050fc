import { describe, expect, it } from 'vitest';
import { COMMUNITY_PAGE_SIZE } from '../../../shared/api/communities';
import { ManualClock } from '../../platform/clock';
import { callRoute } from '../../testing/callRoute';
import { expectBadField, expectError } from '../../testing/expectations';
import { useTestServer, type TestUser } from '../../testing/harness';
import { communityRow, crew, expectNothingChanged, promote, writePost } from './builders';

/** Roles, ownership, mutes, bans and removals (on a clock the tests move), and the moderation log. */
const clock = new ManualClock();
const server = useTestServer({ newAccountHours: 0, newAccountActions: 0 }, { clock });

const HOUR = 3_600_000;

const sanction = (
  actor: TestUser,
  slug: string,
  target: string,
  body: { action: 'mute' | 'ban' | 'remove'; reason: string; hours?: number },
) =>
  callRoute(server, 'POST /api/communities/:slug/members/:username/sanction', {
    token: actor.token,
    params: { slug, username: target },
    body,
  });
const setRole = (actor: TestUser, slug: string, target: string, role: 'moderator' | 'member') =>
  callRoute(server, 'PATCH /api/communities/:slug/members/:username', {
    token: actor.token,
    params: { slug, username: target },
    body: { role },
  });
const post = (user: TestUser, slug: string, body = 'hello') =>
  callRoute(server, 'POST /api/communities/:slug/posts', {
    token: user.token,
    params: { slug },
    body: { body },
  });
const join = (user: TestUser, slug: string) =>
  callRoute(server, 'POST /api/communities/:slug/join', { token: user.token, params: { slug } });
const detail = (slug: string, token?: string) =>
  callRoute(server, 'GET /api/communities/:slug', { params: { slug }, token });
const modlog = (slug: string, token?: string, cursor?: string) =>
  callRoute(server, 'GET /api/communities/:slug/modlog', {
    params: { slug },
    token,
    query: { cursor },
  });
const roleOf = async (slug: string, user: TestUser) =>
  (await detail(slug, user.token)).body.membership?.role ?? null;

describe('PATCH /api/communities/:slug/members/:username (roles: the owner only)', () => {
  it('the owner promotes and demotes, logged; no-op and owner changes are 409', async () => {
    const c = await crew(server);
    const up = await setRole(c.owner, c.slug, c.member.username, 'moderator');
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(await roleOf(c.slug, c.member)).toBe('moderator');
    const down = await setRole(c.owner, c.slug, c.moderator.username, 'member');
    expect(down.status, JSON.stringify(down.body)).toBe(200);
    expect(await roleOf(c.slug, c.moderator)).toBe('member');
    const log = await modlog(c.slug);
    expect(log.body.entries.slice(0, 2).map((e) => [e.action, e.actor, e.target])).toEqual([
      ['demote', c.owner.username, c.moderator.username],
      ['promote', c.owner.username, c.member.username],
    ]);
    await expectNothingChanged(server, c.slug, async () => {
      expectError(await setRole(c.owner, c.slug, c.member.username, 'moderator'), 409, {
        message: 'already a moderator',
      });
      expectError(await setRole(c.owner, c.slug, c.owner.username, 'member'), 409, {
        message: 'transfer ownership',
      });
      const outsider = await setRole(c.owner, c.slug, c.outsider.username, 'moderator');
      expectError(outsider, 404, { message: 'not a member' });
      // The moderator just made cannot hand out roles either.
      expectError(await setRole(c.member, c.slug, c.moderator.username, 'moderator'), 403, {
        message: 'owner',
      });
    });
  });
});

describe('POST /api/communities/:slug/members/:username/transfer-ownership', () => {
  it('hands ownership to a member; the old owner becomes a moderator and may leave', async () => {
    const c = await crew(server);
    const res = await callRoute(
      server,
      'POST /api/communities/:slug/members/:username/transfer-ownership',
      {
        token: c.owner.token,
        params: { slug: c.slug, username: c.member.username },
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await detail(c.slug)).body.owner).toBe(c.member.username);
    expect(await roleOf(c.slug, c.member)).toBe('owner');
    expect(await roleOf(c.slug, c.owner)).toBe('moderator');
    expect((await modlog(c.slug)).body.entries[0]).toMatchObject({
      action: 'transfer',
      actor: c.owner.username,
      target: c.member.username,
    });
    // Only the new owner holds the owner's powers now.
    expectError(await setRole(c.owner, c.slug, c.moderator.username, 'member'), 403, {
      message: 'owner',
    });
    expect((await setRole(c.member, c.slug, c.moderator.username, 'member')).status).toBe(200);
    const leave = (u: TestUser) =>
      callRoute(server, 'POST /api/communities/:slug/leave', {
        token: u.token,
        params: { slug: c.slug },
      });
    expectError(await leave(c.member), 409, { message: 'owner cannot leave' });
    expect((await leave(c.owner)).status).toBe(200);
  });

  it('refuses a non-member (404 naming them) and oneself (409), changing nothing', async () => {
    const c = await crew(server);
    const transfer = (username: string) =>
      callRoute(server, 'POST /api/communities/:slug/members/:username/transfer-ownership', {
        token: c.owner.token,
        params: { slug: c.slug, username },
      });
    await expectNothingChanged(server, c.slug, async () => {
      const away = await transfer(c.outsider.username);
      expect(expectError(away, 404, { message: 'not a member' }).details).toEqual([
        { field: 'username', rule: 'not_found', value: c.outsider.username },
      ]);
      expectError(await transfer(c.owner.username), 409, { message: 'already own' });
      expectError(await transfer('no-such-user-x'), 404, { message: 'no-such-user-x' });
    });
  });
});

describe('sanctions', () => {
  it('moderators cannot sanction moderators or the owner; the owner can sanction a moderator', async () => {
    const c = await crew(server);
    const mod2 = c.member;
    await promote(server, c.owner, c.slug, mod2);
    await expectNothingChanged(server, c.slug, async () => {
      expectError(
        await sanction(c.moderator, c.slug, mod2.username, { action: 'ban', reason: 'rival' }),
        403,
        {
          message: 'other moderators',
        },
      );
      expectError(
        await sanction(c.moderator, c.slug, c.owner.username, {
          action: 'mute',
          reason: 'x',
          hours: 1,
        }),
        403,
        {
          message: 'owner',
        },
      );
      expectError(
        await sanction(c.moderator, c.slug, c.moderator.username, {
          action: 'remove',
          reason: 'me',
        }),
        409,
        {
          message: 'yourself',
        },
      );
      expectError(
        await sanction(c.moderator, c.slug, c.outsider.username, {
          action: 'mute',
          reason: 'x',
          hours: 1,
        }),
        404,
        {
          message: 'not a member',
        },
      );
      expectBadField(
        await sanction(c.moderator, c.slug, c.outsider.username, {
          action: 'remove',
          reason: 'x',
          hours: 2,
        }),
        'hours',
      );
      expectBadField(
        await sanction(c.moderator, c.slug, c.outsider.username, { action: 'remove', reason: ' ' }),
        'reason',
      );
    });
    const res = await sanction(c.owner, c.slug, mod2.username, {
      action: 'mute',
      reason: 'calm down',
      hours: 1,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('a muted member reads but cannot post or comment (403 saying until when), and posts again once it ends', async () => {
    const c = await crew(server);
    const target = await writePost(server, c.owner, c.slug);
    const until = new Date(clock.now().getTime() + 2 * HOUR).toISOString();
    const res = await sanction(c.moderator, c.slug, c.member.username, {
      action: 'mute',
      reason: 'spam',
      hours: 2,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toContain(until);
    expect((await detail(c.slug, c.member.token)).body.membership).toMatchObject({
      role: 'member',
      mutedUntil: until,
    });
    const feed = await callRoute(server, 'GET /api/communities/:slug/posts', {
      token: c.member.token,
      params: { slug: c.slug },
    });
    expect(feed.status).toBe(200);
    await expectNothingChanged(server, c.slug, async () => {
      expectError(await post(c.member, c.slug), 403, {
        message: `muted in Test community until ${until}`,
      });
      const comment = await callRoute(server, 'POST /api/communities/:slug/posts/:id/comments', {
        token: c.member.token,
        params: { slug: c.slug, id: target._id },
        body: { body: 'me too' },
      });
      expectError(comment, 403, { message: 'muted' });
    });
    clock.advance(2 * HOUR - 1000);
    expectError(await post(c.member, c.slug), 403, { message: 'muted' });
    clock.advance(1000);
    expect((await post(c.member, c.slug, 'back again')).status).toBe(201);
    expect((await modlog(c.slug)).body.entries[0]).toMatchObject({
      action: 'mute',
      actor: c.moderator.username,
      target: c.member.username,
      reason: 'spam',
      until,
    });
  });

  it('a banned member is removed and cannot rejoin, by button or by code, until the ban ends', async () => {
    const c = await crew(server);
    const until = new Date(clock.now().getTime() + 24 * HOUR).toISOString();
    const res = await sanction(c.moderator, c.slug, c.member.username, {
      action: 'ban',
      reason: 'cheating',
      hours: 24,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await communityRow(server, c.slug)).toMatchObject({ members: 2, rows: 2 });
    expect((await detail(c.slug, c.member.token)).body).toMatchObject({
      membership: null,
      ban: { until, reason: 'cheating' },
    });
    const code = await callRoute(server, 'POST /api/communities/:slug/invites', {
      token: c.owner.token,
      params: { slug: c.slug },
      body: { maxUses: 5, expiresInHours: 48 },
    });
    await expectNothingChanged(server, c.slug, async () => {
      expectError(await join(c.member, c.slug), 403, {
        message: `banned from Test community until ${until}`,
      });
      const byCode = await callRoute(server, 'POST /api/communities/join-by-invite', {
        token: c.member.token,
        body: { code: code.body.code },
      });
      expectError(byCode, 403, { message: 'banned' });
    });
    clock.advance(24 * HOUR);
    expect((await join(c.member, c.slug)).status).toBe(200);
    expect((await detail(c.slug, c.member.token)).body.ban).toBeNull();
  });

  it('a ban without an end is for good, and reaches someone who is not a member yet', async () => {
    const c = await crew(server);
    const res = await sanction(c.owner, c.slug, c.outsider.username, {
      action: 'ban',
      reason: 'troll',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    clock.advance(365 * 24 * HOUR);
    expectError(await join(c.outsider, c.slug), 403, { message: 'for good: troll' });
    expect((await detail(c.slug, c.outsider.token)).body.ban).toEqual({
      until: null,
      reason: 'troll',
    });
  });

  it('a removed member leaves at once and may join again', async () => {
    const c = await crew(server);
    const res = await sanction(c.moderator, c.slug, c.member.username, {
      action: 'remove',
      reason: 'inactive',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await roleOf(c.slug, c.member)).toBeNull();
    expect(await communityRow(server, c.slug)).toMatchObject({ members: 2, rows: 2 });
    expect((await join(c.member, c.slug)).status).toBe(200);
  });
});

describe('GET /api/communities/:slug/modlog', () => {
  it('lists every act newest first, a page at a time; members of a private community read it', async () => {
    const c = await crew(server, { visibility: 'private', joinPolicy: 'invite' });
    for (let i = 0; i < COMMUNITY_PAGE_SIZE; i++)
      await callRoute(server, 'POST /api/communities/:slug/invites', {
        token: c.moderator.token,
        params: { slug: c.slug },
        body: { maxUses: i + 1 },
      });
    const entries = [];
    let cursor: string | undefined;
    do {
      const res = await modlog(c.slug, c.member.token, cursor);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      entries.push(...res.body.entries);
      cursor = res.body.nextCursor ?? undefined;
    } while (cursor);
    // The crew's own invite and promotion, then the invites above.
    expect(entries).toHaveLength(COMMUNITY_PAGE_SIZE + 2);
    expect(entries.map((e) => Number(e._id))).toEqual(
      entries.map((e) => Number(e._id)).sort((a, b) => b - a),
    );
    expect(entries[0]).toMatchObject({
      action: 'invite',
      actor: c.moderator.username,
      reason: `${COMMUNITY_PAGE_SIZE} uses, 24 h`,
    });
    expect(entries.at(-1)).toMatchObject({ action: 'invite', actor: c.owner.username });
    expect(entries.at(-2)).toMatchObject({ action: 'promote', target: c.moderator.username });
  });
});
