import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, uniqueName } from '../../src/server/testing/harness';
import { signInAs, startWorld, type World } from './support/world';
import { describedText, pathOf, textWithEmoji, waitForPath, writePng } from './support/helpers';
import { AuthPage } from './pages/AuthPage';
import { NavBar } from './pages/NavBar';
import { ProfilePage } from './pages/ProfilePage';
import { Toasts } from './pages/Toasts';

let world: World;
let png: Awaited<ReturnType<typeof writePng>>;

beforeAll(async () => {
  [world, png] = await Promise.all([startWorld(), writePng(64, 48)]);
});

afterAll(async () => {
  png?.remove();
  await world?.close();
});

describe('own profile', () => {
  it('shows the handle, role and balance of the signed-in user', async () => {
    const user = await world.user();
    const page = await world.newPage();
    await signInAs(page, world.server, user);
    const profile = new ProfilePage(page);

    await profile.open();
    const handle = profile.handleLink(user.username);
    await handle.waitFor();
    expect(await handle.getAttribute('href')).toBe(`/profile/${user.username}`);
    expect(await profile.role.innerText()).toBe('user');
    expect(await profile.balance.innerText()).toMatch(/(?<![\d,])1,000$/);
    await page.getByRole('heading', { name: 'Glow Up Mode' }).waitFor();
  });

  it('uploads a picture and renames the user; the avatar is served as WebP and survives a reload', async () => {
    const user = await world.user();
    const page = await world.newPage();
    await signInAs(page, world.server, user);
    const profile = new ProfilePage(page);
    const toasts = new Toasts(page);
    const renamed = uniqueName('pic');

    await profile.open();
    await profile.choosePicture(png.file);
    await profile.setUsername(renamed);
    await profile.save();

    expect(await toasts.waitFor('Profile updated!')).toBe('Profile updated!');
    await profile.handleLink(renamed).waitFor();
    expect(await profile.usernameInput.inputValue()).toBe(renamed);
    // The chosen file is cleared after saving.
    await profile.picturePreview.waitFor({ state: 'detached' });

    const avatar = await profile.loadedAvatar(renamed);
    expect(avatar.src).toMatch(/^\/uploads\/[\w-]+\.webp$/);
    expect(avatar.naturalWidth).toBeGreaterThan(0);
    const served = await fetch(world.server.url + avatar.src);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/image\/webp/);

    // The new name is the user's public name now, and the change is not just local state.
    await page.reload();
    await profile.waitUntilShown();
    await profile.handleLink(renamed).waitFor();
    expect((await profile.loadedAvatar(renamed)).src).toBe(avatar.src);
    expect((await call(world.server, 'GET', `/api/user/public/${user.username}`)).status).toBe(404);
    expect((await call(world.server, 'GET', `/api/user/public/${renamed}`)).status).toBe(200);
  });

  it('refuses a file that is not a picture with a message, and shows no broken preview', async () => {
    const user = await world.user();
    const page = await world.newPage();
    await signInAs(page, world.server, user);
    const profile = new ProfilePage(page);

    await profile.open();
    await profile.pictureInput.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a picture'),
    });
    const message = 'Choose a PNG, JPEG, WebP or GIF picture.';
    await page.getByText(message, { exact: true }).waitFor();
    expect(await profile.pictureInput.getAttribute('aria-invalid')).toBe('true');
    expect(await describedText(profile.pictureInput)).toBe(message);
    expect(await profile.picturePreview.count()).toBe(0);
    expect(
      await profile.pictureInput.evaluate((input: HTMLInputElement) => input.files?.length ?? 0),
    ).toBe(0);

    // A real picture afterwards is fine again.
    await profile.choosePicture(png.file);
    expect(await profile.pictureInput.getAttribute('aria-invalid')).toBeNull();
    expect(await page.getByText(message, { exact: true }).count()).toBe(0);
  });

  it('rates passwords weak, medium and strong as they are typed', async () => {
    const user = await world.user();
    const page = await world.newPage();
    await signInAs(page, world.server, user);
    const profile = new ProfilePage(page);

    await profile.open();
    expect(await profile.strengthMeter.count()).toBe(0);
    expect(await profile.strengthOf('abc')).toBe('weak');
    expect(await profile.strengthOf('abcdefgh')).toBe('medium');
    expect(await profile.strengthOf('Abcdefgh1234!')).toBe('strong');
    expect(await profile.strengthOf('abcdefgh1234')).toBe('medium');
    await profile.clearPassword();
    expect(await profile.strengthMeter.count()).toBe(0);
  });

  it('asks for the current password only once a new one is typed, and refuses a wrong one', async () => {
    const user = await world.user();
    const page = await world.newPage();
    await signInAs(page, world.server, user);
    const profile = new ProfilePage(page);
    const toasts = new Toasts(page);

    await profile.open();
    await profile.sessionExpiry.waitFor();
    expect(await profile.sessionExpiry.textContent()).toMatch(/until .*30 days/);
    expect(await profile.currentPasswordInput.count()).toBe(0);
    await profile.passwordInput.fill('a-brand-new-pass-1');
    await profile.currentPasswordInput.fill('not-my-password');
    await profile.saveButton.click();
    await page.getByText('That is not your current password.').first().waitFor();
    expect(await profile.currentPasswordInput.getAttribute('aria-invalid')).toBe('true');

    await profile.currentPasswordInput.fill(user.password);
    await profile.saveButton.click();
    await toasts.waitFor('Profile updated!');
    const login = await fetch(`${world.server.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: user.username, password: 'a-brand-new-pass-1' }),
    });
    expect(login.status).toBe(200);
  });

  it('says so when there is nothing to save', async () => {
    const user = await world.user();
    const page = await world.newPage();
    await signInAs(page, world.server, user);
    const profile = new ProfilePage(page);

    await profile.open();
    await profile.save();
    expect(await new Toasts(page).waitFor('Nothing changed, nothing to save')).toBe(
      'Nothing changed, nothing to save',
    );
  });

  it('plays the joke toys: a compliment or roast and a ghost', async () => {
    const user = await world.user();
    const page = await world.newPage();
    await signInAs(page, world.server, user);
    const profile = new ProfilePage(page);

    await profile.open();
    expect(await profile.complimentOrRoast()).toMatch(/^(🔥 Roast|💖 Compliment): \S/);
    const ghost = await profile.summonGhost();
    expect(await textWithEmoji(ghost)).toBe('👻');
    const busy = page.getByRole('button', { name: 'Boo!' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    expect(await page.getByTestId('slot-reels').locator(':scope > *').count()).toBe(3);
  });
});

describe('nuke account', () => {
  it('refuses a wrong password, deletes with the right one, and the login is gone afterwards', async () => {
    const user = await world.user();
    const page = await world.newPage();
    await signInAs(page, world.server, user);
    const profile = new ProfilePage(page);
    const nav = new NavBar(page);

    await profile.open();
    await profile.openNukeDialog();
    await profile.cancelNuke();
    expect(await profile.nukeDialog.isVisible()).toBe(false);

    const wrong = await call<{ message: string }>(world.server, 'DELETE', '/api/user', {
      token: user.token,
      body: { password: 'definitely-wrong' },
    });
    expect(wrong.status).toBe(403);
    await profile.openNukeDialog();
    await profile.confirmNuke('definitely-wrong');
    const error = await profile.nukeError();
    expect(error).toBe(wrong.body.message);
    expect(error).toMatch(/password/i);
    expect(error).not.toBe('Account deletion failed');
    expect(pathOf(page)).toBe('/profile');
    // Still signed in and still existing.
    expect((await call(world.server, 'GET', '/api/user/stats', { token: user.token })).status).toBe(
      200,
    );

    await profile.confirmNuke(user.password);
    await waitForPath(page, '/');
    await nav.waitForLink('Login');
    expect(await new Toasts(page).waitFor('Account nuked. Farewell, legend.')).toBe(
      'Account nuked. Farewell, legend.',
    );
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    const auth = new AuthPage(page);
    await auth.openLogin();
    await auth.signIn(user.username, user.password);
    const refused = await auth.errorText();
    const server = await call<{ message: string }>(world.server, 'POST', '/auth/login', {
      body: { username: user.username, password: user.password },
    });
    expect(server.status).toBe(401);
    expect(refused).toBe(server.body.message);
    expect(pathOf(page)).toBe('/login');
  });
});
