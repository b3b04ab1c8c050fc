import type { Locator, Page } from 'playwright-core';
import { openDocument } from '../support/helpers';

/** /services: the create/edit form, the four tabs and the service cards with their lifecycle buttons. */
export class ServicesPage {
  readonly form: Locator;
  readonly title: Locator;
  readonly description: Locator;
  readonly price: Locator;
  readonly submit: Locator;

  constructor(private readonly page: Page) {
    this.form = page.getByRole('form', { name: /service/i });
    this.title = this.form.getByLabel('Title', { exact: true });
    this.description = this.form.getByLabel('Description', { exact: true });
    this.price = this.form.getByLabel('Price (coins)', { exact: true });
    this.submit = this.form.getByRole('button', { name: /Create service|Save changes/ });
  }

  async open(): Promise<void> {
    await openDocument(this.page, '/services');
    await this.page.getByRole('heading', { name: 'Services', level: 1 }).waitFor();
  }

  async tab(name: 'All Services' | 'My Services' | 'My Purchases' | 'History'): Promise<void> {
    await this.page.getByRole('tab', { name, exact: true }).click();
  }

  async create(title: string, description: string, price: string): Promise<void> {
    await this.title.fill(title);
    await this.description.fill(description);
    await this.price.fill(price);
    await this.submit.click();
  }

  /** The card of the service with this title; waits for it. */
  async card(title: string): Promise<Locator> {
    const card = this.page
      .getByTestId('service')
      .filter({ has: this.page.getByRole('heading', { name: title, exact: true }) });
    await card.first().waitFor();
    return card.first();
  }

  button(
    card: Locator,
    name: 'Edit' | 'Delete' | 'Buy' | 'Finalize' | 'Accept' | 'Refund',
  ): Locator {
    return card.getByRole('button', { name, exact: true });
  }

  /** Every service card on the open tab. */
  get cards(): Locator {
    return this.page.getByTestId('service');
  }

  /** The 'Show more' button under a list (of the open tab; on History, scope it to a side's section). */
  showMore(scope: Locator | Page = this.page): Locator {
    return scope.getByRole('button', { name: 'Show more', exact: true });
  }

  /** One side of the History tab: 'Services you provided' or 'Services you bought'. */
  historySide(name: 'Services you provided' | 'Services you bought'): Locator {
    return this.page.getByRole('region', { name, exact: true });
  }

  historyEntry(title: string): Locator {
    return this.page.getByTestId('service-history').filter({ hasText: title });
  }
}
