import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { COMMUNITY_CREATE_COST } from '../../../shared/api/communities';
import { ManualClock } from '../../platform/clock';
import { ban, useAdmin } from '../../testing/builders';
import { callRoute, callRouteRaw } from '../../testing/callRoute';
import { expectBadField, expectError } from '../../testing/expectations';
import {
  balanceOf,
  expectLedgerBalanced,
  registerUser,
  uniqueName,
  useTestServer,
  type TestUser,
} from '../../testing/harness';
import {
  addMembers,
  communityRow,
  createCommunity,
  crew,
  expectNoSuchCommunity,
  expectNothingChanged,
  promote,
  writePost,
} from './builders';
import { proRata } from './closure';

/** Donations (and their races), and what happens to a community when its owner leaves the site. */
const clock = new ManualClock();
const server = useTestServer({ newAccountHours: 0, newAccountActions: 0 }, { clock });
const admin = useAdmin(server);

const donate = (user: TestUser, slug: string, amount: number, headers?: Record<string, string>) =>
  callRoute(server, 'POST /api/communities/:slug/treasury/donate', {
    token: user.token,
    params: { slug },
    body: { amount },
    headers,
  });
const deleteAccount = async (user: TestUser) => {
  const res = await callRoute(server, 'DELETE /api/user', {
    token: user.token,
    body: { password: user.password },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const detail = (slug: string, token?: string) =>
  callRoute(server, 'GET /api/communities/:slug', { params: { slug }, token });
const donorsOf = (slug: string) =>
  server.db.rows<{ user_id: number; amount: number }>(sql`
    select d.user_id::int as user_id, d.amount::int as amount from community_donors d
    join communities c on c.id = d.community_id where c.slug = ${slug} order by d.user_id`);

describe('proRata', () => {
  it('splits exactly, the leftover coins to the largest remainders (ties: earlier)', () => {
    expect(proRata(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(proRata(2500, [1000, 333, 667])).toEqual([1250, 416, 834]);
    expect(proRata(7, [0, 5, 0])).toEqual([0, 7, 0]);
    expect(proRata(0, [3, 4])).toEqual([0, 0]);
    expect(proRata(5, [0, 0])).toEqual([0, 0]);
    const big = proRata(9_000_000_000_000_001, [1, 2]);
    expect(big).toEqual([3_000_000_000_000_000, 6_000_000_000_000_001]);
    for (const [total, weights] of [
      [101, [3, 3, 3, 1]],
      [1, [5, 5]],
      [999_999, [17, 1, 400, 23]],
    ] as const) {
      const shares = proRata(total, [...weights]);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
    }
  });
});

describe('POST /api/communities/:slug/treasury/donate', () => {
  it('moves coins from the member to the treasury, in the ledger, remembered per donor', async () => {
    const c = await crew(server);
    const res = await donate(c.member, c.slug, 120);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      message: 'You gave 120 coins to Test community',
      treasury: COMMUNITY_CREATE_COST + 120,
      balance: 880,
    });
    expect((await donate(c.member, c.slug, 30)).body).toMatchObject({
      treasury: COMMUNITY_CREATE_COST + 150,
      balance: 850,
    });
    expect((await detail(c.slug)).body.treasury).toBe(COMMUNITY_CREATE_COST + 150);
    const rows = await server.db.rows<Record<string, unknown>>(sql`
      select user_id::int as user_id, delta::int as delta, category, account_id is not null as to_account
      from ledger where ref_type = 'community' and ref_id = ${c.community._id} order by id`);
    // After the founding fee's two rows: each gift leaves the member and enters the treasury.
    expect(rows.slice(2)).toEqual([
      { user_id: c.member.id, delta: -120, category: 'community_donation', to_account: false },
      { user_id: null, delta: 120, category: 'treasury_in', to_account: true },
      { user_id: c.member.id, delta: -30, category: 'community_donation', to_account: false },
      { user_id: null, delta: 30, category: 'treasury_in', to_account: true },
    ]);
    expect(await donorsOf(c.slug)).toContainEqual({ user_id: c.member.id, amount: 150 });
  });

  it('refuses more than the balance (409) and a bad amount (400), changing nothing', async () => {
    const c = await crew(server);
    await expectNothingChanged(server, c.slug, async () => {
      expectError(await donate(c.member, c.slug, 1001), 409, { code: 'INSUFFICIENT_FUNDS' });
      for (const amount of [0, -1, 1.5, '10', null]) {
        const res = await callRouteRaw(server, 'POST /api/communities/:slug/treasury/donate', {
          token: c.member.token,
          params: { slug: c.slug },
          body: { amount },
        });
        expectBadField(res, 'amount');
      }
    });
  });

  it('with an Idempotency-Key, a retry gives once', async () => {
    const c = await crew(server);
    const headers = { 'idempotency-key': `give-${uniqueName()}` };
    const first = await donate(c.member, c.slug, 40, headers);
    const again = await donate(c.member, c.slug, 40, headers);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await balanceOf(server, c.member.id)).toBe(960);
  });

  it('many members giving at once: the treasury holds 1,000 plus the sum, each balance exact', async () => {
    const owner = await registerUser(server);
    const c = await createCommunity(server, owner);
    const givers = await Promise.all(Array.from({ length: 12 }, () => registerUser(server)));
    await addMembers(server, owner, c.slug, givers);
    const amounts = givers.map((_, i) => 17 * (i + 1));
    const results = await Promise.all(givers.map((g, i) => donate(g, c.slug, amounts[i]!)));
    expect(results.map((r) => r.status)).toEqual(Array<number>(12).fill(200));
    const sum = amounts.reduce((a, b) => a + b, 0);
    expect((await communityRow(server, c.slug)).treasury).toBe(COMMUNITY_CREATE_COST + sum);
    for (const [i, g] of givers.entries())
      expect(await balanceOf(server, g.id)).toBe(1000 - amounts[i]!);
    // One member giving five times at once.
    const five = await Promise.all(
      Array.from({ length: 5 }, () => donate(givers[0]!, c.slug, 100)),
    );
    expect(five.map((r) => r.status)).toEqual(Array<number>(5).fill(200));
    expect(await balanceOf(server, givers[0]!.id)).toBe(1000 - amounts[0]! - 500);
    expect((await communityRow(server, c.slug)).treasury).toBe(COMMUNITY_CREATE_COST + sum + 500);
    expect((await donorsOf(c.slug)).find((d) => d.user_id === givers[0]!.id)?.amount).toBe(
      amounts[0]! + 500,
    );
    await expectLedgerBalanced(server);
  });
});

describe('when the owner deletes their account', () => {
  it('the longest-standing moderator takes over; the community and its treasury stay', async () => {
    const owner = await registerUser(server);
    const c = await createCommunity(server, owner);
    const [senior, junior] = await Promise.all([0, 1].map(() => registerUser(server)));
    clock.advance(60_000);
    await addMembers(server, owner, c.slug, [senior!]);
    clock.advance(60_000);
    await addMembers(server, owner, c.slug, [junior!]);
    // Promoted first, but the junior member: the member longest in the community inherits.
    await promote(server, owner, c.slug, junior!);
    await promote(server, owner, c.slug, senior!);
    await writePost(server, owner, c.slug, 'goodbye');
    await deleteAccount(owner);
    const res = await detail(c.slug, senior!.token);
    expect(res.body).toMatchObject({
      owner: senior!.username,
      members: 2,
      treasury: COMMUNITY_CREATE_COST,
      membership: { role: 'owner' },
    });
    const log = await callRoute(server, 'GET /api/communities/:slug/modlog', {
      params: { slug: c.slug },
    });
    expect(log.body.entries[0]).toMatchObject({
      action: 'transfer',
      actor: 'Deleted user',
      target: senior!.username,
    });
    const feed = await callRoute(server, 'GET /api/communities/:slug/posts', {
      params: { slug: c.slug },
    });
    expect(feed.body.posts[0]).toMatchObject({ author: 'Deleted user', body: 'goodbye' });
    await expectLedgerBalanced(server);
  });

  it('with no moderator, the community closes (404) and its treasury goes back to the donors pro rata', async () => {
    const owner = await registerUser(server);
    const c = await createCommunity(server, owner, { name: `Closing ${uniqueName()}` });
    const [m1, m2, m3] = await Promise.all([0, 1, 2].map(() => registerUser(server)));
    await addMembers(server, owner, c.slug, [m1!, m2!, m3!]);
    await donate(m1!, c.slug, 333);
    await donate(m2!, c.slug, 667);
    await donate(m3!, c.slug, 500);
    await callRoute(server, 'PUT /api/user/home-community', {
      token: m1!.token,
      body: { slug: c.slug },
    });
    // A donor who left the site gets nothing back: the rest share the treasury.
    await deleteAccount(m3!);
    await deleteAccount(owner);
    for (const token of [undefined, m1!.token])
      expectNoSuchCommunity(await detail(c.slug, token), c.slug);
    const dir = await callRoute(server, 'GET /api/communities', {
      token: m1!.token,
      query: { q: c.name },
    });
    expect(dir.body.communities).toEqual([]);
    // 2,500 coins over weights 1,000 (the founder), 333 and 667: 1,250, 416.25 and 833.75.
    expect(await balanceOf(server, m1!.id)).toBe(1000 - 333 + 416);
    expect(await balanceOf(server, m2!.id)).toBe(1000 - 667 + 834);
    expect((await communityRow(server, c.slug)).treasury).toBe(0);
    const refunds = await server.db.rows<{ user_id: number; delta: number }>(sql`
      select user_id::int as user_id, delta::int as delta from ledger
      where ref_type = 'community' and ref_id = ${c._id} and category = 'community_refund' order by user_id`);
    expect(refunds).toEqual(
      [
        { user_id: owner.id, delta: 1250 },
        { user_id: m1!.id, delta: 416 },
        { user_id: m2!.id, delta: 834 },
      ].sort((a, b) => a.user_id - b.user_id),
    );
    const profile = await callRoute(server, 'GET /api/user/public/:username', {
      params: { username: m1!.username },
    });
    expect(profile.body.homeCommunity).toBeNull();
    await expectLedgerBalanced(server);
  });

  it('with no moderator and no donor left on the site, the treasury goes to the house', async () => {
    const first = await registerUser(server);
    const c = await createCommunity(server, first);
    const heir = await registerUser(server);
    await addMembers(server, first, c.slug, [heir]);
    await callRoute(server, 'POST /api/communities/:slug/members/:username/transfer-ownership', {
      token: first.token,
      params: { slug: c.slug, username: heir.username },
    });
    await deleteAccount(first);
    await deleteAccount(heir);
    expectNoSuchCommunity(await detail(c.slug), c.slug);
    expect((await communityRow(server, c.slug)).treasury).toBe(0);
    await expectLedgerBalanced(server);
  });

  it('a banned owner hands over to a moderator; with none the community stays theirs', async () => {
    const c = await crew(server);
    await ban(server, admin, c.owner);
    expect((await detail(c.slug)).body.owner).toBe(c.moderator.username);
    const lone = await registerUser(server);
    const kept = await createCommunity(server, lone);
    await ban(server, admin, lone);
    expect((await detail(kept.slug)).body).toMatchObject({
      owner: lone.username,
      treasury: COMMUNITY_CREATE_COST,
    });
  });

  it('a member who deletes their account leaves every community, counted', async () => {
    const c = await crew(server);
    const other = await crew(server);
    await addMembers(server, other.owner, other.slug, [c.member]);
    await deleteAccount(c.member);
    expect(await communityRow(server, c.slug)).toMatchObject({ members: 2, rows: 2 });
    expect(await communityRow(server, other.slug)).toMatchObject({ members: 3, rows: 3 });
  });
});
