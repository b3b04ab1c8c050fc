import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type TestUser } from '../../src/server/testing/harness';
import { openSignedIn, startWorld, type World } from './support/world';
import { openDocument, waitForPath } from './support/helpers';
import { seriousAxeFindings, type AxeFinding } from './support/axe';
import { phoneReport } from './support/phone';
import { NavBar } from './pages/NavBar';
import { NotificationsPage } from './pages/NotificationsPage';
import { Toasts } from './pages/Toasts';

/**
 * Notifications in the browser (issue 38): the nav's bell counts live, a new notification's
 * toast leads to its page, /notifications lists, opens, reads and removes them, and the
 * settings keep which kinds reach you. Coins and admin grants make the notifications.
 */
const PHONE = { width: 390, height: 844 };
const COINS_LABEL = 'Someone sends you coins';

let world: World;
let admin: TestUser;

beforeAll(async () => {
  world = await startWorld();
  admin = await world.admin();
});

afterAll(async () => {
  await world?.close();
});

async function send(from: TestUser, to: TestUser, amount: number): Promise<void> {
  const res = await call(world.server, 'POST', '/api/user/send-money', {
    token: from.token,
    body: { recipientUsername: to.username, amount },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function grant(to: TestUser, amount: number): Promise<void> {
  const res = await call(world.server, 'PATCH', `/api/admin/balance/${to.username}`, {
    token: admin.token,
    body: { amount },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Resolves once the page's live socket has its server hello: only then can a push be expected. */
function helloOn(page: Page): Promise<void> {
  return new Promise<void>((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"hello"')) resolve();
      });
    });
  });
}

const toastsSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { __toastsSeen: string[] }).__toastsSeen);

describe('notifications at 1280 px', () => {
  it('counts live on the bell, opens from the toast and the inbox, reads all, removes one, and keeps preferences', async () => {
    const [player, friend] = [await world.user(), await world.user()];
    const page = await openSignedIn(world, player, { bypassCSP: true });
    const nav = new NavBar(page);
    const toasts = new Toasts(page);
    const inbox = new NotificationsPage(page);
    const hello = helloOn(page);
    await openDocument(page, '/rules');
    await hello;
    await nav.unread(0);
    await page.evaluate(() => Object.assign(window, { stillTheSameDocument: true }));

    // The coins' own toast says it; the notification adds to the count but no second toast.
    const coinsTitle = `${friend.username} sent you 25 coins`;
    await send(friend, player, 25);
    await nav.unread(1);
    await toasts.waitFor(coinsTitle);
    // A grant's notification has no toast of its own: its toast is the notification, a link.
    const grantTitle = 'An admin added 50 coins';
    await grant(player, 50);
    await nav.unread(2);
    const grantToast = page.getByRole('status').getByRole('link', { name: new RegExp(grantTitle) });
    await grantToast.click();
    await waitForPath(page, '/dashboard');
    await nav.unread(1);
    expect((await toastsSeen(page)).filter((t) => t.includes(coinsTitle))).toHaveLength(1);
    expect(await page.evaluate(() => 'stillTheSameDocument' in window)).toBe(true);

    await nav.bell.click();
    await waitForPath(page, '/notifications');
    await inbox.items.nth(1).waitFor();
    expect(await inbox.items.count()).toBe(2);
    expect(await inbox.item(grantTitle).getAttribute('data-unread')).toBe('false');
    expect(await inbox.item(coinsTitle).getAttribute('data-unread')).toBe('true');
    expect(await inbox.item(coinsTitle).locator('time').innerText()).toBe('just now');
    expect(await seriousAxeFindings(page)).toEqual([] as AxeFinding[]);
    await inbox.openItem(coinsTitle, '/dashboard');
    await nav.unread(0);

    // New ones join the open list live; Unread shows them, "Mark all read" reads them all.
    await nav.bell.click();
    await inbox.items.nth(1).waitFor();
    await send(friend, player, 2);
    await send(friend, player, 3);
    await nav.unread(2);
    await inbox.item(`${friend.username} sent you 3 coins`).waitFor();
    expect(await inbox.items.first().innerText()).toContain(`${friend.username} sent you 3 coins`);
    await inbox.show('Unread');
    await inbox.items.nth(1).waitFor();
    expect(await inbox.items.count()).toBe(2);
    await inbox.markAllRead.click();
    await nav.unread(0);
    await inbox.empty.filter({ hasText: 'No unread notifications.' }).waitFor();
    await inbox.show('All');
    await inbox.items.nth(3).waitFor();
    expect(await page.locator('[data-testid="notification"][data-unread="true"]').count()).toBe(0);

    // Filtering by group, then removing one.
    await inbox.kind.selectOption('Trades');
    await inbox.empty.filter({ hasText: 'No notifications about trades.' }).waitFor();
    await inbox.kind.selectOption('Coins');
    await inbox.items.nth(3).waitFor();
    await inbox
      .item(grantTitle)
      .getByRole('button', { name: `Remove: ${grantTitle}` })
      .click();
    await inbox.item(grantTitle).waitFor({ state: 'detached' });
    await inbox.open();
    await inbox.items.nth(2).waitFor();
    expect(await inbox.items.count()).toBe(3);

    // Preferences: coins off the inbox survives a reload; security stays on and cannot change.
    await inbox.tab('Settings');
    await waitForPath(page, '/notifications/settings');
    await inbox.preferences.waitFor();
    // This server has no SMTP_URL: the e-mail digest's section says so.
    await page.getByTestId('email-off').waitFor();
    expect(await seriousAxeFindings(page)).toEqual([] as AxeFinding[]);
    const security = inbox.checkbox('Sanctions, appeals and sign-in notices', 'Inbox');
    expect(await security.isChecked()).toBe(true);
    expect(await security.isDisabled()).toBe(true);
    expect(await inbox.save.isDisabled()).toBe(true);
    // By keyboard: the box takes focus and Space flips it.
    await inbox.checkbox(COINS_LABEL, 'Inbox').focus();
    await page.keyboard.press('Space');
    expect(await inbox.checkbox(COINS_LABEL, 'Inbox').isChecked()).toBe(false);
    await inbox.save.click();
    await toasts.waitFor('Preferences saved');
    await page.reload();
    await inbox.preferences.waitFor();
    expect(await inbox.checkbox(COINS_LABEL, 'Inbox').isChecked()).toBe(false);
    expect(await inbox.checkbox(COINS_LABEL, 'Push').isChecked()).toBe(true);
  });
});

describe('notifications on a 390 px phone', () => {
  it('fits with no sideways scroll and no serious axe finding: the bell, the inbox, the settings', async () => {
    const { report, check } = phoneReport(PHONE.width, 'notifications-390');
    const [player, friend] = [await world.user(), await world.user()];
    await send(friend, player, 7);
    await grant(player, 1234);
    const page = await openSignedIn(world, player, { ...PHONE, bypassCSP: true });
    const nav = new NavBar(page);
    const inbox = new NotificationsPage(page);
    await inbox.open();
    await nav.unread(2);
    await inbox.items.nth(1).waitFor();
    await check(page, 'inbox');
    await inbox.openItem(`${friend.username} sent you 7 coins`, '/dashboard');
    await nav.unread(1);
    await nav.bell.click();
    await waitForPath(page, '/notifications');
    await inbox.tab('Settings');
    await inbox.preferences.waitFor();
    await check(page, 'settings');
    expect(report).toEqual({});
  });
});
