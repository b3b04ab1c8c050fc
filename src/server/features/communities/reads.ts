import { sql } from 'drizzle-orm';
import {
  COMMUNITY_INACTIVE_DAYS,
  COMMUNITY_PAGE_SIZE,
  type CommunityDetailDto,
  type CommunityDto,
  type CommunityMemberDto,
  type CommunityRole,
} from '../../../shared/api/communities';
import type { Queryable } from '../../db/client';
import type { Deps } from '../../platform/deps';
import { badRequest } from '../../platform/errors';
import { ledger } from '../wallet/public';
import { Snapshots } from '../../platform/snapshots';
import { accountsSql } from '../accounts/public';
import { communityFor, noSuchCommunity } from './access';
import {
  communityColumns,
  presentCommunity,
  presentDetail,
  presentMember,
  type CommunityRow,
  type DetailRow,
  type MemberRow,
} from './presenter';

/** Keyset cursors are the last row's sort key, opaque to clients (base64url of a JSON array). */
export const encodeCursor = (key: (string | number)[]): string =>
  Buffer.from(JSON.stringify(key)).toString('base64url');

export function decodeCursor(
  cursor: string | undefined,
  shape: ('s' | 'n')[],
): (string | number)[] | null {
  if (cursor === undefined) return null;
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    key = null;
  }
  const ok =
    Array.isArray(key) &&
    key.length === shape.length &&
    key.every((v, i) => (shape[i] === 'n' ? Number.isSafeInteger(v) : typeof v === 'string'));
  if (!ok)
    throw badRequest('cursor is not one this list gave out', [
      { field: 'cursor', rule: 'format', value: cursor },
    ]);
  return key as (string | number)[];
}

type DirectoryQuery = {
  q?: string | undefined;
  sort: 'active' | 'members' | 'new';
  cursor?: string | undefined;
};
type DirectoryPage = { communities: CommunityDto[]; nextCursor: string | null };

/** Each app's directory pages as visitors see them (tests run several apps in one process). */
const shared = new WeakMap<Deps, Snapshots<string, DirectoryPage>>();

export function directorySnapshots(deps: Deps): Snapshots<string, DirectoryPage> {
  let snapshots = shared.get(deps);
  if (!snapshots)
    shared.set(deps, (snapshots = new Snapshots(deps.clock, deps.config.leaderboardCacheMs)));
  return snapshots;
}

/**
 * The directory, a page at a time: public communities and the caller's private ones. Without
 * a search, communities with nothing in COMMUNITY_INACTIVE_DAYS are left out.
 *
 * The public part is the same for everyone, so a page of it is a shared snapshot at most
 * LEADERBOARD_CACHE_MS old (`at` says when it was read), as the leaderboards are: under load the
 * database reads each page about once a second whatever the traffic. A signed-in caller's own
 * private communities are read fresh (from their memberships: one short statement) and merged
 * in by the same sort key, so keyset paging stays exact: what the merged page leaves out of the
 * public one comes after its last row, where the next page starts. Searches are not kept (every
 * text would be a key of its own).
 */
export async function directory(
  deps: Deps,
  userId: number | null,
  query: DirectoryQuery,
): Promise<{ value: DirectoryPage; at: Date | null }> {
  const publicPart = query.q
    ? { value: await directoryPage(deps, null, query), at: null }
    : await directorySnapshots(deps).get(`${query.sort}|${query.cursor ?? ''}`, () =>
        directoryPage(deps, null, query),
      );
  if (userId === null) return publicPart;
  const own = await directoryPage(deps, userId, query);
  if (own.communities.length === 0) return publicPart;
  const key = sortKey(query.sort);
  const merged = [...publicPart.value.communities, ...own.communities].sort((a, b) =>
    compareKeys(key(b), key(a)),
  );
  const more = merged.length > COMMUNITY_PAGE_SIZE || publicPart.value.nextCursor !== null;
  const page = merged.slice(0, COMMUNITY_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    value: { communities: page, nextCursor: more && last ? encodeCursor(key(last)) : null },
    at: publicPart.at,
  };
}

/** A directory row's keyset position under a sort (what its cursor holds). */
const sortKey =
  (sort: DirectoryQuery['sort']) =>
  (c: CommunityDto): number[] =>
    sort === 'new'
      ? [Number(c._id)]
      : [sort === 'members' ? c.members : c.activeMembers7d, Number(c._id)];

const compareKeys = (a: number[], b: number[]): number =>
  (a[0] ?? 0) - (b[0] ?? 0) || (a[1] ?? 0) - (b[1] ?? 0);

/**
 * One page of the directory in one statement: public communities (userId null), or only the
 * private communities `userId` belongs to, found from their memberships.
 */
