import type { Locator, Page } from 'playwright-core';
import { coinsIn, endsWithCoins, openDocument } from '../support/helpers';
import { ModalDialog } from './ModalDialog';

/** /store: balance, collapsible Inventory and Purchase History, filter, sort and the purchase grid. */
export class StorePage {
  readonly balanceValue: Locator;
  readonly grid: Locator;
  readonly cards: Locator;
  readonly typeFilter: Locator;
  readonly sortBy: Locator;
  readonly order: Locator;
  readonly inventory: Locator;
  readonly history: Locator;

  constructor(private readonly page: Page) {
    this.balanceValue = page.getByTestId('store-balance');
    this.grid = page.getByTestId('store-grid');
    this.cards = this.grid.getByTestId('store-item');
    this.typeFilter = page.getByLabel('Type', { exact: true });
    this.sortBy = page.getByLabel('Sort by', { exact: true });
    this.order = page.getByLabel('Order', { exact: true });
    this.inventory = page.getByTestId('store-inventory');
    this.history = page.getByTestId('store-purchase-history');
  }

  async open(): Promise<void> {
    await openDocument(this.page, '/store');
    await this.cards.first().waitFor();
  }

  card(name: string): Locator {
    return this.cards.filter({
      has: this.page.getByTestId('store-item-name').getByText(name, { exact: true }),
    });
  }

  /** The stock shown on the item's card, waiting for `expected` first when given. */
  async stock(name: string, expected?: string): Promise<string> {
    const stock = this.card(name).getByTestId('store-item-stock');
    await (
      expected === undefined ? stock : stock.filter({ hasText: endsWithCoins(expected) })
    ).waitFor();
    return coinsIn(await stock.textContent());
  }

  async balance(expected?: string): Promise<string> {
    const value =
      expected === undefined
        ? this.balanceValue
        : this.balanceValue.filter({ hasText: endsWithCoins(expected) });
    await value.waitFor();
    return coinsIn(await this.balanceValue.textContent());
  }

  buyButton(name: string): Locator {
    return this.card(name).getByRole('button');
  }

  async buy(name: string): Promise<void> {
    await this.buyButton(name).click();
  }

  /** Names on the grid, in order. */
  async names(): Promise<string[]> {
    await this.cards.first().waitFor();
    return (await this.grid.getByTestId('store-item-name').allInnerTexts()).map((t) => t.trim());
  }

  async expand(section: Locator): Promise<void> {
    if ((await section.getAttribute('open')) === null) await section.locator('summary').click();
  }

  /** The quantity of an inventory entry by item name, once it is listed with `expected` when given. */
  async inventoryQuantity(name: string, expected?: string): Promise<string> {
    await this.expand(this.inventory);
    const entry = this.inventory.getByTestId('inventory-entry').filter({ hasText: name });
    const quantity = entry.getByTestId('inventory-quantity');
    await (
      expected === undefined ? quantity : quantity.filter({ hasText: `×${expected}` })
    ).waitFor();
    return (await quantity.innerText()).replace('×', '').trim();
  }

  async historyNames(count: number): Promise<string[]> {
    await this.expand(this.history);
    const entries = this.history.getByTestId('purchase-entry');
    await entries.nth(count - 1).waitFor();
    return (await entries.locator('p.font-semibold').allInnerTexts()).map((t) => t.trim());
  }
}

/** The admin panel's store sections: Create store item and Store items. */
export class AdminStoreSection {
  readonly form: Locator;
  readonly dialog: ModalDialog;

  constructor(private readonly page: Page) {
    this.form = page.getByRole('region', { name: 'Create store item', exact: true });
    this.dialog = new ModalDialog(page);
  }

  field(label: string): Locator {
    return this.form.getByLabel(label, { exact: true });
  }

  /** The item's row in the Store items list, once listed. */
  async itemRow(name: string): Promise<Locator> {
    const row = this.page
      .getByRole('region', { name: 'Store items', exact: true })
      .getByTestId('admin-item')
      .filter({ hasText: name });
    await row.waitFor();
    return row;
  }

  /** Clicks Retire on the item and confirms. */
  async retire(name: string): Promise<string> {
    const row = await this.itemRow(name);
    return this.dialog.answer(
      () => row.getByRole('button', { name: 'Retire', exact: true }).click(),
      'Retire',
    );
  }

  /** Submits the form and answers the outcome alert; resolves with its text ('Item created'). */
  async submit(): Promise<string> {
    return this.dialog.answer(
      () => this.form.getByRole('button', { name: 'Create Item', exact: true }).click(),
      'OK',
    );
  }
}
