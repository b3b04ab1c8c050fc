import type { Locator, Page } from 'playwright-core';
import { coinsIn, endsWithCoins, openDocument } from '../support/helpers';

export const MERGE_LAB_PATH = '/games/merge-lab';

/**
 * /games/merge-lab: the energy card (bar, countdown, Tap, verify), the 6 x 7 board with its
 * status line and sell tray, three order cards and the published economy.
 */
export class MergeLabPage {
  readonly heading: Locator;
  readonly balanceValue: Locator;
  readonly board: Locator;
  readonly cells: Locator;
  readonly status: Locator;
  readonly energyValue: Locator;
  readonly energyTimer: Locator;
  readonly countdown: Locator;
  readonly tapButton: Locator;
  readonly tapBlocked: Locator;
  readonly verifyLink: Locator;
  readonly orders: Locator;
  readonly sellTray: Locator;
  readonly sellButton: Locator;
  readonly emptyHint: Locator;
  readonly economy: Locator;
  readonly loadError: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Merge Lab', level: 1 });
    this.balanceValue = page.getByTestId('lab-balance');
    this.board = page.getByRole('grid', { name: 'Board' });
    this.cells = page.getByTestId('lab-cell');
    this.status = page.getByTestId('lab-status');
    this.energyValue = page.getByTestId('lab-energy-value');
    this.energyTimer = page.getByTestId('lab-energy-timer');
    this.countdown = page.getByTestId('lab-energy-countdown');
    this.tapButton = page.getByRole('button', { name: /^Tap \(1 ⚡\)$/ });
    this.tapBlocked = page.getByTestId('lab-tap-blocked');
    this.verifyLink = page.getByTestId('lab-verify');
    this.orders = page.getByTestId('lab-order');
    this.sellTray = page.getByTestId('lab-sell');
    this.sellButton = page.getByTestId('lab-sell-button');
    this.emptyHint = page.getByTestId('lab-empty');
    this.economy = page.getByTestId('lab-economy');
    this.loadError = page.getByRole('alert').filter({ hasText: 'Failed to load your lab' });
  }

  /** Opens the page once the board is drawn. */
  async open(): Promise<void> {
    await openDocument(this.page, MERGE_LAB_PATH);
    await this.heading.waitFor();
    await this.cells.nth(41).waitFor();
  }

  cell(index: number): Locator {
    return this.page.locator(`[data-testid="lab-cell"][data-cell="${index}"]`);
  }

  cellButton(index: number): Locator {
    return this.cell(index).getByRole('button');
  }

  /** The board as shown: 'potion:2' per item, '' per empty cell, index = row x 6 + column. */
  async items(): Promise<string[]> {
    return this.cells.evaluateAll((cells) => cells.map((c) => c.getAttribute('data-item') ?? ''));
  }

  /** Waits until the board shows exactly `expected` (as items() reads it). */
  async waitForBoard(expected: string[]): Promise<void> {
    await this.page.waitForFunction(
      (want) => {
        const got = [...document.querySelectorAll('[data-testid="lab-cell"]')].map(
          (c) => c.getAttribute('data-item') ?? '',
        );
        return got.length === want.length && got.every((v, i) => v === want[i]);
      },
      expected,
      { polling: 50 },
    );
  }

  async energy(expected?: string): Promise<string> {
    const value =
      expected === undefined
        ? this.energyValue
        : this.energyValue.filter({ hasText: new RegExp(`^${expected.replace('/', '\\/')}$`) });
    await value.waitFor();
    return (await this.energyValue.innerText()).trim();
  }

  order(index: number): Locator {
    return this.page.locator(`[data-testid="lab-order"][data-order="${index}"]`);
  }

  deliverButton(index: number): Locator {
    return this.order(index).getByRole('button', { name: /^Deliver\b/ });
  }

  async balance(expected?: string): Promise<string> {
    const value =
      expected === undefined
        ? this.balanceValue
        : this.balanceValue.filter({ hasText: endsWithCoins(expected) });
    await value.waitFor();
    return coinsIn(await this.balanceValue.textContent());
  }

  async waitForStatus(text: string | RegExp): Promise<string> {
    await this.status.filter({ hasText: text }).waitFor();
    return (await this.status.innerText()).trim();
  }

  /** The published table as [tier, energy, order, sell] rows. */
  async payoutRows(): Promise<string[][]> {
    return this.economy
      .getByTestId('lab-payout-row')
      .evaluateAll((rows) =>
        rows.map((r) => [...r.children].map((c) => (c.textContent ?? '').trim())),
      );
  }

  /**
   * One arrow key of a keyboard drag, until the item is over cell `to`. dnd-kit starts listening
   * for the arrows a moment after the drag begins (a timer), so a key pressed at once can be lost;
   * it is pressed again only while the item is still over the cell it was on.
   */
  async keyboardDragStep(key: string, from: number, to: number): Promise<void> {
    const over = (cell: number) => this.cell(cell).and(this.page.locator('[data-over="true"]'));
    for (let attempt = 0; attempt < 5; attempt++) {
      await this.page.keyboard.press(key);
      try {
        await over(to).waitFor({ timeout: 1_000 });
        return;
      } catch {
        if ((await over(from).count()) === 0) break;
      }
    }
    await over(to).waitFor({ timeout: 1_000 });
  }

  /**
   * Drags with the mouse from a cell's item to a drop target (a cell, an order card, the sell
   * tray), in small steps: dnd-kit starts a drag only once the pointer has moved a few pixels with
   * the button held, and the button is let go only once the target says the item is over it, so a
   * busy page that measures late cannot drop it elsewhere. Both ends are brought into the middle
   * of the window first, away from the edges where dnd-kit scrolls the page.
   */
  async drag(fromCell: number, to: Locator): Promise<void> {
    const from = this.cellButton(fromCell);
    await from.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await to.evaluate(
      (el, source) => {
        const a = source.getBoundingClientRect();
        const b = el.getBoundingClientRect();
        window.scrollBy(
          0,
          (Math.min(a.top, b.top) + Math.max(a.bottom, b.bottom)) / 2 - window.innerHeight / 2,
        );
      },
      await from.elementHandle(),
    );
    const a = await from.boundingBox();
    const b = await to.boundingBox();
    if (!a || !b) throw new Error('drag: an element has no box');
    const start = { x: a.x + a.width / 2, y: a.y + a.height / 2 };
    const end = { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    await this.page.mouse.move(start.x, start.y);
    await this.page.mouse.down();
    await this.page.mouse.move(start.x + 6, start.y + 6, { steps: 3 });
    await this.page.mouse.move(end.x, end.y, { steps: 8 });
    const over = to.and(this.page.locator('[data-over="true"]'));
    for (let i = 0; i < 40 && (await over.count()) === 0; i++) {
      await this.page.mouse.move(end.x + (i % 2), end.y + (i % 2));
      await this.page.waitForTimeout(25);
    }
    await this.page.mouse.up();
    // dnd-kit swallows every click for 50 ms after a drop (a timer it starts in the page), so a
    // click right after it, such as the sale dialog's button on a fast machine, would be lost;
    // no person clicks that fast. A timer of the same length started after it in the page ends
    // after it.
    await this.page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
  }
}
