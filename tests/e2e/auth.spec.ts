import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, uniqueName } from '../../src/server/testing/harness';
import { signInAs, startWorld, type World } from './support/world';
import { describedText, openDocument, pathOf, waitForPath } from './support/helpers';
import { AuthPage } from './pages/AuthPage';
import { NavBar } from './pages/NavBar';
import { ProfilePage } from './pages/ProfilePage';
import { DashboardPage } from './pages/DashboardPage';

let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await world?.close();
});

/** What the server itself says for these credentials, so the UI can be held to showing it. */
async function serverLoginMessage(username: string, password: string): Promise<string> {
  const res = await call<{ message: string }>(world.server, 'POST', '/auth/login', {
    body: { username, password },
  });
  expect(res.status).toBeGreaterThanOrEqual(400);
  return res.body.message;
}

describe('register, sign out, sign in', () => {
  it('registers through the form, lands on / with 1,000 coins, peaces out and signs in again', async () => {
    const page = await world.newPage();
    const auth = new AuthPage(page);
    const nav = new NavBar(page);
    const username = uniqueName('reg');
    const password = 'correct-horse-9';

    await auth.openRegister();
    await nav.waitForLink('Login');
    await auth.register(username, password);
    expect((await auth.saveRecoveryCodes()).codes).toHaveLength(10);

    await waitForPath(page, '/');
    await nav.waitForLink('Dashboard');
    expect(await nav.balance('1,000')).toBe('1,000');
    const signedIn = await nav.linkNames();
    expect(signedIn).toEqual(
      expect.arrayContaining(['Home', 'Rules', 'Dashboard', 'My Profile', 'Leaderboard']),
    );
    expect(signedIn).not.toContain('Login');
    expect(signedIn).not.toContain('Admin');

    await nav.goTo('My Profile');
    await waitForPath(page, '/profile');
    const profile = new ProfilePage(page);
    await profile.waitUntilShown();
    await profile.peaceOut();

    await waitForPath(page, '/');
    await nav.waitForLink('Login');
    expect(await nav.link('Dashboard').count()).toBe(0);
    expect(await nav.balanceChip.count()).toBe(0);
    expect(
      await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')]),
    ).toEqual([null, null]);

    await nav.goTo('Login');
    await waitForPath(page, '/login');
    await auth.signIn(username, password);
    await waitForPath(page, '/');
    await nav.waitForLink('Dashboard');
    expect(await nav.balance()).toBe('1,000');
  });

  it('returns to the guarded page after a detour through the register form', async () => {
    const page = await world.newPage();
    const auth = new AuthPage(page);

    await openDocument(page, '/profile');
    await waitForPath(page, '/login');
    await auth.switchToRegister();
    expect(pathOf(page)).toBe('/register');
    const username = uniqueName('det');
    await auth.register(username, 'correct-horse-9');
    await auth.saveRecoveryCodes();

    await waitForPath(page, '/profile');
    const profile = new ProfilePage(page);
    await profile.waitUntilShown();
    await profile.handleLink(username).waitFor();
    expect(await profile.role.innerText()).toBe('user');
  });

  it('shows the server message when registering a taken username', async () => {
    const existing = await world.user();
    const page = await world.newPage();
    const auth = new AuthPage(page);

    await auth.openRegister();
    await auth.register(existing.username, 'another-pass-1');
    const message = await auth.errorText();
    expect(message).toMatch(/taken/i);
    expect(pathOf(page)).toBe('/register');
  });
});

