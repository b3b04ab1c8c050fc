import type { Locator, Page } from 'playwright-core';
import { openDocument } from '../support/helpers';

/** /games: one card per key of the spec, each a link to its game. */
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
    return rows.evaluateAll((trs) =>
      trs.map(
        (tr) =>
          [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '') as [
            string,
            string,
          ],
      ),
    );
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
    await this.page
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Rotate', exact: true })
      .click();
    await this.revealed.waitFor();
  }

  verifyLinks(): Locator {
    return this.page.getByTestId('round-row').getByRole('link', { name: 'Verify', exact: true });
  }

  /** Waits for the parts drawn from later answers: the round history and the published figures. */
  async historyOrEv(): Promise<void> {
    await this.page.getByTestId('round-row').first().waitFor();
    await this.publishedRow('spinner-ev', 'spinnerWeekly').waitFor();
  }

  /** One row of the published figures, by its table's key and its own. */
  publishedRow(table: string, row: string): Locator {
    return this.page.locator(
      `[data-testid="published-table"][data-table="${table}"] [data-testid="published-row"][data-row="${row}"]`,
    );
  }

  /** Every published row as drawn: each cell's text with its emoji pictures read as their characters. */
  async publishedRows(): Promise<{ table: string; row: string; cells: string[] }[]> {
    await this.page.getByTestId('published-row').first().waitFor();
    return this.page.locator('[data-testid="published-row"]').evaluateAll((rows) => {
      const textOf = (node: Node): string => {
        if (node instanceof HTMLImageElement) return node.alt;
        if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
        return Array.from(node.childNodes).map(textOf).join('');
      };
      return rows.map((row) => ({
        table: row.closest('[data-testid="published-table"]')?.getAttribute('data-table') ?? '',
        row: row.getAttribute('data-row') ?? '',
        cells: Array.from(row.children).map(textOf),
      }));
    });
  }

  /** The section headings in page order. */
  sectionHeadings(): Locator {
    return this.page.locator('[data-testid="published-section"] > h2');
  }

  field(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  /** 'Matches round #N' or 'Does not match round #N', with what differs and how the payout splits. */
  verdict(): Locator {
    return this.page.getByTestId('verify-verdict');
  }

  /** The recomputed outcome in words. */
  summary(): Locator {
    return this.page.getByTestId('verify-summary');
  }

  payoutLine(): Locator {
    return this.page.getByTestId('verify-payout');
  }

  verifyError(): Locator {
    return this.page.getByTestId('verify-error');
  }

  verifyHint(): Locator {
    return this.page.getByTestId('verify-hint');
  }

  verifyHeading(): Locator {
    return this.page.getByRole('heading', { name: 'Verify a round', level: 2 });
  }

  /** The Verify link of the round list's row for this round id. */
  verifyLinkOf(roundId: string): Locator {
    return this.page
      .locator(`[data-testid="round-row"][data-round="${roundId}"]`)
      .getByRole('link', { name: 'Verify', exact: true });
  }

  /** The round list's game menu ('All games' or a game's label). */
  async filterRounds(label: string): Promise<void> {
    await this.page
      .getByRole('region', { name: 'Your last rounds' })
      .getByLabel('Game', { exact: true })
      .selectOption({ label });
  }
}

/** 'Your last rounds' on any page that lists them. */
export class RoundList {
  constructor(private readonly page: Page) {}

  rows(): Locator {
    return this.page.getByTestId('round-row');
  }

  /** The game of each row, in the order shown, once the list has loaded. */
  async games(): Promise<string[]> {
    await this.page.getByTestId('round-history').waitFor();
    return this.rows().evaluateAll((rows) =>
      rows.map((row) => row.getAttribute('data-game') ?? ''),
    );
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

  /** Why a play did not start or stopped early, beside the submit button. */
  notice(): Locator {
    return this.panel().getByRole('alert');
  }

  /** The running or last auto-repeat run: rounds, wins, losses and net. */
  tally(game: 'roulette' | 'coin-flip' | 'slots'): Locator {
    return this.page.getByTestId(`${game}-tally`);
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

  /**
   * The boxes of the next `count` animals at the moment each appears (read as it is added, before
   * it has fallen), and the play area's box inside its border.
   */
  async spawnBoxes(count: number): Promise<{ area: Box; animals: Box[] }> {
    return this.page.evaluate(async (wanted) => {
      const area = document.querySelector<HTMLElement>('section[aria-label="Falling animals"]');
      if (!area) throw new Error('no play area');
      const box = (r: DOMRect) => ({ x: r.x, y: r.y, width: r.width, height: r.height });
      const animals: ReturnType<typeof box>[] = [];
      await new Promise<void>((resolve) => {
        const observer = new MutationObserver((records) => {
          for (const record of records) {
            for (const node of record.addedNodes) {
              if (node instanceof HTMLElement && node.dataset.testid === 'frenzy-target')
                animals.push(box(node.getBoundingClientRect()));
            }
          }
          if (animals.length >= wanted) {
            observer.disconnect();
            resolve();
          }
        });
        observer.observe(area, { childList: true });
      });
      const outer = area.getBoundingClientRect();
      return {
        area: {
          x: outer.x + area.clientLeft,
          y: outer.y + area.clientTop,
          width: area.clientWidth,
          height: area.clientHeight,
        },
        animals,
      };
    }, count);
  }
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
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

  /** Why the last start was refused, under the start button. */
  refusal(): Locator {
    return this.page.getByRole('alert').and(this.page.getByTestId('minefield-refusal'));
  }
}
