import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { CritterActionResponse } from '../../src/shared/games/virtualPet/contract';
import {
  call,
  expectLedgerBalanced,
  uniqueName,
  type TestUser,
} from '../../src/server/testing/harness';
import { grantPetCurrency } from '../../src/server/features/games/virtualPet/builders';
import { insertItem } from '../../src/server/features/store/builders';
import { openSignedIn, startWorld, type World } from './support/world';
import { describedText } from './support/helpers';
import { CasinoPage } from './pages/GamesPages';
import { DashboardPage } from './pages/DashboardPage';
import { BreedingPage } from './pages/PetPages';
import { StorePage } from './pages/StorePage';
import { Toasts } from './pages/Toasts';

let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await expectLedgerBalanced(world.server);
  await world?.close();
});

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

async function critterFor(
  user: TestUser,
  path: string,
  species: string,
): Promise<CritterActionResponse['critter']> {
  const res = await call<CritterActionResponse>(world.server, 'POST', path, {
    token: user.token,
    body: { species },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.critter;
}

describe('issue 33 leftovers', () => {
  it("turns Buy off with 'Not enough coins.' on an item above the balance, and leaves it on for one within it", async () => {
    const user = await world.user();
    const cheap = `Candle ${uniqueName()}`;
    const dear = `Castle ${uniqueName()}`;
    await insertItem(world.server.db, { name: cheap, price: 1000, stock: 3 });
    await insertItem(world.server.db, { name: dear, price: 1001, stock: 3 });
    const page = await openSignedIn(world, user);
    const store = new StorePage(page);
    await store.open();
    expect(await store.balance('1,000')).toBe('1,000');

    await expect.poll(() => store.buyButton(dear).isDisabled()).toBe(true);
    expect(await store.card(dear).getByTestId('store-item-short').innerText()).toBe(
      'Not enough coins.',
    );
    expect(await describedText(store.buyButton(dear))).toBe('Not enough coins.');
    expect(await store.buyButton(cheap).isDisabled()).toBe(false);
    expect(await store.card(cheap).getByTestId('store-item-short').count()).toBe(0);
  });

  it('clears the roulette bet error once the bet is fixed', async () => {
    const user = await world.user();
    const page = await openSignedIn(world, user);
    const casino = new CasinoPage(page);
    await casino.open();
    await casino.bet().fill('0');
    await casino.submit('Spin').click();
    await casino.panel().getByText('Enter a valid bet').waitFor();
    expect(await casino.bet().getAttribute('aria-invalid')).toBe('true');

    // Still invalid: the error stays.
    await casino.bet().fill('1.5');
    expect(await casino.bet().getAttribute('aria-invalid')).toBe('true');
    // Valid again: no error, before any new submit.
    await casino.bet().fill('5');
    await expect.poll(() => casino.bet().getAttribute('aria-invalid')).toBeNull();
    expect(await casino.panel().getByText('Enter a valid bet').count()).toBe(0);
    expect(await describedText(casino.bet())).toBeNull();
  });

  it("says a server's refusal of a coin flip once, beside the button, not in a toast as well", async () => {
    const user = await world.user();
    const page = await openSignedIn(world, user);
    const casino = new CasinoPage(page);
    const toasts = new Toasts(page);
    await casino.open();
    const seen = await toasts.trackMostAtOnce(/Insufficient balance/);
    await page.route('**/api/games/coin-flip', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Insufficient balance.', code: 'INSUFFICIENT_FUNDS' }),
      }),
    );
    await casino.tab('Coin Flip');
    await casino.bet().fill('10');
    await casino.submit('Flip').click();
    await expect.poll(() => casino.notice().innerText()).toBe('Insufficient balance.');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await seen()).toBe(0);
  });

  it("toasts 'alice sent you 50 coins' when another player sends coins, and nothing for the sender's own page", async () => {
    const [user, friend] = await Promise.all([world.user(), world.user()]);
    const page = await openSignedIn(world, user);
    // Listened for from here: the signed-in dashboard's socket, not the one of the page before.
    const hello = helloOn(page);
    const dashboard = new DashboardPage(page);
    await dashboard.open();
    await hello;
    const toasts = new Toasts(page);
    const seen = await toasts.trackMostAtOnce(/sent you/);

    const sent = await call(world.server, 'POST', '/api/user/send-money', {
      token: friend.token,
      body: { recipientUsername: user.username, amount: 50 },
    });
    expect(sent.status).toBe(200);
    const text = `${friend.username} sent you 50 coins`;
    expect(await toasts.waitFor(text)).toBe(text);
    expect(await dashboard.balance('1,050')).toBe('1,050');
    expect(await seen()).toBe(1);

    // A transfer the other way is the user's own news: no "sent you" toast for it.
    const back = await call(world.server, 'POST', '/api/user/send-money', {
      token: user.token,
      body: { recipientUsername: friend.username, amount: 1 },
    });
    expect(back.status).toBe(200);
    expect(await dashboard.balance('1,049')).toBe('1,049');
    expect(await seen()).toBe(1);
  });

  it('tells two critters of one species apart in the breeding pickers: level and id', async () => {
    const user = await world.user();
    await grantPetCurrency(world.server.db, user.id, 'pet_coins', 600);
    const first = await critterFor(user, '/api/shop/buy-pet', 'emberpup');
    const second = await critterFor(user, '/api/shop/buy-pet', 'emberpup');
    const page = await openSignedIn(world, user);
    const breeding = new BreedingPage(page);
    await breeding.open();
    // The pickers fill once the critters load: wait for them rather than read an empty list.
    const parents = async () => (await breeding.parentOptions('a')).filter((o) => o.value !== '');
    await expect
      .poll(async () => (await parents()).map((o) => o.value).sort())
      .toEqual([first._id, second._id].sort());
    const options = await parents();
    for (const o of options) expect(o.label).toMatch(new RegExp(`, level \\d+, #${o.value}$`));
    expect(new Set(options.map((o) => o.label)).size).toBe(2);
  });
});
