import type { Locator, Page } from 'playwright-core';
import { openDocument } from '../support/helpers';

/** /tasks (tabs Daily, Weekly, Bonus) and /achievements (category filter, Unclaimed and Claimed). */
export class TasksPage {
  readonly nextReset: Locator;

  constructor(private readonly page: Page) {
    this.nextReset = page.getByTestId('next-reset');
  }

  async open(): Promise<void> {
    await openDocument(this.page, '/tasks');
    await this.page.getByRole('heading', { name: 'Tasks', level: 1 }).waitFor();
  }

  async tab(name: 'Daily' | 'Weekly' | 'Bonus'): Promise<void> {
    await this.page.getByRole('tab', { name, exact: true }).click();
  }

  task(title: string): Locator {
    return this.page
      .getByTestId('task')
      .filter({ has: this.page.getByRole('heading', { name: title, exact: true }) });
  }

  complete(title: string): Locator {
    return this.task(title).getByRole('button', { name: 'Complete', exact: true });
  }
}

export class AchievementsPage {
  readonly category: Locator;

  constructor(private readonly page: Page) {
    this.category = page.getByLabel('Category', { exact: true });
  }

  async open(): Promise<void> {
    await openDocument(this.page, '/achievements');
    await this.page.getByRole('heading', { name: 'Achievements', level: 1 }).waitFor();
  }

  /** An achievement's entry inside the Unclaimed or Claimed list. */
  entry(list: 'Unclaimed' | 'Claimed', title: string): Locator {
    return this.page
      .getByRole('region', { name: list, exact: true })
      .getByTestId('achievement')
      .filter({ has: this.page.getByRole('heading', { name: title, exact: true }) });
  }

  claim(title: string): Locator {
    return this.entry('Unclaimed', title).getByRole('button', { name: 'Claim', exact: true });
  }
}

export class LeaderboardPage {
  readonly sort: Locator;
  readonly rows: Locator;

  constructor(private readonly page: Page) {
    this.sort = page.getByLabel('Sort by', { exact: true });
    this.rows = page.getByTestId('leaderboard-row');
  }

  async open(): Promise<void> {
    await openDocument(this.page, '/leaderboard');
    await this.rows.first().waitFor();
  }

  async usernames(): Promise<string[]> {
    return this.rows.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-username') ?? ''));
  }
}
