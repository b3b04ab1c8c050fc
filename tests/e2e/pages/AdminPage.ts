import type { Locator, Page } from 'playwright-core';
import { coinsIn, endsWithCoins, exactly, openDocument, textWithEmoji } from '../support/helpers';
import { ModalDialog } from './ModalDialog';

/** What the Create Bet form is filled with; `endTime` is the datetime-local value ('2030-01-31T18:30'). */
export interface BetDraft {
  title: string;
  description?: string;
  endTime: string;
  options: { text: string; odds: string }[];
}

/** /admin: user management (select, ban, add funds), Create Bet, Bet Management and the Admin Logs. */
export class AdminPage {
  readonly heading: Locator;
  readonly superuserBadge: Locator;
  readonly userManagement: Locator;
  readonly users: Locator;
  readonly searchInput: Locator;
  readonly selectedUser: Locator;
  readonly amountInput: Locator;
  readonly addFundsButton: Locator;
  readonly addFundsHint: Locator;
  readonly logsSection: Locator;
  readonly showLogsButton: Locator;
  readonly hideLogsButton: Locator;
  readonly refreshLogsButton: Locator;
  readonly logEntries: Locator;
  readonly createBetForm: Locator;
  readonly betTitleInput: Locator;
  readonly betDescriptionInput: Locator;
  readonly betEndTimeInput: Locator;
  readonly addOptionButton: Locator;
  readonly createBetButton: Locator;
  readonly betManagement: Locator;
  readonly adminBets: Locator;
  readonly dialog: ModalDialog;

  constructor(private readonly page: Page) {
    this.dialog = new ModalDialog(page);
    this.heading = page.getByRole('heading', { name: 'Admin Panel', level: 1 });
    this.superuserBadge = page.getByTestId('superuser-badge');
    this.userManagement = page.getByRole('region', { name: 'User Management' });
    this.users = this.userManagement.getByTestId('admin-user');
    this.searchInput = this.userManagement.getByLabel('Search users', { exact: true });
    this.selectedUser = this.userManagement.getByLabel('Selected user', { exact: true });
    this.amountInput = this.userManagement.getByLabel('Amount', { exact: true });
    this.addFundsButton = this.userManagement.getByRole('button', {
      name: 'Add Funds',
      exact: true,
    });
    this.addFundsHint = this.userManagement.getByText('Pick a user and enter an amount first.');
    this.logsSection = page.getByRole('region', { name: 'Admin Logs' });
    this.showLogsButton = this.logsSection.getByRole('button', { name: 'Show', exact: true });
    this.hideLogsButton = this.logsSection.getByRole('button', { name: 'Hide', exact: true });
    this.refreshLogsButton = this.logsSection.getByRole('button', { name: 'Refresh', exact: true });
    this.logEntries = this.logsSection.getByTestId('admin-log');
    this.createBetForm = page.getByRole('region', { name: 'Create Bet', exact: true });
    this.betTitleInput = this.createBetForm.getByLabel('Bet title', { exact: true });
    this.betDescriptionInput = this.createBetForm.getByLabel('Bet description', { exact: true });
    this.betEndTimeInput = this.createBetForm.getByLabel('End time', { exact: true });
    this.addOptionButton = this.createBetForm.getByRole('button', {
      name: 'Add option',
      exact: true,
    });
    this.createBetButton = this.createBetForm.getByRole('button', {
      name: 'Create Bet',
      exact: true,
    });
    this.betManagement = page.getByRole('region', { name: 'Bet Management', exact: true });
    this.adminBets = this.betManagement.getByTestId('admin-bet');
  }

  async open(): Promise<void> {
    await openDocument(this.page, '/admin');
    await this.heading.waitFor();
  }

  /**
   * The user's row in User Management, once the list has loaded. The list comes a page at a
   * time, so the name is typed into the search field first (unless it is there already).
   */
  async userRow(username: string): Promise<Locator> {
    if ((await this.searchInput.inputValue()) !== username) await this.searchInput.fill(username);
    const row = this.users.filter({
      has: this.page.getByRole('button', { name: selectName(username) }),
    });
    await row.waitFor();
    return row;
  }

  /** The user's select button, named "Select {name} {role} · {status} · 🪙 {balance}". */
  selectButton(username: string): Locator {
    return this.userManagement.getByRole('button', { name: selectName(username) });
  }

  /** The row's summary ("{name} user · active · 🪙 1,000"), waiting for `expected` text when given. */
  async userSummary(username: string, expected?: string | RegExp): Promise<string> {
    await this.userRow(username);
    const summary = this.selectButton(username);
    // After a coin move the panel reads every section again (the audit's economy too), and on a
    // loaded host the row's read can queue behind them past the default 10 s.
    await (expected === undefined ? summary : summary.filter({ hasText: expected })).waitFor({
      timeout: 30_000,
    });
    return (await textWithEmoji(summary))
      .replace(/\s+/g, ' ')
      .replace(/^Select /, '')
      .trim();
  }

  /** The balance shown in the user's row, e.g. '1,500'. */
  async userBalance(username: string, expected?: string): Promise<string> {
    const summary = await this.userSummary(
      username,
      expected === undefined ? undefined : endsWithCoins(expected),
    );
    return coinsIn(summary.split('🪙')[1] ?? '');
  }

