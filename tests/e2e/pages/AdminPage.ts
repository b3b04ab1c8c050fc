import type { Dialog, Locator, Page } from 'playwright-core';
import { coinsIn, openDocument } from '../support/helpers';

/** /admin: user management (select, ban, add funds) and the Admin Logs. */
export class AdminPage {
  readonly heading: Locator;
  readonly superuserBadge: Locator;
  readonly userManagement: Locator;
  readonly users: Locator;
  readonly selectedUser: Locator;
  readonly amountInput: Locator;
  readonly addFundsButton: Locator;
  readonly addFundsHint: Locator;
  readonly logsSection: Locator;
  readonly showLogsButton: Locator;
  readonly hideLogsButton: Locator;
  readonly refreshLogsButton: Locator;
  readonly logEntries: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Admin Panel', level: 1 });
    this.superuserBadge = page.getByTestId('superuser-badge');
    this.userManagement = page.getByRole('region', { name: 'User Management' });
    this.users = this.userManagement.getByTestId('admin-user');
    this.selectedUser = this.userManagement.getByLabel('Selected user', { exact: true });
    this.amountInput = this.userManagement.getByLabel('Amount', { exact: true });
    this.addFundsButton = this.userManagement.getByRole('button', { name: 'Add Funds', exact: true });
    this.addFundsHint = this.userManagement.getByText('Pick a user and enter an amount first.');
    this.logsSection = page.getByRole('region', { name: 'Admin Logs' });
    this.showLogsButton = this.logsSection.getByRole('button', { name: 'Show', exact: true });
    this.hideLogsButton = this.logsSection.getByRole('button', { name: 'Hide', exact: true });
    this.refreshLogsButton = this.logsSection.getByRole('button', { name: 'Refresh', exact: true });
    this.logEntries = this.logsSection.getByTestId('admin-log');
  }

  async open(): Promise<void> {
    await openDocument(this.page, '/admin');
    await this.heading.waitFor();
  }

  /** The user's row in User Management, once the list has loaded. */
  async userRow(username: string): Promise<Locator> {
    const row = this.users.filter({ has: this.page.getByRole('button', { name: `Select ${username}`, exact: true }) });
    await row.waitFor();
    return row;
  }

  /** The user's select button, whose text is the summary "{name} {role} · {status} · 🪙 {balance}". */
  selectButton(username: string): Locator {
    return this.userManagement.getByRole('button', { name: `Select ${username}`, exact: true });
  }

  /** The row's summary ("user · active · 🪙 1,000"), waiting for `expected` text when given. */
  async userSummary(username: string, expected?: string | RegExp): Promise<string> {
    const summary = this.selectButton(username);
    await (expected === undefined ? summary : summary.filter({ hasText: expected })).waitFor();
    return (await summary.innerText()).replace(/\s+/g, ' ').trim();
  }

  /** The balance shown in the user's row, e.g. '1,500'. */
  async userBalance(username: string, expected?: string): Promise<string> {
    const summary = await this.userSummary(username, expected === undefined ? undefined : new RegExp(`🪙\\s*${expected}$`));
    return coinsIn(summary.split('🪙')[1] ?? '');
  }

  banButton(username: string): Locator {
    return this.userManagement.getByRole('button', { name: `Ban ${username}`, exact: true });
  }

  /**
   * Clicks Ban and accepts the browser's confirm dialog; resolves with the dialog's message
   * once the confirm has been answered.
   */
  async ban(username: string): Promise<string> {
    const answered = new Promise<string>((resolve, reject) => {
      const onDialog = (dialog: Dialog) => {
        this.page.off('dialog', onDialog);
        const message = dialog.message();
        (dialog.type() === 'confirm' ? dialog.accept() : dialog.dismiss()).then(() => resolve(message), reject);
      };
      this.page.on('dialog', onDialog);
    });
    await this.banButton(username).click();
    return answered;
  }

  async addFunds(username: string, amount: string): Promise<void> {
    await this.userRow(username);
    await this.selectedUser.selectOption(username);
    await this.amountInput.fill(amount);
    await this.addFundsButton.click();
  }

  async showLogs(): Promise<void> {
    await this.showLogsButton.click();
    await this.hideLogsButton.waitFor();
  }

  async hideLogs(): Promise<void> {
    await this.hideLogsButton.click();
    await this.showLogsButton.waitFor();
  }

  async refreshLogs(): Promise<void> {
    await this.refreshLogsButton.click();
  }

  /** The first log entry containing all of these texts; waits until one is listed. */
  async logEntry(...texts: string[]): Promise<Locator> {
    let entry = this.logEntries;
    for (const text of texts) entry = entry.filter({ hasText: text });
    await entry.first().waitFor();
    return entry.first();
  }
}
