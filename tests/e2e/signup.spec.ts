import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RegistrationMode } from '../../src/shared/api/signup';
import { uniqueName } from '../../src/server/testing/harness';
import { callRoute } from '../../src/server/testing/callRoute';
import { startWorld, type World } from './support/world';
import { openDocument, waitForPath } from './support/helpers';
import { AuthPage } from './pages/AuthPage';

/** The register page under each REGISTRATION_MODE (issue 39), read from GET /api/config. */
let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await world?.close();
});

async function openRegister(mode: RegistrationMode): Promise<Page> {
  world.server.deps.config.registrationMode = mode;
  const page = await world.newPage();
  await openDocument(page, '/register');
  await page.locator('#prerendered').waitFor({ state: 'detached' });
  return page;
}

describe('the register page in each registration mode', () => {
  afterEach(() => {
    world.server.deps.config.registrationMode = 'open';
  });

  it('closed: says so instead of the form', async () => {
    const page = await openRegister('closed');
    await page.getByRole('heading', { name: 'Registration is closed' }).waitFor();
    expect(await page.getByRole('button', { name: 'Register', exact: true }).count()).toBe(0);
  });

  it('invite: asks for the code (filled from ?invite=) and registers with it', async () => {
    const admin = await world.admin();
    const invite = await callRoute(world.server, 'POST /api/admin/invites', {
      token: admin.token,
      body: { maxUses: 1 },
    });
    world.server.deps.config.registrationMode = 'invite';
    const page = await world.newPage();
    await openDocument(page, `/register?invite=${invite.body.code}`);
    await page.locator('#prerendered').waitFor({ state: 'detached' });
    const auth = new AuthPage(page);
    const code = page.getByLabel('Invite code', { exact: true });
    await code.waitFor();
    expect(await code.inputValue()).toBe(invite.body.code);
    await auth.username.fill(uniqueName('inv'));
    await auth.password.fill('correct-horse-9');
    await auth.registerButton.click();
    // The recovery codes, shown once after registering, then on.
    await page.getByRole('button', { name: 'I saved them, continue' }).click();
    await waitForPath(page, '/');
    // The code is used up: the next registration with it is told so.
    const next = await world.newPage();
    await openDocument(next, `/register?invite=${invite.body.code}`);
    await next.locator('#prerendered').waitFor({ state: 'detached' });
    const again = new AuthPage(next);
    await next.getByLabel('Invite code', { exact: true }).waitFor();
    await again.username.fill(uniqueName('inv'));
    await again.password.fill('correct-horse-9');
    await again.registerButton.click();
    await again.error.filter({ hasText: 'used up' }).waitFor();
  });

  it('approval: registers without signing in and says the account waits', async () => {
    const page = await openRegister('approval');
    await page.getByText('New accounts here wait for an admin’s approval').waitFor();
    const auth = new AuthPage(page);
    await auth.username.fill(uniqueName('wait'));
    await auth.password.fill('correct-horse-9');
    await auth.registerButton.click();
    await page.getByRole('heading', { name: 'Almost there' }).waitFor();
    await page.getByText(/waiting for approval by an admin/).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});
