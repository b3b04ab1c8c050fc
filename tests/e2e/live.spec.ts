import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../src/server/testing/harness';
import { signInAs, startWorld, type World } from './support/world';
import { openDocument } from './support/helpers';
import { DashboardPage } from './pages/DashboardPage';
import { BetsPage } from './pages/BetsPage';
import { TradeCenter } from './pages/TradeCenter';
import { giveItem, insertItem } from '../../src/server/features/store/builders';
import { createBet } from '../../src/server/features/bets/builders';
import type { Page } from 'playwright-core';

let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await world?.close();
});

/** Resolves once the page's live socket has its server hello: only then can a push be expected. */
function helloOn(page: Page): Promise<string> {
  return new Promise<string>((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"hello"')) resolve(new URL(socket.url()).pathname);
      });
    });
  });
}

describe('live updates', () => {
  it('shows coins sent by someone else at once, without a reload or a poll', async () => {
    const [user, friend] = await Promise.all([world.user(), world.user()]);
    const page = await world.newPage();
    // The socket counts as open once the server's hello arrives; only then can a push be expected.
    const hello = new Promise<string>((resolve) => {
      page.on('websocket', (socket) => {
        socket.on('framereceived', ({ payload }) => {
          if (String(payload).includes('"hello"')) resolve(new URL(socket.url()).pathname);
        });
      });
    });
    await signInAs(page, world.server, user);
    const dashboard = new DashboardPage(page);
    await openDocument(page, '/dashboard');
    await dashboard.waitUntilShown();
    expect(await dashboard.balance('1,000')).toBe('1,000');
    await page.evaluate(() => Object.assign(window, { stillTheSameDocument: true }));
    expect(await hello).toBe('/api/live');

    const sent = await call(world.server, 'POST', '/api/user/send-money', {
      token: friend.token,
      body: { recipientUsername: user.username, amount: 75 },
    });
    expect(sent.status).toBe(200);
    expect(await dashboard.balance('1,075')).toBe('1,075');
    expect(await page.evaluate(() => 'stillTheSameDocument' in window)).toBe(true);
  });

  it('shows a trade offered in another browser on the dashboard without a reload (no poll runs while the socket is up)', async () => {
    const [alice, bob] = await Promise.all([world.user(), world.user()]);
    const itemName = `Live gem ${Date.now().toString(36)}`;
    const item = await insertItem(world.server.db, { name: itemName, emoji: '💎' });
    await giveItem(world.server.db, alice.id, item.id, 1);
    const page = await world.newPage();
    const hello = helloOn(page);
    await signInAs(page, world.server, bob);
    await new DashboardPage(page).open();
    expect(await hello).toBe('/api/live');
    await page.evaluate(() => Object.assign(window, { stillTheSameDocument: true }));

    const offered = await call(world.server, 'POST', '/api/trades/request', {
      token: alice.token,
      body: { toUsername: bob.username, fromItems: [{ itemId: String(item.id), quantity: 1 }] },
    });
    expect(offered.status).toBe(201);
    const started = Date.now();
    const incoming = await new TradeCenter(page).trade('incoming', alice.username, 'pending');
    expect(await incoming.getByTestId('trade-from-items').innerText()).toContain(itemName);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await page.evaluate(() => 'stillTheSameDocument' in window)).toBe(true);
  });

  it("raises the vote count on another player's open /bets page within 2 s of a wager", async () => {
    const [admin, watcher, bettor] = await Promise.all([world.admin(), world.user(), world.user()]);
    const bet = await createBet(world.server, admin);
    const page = await world.newPage();
    const hello = helloOn(page);
    await signInAs(page, world.server, watcher);
    const bets = new BetsPage(page);
    await bets.open();
    expect(await hello).toBe('/api/live');
    expect(await bets.votes(bet.title, 'Yes')).toBe('0 bets');
    await page.evaluate(() => Object.assign(window, { stillTheSameDocument: true }));

    const placed = await call(world.server, 'POST', '/api/bets/predict', {
      token: bettor.token,
      body: { betId: bet._id, choice: 'Yes', amount: 5 },
    });
    expect(placed.status).toBe(200);
    const started = Date.now();
    await bets
      .option(bet.title, 'Yes')
      .getByTestId('option-votes')
      .filter({ hasText: /^1 bet$/ })
      .waitFor({ timeout: 2_000 });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await page.evaluate(() => 'stillTheSameDocument' in window)).toBe(true);
  });
});
