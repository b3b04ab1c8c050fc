import type { Locator, Page } from 'playwright-core';
import type { BusinessKey } from '../../../src/shared/games/coinTycoon/rules';
import { coinsIn, endsWithCoins, openDocument } from '../support/helpers';

export const COIN_TYCOON_PATH = '/games/coin-tycoon';

/**
 * /games/coin-tycoon: the company's figures (bucks, income, investors, coins), six business rows,
 * the dividend, boost and sale cards, and the away dialog.
 */
export class CoinTycoonPage {
  readonly heading: Locator;
  readonly bucks: Locator;
  readonly income: Locator;
  readonly investors: Locator;
  readonly balanceValue: Locator;
  readonly claimButton: Locator;
  readonly sinceClaim: Locator;
  readonly boostButton: Locator;
  readonly boostStatus: Locator;
  readonly boostBlocked: Locator;
  readonly sellButton: Locator;
  readonly saleGain: Locator;
  readonly rows: Locator;
  readonly awayDialog: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Coin Tycoon', level: 1 });
    this.bucks = page.getByTestId('tycoon-bucks');
    this.income = page.getByTestId('tycoon-income');
    this.investors = page.getByTestId('tycoon-investors');
    this.balanceValue = page.getByTestId('tycoon-balance');
    this.claimButton = page.getByTestId('tycoon-claim');
    this.sinceClaim = page.getByTestId('tycoon-since-claim');
    this.boostButton = page.getByTestId('tycoon-boost');
    this.boostStatus = page.getByTestId('tycoon-boost-status');
    this.boostBlocked = page.getByTestId('tycoon-boost-blocked');
    this.sellButton = page.getByTestId('tycoon-sell');
    this.saleGain = page.getByTestId('tycoon-sale-gain');
    this.rows = page.getByTestId('tycoon-business');
    this.awayDialog = page.getByRole('dialog', { name: /^While you were away/ });
  }

  /** Opens the page once the company shows. */
  async open(): Promise<void> {
    await openDocument(this.page, COIN_TYCOON_PATH);
    await this.ready();
  }

  async ready(): Promise<void> {
    await this.heading.waitFor();
    await this.rows.nth(5).waitFor();
  }

  /**
   * The bucks on screen with the server time the page settled them to, read in one go so the
   * two belong together.
   */
  async reading(): Promise<{ bucks: bigint; at: number; text: string }> {
    const raw = await this.bucks.evaluate((el) => ({
      bucks: el.getAttribute('data-bucks') ?? '',
      at: el.getAttribute('data-at') ?? '',
      text: el.textContent ?? '',
    }));
    return {
      bucks: BigInt(raw.bucks),
      at: Number(raw.at),
      text: raw.text.replace('💵', '').trim(),
    };
  }

  business(key: BusinessKey): BusinessRowView {
    return new BusinessRowView(
      this.page.locator(`[data-testid="tycoon-business"][data-business="${key}"]`),
    );
  }

  /** The coin balance on the page, e.g. '1,255'; waits for `expected` first when given. */
  async balance(expected?: string): Promise<string> {
    const value =
      expected === undefined
        ? this.balanceValue
        : this.balanceValue.filter({ hasText: endsWithCoins(expected) });
    await value.waitFor();
    return coinsIn(await this.balanceValue.textContent());
  }
}

/** One business row. */
export class BusinessRowView {
  readonly owned: Locator;
  readonly progress: Locator;
  readonly revenue: Locator;
  readonly milestone: Locator;
  readonly start: Locator;
  readonly manager: Locator;

  constructor(readonly root: Locator) {
    this.owned = root.getByTestId('tycoon-owned');
    this.progress = root.getByRole('progressbar');
    this.revenue = root.getByTestId('tycoon-revenue');
    this.milestone = root.getByTestId('tycoon-milestone');
    this.start = root.getByTestId('tycoon-start');
    this.manager = root.getByTestId('tycoon-manager');
  }

  buy(kind: 'one' | 'ten' | 'max'): Locator {
    return this.root.getByTestId(`tycoon-buy-${kind}`);
  }

  async ownedCount(): Promise<number> {
    return Number(await this.owned.innerText());
  }

  async progressValue(): Promise<number> {
    return Number(await this.progress.getAttribute('data-progress'));
  }
}

/** Whether a game button is offered (its aria-disabled is how the page turns it off). */
export async function isAvailable(button: Locator): Promise<boolean> {
  return (await button.getAttribute('aria-disabled')) !== 'true';
}
