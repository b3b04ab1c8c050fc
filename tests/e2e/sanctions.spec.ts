import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../../src/server/testing/callRoute';
import { untilText } from '../../src/shared/sanctions';
import { openDocument } from './support/helpers';
import { phoneReport } from './support/phone';
import { openSignedIn, startWorld, type World } from './support/world';
import { AdminPage } from './pages/AdminPage';
import { Toasts } from './pages/Toasts';

/**
 * Sanctions in the browser (issue 39): an admin sanctions a player from the panel; the player
 * sees the banner on every page, is refused what the scope covers, and appeals once; the admin
 * answers in Appeals and the banner goes. A suspended player learns why at sign-in and appeals
 * from there. At 1280 px and on a 390 px phone.
 */
let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await world?.close();
});

type Check = ((page: Page, name: string) => Promise<void>) | null;

async function walk(width: number, check: Check): Promise<void> {
  const size = { width, height: width < 500 ? 844 : 800, bypassCSP: true };
  const [player, friend] = [await world.user(), await world.user()];
  const admin = await world.admin();

  // The admin: the Sanctions section's form.
  const adminPage = await openSignedIn(world, admin, size);
  await new AdminPage(adminPage).open();
  const section = adminPage.getByRole('region', { name: 'Sanctions', exact: true });
  const form = section.getByRole('form', { name: 'Sanction a player' });
  await form.getByLabel('Player', { exact: true }).fill(player.username);
  await form.getByLabel('Scope').selectOption('sending');
  await form.getByLabel('Reason (the player reads it)').fill('Feeding coins to a second account');
  await form.getByLabel('Hours').fill('48');
  await check?.(adminPage, 'admin sanction form');
  await form.getByRole('button', { name: 'Sanction' }).click();
  await section
    .getByTestId('admin-sanction')
    .filter({ hasText: player.username })
    .filter({ hasText: 'Feeding coins' })
    .waitFor();
  const listed = await callRoute(world.server, 'GET /api/admin/sanctions', {
    token: admin.token,
    query: { username: player.username },
  });
  const endsAt = listed.body.sanctions[0]?.endsAt ?? null;
  await new Toasts(adminPage).waitFor(`${player.username}: no sending ${untilText(endsAt)}`);

  // The player: the banner, the refusal, the appeal.
  const page = await openSignedIn(world, player, size);
  await openDocument(page, '/dashboard');
  const banner = page.getByTestId('sanction-banner');
  await banner.waitFor();
  expect(await banner.textContent()).toContain('Feeding coins to a second account');
  expect(await banner.textContent()).toMatch(/You may not use sending coins .* until .* UTC/);
  await check?.(page, 'dashboard with banner');
  const refused = await callRoute(world.server, 'POST /api/user/send-money', {
    token: player.token,
    body: { recipientUsername: friend.username, amount: 1 },
  });
  expect(refused.status).toBe(403);
  await banner.getByRole('link', { name: 'Appeal' }).click();
  await page.getByRole('heading', { name: 'Sanctions', exact: true }).waitFor();
  const appeal = page.getByRole('form', { name: 'Appeal' });
  await appeal.getByRole('button', { name: 'Send appeal' }).click();
  await appeal.getByText('Write why it should be lifted.').waitFor();
  await appeal
    .getByLabel('Why should it be lifted?')
    .fill('That was my brother, we share a computer');
  await check?.(page, 'sanctions page');
  await appeal.getByRole('button', { name: 'Send appeal' }).click();
  await page.getByText('Waiting for an admin to answer.').waitFor();

  // The admin answers in Appeals; the player's banner goes.
  await adminPage.reload();
  const appeals = adminPage.getByRole('region', { name: 'Appeals', exact: true });
  const card = appeals.getByTestId('admin-appeal').filter({ hasText: player.username });
  await card.waitFor();
  await card.getByLabel('Reply (the player reads it)').fill('Fair enough, lifted');
  await check?.(adminPage, 'admin appeals');
  await card.getByRole('button', { name: 'Lift sanction' }).click();
  await new Toasts(adminPage).waitFor(`Lifted: ${player.username} is told`);
  await page.reload();
  await page.getByText('No sanctions on your account. Keep it that way!').waitFor();
  expect(await page.getByTestId('sanction-banner').count()).toBe(0);
}

async function suspended(width: number, check: Check): Promise<void> {
  const size = { width, height: width < 500 ? 844 : 800, bypassCSP: true };
  const player = await world.user();
  const admin = await world.admin();
  const made = await callRoute(world.server, 'POST /api/admin/sanctions', {
    token: admin.token,
    body: { username: player.username, scope: 'all', reason: 'Threats in a community', hours: 72 },
  });
  expect(made.status).toBe(201);
  const page = await world.newPage(size);
  await openDocument(page, '/login');
  const signIn = page.getByRole('form', { name: 'Sign in' });
  await signIn.getByLabel('Username').fill(player.username);
  await signIn.getByLabel('Password', { exact: true }).fill(player.password);
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'This account is suspended until' });
  await notice.waitFor();
  expect(await notice.textContent()).toContain('Threats in a community');
  await page.getByLabel('Why should it be lifted?').fill('I was quoting a film');
  await check?.(page, 'suspended sign-in');
  await page.getByRole('button', { name: 'Send appeal' }).click();
  await page.getByText('Your appeal is sent: an admin will answer it').waitFor();
}

describe('sanctions at 1280 px', () => {
  it('an admin sanctions, the player sees why and appeals, the admin lifts it', async () => {
    await walk(1280, null);
  });
  it('a suspended player learns why at sign-in and appeals from there', async () => {
    await suspended(1280, null);
  });
});

describe('sanctions on a 390 px phone', () => {
  it('the same walks fit with no sideways scroll and no serious axe finding', async () => {
    const { report, check } = phoneReport(390, 'sanctions-390');
    await walk(390, check);
    await suspended(390, check);
    expect(report).toEqual({});
  });
});
