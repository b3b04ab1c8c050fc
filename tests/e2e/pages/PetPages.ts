import type { Locator, Page } from 'playwright-core';
import { coinsIn, openDocument } from '../support/helpers';

export const PET_BASE = '/games/virtual-pet';

/** The pet area's own links (Sanctuary, Gacha, Shop, Breeding, Mini-games), on every pet page. */
export class PetNav {
  constructor(private readonly page: Page) {}

  link(label: 'Sanctuary' | 'Gacha' | 'Shop' | 'Breeding' | 'Mini-games'): Locator {
    return this.page
      .getByRole('navigation', { name: 'Pet area' })
      .getByRole('link', { name: label, exact: true });
  }
}

/**
 * /games/virtual-pet: 'Choose Your Starter Critter' while the user has no critter; then the
 * holdings (pet coins, shards, foods, toys), the resource claim and one card per critter.
 */
export class SanctuaryPage {
  readonly heading: Locator;
  readonly starterHeading: Locator;
  readonly starters: Locator;
  readonly claimButton: Locator;
  readonly claimCountdown: Locator;
  readonly claimResult: Locator;
  readonly petCoins: Locator;
  readonly petShards: Locator;
  readonly gold: Locator;
  readonly critterCards: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Sanctuary', level: 1 });
    this.starterHeading = page.getByRole('heading', {
      name: 'Choose Your Starter Critter',
      level: 2,
    });
    this.starters = page.getByTestId('starter-picker').locator('[data-testid^="starter-"]');
    this.claimButton = page.getByTestId('claim-button');
    this.claimCountdown = page.getByTestId('claim-countdown');
    this.claimResult = page.getByTestId('claim-result');
    this.petCoins = page.getByTestId('pet-coins');
    this.petShards = page.getByTestId('pet-shards');
    this.gold = page.getByTestId('pet-gold');
    this.critterCards = page.getByTestId('critter-card');
  }

  /** Opens the sanctuary of a user who has a critter, once its holdings and first card show. */
  async open(): Promise<void> {
    await openDocument(this.page, PET_BASE);
    await this.heading.waitFor();
    await this.petCoins.waitFor();
    await this.critterCards.first().waitFor();
  }

  /** Opens the sanctuary of a user without critters, once the starters are listed. */
  async openStarters(): Promise<void> {
    await openDocument(this.page, PET_BASE);
    await this.starterHeading.waitFor();
    await this.starters.first().waitFor();
  }

  starter(species: string): Locator {
    return this.page.getByTestId(`starter-${species}`);
  }

  adoptButton(species: string): Locator {
    return this.starter(species).getByRole('button', { name: /^Adopt\b/ });
  }

  /** A food or toy entry of the holdings ('🫐 Berry Bites ×2'). */
  held(key: string): Locator {
    return this.page.getByTestId(`held-${key}`);
  }

  /** The count of a held food or toy, once shown with `expected` when given. */
  async heldCount(key: string, expected?: number): Promise<number> {
    const entry =
      expected === undefined
        ? this.held(key)
        : this.held(key).filter({ hasText: new RegExp(`×${expected}\\s*$`) });
    await entry.waitFor();
    return Number(/×(\d+)\s*$/.exec(await entry.innerText())?.[1]);
  }

  /** The figure of pet coins or shards held, once it reads `expected` when given. */
  async figure(which: 'coins' | 'shards', expected?: string): Promise<string> {
    const value = which === 'coins' ? this.petCoins : this.petShards;
    await (
      expected === undefined
        ? value
        : value.filter({ hasText: new RegExp(`(?<![\\d,])${expected}\\s*$`) })
    ).waitFor();
    return coinsIn(await value.textContent());
  }

  /** Seconds left on the claim button's 'Next claim in H:MM:SS'. */
  async countdownSeconds(): Promise<number> {
    const text = await this.claimCountdown.innerText();
    const match = /^Next claim in (\d+):(\d\d):(\d\d)$/.exec(text.trim());
    if (!match) throw new Error(`unexpected countdown "${text}"`);
    return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
  }

  critter(name: string): CritterCard {
    return new CritterCard(
      this.page,
      this.critterCards.filter({ has: this.page.getByRole('heading', { name, level: 3 }) }),
    );
  }
}

