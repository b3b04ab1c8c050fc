import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { call, uniqueName } from '../../src/server/testing/harness';
import { openSignedIn, startWorld, type World } from './support/world';
import { horizontalFit, openDocument, waitForPath } from './support/helpers';
import { seriousAxeFindings } from './support/axe';
import { AdminPage } from './pages/AdminPage';
import { AuthPage } from './pages/AuthPage';
import { NavBar } from './pages/NavBar';
import { ProfilePage } from './pages/ProfilePage';

let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await world?.close();
});

/**
 * Nothing wider than the window, no control cut off (the phone's case matters most), and no
 * serious or critical axe finding (pages here are opened with bypassCSP, which axe needs).
 */
async function expectFits(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
  expect({ name, axe: await seriousAxeFindings(page) }).toEqual({ name, axe: [] });
  const fit = await horizontalFit(page);
  expect({ name, ...fit, truncated: [] }).toEqual({
    name,
    scrollWidth: fit.innerWidth,
    innerWidth: fit.innerWidth,
    overflowing: [],
    hiddenControls: [],
    truncated: [],
  });
}

const tokenIn = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

describe('account recovery in the browser', () => {
  it.each([1280, 390])(
    'at %i px: registers, is shown ten codes once with a download, and recovers the account with one',
    async (width) => {
      const page = await world.newPage({ width, height: 844, bypassCSP: true });
      const auth = new AuthPage(page);
      const username = uniqueName('rcv');

      await auth.openRegister();
      await auth.register(username, 'correct-horse-9');
      await page.getByTestId('recovery-codes').getByRole('listitem').first().waitFor();
      await expectFits(page, `recovery-codes-${width}`);
      const { codes, file } = await auth.saveRecoveryCodes();
      expect(codes).toHaveLength(10);
      for (const code of codes) {
        expect(code).toMatch(/^[0-9a-z]{4}(-[0-9a-z]{4}){3}$/);
        expect(file).toContain(code);
      }
      expect(file).toContain(username);
      await waitForPath(page, '/');
      await new NavBar(page).waitForLink('Dashboard');
      const firstToken = await tokenIn(page);
      expect(firstToken).toBeTruthy();

      // Another browser, password forgotten.
      const other = await world.newPage({ width, height: 844, bypassCSP: true });
      const otherAuth = new AuthPage(other);
      await otherAuth.openLogin();
      await otherAuth.username.fill(username);
      await other.getByRole('link', { name: 'Forgot password?' }).click();
      await waitForPath(other, '/recover');
      const form = other.getByRole('form', { name: 'Recover account' });
      // The name typed on the sign-in form comes along.
      expect(await form.getByLabel('Username', { exact: true }).inputValue()).toBe(username);
      await form.getByLabel('Recovery code', { exact: true }).fill('zzzz-zzzz-zzzz-zzzz');
      await form.getByLabel('New password', { exact: true }).fill('a-brand-new-pass-8');
      await expectFits(other, `recover-${width}`);
      await form.getByRole('button', { name: 'Set new password' }).click();
      expect(await form.getByRole('alert').innerText()).toMatch(/recovery code/i);

      await form.getByLabel('Recovery code', { exact: true }).fill(codes[4]!.toUpperCase());
      await form.getByRole('button', { name: 'Set new password' }).click();
      await waitForPath(other, '/profile');
      const profile = new ProfilePage(other);
      await profile.waitUntilShown();
      await profile.handleLink(username).waitFor();
      const left = other.getByTestId('recovery-codes-left');
      await left.filter({ hasText: '9 of 10' }).waitFor();
      await expectFits(other, `profile-security-${width}`);

      // The first browser's session ended with the recovery.
      const stale = await call(world.server, 'GET', '/api/user/stats', { token: firstToken! });
      expect(stale.status).toBe(401);
      // The new password signs in; the code is spent.
      const signIn = await call(world.server, 'POST', '/auth/login', {
        body: { username, password: 'a-brand-new-pass-8' },
      });
      expect(signIn.status).toBe(200);
      const again = await call(world.server, 'POST', '/auth/recover', {
        body: { username, code: codes[4], newPassword: 'another-pass-9x' },
      });
      expect(again.status).toBe(401);
    },
  );

  it('turns on two-factor sign-in from the profile; signing in then asks for the code', async () => {
    const user = await world.user();
    const page = await openSignedIn(world, user, { width: 390, height: 844, bypassCSP: true });
    const profile = new ProfilePage(page);
    await profile.open();
    const section = page.getByRole('region', { name: 'Account recovery' });
    await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const secret = (await section.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectFits(page, 'totp-setup-390');
    const field = section.getByLabel('Code from the app', { exact: true });
    // A wrong code: none of the codes of the three steps the server takes.
    const now = Math.floor(Date.now() / 1000);
    const valid = await Promise.all([-30, 0, 30].map((d) => generate({ secret, epoch: now + d })));
    await field.fill(['000000', '111111', '222222', '333333'].find((c) => !valid.includes(c))!);
    await section.getByRole('button', { name: 'Turn on' }).click();
    await section.getByText('That code is not right').waitFor();
    await field.fill(await generate({ secret }));
    await section.getByRole('button', { name: 'Turn on' }).click();
    await section.getByText('On: signing in asks for a code from your app.').waitFor();

    const other = await world.newPage();
    const auth = new AuthPage(other);
    await auth.openLogin();
    await auth.signIn(user.username, user.password);
    const code = other.getByLabel('Two-factor code', { exact: true });
    await code.waitFor();
    expect(await auth.errorText()).toMatch(/authenticator app/i);
    // The code that turned it on is spent; the next step's is within the tolerance.
    await code.fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await auth.signInButton.click();
    await waitForPath(other, '/');
    await new NavBar(other).waitForLink('Dashboard');
  });

  it("gives an admin a one-time reset link that sets the user's password", async () => {
    const [admin, user] = [await world.admin(), await world.user()];
    const page = await openSignedIn(world, admin);
    const adminPage = new AdminPage(page);
    await adminPage.open();
    await adminPage.userRow(user.username);
    await adminPage.selectedUser.selectOption(user.username);
    await adminPage.userManagement
      .getByRole('button', { name: `Reset link for ${user.username}` })
      .click();
    const link = new URL(await adminPage.userManagement.getByTestId('reset-link').innerText());
    expect(link.pathname).toMatch(/^\/reset\/[\w-]{40,}$/);

    const phone = await world.newPage({ width: 390, height: 844, bypassCSP: true });
    await openDocument(phone, link.pathname);
    const form = phone.getByRole('form', { name: 'Reset password' });
    await form.getByLabel('New password', { exact: true }).fill('from-the-admin-7');
    await expectFits(phone, 'reset-390');
    await form.getByRole('button', { name: 'Set new password' }).click();
    await waitForPath(phone, '/profile');
    await new ProfilePage(phone).handleLink(user.username).waitFor();

    const later = await world.newPage();
    await openDocument(later, link.pathname);
    const again = later.getByRole('form', { name: 'Reset password' });
    await again.getByLabel('New password', { exact: true }).fill('second-go-pass-8');
    await again.getByRole('button', { name: 'Set new password' }).click();
    expect(await again.getByRole('alert').innerText()).toMatch(/used already/i);
  });
});
