import type { Locator, Page } from 'playwright-core';
import { coinsIn, endsWithCoins, openDocument, textWithEmoji } from '../support/helpers';

export const MYSTERY_BOX_PATH = '/games/mystery-box';

/**
 * /games/mystery-box: a card per box (price, return, Open ×1 and ×5, the last opening's drops,
 * the contents table), 'Your collectibles', 'Recent drops' and the round history.
 */
export class MysteryBoxPage {
  readonly heading: Locator;
  readonly balanceValue: Locator;
  readonly collectibles: Locator;
  readonly recentDrops: Locator;
  readonly feedEntries: Locator;
  readonly feedConnecting: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Mystery Box', level: 1 });
    this.balanceValue = page.getByTestId('box-balance');
    this.collectibles = page.getByTestId('box-collectibles');
    this.recentDrops = page.getByTestId('recent-drops');
    this.feedEntries = this.recentDrops.getByTestId('recent-drop');
    this.feedConnecting = this.recentDrops.getByText('Connecting to the live feed…');
  }

  /** Opens the page once both boxes and the collectibles (or their empty state) show. */
  async open(): Promise<void> {
    await openDocument(this.page, MYSTERY_BOX_PATH);
    await this.heading.waitFor();
    await this.box('gold').root.waitFor();
    await this.collectibles.locator('ul, p').first().waitFor();
  }

  /** Waits until the live socket is up, so the feed hears what happens from now on. */
  async waitForLiveFeed(): Promise<void> {
    await this.recentDrops.waitFor();
    await this.feedConnecting.waitFor({ state: 'detached' });
  }

  box(id: 'bronze' | 'gold'): BoxCard {
    return new BoxCard(
      this.page,
      this.page.locator(`[data-testid="mystery-box"][data-box-id="${id}"]`),
    );
  }

  async balance(expected?: string): Promise<string> {
    const value =
      expected === undefined
        ? this.balanceValue
        : this.balanceValue.filter({ hasText: endsWithCoins(expected) });
    await value.waitFor();
    return coinsIn(await this.balanceValue.textContent());
  }

  /** A collectible's row in 'Your collectibles'. */
  collectible(name: string): Locator {
    return this.collectibles
      .getByTestId('collectible')
      .filter({ has: this.page.getByTestId('collectible-name').getByText(name, { exact: true }) });
  }

  /** The quantity shown for a collectible ('3'), once it reads `expected` when given. */
  async collectibleQuantity(name: string, expected?: string): Promise<string> {
    const quantity = this.collectible(name).getByTestId('collectible-quantity');
    await (
      expected === undefined ? quantity : quantity.filter({ hasText: `×${expected}` })
    ).waitFor();
    return (await quantity.innerText()).replace('×', '').trim();
  }

  sellButton(name: string, which: 'Sell 1' | 'Sell all'): Locator {
    return this.collectible(name).getByRole('button', { name: new RegExp(`^${which}\\b`) });
  }
}

/** One box's card. */
export class BoxCard {
  readonly price: Locator;
  readonly rtp: Locator;
  readonly blocked: Locator;
  readonly contents: Locator;
  readonly results: Locator;
  readonly resultItems: Locator;
  readonly reels: Locator;
  readonly summary: Locator;
  readonly showAll: Locator;

  constructor(
    private readonly page: Page,
    readonly root: Locator,
  ) {
    this.price = root.getByTestId('box-price');
    this.rtp = root.getByTestId('box-rtp');
    this.blocked = root.getByTestId('box-blocked');
    this.contents = root.getByTestId('box-contents');
    this.results = root.getByTestId('box-results');
    this.resultItems = root.getByTestId('box-result');
    this.reels = root.getByTestId('box-reel');
    this.summary = root.getByTestId('box-summary');
    this.showAll = root.getByTestId('box-show-all');
  }

  openButton(count: 1 | 5): Locator {
    return this.root.getByTestId(`box-open-${count}`);
  }

  async expandContents(): Promise<void> {
    if ((await this.contents.getAttribute('open')) === null)
      await this.contents.locator('summary').click();
    await this.contents.getByRole('table').waitFor();
  }

  /** The contents table as [tier, weight, chance] per tier, in order. */
  async tierRows(): Promise<[string, string, string][]> {
    const tiers = this.contents.getByTestId('box-tier');
    return tiers.evaluateAll((bodies) =>
      bodies.map((body) => [
        body.getAttribute('data-tier') ?? '',
        body.querySelector('[data-testid="box-tier-weight"]')?.textContent?.trim() ?? '',
        body.querySelector('[data-testid="box-tier-chance"]')?.textContent?.trim() ?? '',
      ]),
    ) as Promise<[string, string, string][]>;
  }

  /** The collectibles listed for a tier, as their text ('🪨 Shiny Pebble sells for 40 coins'). */
  async dropsOf(tier: string): Promise<string[]> {
    const drops = await this.contents
      .locator(`[data-testid="box-tier"][data-tier="${tier}"]`)
      .getByTestId('box-drop')
      .all();
    const texts = await Promise.all(drops.map(textWithEmoji));
    return texts.map((t) => t.replace(/\s+/g, ' ').trim());
  }

  /** A drop of the last opening, by round id. */
  result(roundId: string): Locator {
    return this.root.locator(`[data-testid="box-result"][data-round="${roundId}"]`);
  }

  keepButton(result: Locator): Locator {
    return result.getByRole('button', { name: /^Keep\b/ });
  }

  sellButton(result: Locator): Locator {
    return result.getByRole('button', { name: /^Sell for\b/ });
  }

  verifyLink(result: Locator): Locator {
    return result.getByRole('link', { name: /^Verify\b/ });
  }

  /**
   * Starts recording, in the page, the order in which this card's drops land (their round ids)
   * and how many had landed at each change; the returned function reads both.
   */
  async trackLandings(): Promise<() => Promise<{ order: string[]; counts: number[] }>> {
    const key = `boxLandings${Math.random().toString(36).slice(2)}`;
    await this.root.evaluate((card, k) => {
      const state = { order: [] as string[], counts: [] as number[] };
      (window as unknown as Record<string, typeof state>)[k] = state;
      const sample = () => {
        const landed = [
          ...card.querySelectorAll('[data-testid="box-result"][data-landed="true"]'),
        ].map((el) => el.getAttribute('data-round') ?? '');
        for (const id of landed) if (!state.order.includes(id)) state.order.push(id);
        if (state.counts.at(-1) !== landed.length) state.counts.push(landed.length);
      };
      new MutationObserver(sample).observe(card, {
        childList: true,
        subtree: true,
        attributes: true,
        attributeFilter: ['data-landed'],
      });
    }, key);
    return () =>
      this.page.evaluate(
        (k) => (window as unknown as Record<string, { order: string[]; counts: number[] }>)[k]!,
        key,
      );
  }

  /**
   * Where a landed reel stopped: the emoji of the cell marked as the drop, and how far its centre
   * is from the centre of the reel's window (0 when it sits under the marker).
   */
  async reelStop(
    result: Locator,
  ): Promise<{ emoji: string; offCentre: number; state: string | null }> {
    const reel = result.getByTestId('box-reel');
    return reel.evaluate((el) => {
      const cell = el.querySelector('[data-stop="true"]')!;
      const box = el.getBoundingClientRect();
      const c = cell.getBoundingClientRect();
      return {
        emoji: (cell.textContent ?? '') + (cell.querySelector('img')?.alt ?? ''),
        offCentre: Math.abs(c.left + c.width / 2 - (box.left + box.width / 2)),
        state: el.getAttribute('data-state'),
      };
    });
  }
}