/** One critter's card: level and affection bars, traits, what it wears, and care once expanded. */
export class CritterCard {
  readonly toggle: Locator;
  readonly level: Locator;
  readonly affection: Locator;
  readonly experienceBar: Locator;
  readonly affectionBar: Locator;
  readonly traitsLine: Locator;
  readonly wearingLine: Locator;
  readonly feedForm: Locator;
  readonly playForm: Locator;
  readonly purchaseTraits: Locator;

  constructor(
    private readonly page: Page,
    readonly root: Locator,
  ) {
    this.toggle = root.getByRole('heading', { level: 3 }).getByRole('button');
    this.level = root.getByTestId('critter-level');
    this.affection = root.getByTestId('critter-affection');
    this.experienceBar = root.getByRole('progressbar', { name: /experience to level/ });
    this.affectionBar = root.getByRole('progressbar', { name: /: affection$/ });
    this.traitsLine = root.locator('p').filter({ hasText: /^Traits: / });
    this.wearingLine = root.locator('p').filter({ hasText: /^Wearing: / });
    this.feedForm = root.getByRole('form', { name: 'Feed', exact: true });
    this.playForm = root.getByRole('form', { name: 'Play', exact: true });
    this.purchaseTraits = root.getByRole('button', { name: 'Purchase Traits' });
  }

  async expand(): Promise<void> {
    if ((await this.toggle.getAttribute('aria-expanded')) !== 'true') await this.toggle.click();
    await this.feedForm.waitFor();
  }

  /** The 'X / Y EXP' figures beside the level. */
  async experienceText(): Promise<string> {
    return (await this.level.locator('xpath=following-sibling::span').innerText()).trim();
  }

  foodSelect(): Locator {
    return this.feedForm.getByLabel('Food', { exact: true });
  }

  toySelect(): Locator {
    return this.playForm.getByLabel('Toy', { exact: true });
  }

  feedButton(): Locator {
    return this.feedForm.getByRole('button', { name: /^(Feed|Feeding…)\b/ });
  }

  playButton(): Locator {
    return this.playForm.getByRole('button', { name: /^(Play|Playing…)\b/ });
  }

  /** The trait list 'Purchase Traits' opens. */
  traitList(): Locator {
    return this.root.getByRole('list', { name: /^Traits .* can learn$/ });
  }

  trait(key: string): Locator {
    return this.root.getByTestId(`trait-${key}`);
  }

  unlockButton(key: string): Locator {
    return this.trait(key).getByRole('button', { name: /^(Unlock|Unlocking…)\b/ });
  }

  equipButton(key: string): Locator {
    return this.root.getByTestId(`equip-${key}`);
  }
}

/** /games/virtual-pet/shop: the balances on top, tabs pets, foods, toys, cosmetics and shards. */
export class PetShopPage {
  readonly heading: Locator;
  readonly gold: Locator;
  readonly coins: Locator;
  readonly shards: Locator;
  readonly panel: Locator;
  readonly items: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Pet Shop', level: 1 });
    this.gold = page.getByTestId('pet-shop-gold');
    this.coins = page.getByTestId('pet-shop-coins');
    this.shards = page.getByTestId('pet-shop-shards');
    this.panel = page.getByRole('tabpanel');
    this.items = this.panel.getByTestId('pet-shop-item');
  }

  async open(): Promise<void> {
    await openDocument(this.page, `${PET_BASE}/shop`);
    await this.ready();
  }

  /** Waits for the heading, the balances and the first item of the tab shown. */
  async ready(): Promise<void> {
    await this.heading.waitFor();
    await this.coins.waitFor();
    await this.items.first().waitFor();
  }

  tab(name: 'Pets' | 'Foods' | 'Toys' | 'Cosmetics' | 'Shards'): Locator {
    return this.page
      .getByRole('tablist', { name: 'Shop sections' })
      .getByRole('tab', { name, exact: true });
  }

  /** Selects a tab and waits for its panel to list its items. */
  async showTab(name: 'Pets' | 'Foods' | 'Toys' | 'Cosmetics' | 'Shards'): Promise<void> {
    await this.tab(name).click();
    await this.page
      .locator(`[role="tabpanel"][aria-labelledby="pet-shop-tab-${name.toLowerCase()}"]`)
      .waitFor();
    await this.items.first().waitFor();
  }

  item(key: string): Locator {
    return this.items.and(this.page.locator(`[data-item-id="${key}"]`));
  }

  quantity(key: string): Locator {
    return this.item(key).getByLabel('Quantity', { exact: true });
  }

  buyButton(key: string): Locator {
    return this.item(key).getByRole('button', { name: /^(Buy|Buying…)\b/ });
  }

  /** The 'You hold' figure of a food, toy or cosmetic. */
  held(key: string): Locator {
    return this.item(key)
      .locator('dt', { hasText: 'You hold' })
      .locator('xpath=following-sibling::dd');
  }

  /** Sets the quantity (foods, toys, shards) when given, then clicks Buy. */
  async buy(key: string, quantity?: number): Promise<void> {
    if (quantity !== undefined) await this.quantity(key).fill(String(quantity));
    await this.buyButton(key).click();
  }
}

