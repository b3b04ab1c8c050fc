import type { Locator, Page } from 'playwright-core';
import { coinsIn, endsWithCoins, openDocument } from '../support/helpers';

/** What one entry of "Active bets" or "Bet history" says. Amounts are as shown ('1,051'). */
export interface BetEntrySummary {
  kind: 'single' | 'parlay';
  result: string;
  stake: string;
  /** Shown while the bet is open. */
  potentialPayout: string | null;
  /** Shown once it is settled. */
  payout: string | null;
}

/** /dashboard: greeting with balance, Send Coins form, the statement and the user's bets. */
export class DashboardPage {
  readonly loading: Locator;
  readonly balanceValue: Locator;
  readonly recipientInput: Locator;
  readonly amountInput: Locator;
  readonly sendButton: Locator;
  readonly ledgerEntries: Locator;
  readonly sendCoinsForm: Locator;
  readonly statement: Locator;
  readonly activeBets: Locator;
  readonly openBetEntries: Locator;
  readonly betHistory: Locator;
  readonly historyEntries: Locator;

  constructor(private readonly page: Page) {
    this.loading = page.getByText('Loading your dashboard…');
    this.balanceValue = page.getByTestId('dashboard-balance');
    this.sendCoinsForm = page.getByRole('region', { name: 'Send Coins' });
    this.recipientInput = this.sendCoinsForm.getByLabel('Recipient username', { exact: true });
    this.amountInput = this.sendCoinsForm.getByLabel('Amount', { exact: true });
    this.sendButton = this.sendCoinsForm.getByRole('button', { name: 'Send Coins', exact: true });
    this.statement = page.getByRole('region', { name: 'Statement' });
    this.ledgerEntries = this.statement.getByTestId('ledger-entry');
    this.activeBets = page.getByRole('region', { name: 'Active bets', exact: true });
    this.openBetEntries = this.activeBets.getByTestId('my-open-bet');
    this.betHistory = page.getByRole('region', { name: 'Bet history', exact: true });
    this.historyEntries = this.betHistory.getByTestId('bet-history-entry');
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
    const value =
      expected === undefined
        ? this.balanceValue
        : this.balanceValue.filter({ hasText: endsWithCoins(expected) });
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

  /** The first "Active bets" entry of this kind mentioning every text (bet titles, picks); waits for it. */
  async openBet(kind: 'single' | 'parlay', ...texts: string[]): Promise<Locator> {
    return this.firstEntry(this.openBetEntries, kind, texts);
  }

  /** The first "Bet history" entry of this kind mentioning every text; waits for it. */
  async settledBet(kind: 'single' | 'parlay', ...texts: string[]): Promise<Locator> {
    return this.firstEntry(this.historyEntries, kind, texts);
  }

  /** Reads an entry's kind, result badge and amounts. */
  async betSummary(entry: Locator): Promise<BetEntrySummary> {
    const amount = async (testId: string) => {
      const value = entry.getByTestId(testId);
      return (await value.count()) === 0 ? null : coinsIn(await value.textContent());
    };
    return {
      kind: (await entry.getAttribute('data-kind')) as BetEntrySummary['kind'],
      result: (await entry.getByTestId('bet-result').innerText()).trim(),
      stake: coinsIn(await entry.getByTestId('bet-stake').textContent()),
      potentialPayout: await amount('bet-potential-payout'),
      payout: await amount('bet-payout'),
    };
  }

  private async firstEntry(entries: Locator, kind: string, texts: string[]): Promise<Locator> {
    let entry = entries.and(this.page.locator(`[data-kind="${kind}"]`));
    for (const text of texts) entry = entry.filter({ hasText: text });
    await entry.first().waitFor();
    return entry.first();
  }
}

/** The dashboard's store sections: Active Buffs, the inventory with 'Use', badges. */
export class DashboardStore {
  readonly activeBuffs: Locator;
  readonly buffs: Locator;
  readonly inventory: Locator;
  readonly badges: Locator;
  readonly badgePanel: Locator;

  constructor(private readonly page: Page) {
    this.activeBuffs = page.getByTestId('active-buffs');
    this.buffs = this.activeBuffs.getByTestId('active-buff');
    this.inventory = page.getByRole('region', { name: 'Inventory', exact: true });
    this.badges = page.getByRole('region', { name: 'Badges', exact: true });
    this.badgePanel = this.badges.getByTestId('badge-panel');
  }

  useButton(name: string): Locator {
    return this.inventory.getByRole('button', { name: `Use ${name}`, exact: true });
  }

  /** The time left on the buff of this item ('59:58'). */
  async timeLeft(name: string): Promise<string> {
    const left = this.buffs.filter({ hasText: name }).getByTestId('buff-time-left');
    await left.waitFor();
    return (await left.innerText()).replace('Time left', '').trim();
  }

  badge(name: string): Locator {
    return this.badges.getByRole('button', { name, exact: true });
  }
}
