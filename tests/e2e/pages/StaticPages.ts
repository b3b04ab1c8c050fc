import type { Locator, Page } from 'playwright-core';
import { openDocument } from '../support/helpers';

/** /rules: "Unspoken Scriptures", ten joke rules. */
export class RulesPage {
  readonly title: Locator;
  readonly rules: Locator;

  constructor(private readonly page: Page) {
    this.title = page.getByRole('heading', { level: 1, name: 'Unspoken Scriptures' });
    this.rules = page.getByRole('main').getByRole('listitem');
  }

  async open(): Promise<void> {
    await openDocument(this.page, '/rules');
    await this.title.waitFor();
  }

  async ruleTexts(): Promise<string[]> {
    await this.rules.first().waitFor();
    return (await this.rules.allInnerTexts()).map((text) => text.trim());
  }
}

/** Any unknown path: "Well, this is awkward." with a link home. */
export class NotFoundPage {
  readonly headline: Locator;
  readonly homeLink: Locator;

  constructor(private readonly page: Page) {
    this.headline = page.getByRole('heading', { level: 1, name: 'Well, this is awkward.' });
    this.homeLink = page.getByRole('main').getByRole('link', { name: 'Take me home' });
  }

  async open(path: string): Promise<void> {
    await openDocument(this.page, path);
    await this.headline.waitFor();
  }
}
