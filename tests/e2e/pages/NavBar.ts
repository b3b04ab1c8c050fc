import type { Locator, Page } from 'playwright-core';
import { coinsIn, endsWithCoins } from '../support/helpers';

/**
 * The top bar (a `nav` named "Main"). Below 640 px for visitors and 1280 px for members the
 * links sit behind a Menu button; the methods here open it when needed.
 */
export class NavBar {
  readonly root: Locator;
  readonly brand: Locator;
  readonly menuButton: Locator;
  readonly balanceChip: Locator;
  /** The notification bell (signed in only); its name carries the unread count. */
  readonly bell: Locator;

  constructor(private readonly page: Page) {
    this.root = page.getByRole('navigation', { name: 'Main' });
    this.brand = this.root.getByRole('link', { name: /Fair & Square/ });
    this.menuButton = this.root.getByRole('button', { name: 'Menu' });
    this.balanceChip = this.root.getByTestId('balance-chip');
    this.bell = this.root.getByTestId('notification-bell');
  }

  /** A visible nav link. Role queries skip hidden elements, so a collapsed menu's links don't count. */
  link(name: string): Locator {
    return this.root.getByRole('link', { name, exact: true });
  }

  async ready(): Promise<void> {
    await this.brand.waitFor();
  }

  async isCollapsed(): Promise<boolean> {
    await this.ready();
    return this.menuButton.isVisible();
  }

  async isMenuOpen(): Promise<boolean> {
    return (await this.menuButton.getAttribute('aria-expanded')) === 'true';
  }

  async openMenu(): Promise<void> {
    if (!(await this.isMenuOpen())) await this.menuButton.click();
    await this.root.getByRole('button', { name: 'Menu', expanded: true }).waitFor();
  }

  /** Shows the links (opening the menu on narrow screens) and waits for the named one. */
  async waitForLink(name: string): Promise<void> {
    if (await this.isCollapsed()) await this.openMenu();
    await this.link(name).waitFor();
  }

  /** The names of the links currently shown, opening the menu first on narrow screens. */
  async linkNames(): Promise<string[]> {
    if (await this.isCollapsed()) await this.openMenu();
    await this.link('Home').waitFor();
    const names = await this.root.getByRole('listitem').getByRole('link').allInnerTexts();
    return names.map((name) => name.trim());
  }

  /** Clicks a nav link the way a user would at the current width. */
  async goTo(name: string): Promise<void> {
    if (await this.isCollapsed()) await this.openMenu();
    await this.link(name).click();
  }

  /** The balance chip's amount, e.g. '1,000'; waits for `expected` first when given. */
  async balance(expected?: string): Promise<string> {
    const chip =
      expected === undefined
        ? this.balanceChip
        : this.balanceChip.filter({ hasText: endsWithCoins(expected) });
    await chip.waitFor();
    return coinsIn(await this.balanceChip.textContent());
  }

  /** Waits until the bell says this many unread (0: no count, no badge). */
  async unread(count: number): Promise<void> {
    const name = count === 0 ? 'Notifications' : `Notifications, ${count} unread`;
    await this.root.getByRole('link', { name, exact: true }).waitFor();
    if (count === 0)
      await this.bell.getByTestId('notification-badge').waitFor({ state: 'detached' });
    else await this.bell.getByTestId('notification-badge').getByText(String(count)).waitFor();
  }
}