/** /games/virtual-pet/{gacha,breeding,mini}: pages that say they arrive with the next update. */
/** The gacha, breeding and mini-games pages: open one and wait for its own content. */
export class PetSubPage {
  constructor(private readonly page: Page) {}

  async open(path: 'gacha' | 'breeding' | 'mini'): Promise<void> {
    await openDocument(this.page, `${PET_BASE}/${path}`);
    await this.page.getByRole('heading', { level: 1 }).waitFor();
    // Each page shows its data once loaded: the pool cards, the parent pickers, the game picker.
    const ready = {
      gacha: this.page.getByRole('heading', { name: /Starlight Pool/ }),
      breeding: this.page.getByTestId('breeding-gold'),
      mini: this.page.getByTestId('minigame-pick-critter-match'),
    }[path];
    await ready.waitFor();
  }
}

/** /games/virtual-pet/gacha: the gold balance and one card per pool. */
export class GachaPage {
  readonly heading: Locator;
  readonly gold: Locator;
  readonly pools: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Gacha', level: 1 });
    this.gold = page.getByTestId('gacha-gold');
    this.pools = page.getByRole('list', { name: 'Gacha pools' }).getByTestId('gacha-pool');
  }

  /** Opens the page once the balance and every pool card show. */
  async open(): Promise<void> {
    await openDocument(this.page, `${PET_BASE}/gacha`);
    await this.heading.waitFor();
    await this.gold.waitFor();
    await this.pool('mythic').root.waitFor();
  }

  pool(id: 'starlight' | 'mythic'): GachaPoolCard {
    return new GachaPoolCard(
      this.page,
      this.pools.and(this.page.locator(`[data-pool-id="${id}"]`)),
    );
  }

  /** The gold figure, once it reads `expected` when given ('5,000'). */
  async goldFigure(expected?: string): Promise<string> {
    await (
      expected === undefined
        ? this.gold
        : this.gold.filter({ hasText: new RegExp(`^\\s*${expected}\\s*$`) })
    ).waitFor();
    return coinsIn(await this.gold.textContent());
  }
}

/** One pool: cost, odds per pull, the pity bar and its rule, ×1 and ×10, the last spin's pulls, odds details. */
export class GachaPoolCard {
  readonly title: Locator;
  readonly cost: Locator;
  readonly odds: Locator;
  readonly pityFigure: Locator;
  readonly pityBar: Locator;
  readonly results: Locator;
  readonly resultItems: Locator;
  readonly showAll: Locator;
  readonly summary: Locator;
  readonly oddsDetails: Locator;

  constructor(
    private readonly page: Page,
    readonly root: Locator,
  ) {
    this.title = root.getByRole('heading', { level: 2 });
    this.cost = root.getByTestId('gacha-cost');
    this.odds = root.getByRole('list', { name: /odds per pull$/ }).getByRole('listitem');
    this.pityFigure = root.getByTestId('gacha-pity');
    this.pityBar = root.getByRole('progressbar', { name: /: pity$/ });
    this.results = root.getByTestId('gacha-results');
    this.resultItems = this.results.getByTestId('gacha-result');
    this.showAll = root.getByTestId('gacha-show-all');
    this.summary = root.getByTestId('gacha-summary');
    this.oddsDetails = root.getByTestId('gacha-odds-details');
  }

