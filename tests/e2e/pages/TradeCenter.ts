import type { Locator, Page } from 'playwright-core';

export type TradeDirection = 'incoming' | 'outgoing';

/** The dashboard's Trade Center: request form, 'Show only active trades', incoming and outgoing lists. */
export class TradeCenter {
  readonly root: Locator;
  readonly recipientInput: Locator;
  readonly requestButton: Locator;
  readonly onlyActive: Locator;
  readonly banner: Locator;
  readonly requestForm: Locator;

  constructor(private readonly page: Page) {
    this.root = page.getByRole('region', { name: 'Trade Center' });
    this.requestForm = this.root.getByRole('form', { name: 'Request a trade' });
    this.recipientInput = this.requestForm.getByLabel('Trade with (username)', { exact: true });
    this.requestButton = this.requestForm.getByRole('button', {
      name: 'Request Trade',
      exact: true,
    });
    this.onlyActive = this.root.getByLabel('Show only active trades');
    this.banner = this.root.getByRole('alert');
  }

  /** The request form's picker row of an item (its name shown in it); waits for it. */
  async offerRow(itemName: string): Promise<Locator> {
    const row = this.requestForm.getByTestId('trade-pick-item').filter({ hasText: itemName });
    await row.waitFor();
    return row;
  }

  async offerQuantity(itemName: string): Promise<Locator> {
    return (await this.offerRow(itemName)).getByRole('spinbutton');
  }

  /** True when the row is greyed out because every unit is offered in active trades. */
  async isGreyedOut(row: Locator): Promise<boolean> {
    return (
      (await row.getAttribute('data-locked')) === 'true' &&
      (await row.getByRole('spinbutton').isDisabled())
    );
  }

  /** Waits until the item's row in the request form is (or is no longer) greyed out. */
  async waitForGreyedOut(itemName: string, greyed: boolean): Promise<void> {
    const row = this.requestForm.getByTestId('trade-pick-item').filter({ hasText: itemName });
    await row.and(this.page.locator(`[data-locked="${greyed}"]`)).waitFor();
  }

  async requestTrade(recipient: string, quantities: Record<string, string>): Promise<void> {
    await this.recipientInput.fill(recipient);
    for (const [name, quantity] of Object.entries(quantities))
      await (await this.offerQuantity(name)).fill(quantity);
    await this.requestButton.click();
  }

  list(direction: TradeDirection): Locator {
    return this.root.getByRole('region', {
      name: direction === 'incoming' ? 'Incoming trades' : 'Outgoing trades',
      exact: true,
    });
  }

  /** The first trade of the list with the other party's name (and status when given); waits for it. */
  async trade(direction: TradeDirection, otherUser: string, status?: string): Promise<Locator> {
    const heading = direction === 'incoming' ? `From @${otherUser}` : `To @${otherUser}`;
    let trade = this.list(direction).getByTestId('trade').filter({ hasText: heading });
    if (status) trade = trade.and(this.page.locator(`[data-status="${status}"]`));
    await trade.first().waitFor();
    return trade.first();
  }

  async statusOf(trade: Locator): Promise<string> {
    return (await trade.getByTestId('trade-status').innerText()).trim();
  }

  async answerQuantity(trade: Locator, itemName: string): Promise<Locator> {
    const row = trade.getByTestId('trade-pick-item').filter({ hasText: itemName });
    await row.waitFor();
    return row.getByRole('spinbutton');
  }

  button(trade: Locator, name: 'Accept' | 'Deny' | 'Cancel' | 'Finalize'): Locator {
    return trade.getByRole('button', { name, exact: true });
  }
}
