import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { uniqueName, type TestUser } from '../../src/server/testing/harness';
import { callRoute } from '../../src/server/testing/callRoute';
import { openSignedIn, startWorld, type World } from './support/world';
import { phoneReport } from './support/phone';
import { AdminPage } from './pages/AdminPage';
import { CommunityPage } from './pages/CommunityPages';
import { Toasts } from './pages/Toasts';

/**
 * Reports in the browser (issue 39): a player reports a community post from its Report button,
 * a moderator hands it to the admins from the community's Reports tab, and an admin resolves it
 * in the admin panel; the reporter is told. At 1280 px and on a 390 px phone.
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
  const size = { width, height: width < 500 ? 844 : 800 };
  const [owner, author, reporter] = [await world.user(), await world.user(), await world.user()];
  const admin = await world.admin();
  const slug = uniqueName('r').toLowerCase();
  const made = await callRoute(world.server, 'POST /api/communities', {
    token: owner.token,
    body: { slug, name: `Reported ${slug}` },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  for (const u of [author, reporter])
    expect(
      (
        await callRoute(world.server, 'POST /api/communities/:slug/join', {
          token: u.token,
          params: { slug },
        })
      ).status,
    ).toBe(200);
  const text = `Cheap coins at example.com ${slug}`;
  expect(
    (
      await callRoute(world.server, 'POST /api/communities/:slug/posts', {
        token: author.token,
        params: { slug },
        body: { body: text },
      })
    ).status,
  ).toBe(201);

  // The reporter: the post's Report button, the dialog, the toast.
  const page = await openSignedIn(world, reporter, { ...size, bypassCSP: true });
  const view = new CommunityPage(page);
  await view.open(slug);
  const post = view.postWith(text);
  await post.getByRole('button', { name: 'Report this post' }).click();
  const dialog = page.getByRole('dialog', { name: /^Report “Cheap coins/ });
  await dialog.waitFor();
  await dialog.getByLabel('Reason').selectOption('spam');
  await dialog.getByLabel('Details (optional)').fill('Advertising a coin shop');
  await check?.(page, 'report dialog');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await new Toasts(page).waitFor("Thank you: the community's moderators will look at it");
  await dialog.waitFor({ state: 'detached' });

  // The owner moderates: the Reports tab shows it; they hand it to the admins.
  const modPage = await openSignedIn(world, owner, { ...size, bypassCSP: true });
  const modView = new CommunityPage(modPage);
  await modView.open(slug, 'reports');
  const card = modPage.getByTestId('report').filter({ hasText: 'Cheap coins' });
  await card.waitFor();
  await check?.(modPage, 'community reports tab');
  await card.getByRole('button', { name: 'To admins' }).click();
  await new Toasts(modPage).waitFor('Handed on to the site admins');

  // The admin resolves it in the admin panel.
  const adminPage = await openSignedIn(world, admin, { ...size, bypassCSP: true });
  await new AdminPage(adminPage).open();
  const queue = adminPage.getByRole('region', { name: 'Reports', exact: true });
  const adminCard = queue.getByTestId('report').filter({ hasText: text });
  await adminCard.waitFor();
  await adminCard.getByLabel('Action taken').selectOption('content_removed');
  await adminCard.getByLabel('Note').fill('Removed the advert');
  await check?.(adminPage, 'admin reports');
  await adminCard.getByRole('button', { name: 'Resolve' }).click();
  await new Toasts(adminPage).waitFor('Report resolved: the reporter is told');
  await queue.getByLabel('Status').selectOption('resolved');
  await queue
    .getByTestId('report')
    .filter({ hasText: text })
    .filter({ hasText: 'Removed the advert' })
    .waitFor();

  await expectToldOnce(reporter);
}

async function expectToldOnce(reporter: TestUser): Promise<void> {
  await world.server.deps.events.flush();
  const rows = await world.server.db.rows<{ body: string }>(
    sql`select body from notifications where user_id = ${reporter.id} and kind = 'report_resolved'`,
  );
  expect(rows.map((r) => r.body)).toEqual(['The content was removed. Thank you for reporting it.']);
}

describe('reports at 1280 px', () => {
  it('a player reports a post, a moderator hands it on, an admin resolves it and the reporter is told', async () => {
    await walk(1280, null);
  });
});

describe('reports on a 390 px phone', () => {
  it('the same walk fits with no sideways scroll and no serious axe finding', async () => {
    const { report, check } = phoneReport(390, 'reports-390');
    await walk(390, check);
    expect(report).toEqual({});
  });
});