describe('form problems in player words', () => {
  it('explains a refused username in a sentence and marks the username field', async () => {
    const res = await call<{ message: string; details: { field: string }[] }>(
      world.server,
      'POST',
      '/auth/register',
      {
        body: { username: 'ab', password: 'correct-horse-9' },
      },
    );
    expect(res.status).toBe(400);
    expect(res.body.details[0]?.field).toBe('username');
    const page = await world.newPage();
    const auth = new AuthPage(page);

    await auth.openRegister();
    await auth.register('ab', 'correct-horse-9');
    expect(await auth.errorText()).toBe('Usernames need at least 3 characters.');
    expect(await auth.username.getAttribute('aria-invalid')).toBe('true');
    expect(await describedText(auth.username)).toBe('Usernames need at least 3 characters.');
    expect(await auth.password.getAttribute('aria-invalid')).toBeNull();

    // Sign-in with nothing typed: the server's 'username is required' becomes a request.
    await auth.switchToLogin();
    await auth.signIn('', 'whatever-it-is');
    expect(await auth.errorText()).toBe('Enter your username.');
    expect(await auth.username.getAttribute('aria-invalid')).toBe('true');
  });

  it('states the rules under the register fields before any attempt and drops a refusal once its field changes', async () => {
    const existing = await world.user();
    const page = await world.newPage();
    const auth = new AuthPage(page);

    await auth.openRegister();
    expect(await describedText(auth.username)).toBe('3-20 letters, digits, _ and -');
    expect(await describedText(auth.password)).toBe('8-128 characters');
    await auth.register(existing.username, 'another-pass-1');
    expect(await auth.errorText()).toBe('That username is already taken');
    await auth.username.pressSequentially('x');
    await auth.error.waitFor({ state: 'detached' });
    expect(await describedText(auth.username)).toBe('3-20 letters, digits, _ and -');

    // A refused password stays while the username changes, and goes once the password does.
    await auth.register(uniqueName('new'), 'short');
    const refused = await auth.errorText();
    expect(await auth.password.getAttribute('aria-invalid')).toBe('true');
    await auth.username.pressSequentially('y');
    expect(await auth.errorText()).toBe(refused);
    await auth.password.pressSequentially('9');
    await auth.error.waitFor({ state: 'detached' });
    expect(await auth.password.getAttribute('aria-invalid')).toBeNull();

    // Signing in has no rules to state.
    await auth.switchToLogin();
    expect(await describedText(auth.username)).toBeNull();
    expect(await describedText(auth.password)).toBeNull();
  });

  it('keeps the typed username when switching between login and register', async () => {
    const page = await world.newPage();
    const auth = new AuthPage(page);

    await auth.openLogin();
    await auth.username.fill('carried-over');
    await auth.switchToRegister();
    expect(await auth.username.inputValue()).toBe('carried-over');
    await auth.username.fill('carried-back');
    await auth.switchToLogin();
    expect(await auth.username.inputValue()).toBe('carried-back');
    expect(await auth.password.inputValue()).toBe('');
  });
});

describe('sign in', () => {
  it('sends a signed-out visitor of /dashboard to /login and back to /dashboard after signing in', async () => {
    const user = await world.user();
    const page = await world.newPage();
    const auth = new AuthPage(page);

    await openDocument(page, '/dashboard');
    await waitForPath(page, '/login');
    await auth.signIn(user.username, user.password);

    await waitForPath(page, '/dashboard');
    const dashboard = new DashboardPage(page);
    await dashboard.waitUntilShown();
    await dashboard.greeting(user.username).waitFor();
    expect(await dashboard.balance()).toBe('1,000');
  });

  it('shows the server message in the red box for a wrong password and stays on /login', async () => {
    const user = await world.user();
    const expected = await serverLoginMessage(user.username, 'not-the-password');
    const page = await world.newPage();
    const auth = new AuthPage(page);

    await auth.openLogin();
    await auth.signIn(user.username, 'not-the-password');

    const message = await auth.errorText();
    expect(message).toBe(expected);
    expect(message).not.toBe('Something went wrong');
    expect(await auth.error.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(
      'rgba(0, 0, 0, 0)',
    );
    expect(pathOf(page)).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // The mode-switch links go both ways and the form still works afterwards.
    await auth.switchToRegister();
    await auth.switchToLogin();
    await auth.signIn(user.username, user.password);
    await waitForPath(page, '/');
    await new NavBar(page).waitForLink('Dashboard');
  });
});

describe('route guards', () => {
  it('sends a signed-in non-admin away from /admin to /', async () => {
    const user = await world.user();
    const page = await world.newPage();
    await signInAs(page, world.server, user);

    await openDocument(page, '/admin');
    await waitForPath(page, '/');
    const nav = new NavBar(page);
    await nav.waitForLink('Dashboard');
    expect(await nav.link('Admin').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Admin Panel' }).count()).toBe(0);
  });

  it('sends a signed-out visitor of /profile to /login', async () => {
    const page = await world.newPage();
    await openDocument(page, '/profile');
    await waitForPath(page, '/login');
    await new AuthPage(page).signInButton.waitFor();
    expect(await page.getByRole('heading', { name: 'Vibe Zone' }).count()).toBe(0);
  });
});
