import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { COMMUNITY_POST_MAX, COMMUNITY_POSTS_PER_MINUTE } from '../../../shared/api/communities';
import { ManualClock } from '../../platform/clock';
import { callRoute } from '../../testing/callRoute';
import { expectBadField, expectError } from '../../testing/expectations';
import { registerUser, useTestServer, type TestUser } from '../../testing/harness';
import { addMembers, communityRow, crew, expectNothingChanged, writePost } from './builders';
import { mentionedNames } from './feed';

/** Posts, comments, mentions, removal and the per-member rate limit (on a clock the tests move). */
const clock = new ManualClock();
const server = useTestServer({ newAccountHours: 0, newAccountActions: 0 }, { clock });

const post = (user: TestUser, slug: string, body = 'hello') =>
  callRoute(server, 'POST /api/communities/:slug/posts', {
    token: user.token,
    params: { slug },
    body: { body },
  });
const comment = (user: TestUser, slug: string, id: string, body = 'reply') =>
  callRoute(server, 'POST /api/communities/:slug/posts/:id/comments', {
    token: user.token,
    params: { slug, id },
    body: { body },
  });
const remove = (user: TestUser, slug: string, id: string, reason?: string) =>
  callRoute(server, 'DELETE /api/communities/:slug/posts/:id', {
    token: user.token,
    params: { slug, id },
    query: { reason },
  });
const feed = (slug: string, token?: string, cursor?: string) =>
  callRoute(server, 'GET /api/communities/:slug/posts', {
    params: { slug },
    token,
    query: { cursor },
  });

describe('mentionedNames', () => {
  it('finds @names once each, lowercased, not inside words or e-mail addresses', () => {
    expect(mentionedNames('@Alice and @bob, ask @ALICE (@carol_1) or @dan-2.')).toEqual([
      'alice',
      'bob',
      'carol_1',
      'dan-2',
    ]);
    expect(mentionedNames('mail me@example.com or x@alice, @@eve')).toEqual([]);
    expect(mentionedNames('@ab is too short, @' + 'a'.repeat(21) + ' too long')).toEqual([]);
    expect(mentionedNames('@' + 'a'.repeat(20))).toEqual(['a'.repeat(20)]);
    const many = Array.from({ length: 25 }, (_, i) => `@user${i}`).join(' ');
    expect(mentionedNames(many)).toHaveLength(20);
  });
});

describe('POST /api/communities/:slug/posts and comments', () => {
  it('posts and comments, mentioning only names that exist; the feed shows them newest first', async () => {
    const c = await crew(server);
    const gone = await registerUser(server);
    await callRoute(server, 'DELETE /api/user', {
      token: gone.token,
      body: { password: gone.password },
    });
    const res = await post(
      c.member,
      c.slug,
      `  hi @${c.owner.username.toUpperCase()} and @nobody-at-all and @${gone.username}, see https://example.com  `,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      author: c.member.username,
      body: `hi @${c.owner.username.toUpperCase()} and @nobody-at-all and @${gone.username}, see https://example.com`,
      mentions: [c.owner.username],
      comments: [],
      commentCount: 0,
    });
    const second = await writePost(server, c.owner, c.slug, 'second');
    const replies = [];
    for (const who of [c.owner, c.moderator, c.member, c.owner])
      replies.push(
        (await comment(who, c.slug, res.body._id, `reply by ${who.username} @${c.member.username}`))
          .body,
      );
    expect(replies[1]).toMatchObject({
      author: c.moderator.username,
      mentions: [c.member.username],
    });
    const page = await feed(c.slug);
    expect(page.body.posts.map((p) => p._id)).toEqual([second._id, res.body._id]);
    const first = page.body.posts[1]!;
    expect(first.commentCount).toBe(4);
    // The newest three comments, oldest of them first.
    expect(first.comments.map((x) => x._id)).toEqual(replies.slice(1).map((x) => x._id));
    expect((await communityRow(server, c.slug)).posts).toBe(2);
  });

  it('shows a deleted author as Deleted user, and drops a deleted player from mentions', async () => {
    const c = await crew(server);
    const leaver = await registerUser(server);
    await addMembers(server, c.owner, c.slug, [leaver]);
    const p = await writePost(server, leaver, c.slug, 'bye all');
    const mention = await writePost(server, c.member, c.slug, `miss you @${leaver.username}`);
    expect(mention.mentions).toEqual([leaver.username]);
    await callRoute(server, 'DELETE /api/user', {
      token: leaver.token,
      body: { password: leaver.password },
    });
    const posts = (await feed(c.slug)).body.posts;
    expect(posts.map((x) => [x._id, x.author, x.mentions])).toEqual([
      [mention._id, c.member.username, []],
      [p._id, 'Deleted user', []],
    ]);
  });

  it('refuses a comment on a comment, a removed post or another community’s post (404 naming id)', async () => {
    const c = await crew(server);
    const other = await crew(server);
    const p = await writePost(server, c.owner, c.slug);
    const reply = await comment(c.owner, c.slug, p._id);
    const elsewhere = await writePost(server, other.owner, other.slug);
    const removed = await writePost(server, c.owner, c.slug);
    await remove(c.owner, c.slug, removed._id);
    await expectNothingChanged(server, c.slug, async () => {
      for (const id of [reply.body._id, elsewhere._id, removed._id, '999999999']) {
        const res = await comment(c.member, c.slug, id);
        expect(expectError(res, 404, { message: `No post with id ${id}` }).details).toEqual([
          { field: 'id', rule: 'not_found', value: id },
        ]);
      }
      expectBadField(await post(c.member, c.slug, 'x'.repeat(COMMUNITY_POST_MAX + 1)), 'body');
    });
  });
});

