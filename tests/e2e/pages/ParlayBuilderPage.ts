import type { Locator, Page } from 'playwright-core';
import { exactly, openDocument, horizontalFit, type HorizontalFit } from '../support/helpers';

export type DragDirection = 'ArrowRight' | 'ArrowDown';

/**
 * /bets/parlay: open bets with one draggable chip per option on the left (above, on narrow
 * screens), and the "Your Parlay" slip with its drop zone, total odds, meter and wager form.
 */
export class ParlayBuilderPage {
  readonly heading: Locator;
  readonly backLink: Locator;
  readonly slip: Locator;
  readonly dropZone: Locator;
  readonly dropZoneHint: Locator;
  readonly picks: Locator;
  readonly pickCount: Locator;
  readonly totalOddsValue: Locator;
  readonly payoutValue: Locator;
  readonly meter: Locator;
  readonly wagerInput: Locator;
  readonly placeButton: Locator;
  readonly error: Locator;
  private readonly dragging: Locator;
  private readonly over: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Parlay Builder', level: 1 });
    this.backLink = page.getByRole('main').getByRole('link', { name: 'Back to bets' });
    this.slip = page.getByRole('region', { name: 'Your Parlay', exact: true });
    this.dropZone = this.slip.getByTestId('parlay-dropzone');
    this.dropZoneHint = this.dropZone.getByText('Drag bets here to add to your parlay.');
    this.picks = this.dropZone.getByTestId('parlay-pick');
    this.pickCount = this.slip.getByTestId('parlay-count');
    this.totalOddsValue = this.slip.getByTestId('parlay-total-odds');
    this.payoutValue = this.slip.getByTestId('parlay-payout');
    this.meter = this.slip.getByRole('progressbar', { name: 'Parlay odds meter', exact: true });
    this.wagerInput = this.slip.getByLabel('Parlay wager', { exact: true });
    this.placeButton = this.slip.getByRole('button', { name: 'Place Parlay', exact: true });
    this.error = this.slip.getByRole('alert');
    this.dragging = page.locator('[data-testid="parlay-dropzone"][data-dragging]');
    this.over = page.locator('[data-testid="parlay-dropzone"][data-over]');
  }

  async open(): Promise<void> {
    await openDocument(this.page, '/bets/parlay');
    await this.waitUntilShown();
  }

  async waitUntilShown(): Promise<void> {
    await this.heading.waitFor();
    await this.dropZone.waitFor();
  }

  /** The bet's entry in the list of open bets, once it is listed. */
  async waitForBet(title: string): Promise<Locator> {
    const bet = this.bet(title);
    await bet.waitFor();
    return bet;
  }

  bet(title: string): Locator {
    return this.page
      .getByTestId('parlay-bet')
      .filter({ has: this.page.getByRole('heading', { name: title, exact: true }) });
  }

  /** The draggable chip of one option of a bet. */
  chip(title: string, choice: string): Locator {
    return this.bet(title).locator(
      `[data-testid="parlay-chip"][data-choice=${JSON.stringify(choice)}]`,
    );
  }

  /** The "+ Add" button next to a chip, for those who neither drag nor use the keyboard. */
  addButton(title: string, choice: string): Locator {
    return this.bet(title).getByRole('button', {
      name: `Add ${choice} on ${title} to parlay`,
      exact: true,
    });
  }

  removeButton(title: string, choice: string): Locator {
    return this.dropZone.getByRole('button', { name: removeLabel(title, choice), exact: true });
  }

  /** The slip's row for this pick (choice on bet). */
  pick(title: string, choice: string): Locator {
    // `has` is resolved inside each row, so it takes a locator not rooted at the slip.
    return this.picks.filter({
      has: this.page.getByRole('button', { name: removeLabel(title, choice), exact: true }),
    });
  }

  /**
   * Drags the chip onto the drop zone with the mouse and waits for the pick to be in the slip.
   * Step by step rather than locator.dragTo, whose release can come before dnd-kit has
   * measured the drop zone: press, wait for data-dragging, move, wait for data-over, release.
   */
  async dragWithMouse(title: string, choice: string): Promise<void> {
    await this.chip(title, choice).hover();
    await this.page.mouse.down();
    await this.dragging.waitFor();
    const zone = await this.dropZone.boundingBox();
    if (!zone) throw new Error('the parlay drop zone is not on screen');
    const [x, y] = [zone.x + zone.width / 2, zone.y + zone.height / 2];
    await this.page.mouse.move(x, y, { steps: 5 });
    // dnd-kit decides "over" on a pointer move after it has measured the drop zone; on a busy
    // machine the moves can all come before that, and nothing moves again. Nudge the pointer
    // until the zone says it is over, instead of waiting once and failing at the time-out.
    for (let nudge = 1; !(await this.over.isVisible()); nudge++) {
      if (nudge > 40) await this.over.waitFor({ timeout: 1 });
      await this.page.mouse.move(x + (nudge % 2 ? 2 : -2), y, { steps: 1 });
      await this.over.waitFor({ timeout: 250 }).catch(() => undefined);
    }
    await this.page.mouse.up();
    await this.dragging.waitFor({ state: 'detached' });
    await this.pick(title, choice).waitFor();
  }

  /**
   * The keyboard drag: focus the chip, Space picks it up, the arrow toward the slip (right
   * beside it, down when the columns stack) moves it over the drop zone, Space drops it.
   * Waits for the pick to be in the slip.
   */
  async dragWithKeyboard(
    title: string,
    choice: string,
    direction: DragDirection = 'ArrowRight',
  ): Promise<void> {
    await this.chip(title, choice).focus();
    await this.page.keyboard.press('Space');
    await this.dragging.waitFor();
    await this.page.keyboard.press(direction);
    await this.over.waitFor();
    await this.page.keyboard.press('Space');
    await this.dragging.waitFor({ state: 'detached' });
    await this.pick(title, choice).waitFor();
  }

  /** Adds the option with its "+ Add" button and waits for the pick to be in the slip. */
  async addWithButton(title: string, choice: string): Promise<void> {
    await this.addButton(title, choice).click();
    await this.pick(title, choice).waitFor();
  }

  async remove(title: string, choice: string): Promise<void> {
    await this.removeButton(title, choice).click();
    await this.pick(title, choice).waitFor({ state: 'detached' });
  }

  /** The slip's total odds ('4.35x'); waits for `expected` first when given. */
  async totalOdds(expected?: string): Promise<string> {
    return this.textOf(this.totalOddsValue, expected);
  }

  /** The payout preview without the coin ('43.50'); waits for `expected` first when given. */
  async payout(expected?: string): Promise<string> {
    const text = await this.textOf(this.payoutValue, expected);
    return text.replace('🪙', '').trim();
  }

  /** The odds meter's aria-valuenow; waits for `expected` first when given. */
  async meterValue(expected?: number): Promise<number> {
    const meter =
      expected === undefined
        ? this.meter
        : this.meter.and(this.page.locator(`[aria-valuenow="${expected}"]`));
    await meter.waitFor();
    return Number(await this.meter.getAttribute('aria-valuenow'));
  }

  async setWager(amount: string): Promise<void> {
    await this.wagerInput.fill(amount);
    // Read back, so a lost keystroke fails here with the field's value instead of later on the payout.
    const value = await this.wagerInput.inputValue();
    if (value !== amount)
      throw new Error(
        `the wager field holds ${JSON.stringify(value)} after typing ${JSON.stringify(amount)}`,
      );
  }

  /** Submits the slip; the caller waits for the outcome (toast and /bets, or the error). */
  async place(): Promise<void> {
    await this.placeButton.click();
  }

  /** Waits for the slip's error line and returns its text. */
  async errorText(): Promise<string> {
    await this.error.waitFor();
    return (await this.error.innerText()).trim();
  }

  /** How the page fits the window's width (see horizontalFit). */
  async fit(): Promise<HorizontalFit> {
    return horizontalFit(this.page);
  }

  private async textOf(locator: Locator, expected?: string): Promise<string> {
    if (expected !== undefined) {
      try {
        await locator.filter({ hasText: exactly(expected) }).waitFor();
      } catch (error) {
        // Say what was there instead; a bare timeout hides whether the value was wrong or missing.
        const shown =
          (await locator.count()) > 0
            ? JSON.stringify((await locator.first().innerText()).trim())
            : 'nothing';
        throw new Error(`expected ${JSON.stringify(expected)} but the page shows ${shown}`, {
          cause: error,
        });
      }
    }
    return (await locator.innerText()).trim();
  }
}

function removeLabel(title: string, choice: string): string {
  return `Remove ${choice} on ${title} from parlay`;
}
