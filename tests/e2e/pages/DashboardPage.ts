import type { Locator, Page } from 'playwright-core';
import { coinsIn, endsWithCoins, openDocument } from '../support/helpers';

/** /dashboard: greeting with balance, Send Coins form and the statement. */
export class DashboardPage {
  readonly loading: Locator;
  readonly balanceValue: Locator;
  readonly recipientInput: Locator;
  readonly amountInput: Locator;
  readonly sendButton: Locator;
  readonly ledgerEntries: Locator;
  readonly sendCoinsForm: Locator;
  readonly statement: Locator;

  constructor(private readonly page: Page) {
    this.loading = page.getByText('Loading your dashboard…');
    this.balanceValue = page.getByTestId('dashboard-balance');
    this.sendCoinsForm = page.getByRole('region', { name: 'Send Coins' });
    this.recipientInput = this.sendCoinsForm.getByLabel('Recipient username', { exact: true });
    this.amountInput = this.sendCoinsForm.getByLabel('Amount', { exact: true });
    this.sendButton = this.sendCoinsForm.getByRole('button', { name: 'Send Coins', exact: true });
    this.statement = page.getByRole('region', { name: 'Statement' });
    this.ledgerEntries = this.statement.getByTestId('ledger-entry');
  }

  async open(): Promise<void> {
    await openDocument(this.page, '/dashboard');
    await this.waitUntilShown();
  }

  async waitUntilShown(): Promise<void> {
    await this.balanceValue.waitFor();
  }

  greeting(username: string): Locator {
    return this.page.getByRole('heading', { name: `Hey, ${username}!`, level: 1 });
  }

  /** The balance in the greeting, e.g. '975'; waits for `expected` first when given. */
  async balance(expected?: string): Promise<string> {
    const value = expected === undefined ? this.balanceValue : this.balanceValue.filter({ hasText: endsWithCoins(expected) });
    await value.waitFor();
    return coinsIn(await this.balanceValue.textContent());
  }

  async sendCoins(recipient: string, amount: string): Promise<void> {
    await this.recipientInput.fill(recipient);
    await this.amountInput.fill(amount);
    await this.sendButton.click();
  }

  /** A statement row mentioning this text (e.g. 'to @bob'); waits until one is there. */
  async ledgerEntry(text: string): Promise<Locator> {
    const entry = this.ledgerEntries.filter({ hasText: text }).first();
    await entry.waitFor();
    return entry;
  }

  /** Waits for the statement to have loaded at least one row, then counts the rows. */
  async ledgerCount(): Promise<number> {
    await this.ledgerEntries.first().waitFor();
    return this.ledgerEntries.count();
  }
}
