import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../src/server/testing/harness';
import { signInAs, startWorld, type World } from './support/world';
import { HomePage } from './pages/HomePage';
import { LeaderboardPage } from './pages/TasksPage';

let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await world?.close();
});

/** Issue 19, item 9: an admin can grant itself coins, so no admin is ranked anywhere. */
describe('admins on the boards', () => {
  it('leaves a self-enriched admin off the leaderboard and the home page top players', async () => {
    const [admin, player] = await Promise.all([world.admin(), world.user()]);
    const grant = await call(world.server, 'PATCH', `/api/admin/balance/${admin.username}`, { token: admin.token, body: { amount: 5_000_000 } });
    expect(grant.status).toBe(200);

    const page = await world.newPage();
    await signInAs(page, world.server, player);
    const board = new LeaderboardPage(page);
    await board.open();
    const names = await board.usernames();
    expect(names).toContain(player.username);
    expect(names).not.toContain(admin.username);

    const home = new HomePage(page);
    await home.open();
    const hrefs = await home.topPlayerHrefs();
    expect(hrefs.length).toBeGreaterThan(0);
    expect(hrefs).not.toContain(`/profile/${encodeURIComponent(admin.username)}`);
  });
});
