import type { Locator, Page } from 'playwright-core';
import { coinsIn, openDocument } from '../support/helpers';

export const PET_BASE = '/games/virtual-pet';

/** The pet area's own links (Sanctuary, Gacha, Shop, Breeding, Mini-games), on every pet page. */
export class PetNav {
  constructor(private readonly page: Page) {}

  link(label: 'Sanctuary' | 'Gacha' | 'Shop' | 'Breeding' | 'Mini-games'): Locator {
    return this.page.getByRole('navigation', { name: 'Pet area' }).getByRole('link', { name: label, exact: true });
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
    this.starterHeading = page.getByRole('heading', { name: 'Choose Your Starter Critter', level: 2 });
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
    const entry = expected === undefined ? this.held(key) : this.held(key).filter({ hasText: new RegExp(`×${expected}\\s*$`) });
    await entry.waitFor();
    return Number(/×(\d+)\s*$/.exec(await entry.innerText())?.[1]);
  }

  /** The figure of pet coins or shards held, once it reads `expected` when given. */
  async figure(which: 'coins' | 'shards', expected?: string): Promise<string> {
    const value = which === 'coins' ? this.petCoins : this.petShards;
    await (expected === undefined ? value : value.filter({ hasText: new RegExp(`(?<![\\d,])${expected}\\s*$`) })).waitFor();
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
    return new CritterCard(this.page, this.critterCards.filter({ has: this.page.getByRole('heading', { name, level: 3 }) }));
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
    return this.page.getByRole('tablist', { name: 'Shop sections' }).getByRole('tab', { name, exact: true });
  }

  /** Selects a tab and waits for its panel to list its items. */
  async showTab(name: 'Pets' | 'Foods' | 'Toys' | 'Cosmetics' | 'Shards'): Promise<void> {
    await this.tab(name).click();
    await this.page.locator(`[role="tabpanel"][aria-labelledby="pet-shop-tab-${name.toLowerCase()}"]`).waitFor();
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
    return this.item(key).locator('dt', { hasText: 'You hold' }).locator('xpath=following-sibling::dd');
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
    const ready = { gacha: this.page.getByRole('heading', { name: /Starlight Pool/ }), breeding: this.page.getByTestId('breeding-gold'), mini: this.page.getByTestId('minigame-pick-critter-match') }[path];
    await ready.waitFor();
  }
}
