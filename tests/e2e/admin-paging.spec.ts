import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '../../src/shared/api/common';
import { createBet } from '../../src/server/features/bets/builders';
import { registerUser } from '../../src/server/testing/harness';
import { signInAs, startWorld, type World } from './support/world';
import { AdminPage } from './pages/AdminPage';

let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await world?.close();
});

/** Runs `make` for 0..count-1, a few at a time. */
async function inBatches(
  count: number,
  make: (i: number) => Promise<unknown>,
  size = 8,
): Promise<void> {
  for (let start = 0; start < count; start += size) {
    await Promise.all(
      Array.from({ length: Math.min(size, count - start) }, (_, k) => make(start + k)),
    );
  }
}

describe('admin lists, a page at a time', () => {
  it('searches users by name and loads the next page with Show more', async () => {
    const admin = await world.admin();
    const prefix = `pg${randomBytes(3).toString('hex')}`;
    const count = PAGE_SIZE + 2;
    await inBatches(count, (i) =>
      registerUser(world.server, `${prefix}_${String(i).padStart(2, '0')}`),
    );

    const page = await world.newPage({ width: 390, height: 844 });
    await signInAs(page, world.server, admin);
    const adminPage = new AdminPage(page);
    await adminPage.open();

    // Full width on a phone: as wide as the section's other fields.
    const search = adminPage.searchInput;
    expect(await search.getAttribute('type')).toBe('search');
    expect(await search.getAttribute('placeholder')).toBe('Search by name');
    const [searchBox, selectBox] = await Promise.all([
      search.boundingBox(),
      adminPage.selectedUser.boundingBox(),
    ]);
    expect(searchBox?.width).toBeGreaterThan(250);
    expect(Math.abs((searchBox?.width ?? 0) - (selectBox?.width ?? 0))).toBeLessThan(2);

    // Case-insensitive: the search's first page starts with the first of these names.
    await search.fill(prefix.toUpperCase());
    const list = adminPage.userManagement.getByRole('list', { name: 'All users', exact: true });
    await list.and(page.locator(':not([aria-busy])')).waitFor();
    await adminPage.users
      .first()
      .filter({ hasText: `${prefix}_00` })
      .waitFor();
    const showMore = adminPage.userManagement.getByRole('button', {
      name: 'Show more',
      exact: true,
    });
    await showMore.waitFor();
    expect(await adminPage.users.count()).toBe(PAGE_SIZE);
    expect(await adminPage.users.first().innerText()).toContain(`${prefix}_00`);
    await showMore.click();
    await adminPage.users.nth(count - 1).waitFor();
    expect(await adminPage.users.count()).toBe(count);
    await showMore.waitFor({ state: 'detached' });
    expect(await adminPage.users.last().innerText()).toContain(`${prefix}_${count - 1}`);

    await search.fill(`${prefix}_zz`);
    await adminPage.userManagement
      .getByText(`No users match "${prefix}_zz".`, { exact: true })
      .waitFor();
    expect(await adminPage.users.count()).toBe(0);

    // The page object finds a user by searching for them.
    expect(await adminPage.userSummary(`${prefix}_07`)).toMatch(/\buser · active · 🪙 1,000$/);
  }, 120_000);

  it('pages bets and logs with Show more', async () => {
    const admin = await world.admin();
    const tag = randomBytes(3).toString('hex');
    const count = PAGE_SIZE + 1;
    // Each creation is logged too, so this fills a page of logs as well.
    await inBatches(count, (i) => createBet(world.server, admin, undefined, `Paged ${tag} ${i}`));

    const page = await world.newPage();
    await signInAs(page, world.server, admin);
    const adminPage = new AdminPage(page);
    await adminPage.open();

    const moreBets = adminPage.betManagement.getByRole('button', {
      name: 'Show more',
      exact: true,
    });
    await moreBets.waitFor();
    expect(await adminPage.adminBets.count()).toBe(PAGE_SIZE);
    await moreBets.click();
    await adminPage.adminBets.nth(PAGE_SIZE).waitFor();
    expect(await adminPage.adminBets.count()).toBeGreaterThan(PAGE_SIZE);

    await adminPage.showLogs();
    const moreLogs = adminPage.logsSection.getByRole('button', { name: 'Show more', exact: true });
    await moreLogs.waitFor();
    expect(await adminPage.logEntries.count()).toBe(PAGE_SIZE);
    await moreLogs.click();
    await adminPage.logEntries.nth(PAGE_SIZE).waitFor();
    expect(await adminPage.logEntries.count()).toBeGreaterThan(PAGE_SIZE);
  }, 120_000);
});
