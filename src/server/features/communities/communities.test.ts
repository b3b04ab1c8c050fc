import { describe, expect, it } from 'vitest';
import { registerUser, uniqueName, useTestServer } from '../../testing/harness';
import { callRoute } from '../../testing/callRoute';
import { COMMUNITY_CREATE_COST } from '../../../shared/api/communities';

const server = useTestServer({ newAccountHours: 0, newAccountActions: 0 });

const slugOf = () =>
  uniqueName('c')
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '');

describe('communities: the main walk', () => {
  it('creates, joins, posts with a mention, donates, and lists', async () => {
    const owner = await registerUser(server);
    const member = await registerUser(server);
    const slug = slugOf();
    const created = await callRoute(server, 'POST /api/communities', {
      token: owner.token,
      body: { slug, name: 'Night Owls', description: 'Late games' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.community).toMatchObject({
      slug,
      treasury: COMMUNITY_CREATE_COST,
      members: 1,
      membership: { role: 'owner' },
    });
    const joined = await callRoute(server, 'POST /api/communities/:slug/join', {
      token: member.token,
      params: { slug },
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(joined.body.community.members).toBe(2);
    const post = await callRoute(server, 'POST /api/communities/:slug/posts', {
      token: member.token,
      params: { slug },
      body: { body: `hello @${owner.username} see https://example.com` },
    });
    expect(post.status, JSON.stringify(post.body)).toBe(201);
    expect(post.body.mentions).toEqual([owner.username.toLowerCase()]);
    const feed = await callRoute(server, 'GET /api/communities/:slug/posts', {
      params: { slug },
      query: {},
    });
    expect(feed.status, JSON.stringify(feed.body)).toBe(200);
    expect(feed.body.posts).toHaveLength(1);
    const gift = await callRoute(server, 'POST /api/communities/:slug/treasury/donate', {
      token: member.token,
      params: { slug },
      body: { amount: 50 },
    });
    expect(gift.status, JSON.stringify(gift.body)).toBe(200);
    expect(gift.body).toMatchObject({ treasury: COMMUNITY_CREATE_COST + 50, balance: 950 });
    const dir = await callRoute(server, 'GET /api/communities', { query: { sort: 'new' } });
    expect(dir.status, JSON.stringify(dir.body)).toBe(200);
    expect(dir.body.communities.find((c) => c.slug === slug)).toMatchObject({
      members: 2,
      activeMembers7d: 1,
    });
  });
});
