import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  COMMUNITY_CREATE_COST,
  COMMUNITY_PAGE_SIZE,
  type CommunityDto,
} from '../../../shared/api/communities';
import { userWithCoins, useAdmin } from '../../testing/builders';
import { callRoute, callRouteRaw } from '../../testing/callRoute';
import { expectBadField, expectError } from '../../testing/expectations';
import { balanceOf, registerUser, uniqueName, useTestServer } from '../../testing/harness';
import {
  addMembers,
  communityRow,
  createCommunity,
  crew,
  expectNoSuchCommunity,
  expectNothingChanged,
  newSlug,
  writePost,
} from './builders';

const server = useTestServer({ newAccountHours: 0, newAccountActions: 0 });
const admin = useAdmin(server);

const detailOf = (slug: string, token?: string) =>
  callRoute(server, 'GET /api/communities/:slug', { params: { slug }, token });

/** Every community the directory lists for `query`, page after page. */
async function walk(
  query: { q?: string; sort?: 'active' | 'members' | 'new' },
  token?: string,
): Promise<{ all: CommunityDto[]; pages: number }> {
  const all: CommunityDto[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const res = await callRoute(server, 'GET /api/communities', {
      token,
      query: { ...query, cursor },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.communities.length).toBeLessThanOrEqual(COMMUNITY_PAGE_SIZE);
    all.push(...res.body.communities);
    cursor = res.body.nextCursor ?? undefined;
    pages++;
  } while (cursor);
  return { all, pages };
}

describe('the main walk', () => {
  it('creates, joins, posts with a mention, donates, and lists', async () => {
    const owner = await registerUser(server);
    const member = await registerUser(server);
    const created = await createCommunity(server, owner, { name: 'Night Owls' });
    expect(created).toMatchObject({
      treasury: COMMUNITY_CREATE_COST,
      members: 1,
      membership: { role: 'owner' },
    });
    const joined = await callRoute(server, 'POST /api/communities/:slug/join', {
      token: member.token,
      params: { slug: created.slug },
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(joined.body).toMatchObject({ status: 'joined', community: { members: 2 } });
    const post = await writePost(server, member, created.slug, `hello @${owner.username}`);
    expect(post.mentions).toEqual([owner.username]);
    const gift = await callRoute(server, 'POST /api/communities/:slug/treasury/donate', {
      token: member.token,
      params: { slug: created.slug },
      body: { amount: 50 },
    });
    expect(gift.body).toMatchObject({ treasury: COMMUNITY_CREATE_COST + 50, balance: 950 });
    const dir = await callRoute(server, 'GET /api/communities', { query: { sort: 'new' } });
    expect(dir.body.communities.find((c) => c.slug === created.slug)).toMatchObject({
      members: 2,
      activeMembers7d: 1,
    });
  });
});

describe('POST /api/communities', () => {
  it('costs 1,000 coins, paid into the treasury as ledger rows of its own account', async () => {
    const owner = await registerUser(server);
    const res = await callRoute(server, 'POST /api/communities', {
      token: owner.token,
      body: {
        slug: newSlug(),
        name: 'Chess Club',
        icon: '♟️',
        visibility: 'public',
        joinPolicy: 'approval',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.community).toMatchObject({
      name: 'Chess Club',
      icon: '♟️',
      joinPolicy: 'approval',
      owner: owner.username,
      treasury: COMMUNITY_CREATE_COST,
      members: 1,
      posts: 0,
      membership: { role: 'owner', isHome: false },
    });
    expect(await balanceOf(server, owner.id)).toBe(1000 - COMMUNITY_CREATE_COST);
    const id = res.body.community._id;
    const rows = await server.db.rows<Record<string, unknown>>(sql`
      select user_id::int as user_id, delta::int as delta, category, account_id is not null as has_account
      from ledger where ref_type = 'community' and ref_id = ${id} order by id`);
    expect(rows).toEqual([
      {
        user_id: owner.id,
        delta: -COMMUNITY_CREATE_COST,
        category: 'community_founding',
        has_account: false,
      },
      { user_id: null, delta: COMMUNITY_CREATE_COST, category: 'treasury_in', has_account: true },
    ]);
    const [acct] = await server.db.rows<{ same: boolean }>(sql`
      select l.account_id = c.treasury_account_id as same from ledger l join communities c on c.id = ${Number(id)}
      where l.ref_type = 'community' and l.ref_id = ${id} and l.user_id is null`);
    expect(acct?.same).toBe(true);
    expect((await communityRow(server, res.body.community.slug)).treasury).toBe(
      COMMUNITY_CREATE_COST,
    );
  });

  it('refuses a slug that is taken with 409 naming it, charging nothing', async () => {
    const first = await createCommunity(server, await registerUser(server));
    const second = await registerUser(server);
    const res = await expectNothingChanged(server, first.slug, () =>
      callRoute(server, 'POST /api/communities', {
        token: second.token,
        body: { slug: first.slug, name: 'Copycat' },
      }),
    );
    expectError(res, 409, { code: 'CONFLICT', message: 'slug' });
    expect(await balanceOf(server, second.id)).toBe(1000);
  });

  it('refuses a badly formed slug and other bad fields with 400, charging nothing', async () => {
    const owner = await registerUser(server);
    const bad: [Record<string, unknown>, string][] = [
      [{ slug: 'ab' }, 'slug'],
      [{ slug: 'x'.repeat(33) }, 'slug'],
      [{ slug: 'Upper-Case' }, 'slug'],
      [{ slug: 'under_score' }, 'slug'],
      [{ slug: 'sp ace' }, 'slug'],
      [{ slug: undefined }, 'slug'],
      [{ name: 'ab' }, 'name'],
      [{ icon: 'abc' }, 'icon'],
      [{ visibility: 'hidden' }, 'visibility'],
      [{ joinPolicy: 'everyone' }, 'joinPolicy'],
      [{ description: 'd'.repeat(501) }, 'description'],
      [{ treasury: 5 }, 'treasury'],
    ];
    for (const [fields, field] of bad) {
      const res = await expectNothingChanged(server, 'none', () =>
        callRouteRaw(server, 'POST /api/communities', {
          token: owner.token,
          body: { slug: newSlug(), name: 'Fine name', ...fields },
        }),
      );
      expectBadField(res, field);
    }
    expect(await balanceOf(server, owner.id)).toBe(1000);
  });

  it('refuses a founder who cannot pay, leaving no community or account behind', async () => {
    const owner = await registerUser(server);
    await createCommunity(server, owner);
    const slug = newSlug();
    const res = await expectNothingChanged(server, slug, () =>
      callRoute(server, 'POST /api/communities', {
        token: owner.token,
        body: { slug, name: 'Second' },
      }),
    );
    expectError(res, 409, { code: 'INSUFFICIENT_FUNDS' });
    expectNoSuchCommunity(await detailOf(slug), slug);
  });

  it('with an Idempotency-Key, a retry answers the first answer and charges once', async () => {
    const owner = await userWithCoins(server, admin, 3000);
    const body = { slug: newSlug(), name: 'Retry Club' };
    const headers = { 'idempotency-key': `create-${uniqueName()}` };
    const first = await callRoute(server, 'POST /api/communities', {
      token: owner.token,
      body,
      headers,
    });
    const again = await callRoute(server, 'POST /api/communities', {
      token: owner.token,
      body,
      headers,
    });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await balanceOf(server, owner.id)).toBe(3000 - COMMUNITY_CREATE_COST);
  });
});

describe('GET and PATCH /api/communities/:slug', () => {
  it('shows members their membership and visitors none', async () => {
    const c = await crew(server, { description: 'About us' });
    const asMember = await detailOf(c.slug, c.member.token);
    expect(asMember.body).toMatchObject({
      description: 'About us',
      owner: c.owner.username,
      members: 3,
      membership: { role: 'member', mutedUntil: null, isHome: false },
      requested: false,
      ban: null,
    });
    for (const token of [undefined, c.outsider.token]) {
      const res = await detailOf(c.slug, token);
      expect(res.body).toMatchObject({
        members: 3,
        membership: null,
        treasury: COMMUNITY_CREATE_COST,
      });
    }
    const upper = await detailOf(c.slug.toUpperCase());
    expect(upper.body.slug).toBe(c.slug);
  });

  it('a moderator edits the settings and rules, logged; going private hides it from outside', async () => {
    const c = await crew(server);
    const res = await callRoute(server, 'PATCH /api/communities/:slug', {
      token: c.moderator.token,
      params: { slug: c.slug },
      body: { name: 'Renamed', rules: 'Be kind', icon: '🦉', visibility: 'private' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.community).toMatchObject({
      name: 'Renamed',
      rules: 'Be kind',
      icon: '🦉',
      visibility: 'private',
    });
    const log = await callRoute(server, 'GET /api/communities/:slug/modlog', {
      token: c.member.token,
      params: { slug: c.slug },
    });
    expect(log.body.entries[0]).toMatchObject({
      actor: c.moderator.username,
      action: 'edit',
      reason: 'Changed name, icon, visibility, rules',
    });
    expectNoSuchCommunity(await detailOf(c.slug, c.outsider.token), c.slug);
    const empty = await expectNothingChanged(server, c.slug, () =>
      callRoute(server, 'PATCH /api/communities/:slug', {
        token: c.owner.token,
        params: { slug: c.slug },
        body: {},
      }),
    );
    expectError(empty, 400, { message: 'nothing to change' });
  });
});

describe('GET /api/communities (the directory)', () => {
  it('lists a private community only to its members', async () => {
    const word = uniqueName('priv').toLowerCase();
    const c = await crew(server, {
      name: `Hidden ${word}`,
      visibility: 'private',
      joinPolicy: 'invite',
    });
    for (const token of [undefined, c.outsider.token])
      expect((await walk({ q: word }, token)).all).toEqual([]);
    expect((await walk({ q: word }, c.member.token)).all.map((x) => x.slug)).toEqual([c.slug]);
    expect((await walk({ sort: 'new' }, c.outsider.token)).all.some((x) => x.slug === c.slug)).toBe(
      false,
    );
  });

  it('leaves quiet communities (nothing in 30 days) out unless searched', async () => {
    const word = uniqueName('quiet').toLowerCase();
    const quiet = await createCommunity(server, await registerUser(server), {
      name: `Quiet ${word}`,
    });
    const lively = await createCommunity(server, await registerUser(server), {
      name: `Lively ${word}`,
    });
    await server.db.rows(sql`
      update communities set last_active_at = now() - interval '31 days' where slug = ${quiet.slug}`);
    const listed = (await walk({ sort: 'new' })).all.map((x) => x.slug);
    expect(listed).toContain(lively.slug);
    expect(listed).not.toContain(quiet.slug);
    expect((await walk({ q: word, sort: 'new' })).all.map((x) => x.slug)).toEqual([
      lively.slug,
      quiet.slug,
    ]);
  });

  it('sorts by members, active members this week and newest', async () => {
    const word = uniqueName('sort').toLowerCase();
    const owners = await Promise.all([0, 1, 2].map(() => registerUser(server)));
    const made = [];
    for (const owner of owners)
      made.push(await createCommunity(server, owner, { name: `Sort ${word}` }));
    const [small, big, mid] = made;
    const joiners = await Promise.all([0, 1, 2].map(() => registerUser(server)));
    await addMembers(server, owners[1]!, big!.slug, joiners);
    await addMembers(server, owners[2]!, mid!.slug, joiners.slice(0, 1));
    // Active this week: small has 2 posters, mid 1, big none.
    await writePost(server, owners[0]!, small!.slug);
    await addMembers(server, owners[0]!, small!.slug, joiners.slice(2));
    await writePost(server, joiners[2]!, small!.slug);
    await writePost(server, owners[2]!, mid!.slug);
    const order = async (sort: 'active' | 'members' | 'new') =>
      (await walk({ q: word, sort })).all.map((x) => x.slug);
    // mid and small tie on 2 members: the newer first.
    expect(await order('members')).toEqual([big!.slug, mid!.slug, small!.slug]);
    expect(await order('active')).toEqual([small!.slug, mid!.slug, big!.slug]);
    expect(await order('new')).toEqual([mid!.slug, big!.slug, small!.slug]);
    const rows = (await walk({ q: word, sort: 'active' })).all;
    expect(rows.map((x) => [x.members, x.activeMembers7d])).toEqual([
      [2, 2],
      [2, 1],
      [4, 0],
    ]);
  });

  it('pages with a cursor through every sort without losing or repeating one', async () => {
    const word = uniqueName('page').toLowerCase();
    const owner = await userWithCoins(
      server,
      admin,
      (COMMUNITY_PAGE_SIZE + 5) * COMMUNITY_CREATE_COST,
    );
    const slugs: string[] = [];
    for (let i = 0; i < COMMUNITY_PAGE_SIZE + 5; i++)
      slugs.push((await createCommunity(server, owner, { name: `Page ${word} ${i}` })).slug);
    for (const sort of ['new', 'members', 'active'] as const) {
      const { all, pages } = await walk({ q: word, sort });
      expect(pages, sort).toBe(2);
      expect(
        all.map((x) => x.slug),
        sort,
      ).toEqual([...slugs].reverse());
    }
    const first = await callRoute(server, 'GET /api/communities', {
      query: { q: word, sort: 'new' },
    });
    const wrongShape = await callRoute(server, 'GET /api/communities', {
      query: { q: word, sort: 'members', cursor: first.body.nextCursor ?? '' },
    });
    expectBadField(wrongShape, 'cursor');
  });
});
