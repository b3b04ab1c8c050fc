import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, uniqueName } from '../../src/server/testing/harness';
import { createBet } from '../../src/server/features/bets/builders';
import { signInAs, startWorld, type World } from './support/world';
import { seriousAxeFindings, type AxeFinding } from './support/axe';
import { AdminPage } from './pages/AdminPage';
import { AuthPage } from './pages/AuthPage';
import { BetsPage } from './pages/BetsPage';
import { DashboardPage } from './pages/DashboardPage';
import { HomePage } from './pages/HomePage';
import { ParlayBuilderPage } from './pages/ParlayBuilderPage';
import { ProfilePage } from './pages/ProfilePage';
import { PublicProfilePage } from './pages/PublicProfilePage';
import { NotFoundPage, RulesPage } from './pages/StaticPages';
import { CasinoPage, ClickFrenzyPage, FairnessPage, GamesHubPage, MinefieldPage, SpinnerPage } from './pages/GamesPages';

let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await world?.close();
});

describe('accessibility (axe-core)', () => {
  it('finds no serious or critical violation on the main pages', async () => {
    const [admin, user] = await Promise.all([world.admin(), world.user()]);
    const title = `Axe check ${uniqueName()}`;
    const other = `Axe other ${uniqueName()}`;
    const bet = await createBet(world.server, admin, undefined, title);
    await createBet(world.server, admin, [{ text: 'Over', odds: 1.9 }, { text: 'Under', odds: 1.9 }], other);
    const placed = await call(world.server, 'POST', '/api/bets/predict', {
      token: user.token,
      body: { betId: bet._id, choice: 'Yes', amount: 10 },
    });
    expect(placed.status).toBe(200);

    const report: Record<string, AxeFinding[]> = {};
    const check = async (page: Page, name: string) => {
      const findings = await seriousAxeFindings(page);
      if (findings.length > 0) report[name] = findings;
    };

    const visitor = await world.newPage({ bypassCSP: true });
    const auth = new AuthPage(visitor);
    await auth.openLogin();
    await check(visitor, '/login');
    await auth.openRegister();
    await check(visitor, '/register');

    const page = await world.newPage({ bypassCSP: true });
    await signInAs(page, world.server, user);
    const home = new HomePage(page);
    await home.open();
    await home.topPlayerHrefs();
    await check(page, '/');
    await new RulesPage(page).open();
    await check(page, '/rules');
    const dashboard = new DashboardPage(page);
    await dashboard.open();
    await dashboard.openBet('single', title);
    await check(page, '/dashboard');
    const bets = new BetsPage(page);
    await bets.open();
    await bets.waitForBet(title);
    await check(page, '/bets');
    const parlay = new ParlayBuilderPage(page);
    await parlay.open();
    await parlay.addWithButton(title, 'No');
    await parlay.addWithButton(other, 'Over');
    await check(page, '/bets/parlay');
    await new ProfilePage(page).open();
    await check(page, '/profile');
    const publicProfile = new PublicProfilePage(page);
    await publicProfile.open(user.username);
    await publicProfile.name(user.username).waitFor();
    await check(page, '/profile/{username}');
    expect((await call(world.server, 'POST', '/api/games/spinnerWeekly', { token: user.token })).status).toBe(200);
    await new GamesHubPage(page).open();
    await check(page, '/games');
    const spinnerPage = new SpinnerPage(page);
    await spinnerPage.open();
    await spinnerPage.historyRows().first().waitFor();
    await check(page, '/games/spinner');
    const casino = new CasinoPage(page);
    await casino.open();
    for (const tab of ['Roulette', 'Coin Flip', 'Slots'] as const) {
      await casino.tab(tab);
      await casino.panel().getByText('Return to player').waitFor();
      await check(page, `/games/casino ${tab}`);
    }
    expect((await call(world.server, 'POST', '/api/games/minefield/start', { token: user.token, body: { betAmount: 10, rows: 12, cols: 12, mines: 20 } })).status).toBe(200);
    const minefield = new MinefieldPage(page);
    await minefield.open();
    await minefield.button(/^Cash Out/).waitFor();
    await check(page, '/games/minefield');
    const frenzy = new ClickFrenzyPage(page);
    await frenzy.open();
    await page.getByTestId('frenzy-target').nth(3).waitFor();
    await check(page, '/games/click-frenzy');
    const fairness = new FairnessPage(page);
    await fairness.open();
    await fairness.seedHash.waitFor();
    await fairness.historyOrEv();
    await check(page, '/fairness');

    await new NotFoundPage(page).open('/nowhere');
    await check(page, 'not found');

    const adminTab = await world.newPage({ bypassCSP: true });
    await signInAs(adminTab, world.server, admin);
    const adminPage = new AdminPage(adminTab);
    await adminPage.open();
    await adminPage.userRow(user.username);
    await adminPage.adminBet(title);
    await adminPage.showLogs();
    await check(adminTab, '/admin');

    expect(report).toEqual({});
  });
});