async function directoryPage(
  deps: Deps,
  userId: number | null,
  query: DirectoryQuery,
): Promise<DirectoryPage> {
  const now = deps.clock.now().toISOString();
  const search = query.q ? `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const filter = search
    ? sql`(lower(c.name) like ${search} or c.slug like ${search})`
    : sql`c.last_active_at > ${now}::timestamptz - ${`${COMMUNITY_INACTIVE_DAYS} days`}::interval`;
  let order;
  let after = sql`true`;
  if (query.sort === 'new') {
    const cur = decodeCursor(query.cursor, ['n']);
    if (cur) after = sql`c.id < ${cur[0]}`;
    order = sql`c.id desc`;
  } else {
    const column = query.sort === 'members' ? sql`c.members` : sql`c.active_members_7d`;
    const cur = decodeCursor(query.cursor, ['n', 'n']);
    if (cur) after = sql`(${column}, c.id) < (${cur[0]}, ${cur[1]})`;
    order = sql`${column} desc, c.id desc`;
  }
  const source =
    userId === null
      ? sql`communities c where c.visibility = 'public'`
      : sql`community_members m join communities c on c.id = m.community_id
          where m.user_id = ${userId} and c.visibility = 'private'`;
  const rows = await deps.db.rows<CommunityRow>(sql`
    select ${communityColumns} from ${source}
      and c.closed_at is null and ${filter} and ${after}
    order by ${order} limit ${COMMUNITY_PAGE_SIZE + 1}`);
  const page = rows.slice(0, COMMUNITY_PAGE_SIZE).map(presentCommunity);
  const last = page[page.length - 1];
  return {
    communities: page,
    nextCursor:
      rows.length > COMMUNITY_PAGE_SIZE && last ? encodeCursor(sortKey(query.sort)(last)) : null,
  };
}

/** One community as its page shows it, with the caller's membership, request and ban. */
export async function detail(
  deps: Pick<Deps, 'clock'>,
  q: Queryable,
  slug: string,
  userId: number | null,
): Promise<CommunityDetailDto> {
  const now = deps.clock.now().toISOString();
  const me = userId ?? 0;
  const [row] = await q.rows<DetailRow>(sql`
    select ${communityColumns}, c.rules, c.posts, ${accountsSql.usernameOf(sql`c.owner_id`)} as owner,
      ${ledger.accountBalanceValue(sql`c.treasury_account_id`)} as treasury,
      m.role, m.since, m.muted_until,
      exists (select 1 from community_homes h where h.user_id = ${me} and h.community_id = c.id) as is_home,
      exists (select 1 from community_requests r where r.community_id = c.id and r.user_id = ${me}) as requested,
      b.until as ban_until, b.reason as ban_reason
    from communities c
    left join community_members m on m.community_id = c.id and m.user_id = ${me}
    left join community_bans b on b.community_id = c.id and b.user_id = ${me}
      and (b.until is null or b.until > ${now}::timestamptz)
    where c.slug = ${slug.toLowerCase()} and c.closed_at is null`);
  if (!row || (row.visibility === 'private' && row.role === null)) throw noSuchCommunity(slug);
  return presentDetail(row);
}

/** Members a page at a time, longest-standing first, optionally of one role. */
export async function members(
  deps: Deps,
  slug: string,
  userId: number | null,
  query: { role?: CommunityRole | undefined; cursor?: string | undefined },
): Promise<{ members: CommunityMemberDto[]; nextCursor: string | null }> {
  const c = await communityFor(deps.db, slug, userId);
  const cur = decodeCursor(query.cursor, ['s', 'n']);
  const rows = await deps.db.rows<MemberRow>(sql`
    select m.user_id, u.username, u.profile_image, m.role, m.since, m.muted_until,
      exists (select 1 from community_homes h where h.user_id = m.user_id and h.community_id = m.community_id) as is_home
    from community_members m join ${accountsSql.users} u on u.id = m.user_id
    where m.community_id = ${c.id}
      ${query.role ? sql`and m.role = ${query.role}` : sql``}
      ${cur ? sql`and (m.since, m.user_id) > (${cur[0]}::timestamptz, ${cur[1]})` : sql``}
    order by m.since, m.user_id limit ${COMMUNITY_PAGE_SIZE + 1}`);
  const page = rows.slice(0, COMMUNITY_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    members: page.map(presentMember),
    nextCursor:
      rows.length > COMMUNITY_PAGE_SIZE && last
        ? encodeCursor([new Date(last.since).toISOString(), last.user_id])
        : null,
  };
}

/**
 * The sweep that lowers each community's count of members active in the last 7 days as they
 * fall out (a post raises it as a member becomes active, in the post's own statement). Returns
 * how many communities changed.
 */
export async function recountActiveMembers(deps: Pick<Deps, 'db' | 'clock'>): Promise<number> {
  const rows = await deps.db.rows<{ id: number }>(sql`
    update communities c set active_members_7d = x.n
    from (
      select c2.id, (select count(*)::int from community_members m where m.community_id = c2.id
        and m.last_post_at > ${deps.clock.now().toISOString()}::timestamptz - interval '7 days') as n
      from communities c2 where c2.closed_at is null and c2.active_members_7d > 0
    ) x
    where c.id = x.id and c.active_members_7d <> x.n
    returning c.id`);
  return rows.length;
}