  banButton(username: string): Locator {
    return this.userManagement.getByRole('button', { name: `Ban ${username}`, exact: true });
  }

  /** Clicks Ban and answers the confirm dialog with Ban; resolves with its question. */
  async ban(username: string): Promise<string> {
    await this.userRow(username);
    return this.dialog.answer(() => this.banButton(username).click(), 'Ban');
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

  optionTextInput(n: number): Locator {
    return this.createBetForm.getByLabel(`Option ${n} text`, { exact: true });
  }

  optionOddsInput(n: number): Locator {
    return this.createBetForm.getByLabel(`Option ${n} odds`, { exact: true });
  }

  /** A datetime-local value `ms` from now in the browser's own time zone, as the admin would type it. */
  async localDateTimeIn(ms: number): Promise<string> {
    return this.page.evaluate((offset) => {
      const d = new Date(Date.now() + offset);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
    }, ms);
  }

  /** Fills the Create Bet form, adding option rows beyond the first two as needed. */
  async fillBet(draft: BetDraft): Promise<void> {
    await this.betTitleInput.fill(draft.title);
    await this.betDescriptionInput.fill(draft.description ?? '');
    await this.betEndTimeInput.fill(draft.endTime);
    for (const [i, option] of draft.options.entries()) {
      const n = i + 1;
      if ((await this.optionTextInput(n).count()) === 0) await this.addOptionButton.click();
      await this.optionTextInput(n).fill(option.text);
      await this.optionOddsInput(n).fill(option.odds);
    }
  }

  /** Clicks Create Bet and closes the alert that answers it with OK; resolves with the alert's message. */
  async submitBet(): Promise<string> {
    return this.dialog.answer(() => this.createBetButton.click(), 'OK');
  }

  /** The bet's entry in Bet Management, once it is listed. */
  async adminBet(title: string): Promise<Locator> {
    const entry = this.adminBets.filter({
      has: this.page.getByRole('heading', { name: title, exact: true }),
    });
    await entry.waitFor();
    return entry;
  }

  /** Waits until the bet's entry has this status ('open', 'finalized', 'voided'). */
  async waitForBetStatus(title: string, status: string): Promise<void> {
    const entry = await this.adminBet(title);
    await entry.and(this.page.locator(`[data-status="${status}"]`)).waitFor();
  }

  oddsInput(title: string, option: string): Locator {
    return this.betManagement.getByLabel(`Odds for ${option} on ${title}`, { exact: true });
  }

  saveOddsButton(title: string, option: string): Locator {
    return this.betManagement.getByRole('button', {
      name: `Save ${option} odds on ${title}`,
      exact: true,
    });
  }

  async setOdds(title: string, option: string, odds: string): Promise<void> {
    await this.adminBet(title);
    await this.oddsInput(title, option).fill(odds);
    await this.saveOddsButton(title, option).click();
  }

  /**
   * Waits until the odds typed for the option are the saved ones (Save turns disabled once
   * they match, and is not busy saving), then returns them.
   */
  async waitForSavedOdds(title: string, option: string): Promise<string> {
    const save = this.saveOddsButton(title, option);
    await save
      .and(this.page.locator(':disabled'))
      .filter({ hasText: exactly('Save') })
      .waitFor();
    return this.oddsInput(title, option).inputValue();
  }

  /**
   * Picks the winner, clicks Finalize and answers the confirm (accepts unless `confirm` is
   * false); resolves with the confirm's message.
   */
  async finalize(title: string, winner: string, { confirm = true } = {}): Promise<string> {
    await this.adminBet(title);
    await this.betManagement
      .getByLabel(`Winner for ${title}`, { exact: true })
      .selectOption({ label: winner });
    const finalizeButton = this.betManagement.getByRole('button', {
      name: `Finalize ${title}`,
      exact: true,
    });
    return this.dialog.answer(() => finalizeButton.click(), confirm ? 'Finalize' : 'Cancel');
  }

  /** Clicks Void and answers the confirm; resolves with its message. */
  async voidBet(title: string, { confirm = true } = {}): Promise<string> {
    await this.adminBet(title);
    const voidButton = this.betManagement.getByRole('button', {
      name: `Void ${title}`,
      exact: true,
    });
    return this.dialog.answer(() => voidButton.click(), confirm ? 'Void' : 'Cancel');
  }

  /** A finalized bet's odds as shown read-only ('2.55x'); waits for `expected` when given. */
  async shownOdds(title: string, option: string, expected?: string): Promise<string> {
    const entry = await this.adminBet(title);
    const row = entry.getByTestId('admin-bet-option').filter({ hasText: option });
    const odds = row.getByTestId('admin-option-odds');
    if (expected !== undefined) await odds.filter({ hasText: exactly(expected) }).waitFor();
    return (await odds.innerText()).trim();
  }
}

/** The select button's accessible name starts with 'Select {name} ' and goes on with the summary. */
function selectName(username: string): RegExp {
  return new RegExp(`^Select ${username.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `);
}