describe('DELETE /api/communities/:slug/posts/:id', () => {
  it('the author removes their own post, unlogged; a plain member cannot remove another’s', async () => {
    const c = await crew(server);
    const mine = await writePost(server, c.member, c.slug);
    const theirs = await writePost(server, c.moderator, c.slug);
    const refused = await expectNothingChanged(server, c.slug, () =>
      remove(c.member, c.slug, theirs._id, 'nope'),
    );
    expectError(refused, 403, { message: 'author or a moderator' });
    const res = await remove(c.member, c.slug, mine._id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Post removed');
    expect((await feed(c.slug)).body.posts.map((p) => p._id)).toEqual([theirs._id]);
    expect((await communityRow(server, c.slug)).posts).toBe(1);
    const log = await callRoute(server, 'GET /api/communities/:slug/modlog', {
      params: { slug: c.slug },
    });
    expect(log.body.entries.some((e) => e.action === 'delete_post')).toBe(false);
    expectError(await remove(c.member, c.slug, mine._id), 404, { message: 'No post' });
  });

  it('a moderator removes a member’s post or comment only with a reason (400 without), logged', async () => {
    const c = await crew(server);
    const p = await writePost(server, c.member, c.slug, 'rude words');
    const reply = (await comment(c.member, c.slug, p._id, 'more rude words')).body;
    for (const reason of [undefined, '   ']) {
      const res = await expectNothingChanged(server, c.slug, () =>
        remove(c.moderator, c.slug, p._id, reason),
      );
      expectBadField(res, 'reason');
    }
    const gone = await remove(c.moderator, c.slug, reply._id, 'insults');
    expect(gone.body.message).toBe('Comment removed');
    expect((await feed(c.slug)).body.posts[0]).toMatchObject({ commentCount: 0, comments: [] });
    expect((await remove(c.owner, c.slug, p._id, 'insults again')).status).toBe(200);
    expect((await feed(c.slug)).body.posts).toEqual([]);
    const log = await callRoute(server, 'GET /api/communities/:slug/modlog', {
      params: { slug: c.slug },
    });
    expect(
      log.body.entries.slice(0, 2).map((e) => [e.action, e.actor, e.target, e.reason]),
    ).toEqual([
      ['delete_post', c.owner.username, c.member.username, 'insults again'],
      ['delete_post', c.moderator.username, c.member.username, 'insults'],
    ]);
    const [row] = await server.db.rows<{ n: number }>(sql`
      select count(*)::int as n from community_modlog where target_post_id in (${Number(p._id)}, ${Number(reply._id)})`);
    expect(row?.n).toBe(2);
  });
});

describe('the posting rate limit', () => {
  it(`${COMMUNITY_POSTS_PER_MINUTE} posts and comments a minute per member; the 429 says when, then it works again`, async () => {
    const c = await crew(server);
    const other = await crew(server);
    await addMembers(server, other.owner, other.slug, [c.member]);
    const first = await writePost(server, c.member, c.slug);
    for (let i = 1; i < COMMUNITY_POSTS_PER_MINUTE; i++) {
      clock.advance(1000);
      const res = i % 2 ? await comment(c.member, c.slug, first._id) : await post(c.member, c.slug);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    clock.advance(11_000); // 20 s into the window
    const refused = await expectNothingChanged(server, c.slug, () => post(c.member, c.slug));
    expectError(refused, 429, { code: 'RATE_LIMITED', message: 'try again in 40 s' });
    expectError(await comment(c.member, c.slug, first._id), 429, { message: 'try again in 40 s' });
    // Per community, and per member.
    expect((await post(c.member, other.slug)).status).toBe(201);
    expect((await post(c.moderator, c.slug)).status).toBe(201);
    clock.advance(39_000);
    expectError(await post(c.member, c.slug), 429, { message: 'try again in 1 s' });
    clock.advance(1000);
    expect((await post(c.member, c.slug)).status).toBe(201);
  });

  it('a burst of posts at once lets exactly the limit through, counted exactly', async () => {
    const c = await crew(server);
    const results = await Promise.all(
      Array.from({ length: COMMUNITY_POSTS_PER_MINUTE + 5 }, (_, i) =>
        post(c.member, c.slug, `burst ${i}`),
      ),
    );
    const statuses = results.map((r) => r.status).sort((a, b) => a - b);
    expect(statuses).toEqual([
      ...Array<number>(COMMUNITY_POSTS_PER_MINUTE).fill(201),
      ...Array<number>(5).fill(429),
    ]);
    expect((await communityRow(server, c.slug)).posts).toBe(COMMUNITY_POSTS_PER_MINUTE);
    expect((await feed(c.slug)).body.posts).toHaveLength(COMMUNITY_POSTS_PER_MINUTE);
  });
});

describe('GET /api/communities/:slug/posts', () => {
  it('pages through the feed with a cursor, newest first, none lost or repeated', async () => {
    const c = await crew(server);
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) {
      clock.advance(7000);
      ids.push(
        (await writePost(server, [c.owner, c.moderator, c.member][i % 3]!, c.slug, `post ${i}`))
          ._id,
      );
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await feed(c.slug, c.outsider.token, cursor);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      seen.push(...res.body.posts.map((p) => p._id));
      cursor = res.body.nextCursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(2);
    expect(seen).toEqual([...ids].reverse());
  });
});
