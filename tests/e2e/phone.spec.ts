import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BetDto } from '../../src/shared/api/bets';
import { call, registerUser, type TestUser } from '../../src/server/testing/harness';
import { optionId } from '../../src/server/features/bets/builders';
import { signInAs, startWorld, type World } from './support/world';
import { horizontalFit, type HorizontalFit } from './support/helpers';
import { AdminPage } from './pages/AdminPage';
import { AuthPage } from './pages/AuthPage';
import { BetsPage } from './pages/BetsPage';
import { DashboardPage } from './pages/DashboardPage';
import { HomePage } from './pages/HomePage';
import { NavBar } from './pages/NavBar';
import { ParlayBuilderPage } from './pages/ParlayBuilderPage';
import { ProfilePage } from './pages/ProfilePage';
import { StorePage } from './pages/StorePage';
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
import { PuzzleRushPage } from './pages/PuzzleRushPage';
import { RpsPage } from './pages/RpsPage';

/**
 * Every page of the app on a 390 x 844 phone, filled with the longest texts the server takes:
 * 20-character usernames, 120-character bet titles, 100-character options and 2000-character
 * descriptions. Wide capital Ws and unbroken runs are the worst case for wrapping.
 */
const PHONE = { width: 390, height: 844 };

let world: World;

/** `text` repeated to exactly `length` characters, ending in a letter (the server trims spaces). */
const exactLength = (text: string, length: number) =>
  `${text.repeat(Math.ceil(length / text.length)).slice(0, length - 1)}W`;
const wordy = (seed: string, length: number) =>
  exactLength(`${seed} Wonderful Widespread Wagering `, length);
const unbroken = (seed: string, length: number) =>
  exactLength(`${seed}${'W'.repeat(length)}`, length);

interface Scene {
  admin: TestUser;
  player: TestUser;
  friend: TestUser;
  bets: BetDto[];
}

async function register20(prefix: string): Promise<TestUser> {
  return registerUser(world.server, unbroken(prefix, 20));
}

async function createLongBet(
  admin: TestUser,
  title: string,
  options: { text: string; odds: number }[],
): Promise<BetDto> {
  const res = await call<{ bet: BetDto }>(world.server, 'POST', '/api/bets/create', {
    token: admin.token,
    body: {
      title,
      description: wordy(`Description of ${title.slice(0, 8)}`, 1990) + 'W'.repeat(10),
      endTime: new Date(Date.now() + 3_600_000).toISOString(),
      options,
    },
  });
  expect(res.status).toBe(201);
  expect(res.body.bet.title).toHaveLength(120);
  return res.body.bet;
}

async function ok(res: Promise<{ status: number; body: unknown }>): Promise<void> {
  const { status, body } = await res;
  expect(status, JSON.stringify(body)).toBeLessThan(300);
}

