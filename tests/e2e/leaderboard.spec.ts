import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../src/server/testing/harness';
import { signInAs, startWorld, type World } from './support/world';
import { HomePage } from './pages/HomePage';
import { LeaderboardPage } from './pages/TasksPage';
import { NavBar } from './pages/NavBar';
import { bumpStat } from '../../src/server/platform/stats';

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
    const grant = await call(world.server, 'PATCH', `/api/admin/balance/${admin.username}`, {
      token: admin.token,
      body: { amount: 5_000_000 },
    });
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

/** Issue 33, item 2: a board page asks again each time it is shown, not ten seconds later. */
describe('boards shown again', () => {
  it('shows a new player and a new puzzle result after navigating away and back', async () => {
    const player = await world.user();
    const page = await world.newPage();
    await signInAs(page, world.server, player);
    const board = new LeaderboardPage(page);
    await board.open();
    const puzzles = page.getByRole('region', { name: 'Puzzle Rush' });
    await puzzles.getByText('No puzzles solved yet.').waitFor();
    const nav = new NavBar(page);

    const newcomer = await world.user();
    await nav.goTo('Home');
    const home = new HomePage(page);
    await expect
      .poll(() => home.topPlayerHrefs())
      .toContain(`/profile/${encodeURIComponent(newcomer.username)}`);

    const later = await world.user();
    await bumpStat(world.server.db, player.id, 'puzzle_wins');
    await nav.goTo('Leaderboard');
    await puzzles.getByRole('link', { name: player.username }).waitFor();
    expect(await board.usernames()).toContain(later.username);
  });
});
