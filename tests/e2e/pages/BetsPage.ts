import type { Locator, Page } from 'playwright-core';
import { exactly, openDocument, horizontalFit, type HorizontalFit } from '../support/helpers';

/**
 * /bets: one card per open bet (a list item named by its title) with a wager input and one
 * button per option showing its odds and vote count. Closed cards carry a "Closed" badge.
 */
export class BetsPage {
  readonly heading: Locator;
  readonly cards: Locator;
  readonly buildParlayLink: Locator;
  readonly emptyState: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Active Bets', level: 1 });
    this.cards = page.getByTestId('bet-card');
    this.buildParlayLink = page.getByRole('main').getByRole('link', { name: 'Build a Parlay' });
    this.emptyState = page.getByText('No open bets right now.');
  }

  /** Opens /bets and waits for the list to load (cards, or the empty state). */
  async open(): Promise<void> {
    await openDocument(this.page, '/bets');
    await this.heading.waitFor();
    await this.cards.first().or(this.emptyState).waitFor();
  }

  /** The card of the bet with exactly this title. */
  card(title: string): Locator {
    return this.cards.filter({ has: this.page.getByRole('heading', { name: title, exact: true }) });
  }

  /** Waits until the bet's card is listed and returns it. */
  async waitForBet(title: string): Promise<Locator> {
    const card = this.card(title);
    await card.waitFor();
    return card;
  }

  wagerInput(title: string): Locator {
    return this.card(title).getByLabel(`Wager for ${title}`, { exact: true });
  }

  option(title: string, option: string): Locator {
    return this.card(title).locator(
      `[data-testid="bet-option"][data-option=${JSON.stringify(option)}]`,
    );
  }

  optionButtons(title: string): Locator {
    return this.card(title).getByTestId('bet-option');
  }

  closedBadge(title: string): Locator {
    return this.card(title).getByTestId('bet-closed');
  }

  error(title: string): Locator {
    return this.card(title).getByRole('alert');
  }

  /** The option's odds as shown ('2.5x'); waits for `expected` first when given. */
  async odds(title: string, option: string, expected?: string): Promise<string> {
    return this.textOf(this.option(title, option).getByTestId('option-odds'), expected);
  }

  /** The option's vote count as shown ('1 bet'); waits for `expected` first when given. */
  async votes(title: string, option: string, expected?: string): Promise<string> {
    return this.textOf(this.option(title, option).getByTestId('option-votes'), expected);
  }

  /** Types the amount and taps the option, the way the page asks for it. */
  async placeWager(title: string, option: string, amount: string): Promise<void> {
    await this.wagerInput(title).fill(amount);
    await this.option(title, option).click();
  }

  /** The card's "You have N on X" lines, once `expected` (when given) is among them. */
  async stakes(title: string, expected?: string): Promise<string[]> {
    const lines = this.card(title).getByTestId('my-stake');
    if (expected !== undefined) await lines.filter({ hasText: exactly(expected) }).waitFor();
    return (await lines.allInnerTexts()).map((text) => text.trim());
  }

  /** Waits for the card's error line and returns its text. */
  async errorText(title: string): Promise<string> {
    const alert = this.error(title);
    await alert.waitFor();
    return (await alert.innerText()).trim();
  }

  /** Waits until the card shows the Closed badge (the bet's end time passed on screen). */
  async waitUntilClosed(title: string): Promise<void> {
    await this.closedBadge(title).waitFor();
  }

  async openParlayBuilder(): Promise<void> {
    await this.buildParlayLink.click();
  }

  /** How the page fits the window's width (see horizontalFit). */
  async fit(): Promise<HorizontalFit> {
    return horizontalFit(this.page);
  }

  private async textOf(locator: Locator, expected?: string): Promise<string> {
    if (expected !== undefined) await locator.filter({ hasText: exactly(expected) }).waitFor();
    return (await locator.innerText()).trim();
  }
}
