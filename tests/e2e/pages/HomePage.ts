import type { Locator, Page } from 'playwright-core';
import { openDocument } from '../support/helpers';

/** / : hero, six feature cards and the Top Players list. */
export class HomePage {
  readonly hero: Locator;
  readonly joinLink: Locator;
  readonly featureCards: Locator;
  readonly topPlayers: Locator;
  readonly topPlayerLinks: Locator;
  readonly footer: Locator;

  constructor(private readonly page: Page) {
    this.hero = page.getByRole('heading', { level: 1, name: 'Keep it Fair & Square.' });
    this.joinLink = page.getByRole('link', { name: 'Join the fun' });
    this.featureCards = page.getByRole('region', { name: /Why you.ll stay/ }).getByRole('listitem');
    this.topPlayers = page.getByRole('region', { name: 'Top Players' });
    this.topPlayerLinks = this.topPlayers.getByRole('link');
    this.footer = page.getByRole('contentinfo');
  }

  async open(): Promise<void> {
    await openDocument(this.page, '/');
    await this.hero.waitFor();
  }

  /** Waits for the Top Players list to load; returns each entry's href. */
  async topPlayerHrefs(): Promise<string[]> {
    await this.topPlayerLinks.first().waitFor();
    const hrefs = await this.topPlayerLinks.evaluateAll((links) =>
      links.map((a) => a.getAttribute('href') ?? ''),
    );
    return hrefs;
  }

  async featureTitles(): Promise<string[]> {
    await this.featureCards.first().waitFor();
    return this.featureCards.getByRole('heading', { level: 3 }).allInnerTexts();
  }

  /** True when the page is wider than the window (a horizontal scrollbar). */
  async scrollsSideways(): Promise<{ scrollWidth: number; innerWidth: number }> {
    return this.page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
  }
}
