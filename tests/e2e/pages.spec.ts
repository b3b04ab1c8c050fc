import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type TestUser } from '../../src/server/testing/harness';
import { signInAs, startWorld, type World } from './support/world';
import { openDocument, pathOf, waitForPath } from './support/helpers';
import { HomePage } from './pages/HomePage';
import { NavBar } from './pages/NavBar';
import { NotFoundPage, RulesPage } from './pages/StaticPages';
import { PublicProfilePage } from './pages/PublicProfilePage';

let world: World;
let players: TestUser[];

beforeAll(async () => {
  world = await startWorld();
  // More players than the home page lists, so its limit of five shows.
  players = [];
  for (let i = 0; i < 6; i++) players.push(await world.user());
});

afterAll(async () => {
  await world?.close();
});

describe('home page', () => {
  it('is served on a direct visit to / and on a reload there', async () => {
    const res = await fetch(`${world.server.url}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);

    const page = await world.newPage();
    const home = new HomePage(page);
    await home.open();
    await page.reload();
    await home.hero.waitFor();
  });

  it('fits a 390x844 phone: hero, six features, five top players, footer, no sideways scroll', async () => {
    const page = await world.newPage({ width: 390, height: 844 });
    const home = new HomePage(page);

    await home.open();
    await home.joinLink.waitFor();
    expect(await home.featureTitles()).toHaveLength(6);

    const hrefs = await home.topPlayerHrefs();
    expect(hrefs).toHaveLength(5);
    const known = new Set(players.map((p) => `/profile/${p.username}`));
    for (const href of hrefs) expect(known.has(href)).toBe(true);

    await home.footer.getByText('All scams final').waitFor();
    const { scrollWidth, innerWidth } = await home.scrollsSideways();
    expect(innerWidth).toBe(390);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  });

  it('opens the Menu button at phone width and navigates with it', async () => {
    const page = await world.newPage({ width: 390, height: 844 });
    const home = new HomePage(page);
    const nav = new NavBar(page);

    await home.open();
    expect(await nav.isCollapsed()).toBe(true);
    expect(await nav.isMenuOpen()).toBe(false);
    expect(await nav.link('Rules').count()).toBe(0);

    await nav.openMenu();
    expect(await nav.linkNames()).toEqual(['Home', 'Rules', 'Login']);
    await nav.link('Rules').click();

    await waitForPath(page, '/rules');
    await new RulesPage(page).title.waitFor();
    await nav.root.getByRole('button', { name: 'Menu', expanded: false }).waitFor();
    expect(await nav.link('Rules').count()).toBe(0);

    await nav.goTo('Login');
    await waitForPath(page, '/login');
  });

  it('closes the phone menu with Escape and puts focus back on the Menu button', async () => {
    const page = await world.newPage({ width: 390, height: 844 });
    const home = new HomePage(page);
    const nav = new NavBar(page);

    await home.open();
    await nav.openMenu();
    await nav.link('Rules').focus();
    await page.keyboard.press('Escape');
    await nav.root.getByRole('button', { name: 'Menu', expanded: false }).waitFor();
    expect(await nav.link('Rules').count()).toBe(0);
    expect(await nav.menuButton.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(pathOf(page)).toBe('/');
  });

  it('keeps the signed-in menu collapsed below 1280 px and inline from 1280 px', async () => {
    const user = players[0]!;
    const page = await world.newPage({ width: 1024, height: 800 });
    await signInAs(page, world.server, user);
    const nav = new NavBar(page);

    await openDocument(page, '/rules');
    await nav.balanceChip.waitFor();
    expect(await nav.isCollapsed()).toBe(true);
    const names = await nav.linkNames();
    expect(names).toEqual([
      'Home',
      'Rules',
      'Dashboard',
      'Bets',
      'Store',
      'Games',
      'Services',
      'Tasks',
      'Achievements',
      'Leaderboard',
      'Communities',
      'My Profile',
    ]);
    await nav.link('My Profile').click();
    await waitForPath(page, '/profile');

    await page.setViewportSize({ width: 1280, height: 800 });
    await nav.menuButton.waitFor({ state: 'hidden' });
    await nav.link('Dashboard').waitFor();
    expect(await nav.isCollapsed()).toBe(false);
  });

  it('lets a signed-out visitor open a top player profile from the list', async () => {
    const page = await world.newPage();
    const home = new HomePage(page);

    await home.open();
    const [first] = await home.topPlayerHrefs();
    await home.topPlayerLinks.first().click();
    await waitForPath(page, first!);
    const username = decodeURIComponent(first!.replace('/profile/', ''));
    await new PublicProfilePage(page).name(username).waitFor();
  });
});

describe('robots.txt', () => {
  it('is served as plain text, not as the app', async () => {
    const res = await fetch(`${world.server.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).not.toContain('<html');
  });
});

describe('rules and not-found', () => {
  it('shows the Unspoken Scriptures with exactly ten rules, one about a 5% odds boost', async () => {
    const page = await world.newPage();
    const rules = new RulesPage(page);

    await rules.open();
    expect(await page.title()).toBeTruthy();
    const texts = await rules.ruleTexts();
    expect(texts).toHaveLength(10);
    expect(texts.filter((text) => text.includes('5% odds boost'))).toHaveLength(1);
  });

  it('answers an unknown path with "Well, this is awkward." and a link back home', async () => {
    const page = await world.newPage();
    const notFound = new NotFoundPage(page);

    await notFound.open('/no/such/page');
    expect(pathOf(page)).toBe('/no/such/page');
    await page.getByText("The page you're looking for doesn't exist.").waitFor();
    expect(await notFound.homeLink.getAttribute('href')).toBe('/');

    await notFound.homeLink.click();
    await waitForPath(page, '/');
    await new HomePage(page).hero.waitFor();
  });
});

describe('public profile', () => {
  it('shows a profile to a signed-out visitor', async () => {
    const user = players[1]!;
    const page = await world.newPage();
    const profile = new PublicProfilePage(page);

    await profile.open(user.username);
    await profile.name(user.username).waitFor();
    expect(await profile.role.innerText()).toBe('user');
    expect(await profile.status.count()).toBe(0);
    for (const section of ['Achievements', 'Badges', 'Inventory'] as const)
      await profile.section(section).waitFor();
    await page.getByText(/^Balance:\s+1,000$/).waitFor();
    expect(await new NavBar(page).link('Login').count()).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('marks a banned user as banned', async () => {
    const [admin, victim] = await Promise.all([world.admin(), world.user()]);
    const ban = await call(world.server, 'PATCH', `/api/admin/status/user/${victim.username}`, {
      token: admin.token,
      body: { status: 'banned' },
    });
    expect(ban.status).toBe(200);
    const page = await world.newPage();
    const profile = new PublicProfilePage(page);

    await profile.open(victim.username);
    await profile.status.waitFor();
    expect((await profile.status.innerText()).toLowerCase()).toBe('banned');
  });

  it('says so for an unknown user', async () => {
    const page = await world.newPage();
    const profile = new PublicProfilePage(page);

    await profile.open('nobody-by-this-name');
    expect(await profile.errorText()).toBe('User not found or an error occurred.');
    // Not a dead end (issue 33): a search for another name, and the leaderboard.
    expect(
      await page.getByRole('main').getByRole('link', { name: 'leaderboard' }).getAttribute('href'),
    ).toBe('/leaderboard');
    const existing = await world.user();
    await page.getByLabel('Find a player', { exact: true }).fill(existing.username);
    await page.getByRole('button', { name: 'Open profile' }).click();
    await profile.name(existing.username).waitFor();
    expect(await page.title()).toBe(`${existing.username}'s profile · Fair & Square`);
  });
});
