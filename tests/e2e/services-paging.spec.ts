import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '../../src/shared/api/common';
import { MAX_LISTED_SERVICES } from '../../src/shared/api/services';
import { call, type TestUser } from '../../src/server/testing/harness';
import { signInAs, startWorld, type World } from './support/world';
import { horizontalFit } from './support/helpers';
import { ServicesPage } from './pages/ServicesPage';

let world: World;
/** PAGE_SIZE + 1 listed services, oldest first, from two providers (one may list MAX_LISTED_SERVICES at a time). */
const titles: string[] = [];

async function list(provider: TestUser, title: string): Promise<void> {
  const res = await call(world.server, 'POST', '/api/services', {
    token: provider.token,
    body: { title, description: 'Paged', price: 1 },
  });
  if (res.status !== 201)
    throw new Error(`create ${title}: ${res.status} ${JSON.stringify(res.body)}`);
  titles.push(title);
}

beforeAll(async () => {
  world = await startWorld();
  const [first, second] = [await world.user(), await world.user()];
  for (let i = 0; i <= PAGE_SIZE; i++)
    await list(i < MAX_LISTED_SERVICES ? first : second, `Paged ${String(i).padStart(2, '0')}`);
});

afterAll(async () => {
  await world?.close();
});

describe('services a page at a time', () => {
  it(`the marketplace shows ${PAGE_SIZE} services, then the oldest one after 'Show more'`, async () => {
    const page = await world.newPage();
    await signInAs(page, world.server, await world.user());
    const services = new ServicesPage(page);
    await services.open();
    await services.card(titles[titles.length - 1]!);
    expect(await services.cards.count()).toBe(PAGE_SIZE);
    expect(await page.getByRole('heading', { name: titles[0]!, exact: true }).count()).toBe(0);

    await services.showMore().click();
    await services.card(titles[0]!);
    expect(await services.cards.count()).toBe(PAGE_SIZE + 1);
    await services.showMore().waitFor({ state: 'detached' });

    // A short list has no button.
    await services.tab('My Services');
    await page.getByText('You offer no services yet.').waitFor();
    expect(await services.showMore().count()).toBe(0);
  });

  it("fits a 390 px phone with 'Show more' under the marketplace", async () => {
    const page = await world.newPage({ width: 390, height: 844 });
    await signInAs(page, world.server, await world.user());
    const services = new ServicesPage(page);
    await services.open();
    await services.card(titles[titles.length - 1]!);
    const more = services.showMore();
    await more.waitFor();
    const [box, fit] = [await more.boundingBox(), await horizontalFit(page)];
    expect(fit.scrollWidth).toBeLessThanOrEqual(390);
    expect(fit.overflowing).toEqual([]);
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  });

  it("my purchases and each side of the history page on their own, with 'Show more' under the long ones", async () => {
    const [provider, buyer] = [await world.user(), await world.user()];
    const closed: string[] = [];
    for (let i = 0; i <= PAGE_SIZE; i++) {
      const title = `Done ${String(i).padStart(2, '0')}`;
      const created = await call<{ _id: string }>(world.server, 'POST', '/api/services', {
        token: provider.token,
        body: { title, description: 'Paged', price: 1 },
      });
      const id = created.body._id;
      const steps = [
        await call(world.server, 'POST', `/api/services/buy/${id}`, { token: buyer.token }),
        await call(world.server, 'POST', '/api/services/finalize', {
          token: provider.token,
          body: { serviceId: id },
        }),
        await call(world.server, 'POST', '/api/services/accept', {
          token: buyer.token,
          body: { serviceId: id },
        }),
      ];
      expect([created.status, ...steps.map((r) => r.status)]).toEqual([201, 200, 200, 200]);
      closed.push(title);
    }
    const [newest, oldest] = [closed[closed.length - 1]!, closed[0]!];

    const page = await world.newPage();
    await signInAs(page, world.server, buyer);
    const services = new ServicesPage(page);
    await services.open();
    await services.tab('My Purchases');
    await services.card(newest);
    expect(await services.cards.count()).toBe(PAGE_SIZE);
    await services.showMore().click();
    await services.card(oldest);
    expect(await services.cards.count()).toBe(PAGE_SIZE + 1);
    await services.showMore().waitFor({ state: 'detached' });

    await services.tab('History');
    const boughtSide = services.historySide('Services you bought');
    const providedSide = services.historySide('Services you provided');
    await services.historyEntry(newest).first().waitFor();
    await providedSide.getByText('Nothing yet.').waitFor();
    expect(await services.showMore(providedSide).count()).toBe(0);
    expect(await boughtSide.getByTestId('service-history').count()).toBe(PAGE_SIZE);
    await services.showMore(boughtSide).click();
    await services.historyEntry(oldest).waitFor();
    expect(await boughtSide.getByTestId('service-history').count()).toBe(PAGE_SIZE + 1);
    await services.showMore(boughtSide).waitFor({ state: 'detached' });

    // The provider's side pages with its own cursor.
    const providerPage = await world.newPage();
    await signInAs(providerPage, world.server, provider);
    const mine = new ServicesPage(providerPage);
    await mine.open();
    await mine.tab('History');
    const provided = mine.historySide('Services you provided');
    await mine.historyEntry(newest).waitFor();
    expect(await provided.getByTestId('service-history').count()).toBe(PAGE_SIZE);
    await mine.showMore(provided).click();
    await mine.historyEntry(oldest).waitFor();
    expect(await provided.getByTestId('service-history').count()).toBe(PAGE_SIZE + 1);
    expect(await mine.showMore().count()).toBe(0);
  });
});