  spinButton(count: 1 | 10): Locator {
    return this.root.getByTestId(`gacha-spin-${count}`);
  }

  /** The line under the buttons saying why one is off ('×10 needs 20,000 gold; you have 5,000.'). */
  blockedLine(): Locator {
    return this.root.locator('p[id$="-blocked"]');
  }

  /** A paragraph of the card with this text (the pity rule, say). */
  text(words: string | RegExp): Locator {
    return this.root.getByText(words);
  }

  /** The odds per pull as the card lists them: rarity to '60.00%'. */
  async oddsTable(): Promise<Record<string, string>> {
    const rows = await this.odds.allInnerTexts();
    return Object.fromEntries(rows.map((row) => row.trim().split(/\s+/) as [string, string]));
  }

  /** Opens Odds details and returns its rows: rarity, base rate and the rate with pity counted. */
  async openOddsDetails(): Promise<{ rarity: string; base: string; consolidated: string }[]> {
    if ((await this.oddsDetails.getAttribute('open')) === null)
      await this.oddsDetails.locator('summary').click();
    const rows = this.oddsDetails.getByRole('table').locator('tbody tr');
    await rows.first().waitFor();
    const cells = await rows.evaluateAll((trs) =>
      trs.map((tr) =>
        [...tr.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').trim()),
      ),
    );
    return cells.map(([rarity = '', base = '', consolidated = '']) => ({
      rarity,
      base,
      consolidated,
    }));
  }

  expectedPulls(): Locator {
    return this.oddsDetails.getByTestId('gacha-expected');
  }

  /** A pull's verify link (to /fairness). */
  verifyLink(result: Locator): Locator {
    return result.getByRole('link', { name: /^Verify\b/ });
  }

  /**
   * Starts recording, in the page, how many pulls the card shows each time that number changes;
   * the returned function reads the record ([1, 2, ..., 10] for a reveal one by one, [10] for all at once).
   */
  async trackResultCounts(): Promise<() => Promise<number[]>> {
    const key = `gachaCounts${Math.random().toString(36).slice(2)}`;
    await this.root.evaluate((card, k) => {
      const counts: number[] = [];
      (window as unknown as Record<string, number[]>)[k] = counts;
      const count = () => card.querySelectorAll('[data-testid="gacha-result"]').length;
      let last = count();
      new MutationObserver(() => {
        const now = count();
        if (now !== last) counts.push((last = now));
      }).observe(card, { childList: true, subtree: true });
    }, key);
    return () =>
      this.page.evaluate(
        (k) => [...((window as unknown as Record<string, number[]>)[k] ?? [])],
        key,
      );
  }
}

/** /games/virtual-pet/breeding: balances, two parent pickers, payment, offspring preview, eggs, and who is breeding or resting. */
export class BreedingPage {
  readonly heading: Locator;
  readonly coins: Locator;
  readonly gold: Locator;
  readonly preview: Locator;
  readonly breedButton: Locator;
  readonly blockedLine: Locator;
  readonly eggs: Locator;
  readonly noEggs: Locator;
  readonly breedingList: Locator;
  readonly cooldownList: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Breeding', level: 1 });
    this.coins = page.getByTestId('breeding-coins');
    this.gold = page.getByTestId('breeding-gold');
    this.preview = page.getByTestId('offspring-preview');
    this.breedButton = page.getByTestId('breed-button');
    this.blockedLine = page.locator('#breed-blocked');
    this.eggs = page.getByTestId('breeding-egg');
    this.noEggs = page.getByText('No eggs incubating.');
    this.breedingList = page.getByTestId('breeding-list').getByRole('listitem');
    this.cooldownList = page.getByTestId('cooldown-list').getByRole('listitem');
  }

  /** Opens the page once the balances and the parent pickers (or the eggs) show. */
  async open(): Promise<void> {
    await openDocument(this.page, `${PET_BASE}/breeding`);
    await this.heading.waitFor();
    await this.gold.waitFor();
    await this.page.getByRole('heading', { name: /^Pending eggs/, level: 2 }).waitFor();
  }

  /** The first or second parent's select. */
  parent(which: 'a' | 'b'): Locator {
    return this.page.getByLabel(which === 'a' ? 'First parent' : 'Second parent', { exact: true });
  }

