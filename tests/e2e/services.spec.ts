import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, call } from '../../src/server/testing/harness';
import { signInAs, startWorld, type World } from './support/world';
import { horizontalFit } from './support/helpers';
import { ServicesPage } from './pages/ServicesPage';
import { Toasts } from './pages/Toasts';
import type { Page } from 'playwright-core';

let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
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

describe('services between two browsers', () => {
  it('create, buy (second context), finalize and accept, with both balances; edit and delete refused after purchase', async () => {
    const [provider, buyer] = [await world.user(), await world.user()];
    const sellerTab = await world.newPage();
    await signInAs(sellerTab, world.server, provider);
    const seller = new ServicesPage(sellerTab);
    await seller.open();
    const title = `Portrait ${Date.now().toString(36)}`;
    await seller.create(title, 'A pencil portrait from your photo', '250');
    await new Toasts(sellerTab).waitFor('Service created');
    const mine = await seller.card(title);
    await seller.button(mine, 'Edit').waitFor();
    await seller.button(mine, 'Delete').waitFor();
    expect(await seller.button(mine, 'Buy').count()).toBe(0);

    const buyerTab = await world.newPage();
    await signInAs(buyerTab, world.server, buyer);
    const shopper = new ServicesPage(buyerTab);
    await shopper.open();
    const offer = await shopper.card(title);
    expect(await shopper.button(offer, 'Edit').count()).toBe(0);
    await shopper.button(offer, 'Buy').click();
    await new Toasts(buyerTab).waitFor('Purchase successful!');
    expect(await balanceOf(world.server, buyer.id)).toBe(750);

    // Edit and delete are refused once bought: the buttons go, and the server says no too.
    await seller.open();
    const bought = await seller.card(title);
    await seller.button(bought, 'Finalize').waitFor();
    expect(await seller.button(bought, 'Edit').count()).toBe(0);
    expect(await seller.button(bought, 'Delete').count()).toBe(0);
    const [row] = await world.server.db.rows<{ id: number }>(
      sql`select id from services where title = ${title}`,
    );
    const refused = await call(world.server, 'PUT', `/api/services/${row!.id}`, {
      token: provider.token,
      body: { price: 1 },
    });
    expect(refused.status).toBe(409);
    await seller.button(bought, 'Finalize').click();
    await new Toasts(sellerTab).waitFor('Service finalized!');

    await shopper.open();
    await shopper.tab('My Purchases');
    const toAccept = await shopper.card(title);
    await shopper.button(toAccept, 'Accept').click();
    await new Toasts(buyerTab).waitFor('Finalization accepted!');
    expect(await balanceOf(world.server, provider.id)).toBe(1250);
    expect(await balanceOf(world.server, buyer.id)).toBe(750);
    await shopper.tab('History');
    await shopper.historyEntry(title).waitFor();
  });

  it('buys only at the price shown: a price raised meanwhile is refused, shown, and bought on a second confirm', async () => {
    const [provider, buyer] = [await world.user(), await world.user()];
    const title = `Logo ${Date.now().toString(36)}`;
    const created = await call<{ _id: string }>(world.server, 'POST', '/api/services', {
      token: provider.token,
      body: { title, description: 'A logo', price: 10 },
    });
    expect(created.status).toBe(201);
    const page = await world.newPage();
    await signInAs(page, world.server, buyer);
    const shop = new ServicesPage(page);
    await shop.open();
    const card = await shop.card(title);
    expect(await card.getByTestId('service-price').innerText()).toContain('10');
    // The provider raises the price between the buyer's look and the buy (written straight to
    // the table, so no push refreshes the page first: the race the buy must survive).
    await world.server.db.rows(
      sql`update services set price = 1000 where id = ${Number(created.body._id)}`,
    );
    const toasts = new Toasts(page);
    await shop.button(card, 'Buy').click();
    await toasts.waitFor(
      'The price has changed: this service now costs 1,000 coins. Check it and buy again.',
    );
    await card.getByTestId('service-repriced').filter({ hasText: '1,000' }).waitFor();
    expect(await card.getByTestId('service-price').innerText()).toContain('1,000');
    expect(await balanceOf(world.server, buyer.id)).toBe(1000);
    const [before] = await world.server.db.rows<{ status: string }>(
      sql`select status from services where id = ${Number(created.body._id)}`,
    );
    expect(before?.status).toBe('listed');

    await card.getByRole('button', { name: 'Buy for 🪙 1,000', exact: true }).click();
    await toasts.waitFor('Purchase successful!');
    expect(await balanceOf(world.server, buyer.id)).toBe(0);
  });

  it("shows each party the other's step at once: the buyer's Accept after a finalize, the provider's History after the accept", async () => {
    const [provider, buyer] = [await world.user(), await world.user()];
    const title = `Live ${Date.now().toString(36)}`;
    const created = await call<{ _id: string }>(world.server, 'POST', '/api/services', {
      token: provider.token,
      body: { title, description: 'Pushed', price: 30 },
    });
    expect(created.status).toBe(201);
    expect(
      (
        await call(world.server, 'POST', `/api/services/buy/${created.body._id}`, {
          token: buyer.token,
        })
      ).status,
    ).toBe(200);

    const sellerTab = await world.newPage();
    const sellerHello = helloOn(sellerTab);
    await signInAs(sellerTab, world.server, provider);
    const seller = new ServicesPage(sellerTab);
    await seller.open();
    await seller.tab('My Services');
    const buyerTab = await world.newPage();
    const buyerHello = helloOn(buyerTab);
    await signInAs(buyerTab, world.server, buyer);
    const shopper = new ServicesPage(buyerTab);
    await shopper.open();
    await shopper.tab('My Purchases');
    const purchase = await shopper.card(title);
    await Promise.all([sellerHello, buyerHello]);
    expect(await shopper.button(purchase, 'Accept').count()).toBe(0);

    await seller.button(await seller.card(title), 'Finalize').click();
    await new Toasts(sellerTab).waitFor('Service finalized!');
    // Without a reload, and well inside the fallback poll's 10 s.
    await shopper.button(purchase, 'Accept').waitFor({ timeout: 3_000 });

    await seller.tab('History');
    await seller.historySide('Services you provided').getByText('Nothing yet.').waitFor();
    await shopper.button(purchase, 'Accept').click();
    await new Toasts(buyerTab).waitFor('Finalization accepted!');
    await seller.historyEntry(title).waitFor({ timeout: 3_000 });
  });

  it('fits a 390 px phone', async () => {
    const user = await world.user();
    const page = await world.newPage({ width: 390, height: 844 });
    await signInAs(page, world.server, user);
    const services = new ServicesPage(page);
    await services.open();
    await services.create('W'.repeat(80), 'W'.repeat(2000), '1000000');
    await services.card('W'.repeat(80));
    const fit = await horizontalFit(page);
    expect(fit.scrollWidth).toBeLessThanOrEqual(390);
    expect(fit.overflowing).toEqual([]);
  });
});
