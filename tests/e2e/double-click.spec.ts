import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { giveItem, insertItem } from '../../src/server/features/store/builders';
import { balanceOf, call } from '../../src/server/testing/harness';
import { openSignedIn, startWorld, type World } from './support/world';
import { DashboardPage } from './pages/DashboardPage';
import { TradeCenter } from './pages/TradeCenter';
import { AchievementsPage, TasksPage } from './pages/TasksPage';
import { Toasts } from './pages/Toasts';

/**
 * Issue 33 item 9: a double click on an action button sends one request, so the player sees the
 * action's one success toast and no refusal of the second click (or no toast at all).
 */

let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await world?.close();
});

const stamp = () => Date.now().toString(36);

/** Double-clicks, waits for the success toast, then gives a refused second request time to show. */
async function doubleClickOnce(page: Page, button: Locator, success: string): Promise<string[]> {
  await button.dblclick();
  await new Toasts(page).waitFor(success);
  await page.waitForTimeout(1_500);
  return page.evaluate(() => (window as unknown as { __toastsSeen?: string[] }).__toastsSeen ?? []);
}

async function dashboardOf(user: {
  token: string;
  id: number;
  username: string;
  password: string;
}) {
  const page = await openSignedIn(world, user);
  await new DashboardPage(page).open();
  return { page, trades: new TradeCenter(page) };
}

describe('one request per click', () => {
  it("a trade's Accept and Finalize", async () => {
    const [alice, bob] = [await world.user(), await world.user()];
    const item = await insertItem(world.server.db, { name: `Twice gem ${stamp()}`, emoji: '💎' });
    await giveItem(world.server.db, alice.id, item.id, 1);
    const offered = await call(world.server, 'POST', '/api/trades/request', {
      token: alice.token,
      body: { toUsername: bob.username, fromItems: [{ itemId: String(item.id), quantity: 1 }] },
    });
    expect(offered.status).toBe(201);

    const b = await dashboardOf(bob);
    const incoming = await b.trades.trade('incoming', alice.username, 'pending');
    const accepted = `Trade accepted; ${alice.username} can now finalize it`;
    expect(await doubleClickOnce(b.page, b.trades.button(incoming, 'Accept'), accepted)).toEqual([
      accepted,
    ]);
    expect(await b.trades.banner.count()).toBe(0);

    const a = await dashboardOf(alice);
    const responded = await a.trades.trade('outgoing', bob.username, 'responded');
    const swapped = 'Trade complete: items swapped';
    expect(await doubleClickOnce(a.page, a.trades.button(responded, 'Finalize'), swapped)).toEqual([
      swapped,
    ]);
    expect(await a.trades.banner.count()).toBe(0);
  });

  it("a task's Complete and an achievement's Claim, each paid once", async () => {
    const admin = await world.admin();
    const [taskTitle, achTitle] = [`Twice task ${stamp()}`, `Twice feat ${stamp()}`];
    const task = await call(world.server, 'POST', '/api/tasks/create', {
      token: admin.token,
      body: {
        title: taskTitle,
        description: 'Sign in',
        reward: 40,
        type: 'daily',
        goalType: 'logins',
        goalAmount: 1,
      },
    });
    expect(task.status).toBe(201);
    const feat = await call(world.server, 'POST', '/api/achievements/create', {
      token: admin.token,
      body: {
        title: achTitle,
        description: 'Sign in',
        criteria: 'logins',
        threshold: 1,
        reward: 25,
      },
    });
    expect(feat.status).toBe(201);
    const user = await world.user();

    const page = await openSignedIn(world, user);
    const tasks = new TasksPage(page);
    await tasks.open();
    const completed = `Completed "${taskTitle}"! +40 coins`;
    expect(await doubleClickOnce(page, tasks.complete(taskTitle), completed)).toEqual([completed]);
    expect(await balanceOf(world.server, user.id)).toBe(1040);

    const claimPage = await openSignedIn(world, user);
    const achievements = new AchievementsPage(claimPage);
    await achievements.open();
    const claimed = `Claimed "${achTitle}"! +25 coins`;
    expect(await doubleClickOnce(claimPage, achievements.claim(achTitle), claimed)).toEqual([
      claimed,
    ]);
    expect(await balanceOf(world.server, user.id)).toBe(1065);
  });
});