/** Players, bets, wagers, a parlay, a settled bet, a transfer and admin log entries, all long. */
async function buildScene(): Promise<Scene> {
  const admin = await register20('Adm');
  await world.server.db.rows(sql`update users set role = 'admin' where id = ${admin.id}`);
  world.server.deps.sessions.forgetUser(admin.id);
  const [player, friend] = [await register20('Ply'), await register20('Frn')];

  const words = [0, 1, 2].map((i) => wordy(`Option ${i} of a`, 100));
  const bets = [
    await createLongBet(admin, wordy('Will the longest title', 120), [
      { text: words[0]!, odds: 2 },
      { text: unbroken('Opt', 100), odds: 1.5 },
      { text: words[2]!, odds: 3.25 },
    ]),
    await createLongBet(admin, unbroken('Ttl', 120), [
      { text: unbroken('One', 100), odds: 1.5 },
      { text: words[1]!, odds: 2.5 },
    ]),
    await createLongBet(admin, wordy('Already settled bet', 120), [
      { text: wordy('Settled winner', 100), odds: 2 },
      { text: unbroken('Lsr', 100), odds: 1.8 },
    ]),
  ];
  const [first, second, settled] = bets as [BetDto, BetDto, BetDto];
  const predict = (bet: BetDto, index: number, amount: number) =>
    ok(
      call(world.server, 'POST', '/api/bets/predict', {
        token: player.token,
        body: { betId: bet._id, choice: bet.options[index]!.text, amount },
      }),
    );
  await predict(first, 0, 10);
  await predict(first, 1, 5);
  await predict(second, 0, 7);
  await predict(settled, 0, 20);
  await ok(
    call(world.server, 'POST', '/api/bets/parlay', {
      token: player.token,
      body: {
        amount: 10,
        bets: [
          { betId: first._id, choice: first.options[2]!.text, odds: 3.25 },
          { betId: second._id, choice: second.options[1]!.text, odds: 2.5 },
        ],
        totalOdds: 8.13,
      },
    }),
  );
  await ok(
    call(world.server, 'POST', '/api/bets/finalize', {
      token: admin.token,
      body: { betId: settled._id, optionId: optionId(settled, settled.options[0]!.text) },
    }),
  );
  await ok(
    call(world.server, 'POST', '/api/user/send-money', {
      token: player.token,
      body: { recipientUsername: friend.username, amount: 5 },
    }),
  );
  await ok(
    call(world.server, 'PATCH', `/api/admin/balance/${player.username}`, {
      token: admin.token,
      body: { amount: 1_000_000 },
    }),
  );
  // Store items with the longest name and description, bought, one used (Active Buffs) and one a badge.
  for (const [seed, type, effectType, effectValue] of [
    ['Pwr', 'power-up', 'reward-multiplier', 2],
    ['Bdg', 'badge', null, null],
    ['Csm', 'cosmetic', 'cosmetic', 1],
  ] as const) {
    const created = await call<{ item: { _id: string } }>(
      world.server,
      'POST',
      '/api/store/create',
      {
        token: admin.token,
        body: {
          name: unbroken(seed, 60),
          type,
          effect: wordy(`Effect ${seed}`, 100),
          effectType,
          effectValue,
          price: 99_999,
          stock: 999_999_999,
          emoji: '🦄',
          description: wordy(`About ${seed}`, 490) + 'W'.repeat(10),
        },
      },
    );
    expect(created.status).toBe(201);
    for (let i = 0; i < (type === 'power-up' ? 2 : 1); i++) {
      await ok(
        call(world.server, 'POST', '/api/store/purchase', {
          token: player.token,
          body: { itemId: created.body.item._id },
        }),
      );
    }
    if (type === 'power-up')
      await ok(
        call(world.server, 'POST', `/api/store/items/${created.body.item._id}/use`, {
          token: player.token,
        }),
      );
  }
  return { admin, player, friend, bets };
}

type Problems = Partial<Omit<HorizontalFit, 'innerWidth'>>;

/** What is wrong with the page at this width, or null when it fits. */
async function problemsOf(page: Page, name: string): Promise<Problems | null> {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (dir)
    await page.screenshot({
      path: path.join(dir, `${name.replace(/\W+/g, '_')}.png`),
      fullPage: true,
    });
  const fit = await horizontalFit(page);
  const problems: Problems = {};
  if (fit.scrollWidth > fit.innerWidth) problems.scrollWidth = fit.scrollWidth;
  if (fit.overflowing.length > 0) problems.overflowing = fit.overflowing;
  if (fit.hiddenControls.length > 0) problems.hiddenControls = fit.hiddenControls;
  if (fit.truncated.length > 0) problems.truncated = fit.truncated;
  expect(fit.innerWidth).toBe(PHONE.width);
  return Object.keys(problems).length > 0 ? problems : null;
}

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await world?.close();
});

