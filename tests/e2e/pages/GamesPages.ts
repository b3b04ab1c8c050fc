import type { Locator, Page } from 'playwright-core';
import { openDocument } from '../support/helpers';

/** /games: one card per key of the spec; built games are links, the rest say 'Coming soon'. */
export class GamesHubPage {
  readonly heading: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Games', level: 1 });
  }

  async open(): Promise<void> {
    await openDocument(this.page, '/games');
    await this.heading.waitFor();
  }

  card(key: string): Locator {
    return this.page.getByTestId(`game-card-${key}`);
  }

  cards(): Locator {
    return this.page.getByRole('list', { name: 'Games' }).getByRole('listitem');
  }
}

/** /games/spinner: four wheel cards, each with a table, a countdown and Spin Now. */
export class SpinnerPage {
  readonly heading: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Spinners', level: 1 });
  }

  async open(): Promise<void> {
    await openDocument(this.page, '/games/spinner');
    await this.heading.waitFor();
    await this.card('spinnerWeekly').waitFor();
  }

  card(id: string): Locator {
    return this.page.getByTestId(`spinner-${id}`);
  }

  spinButton(id: string): Locator {
    return this.card(id).getByRole('button', { name: /^(Spin Now|Spinning…)$/ });
  }

  countdown(id: string): Locator {
    return this.page.getByTestId(`countdown-${id}`);
  }

  reward(id: string): Locator {
    return this.page.getByTestId(`reward-${id}`);
  }

  wheel(id: string): Locator {
    return this.page.getByTestId(`wheel-${id}`);
  }

  slice(id: string, index: number): Locator {
    return this.page.getByTestId(`slice-${id}-${index}`);
  }

  hoverText(id: string): Locator {
    return this.page.getByTestId(`hover-${id}`);
  }

  sortButton(id: string, column: 'Reward' | 'Probability'): Locator {
    return this.card(id).getByRole('columnheader').getByRole('button', { name: column });
  }

  /** The table's rows as [reward, percent] texts, in the order shown. */
  async tableRows(id: string): Promise<[string, string][]> {
    const rows = this.card(id).getByRole('table').locator('tbody tr');
    return rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '') as [string, string]));
  }

  historyRows(): Locator {
    return this.page.getByTestId('round-row');
  }
}

/** /fairness: your seeds, the verifier and the published returns. */
export class FairnessPage {
  readonly heading: Locator;
  readonly seedHash: Locator;
  readonly rotateButton: Locator;
  readonly revealed: Locator;
  readonly outcome: Locator;
  readonly verifyHash: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Provably fair', level: 1 });
    this.seedHash = page.getByTestId('seed-hash');
    this.rotateButton = page.getByRole('button', { name: 'Rotate seed' });
    this.revealed = page.getByTestId('revealed-seed');
    this.outcome = page.getByTestId('verify-outcome');
    this.verifyHash = page.getByTestId('verify-hash');
  }

  async open(): Promise<void> {
    await openDocument(this.page, '/fairness');
    await this.heading.waitFor();
  }

  async rotate(): Promise<void> {
    await this.rotateButton.click();
    await this.page.getByRole('alertdialog').getByRole('button', { name: 'Rotate', exact: true }).click();
    await this.revealed.waitFor();
  }

  verifyLinks(): Locator {
    return this.page.getByTestId('round-row').getByRole('link', { name: 'Verify', exact: true });
  }

  /** Waits for the parts drawn from later answers: the round history and the wheels' expected values. */
  async historyOrEv(): Promise<void> {
    await this.page.getByTestId('round-row').first().waitFor();
    await this.page.getByTestId('ev-spinnerWeekly').waitFor();
  }

  field(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }
}

/** /games/casino: tabs Roulette, Coin Flip and Slots, each with a bet form and a pay table. */
export class CasinoPage {
  readonly heading: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Casino', level: 1 });
  }

  async open(): Promise<void> {
    await openDocument(this.page, '/games/casino');
    await this.heading.waitFor();
  }

  async tab(name: 'Roulette' | 'Coin Flip' | 'Slots'): Promise<void> {
    await this.page.getByRole('tab', { name }).click();
  }

  panel(): Locator {
    return this.page.getByRole('tabpanel');
  }

  bet(): Locator {
    return this.panel().getByLabel('Bet', { exact: true });
  }

  autoRepeat(): Locator {
    return this.panel().getByLabel('Auto-repeat');
  }

  times(): Locator {
    return this.panel().getByLabel('Times', { exact: true });
  }

  submit(name: 'Spin' | 'Flip'): Locator {
    return this.panel().getByRole('button', { name: new RegExp(`^(${name}|Playing…)$`) });
  }

  stop(): Locator {
    return this.panel().getByRole('button', { name: 'Stop' });
  }

  result(game: 'roulette' | 'coin-flip' | 'slots'): Locator {
    return this.page.getByTestId(`${game}-result`);
  }

  reel(index: number): Locator {
    return this.page.getByTestId(`reel-${index}`);
  }
}

/** /games/click-frenzy: falling animal buttons, a counter out of 100 and the balance. */
export class ClickFrenzyPage {
  readonly heading: Locator;
  readonly count: Locator;
  readonly balance: Locator;
  readonly overlay: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Click Frenzy', level: 1 });
    this.count = page.getByTestId('frenzy-count');
    this.balance = page.getByTestId('frenzy-balance');
    this.overlay = page.getByTestId('frenzy-overlay');
  }

  async open(): Promise<void> {
    await openDocument(this.page, '/games/click-frenzy');
    await this.heading.waitFor();
  }

  /** Clicks the first falling animal; it moves, so the click is dispatched rather than aimed. */
  async catchOne(): Promise<void> {
    const target = this.page.getByTestId('frenzy-target').first();
    await target.waitFor();
    await target.dispatchEvent('click');
  }
}

/** /games/minefield: sliders, stake with Max, Enter / Cash Out / Play Again, and the grid. */
export class MinefieldPage {
  readonly heading: Locator;
  readonly message: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Minefield', level: 1 });
    this.message = page.getByTestId('minefield-message');
  }

  async open(): Promise<void> {
    await openDocument(this.page, '/games/minefield');
    await this.heading.waitFor();
  }

  slider(name: 'Rows' | 'Cols' | 'Mines'): Locator {
    return this.page.getByLabel(new RegExp(`^${name}:`));
  }

  stake(): Locator {
    return this.page.getByLabel('Stake', { exact: true });
  }

  button(name: string | RegExp): Locator {
    return this.page.getByRole('button', { name });
  }

  cell(index: number): Locator {
    return this.page.getByTestId(`cell-${index}`);
  }
}
