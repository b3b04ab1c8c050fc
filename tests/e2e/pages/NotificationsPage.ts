import type { Locator, Page } from 'playwright-core';
import { openDocument, waitForPath } from '../support/helpers';

/** /notifications (the inbox) and /notifications/settings (which kinds reach you where). */
export class NotificationsPage {
  readonly heading: Locator;
  readonly list: Locator;
  readonly items: Locator;
  readonly markAllRead: Locator;
  readonly kind: Locator;
  readonly empty: Locator;
  readonly preferences: Locator;
  readonly save: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Notifications' });
    this.list = page.getByRole('list', { name: 'Notifications' });
    this.items = this.list.getByTestId('notification');
    this.markAllRead = page.getByRole('button', { name: 'Mark all read' });
    this.kind = page.getByLabel('Kind', { exact: true });
    this.empty = page.getByText(/^No (unread )?notifications/);
    this.preferences = page.getByRole('form', { name: 'What reaches you' });
    this.save = this.preferences.getByRole('button', { name: 'Save preferences' });
  }

  async open(): Promise<void> {
    await openDocument(this.page, '/notifications');
    await this.heading.waitFor();
  }

  async openSettings(): Promise<void> {
    await openDocument(this.page, '/notifications/settings');
    await this.preferences.waitFor();
  }

  /** The notification with this title. */
  item(title: string): Locator {
    return this.items.filter({ hasText: title });
  }

  /** Opens a notification by its title, as a click on it does. */
  async openItem(title: string, path: string): Promise<void> {
    await this.item(title).getByRole('link', { name: title }).click();
    await waitForPath(this.page, path);
  }

  /** 'All' or 'Unread' (the latter's name carries the count). */
  async show(which: 'All' | 'Unread'): Promise<void> {
    const button = this.page
      .getByRole('group', { name: 'Show' })
      .getByRole('button', { name: new RegExp(`^${which}`) });
    await button.click();
    await this.page
      .getByRole('group', { name: 'Show' })
      .getByRole('button', { name: new RegExp(`^${which}`), pressed: true })
      .waitFor();
  }

  async tab(name: 'Inbox' | 'Settings'): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Notifications' })
      .getByRole('link', { name })
      .click();
  }

  /** A kind's box for a channel in the preferences, by the kind's label. */
  checkbox(label: string, channel: 'Inbox' | 'Push' | 'Email'): Locator {
    return this.preferences.getByRole('checkbox', { name: `${label}: ${channel}`, exact: true });
  }
}