  /** A picker's options as shown: label and whether it can be picked. */
  async parentOptions(
    which: 'a' | 'b',
  ): Promise<{ value: string; label: string; disabled: boolean }[]> {
    return this.parent(which)
      .locator('option')
      .evaluateAll((options) =>
        options.map((o) => ({
          value: (o as HTMLOptionElement).value,
          label: (o.textContent ?? '').trim(),
          disabled: (o as HTMLOptionElement).disabled,
        })),
      );
  }

  /** The card under a picker showing the critter picked. */
  picked(which: 'a' | 'b'): Locator {
    return this.page.getByTestId(`breed-parent-${which}-picked`);
  }

  payment(method: 'pet' | 'gold'): Locator {
    return this.page.getByTestId(`breed-pay-${method}`).getByRole('radio');
  }

  previewRarity(): Locator {
    return this.preview.locator('dt', { hasText: 'Rarity' }).locator('xpath=following-sibling::dd');
  }

  previewGeneration(): Locator {
    return this.preview.getByTestId('offspring-generation');
  }

  previewHatch(): Locator {
    return this.preview.getByTestId('offspring-hatch');
  }

  egg(index = 0): EggCard {
    return new EggCard(this.eggs.nth(index));
  }

  /** The critters listed as breeding or resting (their data-critter-id). */
  async listedIds(list: 'breeding' | 'cooldown'): Promise<string[]> {
    const items = list === 'breeding' ? this.breedingList : this.cooldownList;
    return (
      await items.evaluateAll((lis) => lis.map((li) => li.getAttribute('data-critter-id') ?? ''))
    ).sort();
  }
}

/** A pending egg: what it holds, its HH:MM:SS countdown, and Hatch once ready. */
export class EggCard {
  readonly title: Locator;
  readonly countdown: Locator;
  readonly ready: Locator;
  readonly hatchButton: Locator;
  readonly incubation: Locator;

  constructor(readonly root: Locator) {
    this.title = root.getByRole('heading', { level: 3 });
    this.countdown = root.getByTestId('egg-countdown');
    this.ready = root.getByTestId('egg-ready');
    this.hatchButton = root.getByTestId('egg-hatch');
    this.incubation = root.getByRole('progressbar', { name: /: incubation$/ });
  }

  /** Seconds left on the egg's 'HH:MM:SS'. */
  async secondsLeft(): Promise<number> {
    const text = (await this.countdown.innerText()).trim();
    const match = /^(\d\d+):(\d\d):(\d\d)$/.exec(text);
    if (!match) throw new Error(`unexpected egg countdown "${text}"`);
    return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
  }
}

export type PetMinigame = 'coin-catcher' | 'dodge-n-dash' | 'critter-match';
export type CanvasPhase = 'idle' | 'starting' | 'countdown' | 'playing' | 'over';

