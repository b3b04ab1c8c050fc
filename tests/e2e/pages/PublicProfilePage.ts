import type { Locator, Page } from 'playwright-core';
import { openDocument } from '../support/helpers';

/** Anyone's public profile (/profile/{username}); works without signing in. */
export class PublicProfilePage {
  readonly role: Locator;
  readonly status: Locator;
  readonly error: Locator;

  constructor(private readonly page: Page) {
    this.role = page.getByTestId('public-role');
    this.status = page.getByTestId('public-status');
    this.error = page.getByRole('main').getByRole('alert');
  }

  async open(username: string): Promise<void> {
    await openDocument(this.page, `/profile/${encodeURIComponent(username)}`);
  }

  name(username: string): Locator {
    return this.page.getByRole('heading', { name: username, level: 1, exact: true });
  }

  section(title: 'Achievements' | 'Badges' | 'Inventory'): Locator {
    return this.page.getByRole('heading', { name: title, level: 2 });
  }

  /** Waits for the "not found" banner and returns its text. */
  async errorText(): Promise<string> {
    await this.error.waitFor();
    return (await this.error.innerText()).trim();
  }
}
