import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { callRoute } from '../../testing/callRoute';
import { registerUser, useTestServer } from '../../testing/harness';
import { createCommunity } from './builders';

// The directory as a shared snapshot (LEADERBOARD_CACHE_MS): one minute here, so the test sees it.
const clock = new ManualClock();
const server = useTestServer(
  { newAccountHours: 0, newAccountActions: 0, leaderboardCacheMs: 60_000 },
  { clock },
);

const slugsFor = async (token?: string) => {
  const res = await callRoute(server, 'GET /api/communities', {
    ...(token ? { token } : {}),
    query: { sort: 'new' },
  });
  return { slugs: res.body.communities.map((c) => c.slug), age: res.headers.get('age') };
};

describe('the directory as a snapshot', () => {
  it('shares a page at most the cache time old, with a member’s private communities merged in fresh', async () => {
    const owner = await registerUser(server);
    const first = await createCommunity(server, owner);
    expect((await slugsFor()).slugs).toContain(first.slug);
    const second = await createCommunity(server, await registerUser(server));
    clock.advance(30_000);
    const visitor = await slugsFor();
    expect(visitor.slugs).not.toContain(second.slug);
    expect(visitor.age).toBe('30');
    // A member of a private community sees it at once, merged into the shared page.
    const insider = await registerUser(server);
    const hidden = await createCommunity(server, insider, { visibility: 'private' });
    const own = await slugsFor(insider.token);
    expect(own.slugs[0]).toBe(hidden.slug);
    expect(own.slugs).not.toContain(second.slug);
    expect(own.age).toBe('30');
    expect((await slugsFor()).slugs).not.toContain(hidden.slug);
    clock.advance(31_000);
    expect((await slugsFor()).slugs).toContain(second.slug);
  });
});