/** /games/virtual-pet/mini: the critter and game pickers, the rules, and the stage with the chosen game. */
export class MiniGamesPage {
  readonly heading: Locator;
  readonly petCoins: Locator;
  readonly stage: Locator;
  readonly canvas: Locator;
  readonly countdown: Locator;
  readonly score: Locator;
  readonly result: Locator;
  readonly startButton: Locator;
  readonly exitButton: Locator;
  readonly expertButton: Locator;
  readonly cards: Locator;
  readonly matchProgress: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Pet mini-games', level: 1 });
    this.petCoins = page.getByTestId('minigame-pet-coins');
    this.stage = page.getByTestId('minigame-stage');
    this.canvas = page.getByTestId('minigame-canvas');
    this.countdown = page.getByTestId('minigame-countdown');
    this.score = page.getByTestId('minigame-score');
    this.result = page.getByTestId('minigame-result');
    this.startButton = page.getByTestId('minigame-start');
    this.exitButton = page.getByTestId('minigame-exit');
    this.expertButton = page.getByTestId('minigame-expert');
    this.cards = page.getByTestId('match-card');
    this.matchProgress = page.getByTestId('match-progress');
  }

  /** Opens the page of a user with a critter, once the game picker and the stage show. */
  async open(): Promise<void> {
    await openDocument(this.page, `${PET_BASE}/mini`);
    await this.heading.waitFor();
    await this.pickButton('critter-match').waitFor();
    await this.stage.waitFor();
  }

  pickButton(game: PetMinigame): Locator {
    return this.page.getByTestId(`minigame-pick-${game}`);
  }

  /** Picks a game and waits for its stage (the page then moves the focus to it). */
  async pick(game: PetMinigame): Promise<void> {
    await this.pickButton(game).click();
    await this.page.locator(`[data-testid="minigame-stage"][data-game="${game}"]`).waitFor();
  }

  pad(direction: 'left' | 'right' | 'up' | 'down'): Locator {
    return this.page.getByTestId(`minigame-pad-${direction}`);
  }

  card(index: number): Locator {
    return this.cards.nth(index);
  }

  /** Waits until the canvas game is in this phase. */
  async phase(expected: CanvasPhase): Promise<void> {
    await this.page.locator(`[data-testid="minigame-canvas"][data-phase="${expected}"]`).waitFor();
  }

  /** The canvas's frames per second as the page measures it (data-fps). */
  async fps(): Promise<number> {
    return Number(await this.canvas.getAttribute('data-fps'));
  }

  /** The result panel's lines ('Score counted: 100', '+100 experience', '+10 pet coins'), once saved. */
  async resultLines(): Promise<string[]> {
    await this.result
      .and(this.page.locator('[data-save="saved"]'))
      .getByRole('listitem')
      .first()
      .waitFor();
    return this.result.getByRole('listitem').allInnerTexts();
  }

  /** The result panel once its score is in this save state ('saved', 'skipped'...). */
  resultSaved(save: 'skipped' | 'waiting' | 'saving' | 'saved' | 'failed'): Locator {
    return this.result.and(this.page.locator(`[data-save="${save}"]`));
  }

  /** Waits until card `index` is turned up (or matched) and returns the critter on its face. */
  async faceOf(index: number): Promise<string> {
    const shown = this.card(index).and(
      this.page.locator('[data-state="up"], [data-state="matched"]'),
    );
    const label = (await shown.getAttribute('aria-label')) ?? '';
    const match = /^Card \d+, (.+?)(, matched)?$/.exec(label);
    if (!match || match[1] === 'face down')
      throw new Error(`card ${index} shows no face: "${label}"`);
    return match[1]!;
  }

  /**
   * Starts recording, in the page, every frames-per-second figure the canvas publishes (data-fps,
   * renewed every half second while a game runs); the returned function reads them.
   */
  async trackFps(): Promise<() => Promise<number[]>> {
    const key = `canvasFps${Math.random().toString(36).slice(2)}`;
    await this.canvas.evaluate((canvas, k) => {
      const seen: number[] = [];
      (window as unknown as Record<string, number[]>)[k] = seen;
      new MutationObserver(() => {
        const fps = Number(canvas.getAttribute('data-fps'));
        if (fps > 0) seen.push(fps);
      }).observe(canvas, { attributes: true, attributeFilter: ['data-fps'] });
    }, key);
    return () =>
      this.page.evaluate(
        (k) => [...((window as unknown as Record<string, number[]>)[k] ?? [])],
        key,
      );
  }

  /**
   * Where Coin catcher's basket is, in world units (0 to `worldWidth`), read from the canvas's
   * pixels on one row of the basket (`rowY`, world units): the mean x of its amber (#f59e0b)
   * pixels, or null when none shows.
   */
  async basketX(rowY: number, worldWidth: number, worldHeight: number): Promise<number | null> {
    return this.canvas.evaluate(
      (el, { rowY, worldWidth, worldHeight }) => {
        const canvas = el as HTMLCanvasElement;
        const ctx = canvas.getContext('2d');
        if (!ctx) return null;
        const row = Math.floor((rowY / worldHeight) * canvas.height);
        const { data } = ctx.getImageData(0, row, canvas.width, 1);
        let sum = 0;
        let n = 0;
        for (let x = 0; x < canvas.width; x++) {
          const [r, g, b] = [data[4 * x]!, data[4 * x + 1]!, data[4 * x + 2]!];
          if (Math.abs(r - 0xf5) <= 16 && Math.abs(g - 0x9e) <= 16 && b <= 40) {
            sum += x;
            n++;
          }
        }
        return n === 0 ? null : ((sum / n) * worldWidth) / canvas.width;
      },
      { rowY, worldWidth, worldHeight },
    );
  }
}
