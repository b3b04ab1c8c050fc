import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { callRoute } from '../../testing/callRoute';
import { useTestServer } from '../../testing/harness';
import { crew, writePost } from './builders';
import { recountActiveMembers } from './reads';

const DAY = 24 * 3_600_000;
const clock = new ManualClock('2030-03-04T12:00:00Z');
const server = useTestServer({}, { clock });

const activeOf = async (slug: string) =>
  (await callRoute(server, 'GET /api/communities/:slug', { params: { slug } })).body
    .activeMembers7d;

describe("the recount of a community's active members", () => {
  it('lowers the count as posters fall out of the last 7 days, and only then', async () => {
    const { slug, owner, member } = await crew(server);
    await writePost(server, owner, slug);
    clock.advance(3 * DAY);
    await writePost(server, member, slug);
    expect(await activeOf(slug)).toBe(2);
    // Nobody fell out yet: nothing to change.
    expect(await recountActiveMembers(server.deps)).toBe(0);
    clock.advance(5 * DAY); // the owner's post is 8 days old, the member's 5
    expect(await recountActiveMembers(server.deps)).toBeGreaterThanOrEqual(1);
    expect(await activeOf(slug)).toBe(1);
    clock.advance(3 * DAY);
    await recountActiveMembers(server.deps);
    expect(await activeOf(slug)).toBe(0);
    // A post makes its author active again at once.
    await writePost(server, member, slug);
    expect(await activeOf(slug)).toBe(1);
  });
});
