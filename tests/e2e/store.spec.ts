import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectLedgerBalanced, uniqueName } from '../../src/server/testing/harness';
import { insertItem } from '../../src/server/features/store/builders';
import type { StoreItemDto } from '../../src/shared/api/store';
import { itemRule } from '../../src/shared/games/engine/items';
import { signInAs, startWorld, type World } from './support/world';
import { coinsIn, writePng } from './support/helpers';
import { AdminPage } from './pages/AdminPage';
import { DashboardPage, DashboardStore } from './pages/DashboardPage';
import { AdminStoreSection, StorePage } from './pages/StorePage';
import { Toasts } from './pages/Toasts';

let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await expectLedgerBalanced(world.server);
  await world?.close();
});

describe('store', () => {
  it('each card says what the item really does, caps included, whatever its description says (issue 34)', async () => {
    const goose = `Goose ${uniqueName()}`;
    await insertItem(world.server.db, {
      name: goose,
      effectType: 'reward-multiplier',
      effectValue: 200,
      price: 900,
    });
    const page = await world.newPage({ width: 390, height: 844 });
    await signInAs(page, world.server, await world.user());
    const store = new StorePage(page);
    await store.open();
    const rule = store.card(goose).getByTestId('store-item-rule');
    expect(await rule.innerText()).toBe(
      itemRule({ type: 'power-up', effectType: 'reward-multiplier', effectValue: 2, price: 900 }),
    );
    expect(await rule.innerText()).toContain(
      'adding at most 900 coins in all; wager winnings are not boosted',
    );
  });

  it('buys an item: toast, stock one lower, balance, inventory and purchase history change; refusals show the server message', async () => {
    const user = await world.user();
    const name = `Lamp ${uniqueName()}`;
    await insertItem(world.server.db, { name, price: 100, stock: 3, emoji: '🪔' });
    const dear = `Yacht ${uniqueName()}`;
    await insertItem(world.server.db, { name: dear, price: 5000, stock: 3 });
    const page = await world.newPage();
    await signInAs(page, world.server, user);
    const store = new StorePage(page);
    await store.open();
    expect(await store.stock(name)).toBe('3');
    expect(await store.balance('1,000')).toBe('1,000');

    await store.buy(name);
    expect(await new Toasts(page).waitFor(`${name} purchased!`)).toBe(`${name} purchased!`);
    expect(await store.stock(name, '2')).toBe('2');
    expect(await store.balance('900')).toBe('900');
    expect(await store.inventoryQuantity(name, '1')).toBe('1');
    expect(await store.historyNames(1)).toEqual([name]);

    await store.buy(name);
    expect(await store.inventoryQuantity(name, '2')).toBe('2');
    expect(await store.stock(name, '1')).toBe('1');

    // Past the balance the button is off with its reason; a refusal the page could not foresee shows the server's words.
    await expect.poll(() => store.buyButton(dear).isDisabled()).toBe(true);
    expect(await store.card(dear).getByTestId('store-item-short').innerText()).toBe(
      'Not enough coins.',
    );
    await page.route('**/api/store/purchase', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Insufficient balance.', code: 'INSUFFICIENT_FUNDS' }),
      }),
    );
    await store.buy(name);
    expect(await new Toasts(page).waitFor('Insufficient balance.')).toBe('Insufficient balance.');
    await page.unroute('**/api/store/purchase');
    expect(await store.balance()).toBe('800');
  });

  it('filters by type and sorts by price and rarity both ways', async () => {
    const user = await world.user();
    const tag = uniqueName('s');
    await insertItem(world.server.db, {
      name: `${tag} badge`,
      type: 'badge',
      effectType: null,
      effectValue: null,
      price: 30,
      stock: 7,
    });
    await insertItem(world.server.db, {
      name: `${tag} hat`,
      type: 'cosmetic',
      effectType: 'cosmetic',
      effectValue: 100,
      price: 20,
      stock: 70,
    });
    const page = await world.newPage();
    await signInAs(page, world.server, user);
    const store = new StorePage(page);
    await store.open();
    const items = (await call<StoreItemDto[]>(world.server, 'GET', '/api/store')).body;

    await store.typeFilter.selectOption('badge');
    const badges = await store.names();
    expect(badges).toContain(`${tag} badge`);
    expect(badges).not.toContain(`${tag} hat`);
    expect(badges.every((n) => items.find((i) => i.name === n)?.type === 'badge')).toBe(true);

    await store.typeFilter.selectOption('all');
    await store.sortBy.selectOption({ label: 'Price' });
    const prices = async () =>
      (await store.grid.getByTestId('store-item-price').allInnerTexts()).map((t) =>
        Number(coinsIn(t).replace(/,/g, '')),
      );
    const ascending = await prices();
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    await store.order.selectOption({ label: 'Descending' });
    await store.cards
      .first()
      .filter({ hasText: String(Math.max(...ascending).toLocaleString('en-US')) })
      .waitFor();
    const descending = await prices();
    expect(descending).toEqual([...ascending].sort((a, b) => b - a));

    await store.sortBy.selectOption({ label: 'Rarity' });
    await store.order.selectOption({ label: 'Ascending' });
    const stocks = (await store.grid.getByTestId('store-item-stock').allInnerTexts()).map((t) =>
      Number(coinsIn(t).replace(/,/g, '')),
    );
    expect(stocks).toEqual([...stocks].sort((a, b) => a - b));
  });

  it('uses a power-up from the dashboard: Active Buffs appears and counts down; a badge toggles its panel', async () => {
    const user = await world.user();
    const power = `Magnet ${uniqueName()}`;
    const badge = `Medal ${uniqueName()}`;
    const item = await insertItem(world.server.db, {
      name: power,
      effectType: 'reward-multiplier',
      effectValue: 200,
      price: 10,
    });
    const medal = await insertItem(world.server.db, {
      name: badge,
      type: 'badge',
      effectType: null,
      effectValue: null,
      price: 10,
    });
    for (const id of [item.id, medal.id]) {
      expect(
        (
          await call(world.server, 'POST', '/api/store/purchase', {
            token: user.token,
            body: { itemId: id },
          })
        ).status,
      ).toBe(200);
    }
    const page = await world.newPage();
    await signInAs(page, world.server, user);
    const dashboard = new DashboardPage(page);
    await dashboard.open();
    const store = new DashboardStore(page);
    await store.useButton(power).waitFor();
    expect(await store.activeBuffs.count()).toBe(0);

    await store.useButton(power).click();
    await store.buffs.filter({ hasText: 'Reward ×2' }).waitFor();
    const first = await store.timeLeft(power);
    expect(first).toMatch(/^(59:[0-5]\d|60:00)$/);
    await page.waitForFunction(
      (shown) =>
        document
          .querySelector('[data-testid="buff-time-left"]')
          ?.textContent?.replace('Time left', '')
          .trim() !== shown,
      first,
    );
    const later = await store.timeLeft(power);
    expect(later < first).toBe(true);
    // The last unit is gone, so the item leaves the inventory.
    await store.useButton(power).waitFor({ state: 'detached' });

    await store.badge(badge).click();
    await store.badgePanel.filter({ hasText: 'made by a test' }).waitFor();
    await store.badge(badge).click();
    await store.badgePanel.waitFor({ state: 'detached' });
  });

  it('lets an admin create a cosmetic with an uploaded picture (effect fields lock) that then shows in the store', async () => {
    const admin = await world.admin();
    const page = await world.newPage();
    await signInAs(page, world.server, admin);
    await new AdminPage(page).open();
    const section = new AdminStoreSection(page);
    const name = `Halo ${uniqueName()}`;
    await section.field('Item name').fill(name);
    await section.field('Type').selectOption('cosmetic');
    expect(await section.field('Effect type').isDisabled()).toBe(true);
    expect(await section.field('Effect value').isDisabled()).toBe(true);
    expect(await section.field('Effect type').inputValue()).toBe('cosmetic');
    expect(await section.field('Effect value').inputValue()).toBe('1');
    await section.field('Type').selectOption('power-up');
    expect(await section.field('Effect type').isDisabled()).toBe(false);
    await section.field('Effect type').selectOption('cosmetic');
    expect(await section.field('Type').inputValue()).toBe('cosmetic');
    expect(await section.field('Effect value').isDisabled()).toBe(true);

    await section.field('Emoji').fill('😇');
    await section.field('Price').fill('40');
    await section.field('Stock').fill('5');
    const png = await writePng(40, 40);
    try {
      await section.field('Picture').setInputFiles(png.file);
      await section.form.getByTestId('item-image-url').waitFor();
    } finally {
      png.remove();
    }
    expect(await section.submit()).toBe('Item created');

    const store = new StorePage(page);
    await store.open();
    expect(await store.stock(name)).toBe('5');
    const picture = store.card(name).getByRole('img', { name });
    expect(await picture.getAttribute('src')).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
  });

  it('lets an admin change price and stock, then retire an item: it leaves the store but stays in inventories', async () => {
    const [admin, user] = await Promise.all([world.admin(), world.user()]);
    const name = `Kettle ${uniqueName()}`;
    const item = await insertItem(world.server.db, { name, price: 50, stock: 9 });
    expect(
      (
        await call(world.server, 'POST', '/api/store/purchase', {
          token: user.token,
          body: { itemId: item.id },
        })
      ).status,
    ).toBe(200);
    const page = await world.newPage();
    await signInAs(page, world.server, admin);
    await new AdminPage(page).open();
    const section = new AdminStoreSection(page);
    const row = await section.itemRow(name);
    await row.getByLabel(`Price of ${name}`, { exact: true }).fill('75');
    await row.getByLabel(`Stock of ${name}`, { exact: true }).fill('4');
    await row.getByRole('button', { name: 'Save', exact: true }).click();
    await new Toasts(page).waitFor(`${name} updated`);
    const store = new StorePage(page);
    await store.open();
    expect(await store.stock(name)).toBe('4');
    expect(coinsIn(await store.card(name).getByTestId('store-item-price').textContent())).toBe(
      '75',
    );

    await new AdminPage(page).open();
    expect(await section.retire(name)).toBe(`Retire ${name}?`);
    await (
      await section.itemRow(name)
    )
      .getByRole('button', { name: 'Restore', exact: true })
      .waitFor();
    await store.open();
    expect(await store.card(name).count()).toBe(0);
    const held = await call<{ inventory: { item: { name: string } }[] }>(
      world.server,
      'GET',
      '/api/store/user',
      { token: user.token },
    );
    expect(held.body.inventory.map((e) => e.item.name)).toContain(name);
  });
});