describe('every page on a 390 px phone with the longest texts', () => {
  it('keeps every element inside the screen, every control whole and every text readable', async () => {
    const { admin, player, friend, bets } = await buildScene();
    const [first, second] = bets as [BetDto, BetDto];
    const report: Record<string, Problems> = {};
    const check = async (page: Page, name: string) => {
      const problems = await problemsOf(page, name);
      if (problems) report[name] = problems;
    };

    const visitor = await world.newPage(PHONE);
    const auth = new AuthPage(visitor);
    await auth.openLogin();
    await auth.username.fill(player.username);
    await check(visitor, '/login');
    await auth.openRegister();
    await check(visitor, '/register');

    const page = await world.newPage(PHONE);
    await signInAs(page, world.server, player);
    const home = new HomePage(page);
    await home.open();
    await home.topPlayerHrefs();
    await check(page, '/');
    await new RulesPage(page).open();
    await check(page, '/rules');

    const dashboard = new DashboardPage(page);
    await dashboard.open();
    await dashboard.greeting(player.username).waitFor();
    await dashboard.ledgerEntry(`to @${friend.username}`);
    await dashboard.openBet('parlay', first.title);
    await dashboard.settledBet('single');
    await page.getByTestId('active-buff').waitFor();
    await check(page, '/dashboard');
    await new NavBar(page).openMenu();
    await check(page, '/dashboard with the menu open');

    const betsPage = new BetsPage(page);
    await betsPage.open();
    await betsPage.waitForBet(first.title);
    await betsPage.waitForBet(second.title);
    await check(page, '/bets');

    const parlay = new ParlayBuilderPage(page);
    await parlay.open();
    await parlay.waitForBet(second.title);
    await parlay.addWithButton(first.title, first.options[1]!.text);
    await parlay.addWithButton(second.title, second.options[0]!.text);
    await parlay.setWager('25');
    await parlay.payout();
    await check(page, '/bets/parlay');

    const store = new StorePage(page);
    await store.open();
    await store.inventoryQuantity(unbroken('Pwr', 60), '1');
    await store.historyNames(4);
    await check(page, '/store');

    const profile = new ProfilePage(page);
    await profile.open();
    await profile.handleLink(player.username).waitFor();
    await check(page, '/profile');

    const publicProfile = new PublicProfilePage(page);
    await publicProfile.open(player.username);
    await publicProfile.name(player.username).waitFor();
    await check(page, '/profile/{username}');

    await ok(
      call(world.server, 'POST', '/api/services', {
        token: friend.token,
        body: {
          title: unbroken('Svc', 80),
          description: wordy('Service description', 2000),
          price: 1_000_000,
        },
      }),
    );
    const services = new ServicesPage(page);
    await services.open();
    await services.card(unbroken('Svc', 80));
    await check(page, '/services');
    await ok(
      call(world.server, 'POST', '/api/tasks/create', {
        token: admin.token,
        body: {
          title: wordy('Task', 80),
          description: unbroken('Tsk', 500),
          reward: 1_000_000,
          type: 'daily',
          goalType: 'logins',
          goalAmount: 1_000_000,
          emoji: '🎯',
        },
      }),
    );
    await ok(
      call(world.server, 'POST', '/api/achievements/create', {
        token: admin.token,
        body: {
          title: unbroken('Ach', 80),
          description: wordy('Achievement', 500),
          criteria: 'itemsOwned',
          threshold: 1_000_000,
          reward: 1_000_000,
          icon: '🏆',
        },
      }),
    );
    const tasks = new TasksPage(page);
    await tasks.open();
    await tasks.task(wordy('Task', 80)).waitFor();
    await check(page, '/tasks');
    const achievements = new AchievementsPage(page);
    await achievements.open();
    await achievements.entry('Unclaimed', unbroken('Ach', 80)).waitFor();
    await check(page, '/achievements');
    await new LeaderboardPage(page).open();
    await check(page, '/leaderboard');
    expect(
      (await call(world.server, 'POST', '/api/games/spinnerWeekly', { token: player.token }))
        .status,
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
          token: player.token,
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
    const puzzles = new PuzzleRushPage(page);
    await puzzles.open();
    await puzzles.match3Cell(24).waitFor();
    await check(page, '/games/puzzle-rush');
    // A duel of each kind between the 20-character names: an invite, an open challenge, a match.
    const duel = (from: TestUser, to: TestUser, buyIn: number, userChoice: string) =>
      ok(
        call(world.server, 'POST', '/api/games/rps', {
          token: from.token,
          body: { opponentUsername: to.username, buyIn, userChoice },
        }),
      );
    await duel(friend, player, 7, 'rock');
    await duel(player, friend, 2, 'paper');
    await duel(friend, player, 3, 'scissors');
    await duel(player, friend, 3, 'rock');
    const rps = new RpsPage(page);
    await rps.open();
    await rps.invite(friend.username).waitFor();
    await rps.waiting(friend.username).waitFor();
    await rps.matches().first().getByRole('button', { name: 'verify' }).click();
    await page.getByTestId('rps-verify-result').filter({ hasText: '✓' }).waitFor();
    await check(page, '/games/rps');
    const fairness = new FairnessPage(page);
    await fairness.open();
    await fairness.seedHash.waitFor();
    await fairness.historyOrEv();
    await check(page, '/fairness');

    await new NotFoundPage(page).open('/no/such/page/at/all');
    await check(page, 'not found');

    const adminTab = await world.newPage(PHONE);
    await signInAs(adminTab, world.server, admin);
    const adminPage = new AdminPage(adminTab);
    await adminPage.open();
    await adminPage.userRow(player.username);
    await adminPage.adminBet(first.title);
    await adminPage.showLogs();
    await adminPage.logEntry(player.username);
    await check(adminTab, '/admin');

    expect(report).toEqual({});
  });
});
