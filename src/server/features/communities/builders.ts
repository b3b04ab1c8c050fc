import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type {
  CommunityDetailDto,
  CommunityPostDto,
  CreateCommunityBody,
} from '../../../shared/api/communities';
import { callRoute } from '../../testing/callRoute';
import { expectError } from '../../testing/expectations';
import { registerUser, uniqueName, type TestServer, type TestUser } from '../../testing/harness';

/** A slug no other test used (lowercase letters and digits). */
export const newSlug = () =>
  uniqueName('c')
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '');

/** Test builder: a community `owner` creates (and pays for) through the route. */
export async function createCommunity(
  server: TestServer,
  owner: TestUser,
  body: Partial<CreateCommunityBody> = {},
): Promise<CommunityDetailDto> {
  const res = await callRoute(server, 'POST /api/communities', {
    token: owner.token,
    body: { slug: newSlug(), name: 'Test community', ...body },
  });
  if (res.status !== 201)
    throw new Error(`create community failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.community;
}

/** Test builder: `users` join `slug` with one invite code a moderator makes (works for any policy). */
export async function addMembers(
  server: TestServer,
  moderator: TestUser,
  slug: string,
  users: TestUser[],
): Promise<void> {
  if (users.length === 0) return;
  const invite = await callRoute(server, 'POST /api/communities/:slug/invites', {
    token: moderator.token,
    params: { slug },
    body: { maxUses: users.length },
  });
  expect(invite.status, JSON.stringify(invite.body)).toBe(201);
  for (const user of users) {
    const res = await callRoute(server, 'POST /api/communities/join-by-invite', {
      token: user.token,
      body: { code: invite.body.code },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}

/** Test builder: the owner makes `user` (a member) a moderator. */
export async function promote(
  server: TestServer,
  owner: TestUser,
  slug: string,
  user: TestUser,
): Promise<void> {
  const res = await callRoute(server, 'PATCH /api/communities/:slug/members/:username', {
    token: owner.token,
    params: { slug, username: user.username },
    body: { role: 'moderator' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** A community with one person in each role, and someone outside it. */
export interface Crew {
  slug: string;
  community: CommunityDetailDto;
  owner: TestUser;
  moderator: TestUser;
  member: TestUser;
  outsider: TestUser;
}

/** Test builder: a community with an owner, a moderator, a plain member and an outsider. */
export async function crew(
  server: TestServer,
  settings: Partial<CreateCommunityBody> = {},
): Promise<Crew> {
  const [owner, moderator, member, outsider] = await Promise.all(
    [0, 1, 2, 3].map(() => registerUser(server)),
  );
  const community = await createCommunity(server, owner!, settings);
  await addMembers(server, owner!, community.slug, [moderator!, member!]);
  await promote(server, owner!, community.slug, moderator!);
  return {
    slug: community.slug,
    community,
    owner: owner!,
    moderator: moderator!,
    member: member!,
    outsider: outsider!,
  };
}

/** Test builder: a post `author` writes to the feed. */
export async function writePost(
  server: TestServer,
  author: TestUser,
  slug: string,
  body = 'hello',
): Promise<CommunityPostDto> {
  const res = await callRoute(server, 'POST /api/communities/:slug/posts', {
    token: author.token,
    params: { slug },
    body: { body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** The answer for a slug that names no community the caller may see. */
export function expectNoSuchCommunity(
  res: { status: number; body: unknown; headers: Headers },
  slug: string,
): void {
  expectError(res, 404, { code: 'NOT_FOUND' });
  expect(res.body).toEqual({
    message: `No community called "${slug}"`,
    code: 'NOT_FOUND',
    details: [{ field: 'slug', rule: 'not_found', value: slug }],
  });
}

/**
 * Everything stored about a community (and the site-wide counts a community route could move),
 * to show that a refused request changed nothing.
 */
async function communityState(server: TestServer, slug: string): Promise<unknown> {
  const [row] = await server.db.rows<{ state: unknown }>(sql`
    select json_build_object(
      'community', (select row_to_json(c) from communities c where c.id = x.id),
      'members', (select json_agg(m order by m.user_id) from community_members m where m.community_id = x.id),
      'bans', (select json_agg(b order by b.user_id) from community_bans b where b.community_id = x.id),
      'requests', (select json_agg(r order by r.user_id) from community_requests r where r.community_id = x.id),
      'invites', (select json_agg(i order by i.id) from community_invites i where i.community_id = x.id),
      'posts', (select json_agg(p order by p.id) from community_posts p where p.community_id = x.id),
      'modlog', (select json_agg(l order by l.id) from community_modlog l where l.community_id = x.id),
      'donors', (select json_agg(d order by d.user_id) from community_donors d where d.community_id = x.id),
      'treasury', (select balance from ledger_accounts a where a.id = x.treasury_account_id),
      'homes', (select json_agg(h order by h.user_id) from community_homes h where h.community_id = x.id)
    ) as state from communities x where x.slug = ${slug}`);
  const [site] = await server.db.rows<Record<string, number>>(sql`
    select (select count(*)::int from communities) as communities,
      (select count(*)::int from ledger) as ledger,
      (select count(*)::int from ledger_accounts) as accounts,
      (select count(*)::int from community_homes) as homes,
      (select coalesce(sum(balance), 0)::text from users) as coins`);
  return { community: row?.state ?? null, site };
}

/** Runs `act` and checks that it left the community (and the site's counts) as they were. */
export async function expectNothingChanged<T>(
  server: TestServer,
  slug: string,
  act: () => Promise<T>,
): Promise<T> {
  const before = await communityState(server, slug);
  const result = await act();
  expect(await communityState(server, slug)).toEqual(before);
  return result;
}

/** The community's row as stored. */
export async function communityRow(
  server: TestServer,
  slug: string,
): Promise<{ id: number; members: number; posts: number; treasury: number; rows: number }> {
  const [row] = await server.db.rows<{
    id: number;
    members: number;
    posts: number;
    treasury: string;
    rows: number;
  }>(sql`
    select c.id, c.members, c.posts, a.balance::text as treasury,
      (select count(*)::int from community_members m where m.community_id = c.id) as rows
    from communities c join ledger_accounts a on a.id = c.treasury_account_id where c.slug = ${slug}`);
  if (!row) throw new Error(`no community ${slug}`);
  return { ...row, id: Number(row.id), treasury: Number(row.treasury) };
}
