import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, call } from '../../src/server/testing/harness';
import { signInAs, startWorld, type World } from './support/world';
import { horizontalFit } from './support/helpers';
import { ServicesPage } from './pages/ServicesPage';
import { Toasts } from './pages/Toasts';

let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await world?.close();
});

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
    const [row] = await world.server.db.rows<{ id: number }>(sql`select id from services where title = ${title}`);
    const refused = await call(world.server, 'PUT', `/api/services/${row!.id}`, { token: provider.token, body: { price: 1 } });
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
