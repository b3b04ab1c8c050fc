import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, call, expectLedgerBalanced } from '../../src/server/testing/harness';
import { signInAs, startWorld, type World } from './support/world';
import { openDocument, pathOf, waitForPath } from './support/helpers';
import { AdminPage } from './pages/AdminPage';
import { AuthPage } from './pages/AuthPage';
import { NavBar } from './pages/NavBar';
import { Toasts } from './pages/Toasts';

let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await world?.close();
});

describe('admin panel', () => {
  it('bans a user after confirming, logs it, and the banned user cannot sign in', async () => {
    const [admin, victim] = await Promise.all([world.admin(), world.user()]);
    const page = await world.newPage();
    await signInAs(page, world.server, admin);
    const adminPage = new AdminPage(page);
    const nav = new NavBar(page);

    await adminPage.open();
    await nav.waitForLink('Admin');
    await adminPage.superuserBadge.waitFor();
    expect(await adminPage.superuserBadge.innerText()).toContain(admin.username);

    expect(await adminPage.userSummary(victim.username)).toMatch(/\buser · active · 🪙 1,000$/);
    // An admin cannot be banned from the panel, so their own row offers no Ban button.
    await adminPage.userRow(admin.username);
    expect(await adminPage.banButton(admin.username).count()).toBe(0);

    const question = await adminPage.ban(victim.username);
    expect(question).toBe(`Ban ${victim.username}?`);
    expect(await adminPage.userSummary(victim.username, 'banned')).toMatch(/· banned ·/);
    await adminPage.banButton(victim.username).waitFor({ state: 'detached' });
    expect(await new Toasts(page).waitFor(`${victim.username} has been banned`)).toBe(
      `${victim.username} has been banned`,
    );

    expect(await adminPage.logEntries.count()).toBe(0);
    await adminPage.showLogs();
    const entry = await adminPage.logEntry(victim.username);
    expect(await entry.innerText()).toMatch(/ban/i);
    expect(await entry.innerText()).toContain(admin.username);
    await adminPage.hideLogs();
    expect(await adminPage.logEntries.count()).toBe(0);

    const expected = await call<{ message: string }>(world.server, 'POST', '/auth/login', {
      body: { username: victim.username, password: victim.password },
    });
    expect(expected.status).toBe(403);
    const victimPage = await world.newPage();
    const auth = new AuthPage(victimPage);
    await auth.openLogin();
    await auth.signIn(victim.username, victim.password);
    const message = await auth.errorText();
    expect(message).toBe(expected.body.message);
    expect(message).toMatch(/banned/i);
    expect(pathOf(victimPage)).toBe('/login');
  });

  it('asks before banning in an accessible dialog: focus stays inside, Escape cancels and focus returns', async () => {
    const [admin, victim] = await Promise.all([world.admin(), world.user()]);
    const page = await world.newPage();
    await signInAs(page, world.server, admin);
    const adminPage = new AdminPage(page);
    const dialog = adminPage.dialog;

    await adminPage.open();
    await adminPage.userRow(victim.username);
    const banButton = adminPage.banButton(victim.username);
    await banButton.click();
    expect(await dialog.waitForName()).toBe(`Ban ${victim.username}?`);
    const named = page.getByRole('alertdialog', { name: `Ban ${victim.username}?`, exact: true });
    expect(await named.getAttribute('aria-modal')).toBe('true');
    // Cancel has focus first, so a stray Enter cannot ban anyone.
    expect(await dialog.focused()).toBe('BUTTON Cancel');
    await page.keyboard.press('Tab');
    expect(await dialog.focused()).toBe('BUTTON Ban');
    await page.keyboard.press('Tab');
    expect(await dialog.focused()).toBe('BUTTON Cancel');
    await page.keyboard.press('Shift+Tab');
    expect(await dialog.focused()).toBe('BUTTON Ban');
    // The page behind cannot be reached while it is open.
    expect(await page.locator('#root').getAttribute('inert')).toBe('');

    await page.keyboard.press('Escape');
    await dialog.root.waitFor({ state: 'detached' });
    expect(await banButton.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await adminPage.userSummary(victim.username)).toMatch(/· active ·/);

    await adminPage.dialog.answer(() => banButton.click(), 'Cancel');
    expect(await adminPage.userSummary(victim.username)).toMatch(/· active ·/);
    expect(
      (await call(world.server, 'GET', '/api/user/stats', { token: victim.token })).status,
    ).toBe(200);
  });

  it('adds funds to a selected user; the panel and the user both see the new balance', async () => {
    const [admin, fundee] = await Promise.all([world.admin(), world.user()]);
    const page = await world.newPage();
    await signInAs(page, world.server, admin);
    const adminPage = new AdminPage(page);

    await adminPage.open();
    await adminPage.userRow(fundee.username);
    // Nothing selected: the form only hints.
    await adminPage.addFundsButton.click();
    await adminPage.addFundsHint.waitFor();

    await adminPage.addFunds(fundee.username, '500');
    expect(await new Toasts(page).waitFor(`Added 500 coins to ${fundee.username}`)).toBe(
      `Added 500 coins to ${fundee.username}`,
    );
    expect(await adminPage.userBalance(fundee.username, '1,500')).toBe('1,500');
    expect(await adminPage.amountInput.inputValue()).toBe('');
    expect(await balanceOf(world.server, fundee.id)).toBe(1500);

    await adminPage.showLogs();
    await adminPage.refreshLogs();
    const entry = await adminPage.logEntry(fundee.username, '500');
    expect(await entry.innerText()).toMatch(/fund/i);

    const fundeePage = await world.newPage();
    await signInAs(fundeePage, world.server, fundee);
    await openDocument(fundeePage, '/dashboard');
    await waitForPath(fundeePage, '/dashboard');
    expect(await new NavBar(fundeePage).balance('1,500')).toBe('1,500');
    await expectLedgerBalanced(world.server);
  });
});
