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
import { StorePage } from './pages/StorePage';
import { insertItem } from '../../src/server/features/store/builders';
import { PublicProfilePage } from './pages/PublicProfilePage';
import { NotFoundPage, RulesPage } from './pages/StaticPages';
import { ServicesPage } from './pages/ServicesPage';
import { AchievementsPage, LeaderboardPage, TasksPage } from './pages/TasksPage';
import {
  CasinoPage,
  ClickFrenzyPage,
  FairnessPage,
  GamesHubPage,
  MinefieldPage,
  SpinnerPage,
} from './pages/GamesPages';
import { RpsPage } from './pages/RpsPage';

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
    await createBet(
      world.server,
      admin,
      [
        { text: 'Over', odds: 1.9 },
        { text: 'Under', odds: 1.9 },
      ],
      other,
    );
    const placed = await call(world.server, 'POST', '/api/bets/predict', {
      token: user.token,
      body: { betId: bet._id, choice: 'Yes', amount: 10 },
    });
    expect(placed.status).toBe(200);
    // Store content: a power-up in use (Active Buffs), a badge and a cosmetic held.
    for (const fields of [
      {
        name: `Axe power ${uniqueName()}`,
        effectType: 'reward-multiplier' as const,
        effectValue: 150,
      },
      {
        name: `Axe badge ${uniqueName()}`,
        type: 'badge' as const,
        effectType: null,
        effectValue: null,
      },
      {
        name: `Axe hat ${uniqueName()}`,
        type: 'cosmetic' as const,
        effectType: 'cosmetic' as const,
        effectValue: 100,
      },
    ]) {
      const item = await insertItem(world.server.db, { ...fields, price: 10 });
      expect(
        (
          await call(world.server, 'POST', '/api/store/purchase', {
            token: user.token,
            body: { itemId: item.id },
          })
        ).status,
      ).toBe(200);
      if (fields.effectType === 'reward-multiplier') {
        expect(
          (
            await call(world.server, 'POST', '/api/store/purchase', {
              token: user.token,
              body: { itemId: item.id },
            })
          ).status,
        ).toBe(200);
        expect(
          (
            await call(world.server, 'POST', `/api/store/items/${item.id}/use`, {
              token: user.token,
            })
          ).status,
        ).toBe(200);
      }
    }

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
    await page.getByTestId('active-buff').waitFor();
    await page.getByTestId('badge').first().click();
    await page.getByTestId('badge-panel').waitFor();
    await check(page, '/dashboard');
    const store = new StorePage(page);
    await store.open();
    await store.inventoryQuantity('Axe power', '1');
    await store.historyNames(4);
    await check(page, '/store');
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
    const service = await call(world.server, 'POST', '/api/services', {
      token: admin.token,
      body: { title: 'Axe service', description: 'Checked', price: 5 },
    });
    expect(service.status).toBe(201);
    const task = await call(world.server, 'POST', '/api/tasks/create', {
      token: admin.token,
      body: {
        title: 'Axe task',
        description: 'Checked',
        reward: 5,
        type: 'daily',
        goalType: 'logins',
        goalAmount: 1,
      },
    });
    expect(task.status).toBe(201);
    const achievement = await call(world.server, 'POST', '/api/achievements/create', {
      token: admin.token,
      body: {
        title: 'Axe achievement',
        description: 'Checked',
        criteria: 'logins',
        threshold: 1,
        reward: 5,
      },
    });
    expect(achievement.status).toBe(201);
    const services = new ServicesPage(page);
    await services.open();
    await services.card('Axe service');
    await check(page, '/services');
    const tasks = new TasksPage(page);
    await tasks.open();
    await tasks.task('Axe task').waitFor();
    await check(page, '/tasks');
    const achievements = new AchievementsPage(page);
    await achievements.open();
    await achievements.entry('Unclaimed', 'Axe achievement').waitFor();
    await check(page, '/achievements');
    await new LeaderboardPage(page).open();
    await check(page, '/leaderboard');
    expect(
      (await call(world.server, 'POST', '/api/games/spinnerWeekly', { token: user.token })).status,
    ).toBe(200);
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
    expect(
      (
        await call(world.server, 'POST', '/api/games/minefield/start', {
          token: user.token,
          body: { betAmount: 100, rows: 12, cols: 12, mines: 20 },
        })
      ).status,
    ).toBe(200);
    const minefield = new MinefieldPage(page);
    await minefield.open();
    await minefield.button(/^Cash Out/).waitFor();
    await check(page, '/games/minefield');
    const frenzy = new ClickFrenzyPage(page);
    await frenzy.open();
    await page.getByTestId('frenzy-target').nth(3).waitFor();
    await check(page, '/games/click-frenzy');
    const duel = async (
      from: { token: string },
      to: { username: string },
      buyIn: number,
      userChoice: string,
    ) =>
      expect(
        (
          await call(world.server, 'POST', '/api/games/rps', {
            token: from.token,
            body: { opponentUsername: to.username, buyIn, userChoice },
          })
        ).status,
      ).toBe(200);
    await duel(admin, user, 4, 'rock');
    await duel(user, admin, 2, 'paper');
    await duel(admin, user, 3, 'scissors');
    await duel(user, admin, 3, 'rock');
    const rps = new RpsPage(page);
    await rps.open();
    await rps.invite(admin.username).waitFor();
    await rps.waiting(admin.username).waitFor();
    await rps.matches().first().getByRole('button', { name: 'verify' }).click();
    await page.getByTestId('rps-verify-result').filter({ hasText: '✓' }).waitFor();
    await rps.accept(admin.username).click();
    await check(page, '/games/rps');
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
    // One walk over some twenty-four pages, each waited for by its state: on a busy two-core
    // machine that takes longer than the suite's 60 s per test without anything being wrong.
  }, 240_000);

  it('finds no serious violation on /dashboard when the open bets fill their scrolling list', async () => {
    const [admin, user] = await Promise.all([world.admin(), world.user()]);
    for (let i = 0; i < 8; i++) {
      const bet = await createBet(
        world.server,
        admin,
        undefined,
        `Axe scroll ${i} ${uniqueName()}`,
      );
      const placed = await call(world.server, 'POST', '/api/bets/predict', {
        token: user.token,
        body: { betId: bet._id, choice: 'Yes', amount: 5 },
      });
      expect(placed.status).toBe(200);
    }
    const page = await world.newPage({ bypassCSP: true });
    await signInAs(page, world.server, user);
    const dashboard = new DashboardPage(page);
    await dashboard.open();
    await dashboard.openBetEntries.nth(7).waitFor();
    const list = page.getByRole('list', { name: 'Your open bets', exact: true });
    // The case axe is about: the list really scrolls.
    expect(await list.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    expect(await seriousAxeFindings(page)).toEqual([]);
    // A keyboard reaches it and scrolls it.
    await list.focus();
    await page.keyboard.press('End');
    await page.waitForFunction(
      () => (document.querySelector('[aria-label="Your open bets"]')?.scrollTop ?? 0) > 0,
    );
  });
});
