import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ClaimResponse,
  CritterActionResponse,
  CrittersDto,
  GamesUserDto,
} from '../../src/shared/games/virtualPet/contract';
import { STARTERS, TRAITS, goodOf } from '../../src/shared/games/virtualPet/catalog';
import { call, expectLedgerBalanced, type TestUser } from '../../src/server/testing/harness';
import { grantGood, grantPetCurrency } from '../../src/server/features/games/virtualPet/builders';
import { signInAs, startWorld, type World } from './support/world';
import { phoneReport } from './support/phone';
import { coinsIn, textWithEmoji, waitForPath } from './support/helpers';
import { GamesHubPage } from './pages/GamesPages';
import {
  PetSubPage,
  PET_BASE,
  PetNav,
  PetShopPage,
  SanctuaryPage,
  type CritterCard,
} from './pages/PetPages';
import { Toasts } from './pages/Toasts';

/**
 * The virtual-pet area (issue 21) in a real browser: adopting a starter from the games hub, the
 * resource claim and its cooldown, the pet shop, feeding and play, traits bought with shards,
 * cosmetics, and every pet page on a phone with axe-core.
 */
const PHONE = { width: 390, height: 844 };
/** expect.poll waits 1 s by default; a page answering a click under load may take longer. */
const POLL = { timeout: 5_000 };

let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await expectLedgerBalanced(world.server);
  await world?.close();
});

/** Set-up: adopts a starter over HTTP. */
async function adopt(user: TestUser, species: string): Promise<CritterActionResponse> {
  const res = await call<CritterActionResponse>(world.server, 'POST', '/api/critters/adopt', {
    token: user.token,
    body: { species },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** Set-up: claims the sanctuary resources over HTTP. */
async function claimNow(user: TestUser): Promise<ClaimResponse> {
  const res = await call<ClaimResponse>(world.server, 'GET', '/api/sanctuary/resources', {
    token: user.token,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function resourcesOf(user: TestUser): Promise<GamesUserDto['resources']> {
  const res = await call<GamesUserDto>(world.server, 'GET', '/api/user/me', { token: user.token });
  expect(res.status).toBe(200);
  return res.body.resources;
}

/** '2 × 🫐 Berry Bites' for each good a claim added, in the answer's order (as the toast lists them). */
const goodsWords = (added: Record<string, number>): string[] =>
  Object.entries(added)
    .filter(([, n]) => n > 0)
    .map(([key, n]) => `${n} × ${goodOf(key)!.emoji} ${goodOf(key)!.name}`);

const total = (added: Record<string, number>) => Object.values(added).reduce((a, b) => a + b, 0);

/** Waits until the critter's 'X / Y EXP' reads `expected` and returns it. */
async function experience(card: CritterCard, expected: string): Promise<string> {
  await expect.poll(() => card.experienceText(), POLL).toBe(expected);
  return card.experienceText();
}

describe('virtual pet', () => {
  it('a new user goes from /games to the starters, adopts one and claims; the button counts down and a second tab is refused as too soon', async () => {
    const user = await world.user();
    const page = await world.newPage();
    await signInAs(page, world.server, user);
    const toasts = new Toasts(page);
    const hub = new GamesHubPage(page);
    await hub.open();
    await hub.card('virtual-pet').getByRole('link').click();
    await waitForPath(page, PET_BASE);

    const sanctuary = new SanctuaryPage(page);
    await sanctuary.starterHeading.waitFor();
    await sanctuary.starters.nth(STARTERS.length - 1).waitFor();
    expect(await sanctuary.starters.count()).toBe(3);
    expect(await sanctuary.starters.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual(
      STARTERS.map((s) => s.name),
    );
    for (const starter of STARTERS)
      expect(await sanctuary.adoptButton(starter.key).isEnabled()).toBe(true);

    await sanctuary.adoptButton('emberpup').click();
    expect(await toasts.waitFor('Welcome home, Emberpup!')).toBe('Welcome home, Emberpup!');
    const card = sanctuary.critter('Emberpup');
    await card.root.waitFor();
    expect(await sanctuary.critterCards.count()).toBe(1);
    await sanctuary.starterHeading.waitFor({ state: 'detached' });
    expect(await card.level.innerText()).toBe('Level 1');
    expect(await card.affection.innerText()).toBe('20 / 100');
    expect(await sanctuary.figure('coins')).toBe('0');
    expect(await sanctuary.figure('shards')).toBe('0');
    await expect.poll(() => sanctuary.claimButton.isEnabled(), POLL).toBe(true);
    expect(await sanctuary.claimCountdown.count()).toBe(0);

    // A second tab of the same session, opened while a claim is still open: it offers the claim too.
    const second = await page.context().newPage();
    second.setDefaultTimeout(10_000);
    second.setDefaultNavigationTimeout(30_000);
    const other = new SanctuaryPage(second);
    await other.open();
    await expect.poll(() => other.claimButton.isEnabled(), POLL).toBe(true);

    const answered = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/sanctuary/resources',
    );
    await sanctuary.claimButton.click();
    const response = await answered;
    expect(response.status()).toBe(200);
    const claim = (await response.json()) as ClaimResponse;
    expect([
      claim.coinsAdded,
      claim.shardsAdded,
      total(claim.foodAdded),
      total(claim.toysAdded),
    ]).toEqual([50, 5, 2, 1]);
    const words = [
      '+50 pet coins',
      '+5 shards',
      ...goodsWords(claim.foodAdded),
      ...goodsWords(claim.toysAdded),
    ].join(', ');
    const said = `Claimed: ${words}. Verify round #${claim.roundId} on /fairness.`;
    expect(await toasts.waitFor(said)).toBe(said);
    expect(await sanctuary.figure('coins', '50')).toBe('50');
    expect(await sanctuary.figure('shards', '5')).toBe('5');
    for (const [key, n] of Object.entries({ ...claim.foodAdded, ...claim.toysAdded }))
      expect(await sanctuary.heldCount(key, n)).toBe(n);
    await sanctuary.claimResult.filter({ hasText: `Last claim: ${words}.` }).waitFor();

    // The button is disabled and counts down from four hours.
    await sanctuary.claimCountdown.waitFor();
    expect(await sanctuary.claimButton.isDisabled()).toBe(true);
    const first = await sanctuary.countdownSeconds();
    expect(first).toBeLessThanOrEqual(4 * 3600);
    expect(first).toBeGreaterThan(4 * 3600 - 30);
    await expect.poll(() => sanctuary.countdownSeconds(), POLL).toBeLessThan(first);
    expect(await sanctuary.claimButton.isDisabled()).toBe(true);

    // The other tab still thinks it can claim; the server refuses it and its button starts counting.
    expect(await other.claimButton.isEnabled()).toBe(true);
    const refused = second.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/sanctuary/resources',
    );
    await other.claimButton.click();
    expect((await refused).status()).toBe(400);
    expect(await new Toasts(second).waitFor('Too soon — try again later')).toBe(
      'Too soon — try again later',
    );
    await other.claimCountdown.waitFor();
    expect(await other.claimButton.isDisabled()).toBe(true);
    expect(await other.countdownSeconds()).toBeGreaterThan(4 * 3600 - 60);
    // Nothing was paid twice, and the refused tab catches up with the claim made in the first one.
    expect((await resourcesOf(user)).coins).toBe(50);
    expect(await other.figure('coins', '50')).toBe('50');
    expect(await other.figure('shards', '5')).toBe('5');
    for (const [key, n] of Object.entries({ ...claim.foodAdded, ...claim.toysAdded }))
      expect(await other.heldCount(key, n)).toBe(n);
  });

  it('buys food in the shop (figures change at once), then feeds it and plays with the claimed toy: experience, level and affection rise', async () => {
    const user = await world.user();
    await adopt(user, 'puddlefin');
    const claim = await claimNow(user);
    const [toyKey] = Object.keys(claim.toysAdded) as [string];
    const toy = goodOf(toyKey)!;
    const page = await world.newPage();
    await signInAs(page, world.server, user);
    const toasts = new Toasts(page);

    const shop = new PetShopPage(page);
    await shop.open();
    expect(await shop.tab('Pets').getAttribute('aria-selected')).toBe('true');
    await shop.showTab('Foods');
    expect(await shop.tab('Foods').getAttribute('aria-selected')).toBe('true');
    expect(coinsIn(await shop.coins.textContent())).toBe('50');
    const berriesBefore = claim.foodAdded['berry-bites'] ?? 0;
    expect(await shop.held('berry-bites').innerText()).toBe(String(berriesBefore));
    await shop.quantity('berry-bites').fill('3');
    await shop.item('berry-bites').getByText('Total: 30 pet coins').waitFor();
    await shop.buyButton('berry-bites').click();
    expect(await toasts.waitFor('Bought 3 × Berry Bites')).toBe('Bought 3 × Berry Bites');
    await shop.coins.filter({ hasText: /^\s*20\s*$/ }).waitFor();
    await shop
      .held('berry-bites')
      .filter({ hasText: new RegExp(`^\\s*${berriesBefore + 3}\\s*$`) })
      .waitFor();
    // 20 pet coins left: a honey cake (40) cannot be bought.
    await shop.item('honey-cake').getByText('Not enough pet coins.').waitFor();
    expect(await shop.buyButton('honey-cake').isDisabled()).toBe(true);

    await new PetNav(page).link('Sanctuary').click();
    await waitForPath(page, PET_BASE);
    const sanctuary = new SanctuaryPage(page);
    expect(await sanctuary.heldCount('berry-bites', berriesBefore + 3)).toBe(berriesBefore + 3);
    expect(await sanctuary.figure('coins', '20')).toBe('20');
    const card = sanctuary.critter('Puddlefin');
    expect(await card.toggle.getAttribute('aria-expanded')).toBe('false');
    await card.expand();
    expect(await card.toggle.getAttribute('aria-expanded')).toBe('true');

    // Feed with nothing chosen: refused on the page, nothing eaten.
    expect(await card.foodSelect().inputValue()).toBe('');
    expect(await card.affection.innerText()).toBe('20 / 100');
    await card.feedButton().click();
    expect(await toasts.waitFor('Select a food item first.')).toBe('Select a food item first.');
    expect(await experience(card, '0 / 50 EXP')).toBe('0 / 50 EXP');
    expect(await card.experienceBar.getAttribute('aria-valuenow')).toBe('0');

    // Three Berry Bites (+20 EXP each): 20, 40, then level 2 (which starts at 50 and ends at 200).
    await card.foodSelect().selectOption('berry-bites');
    for (const [after, percent] of [
      ['20 / 50 EXP', '40'],
      ['40 / 50 EXP', '80'],
      ['10 / 150 EXP', '6'],
    ] as const) {
      await card.feedButton().click();
      expect(await experience(card, after)).toBe(after);
      expect(await card.experienceBar.getAttribute('aria-valuenow')).toBe(percent);
      // The next click waits out the button's quiet second after a feed (a click inside it is ignored).
      // The quiet second starts before the new figures render, so waiting for the button to be
      // enabled again is enough; on a loaded machine the second may already be over here.
      await expect.poll(() => card.feedButton().isDisabled(), POLL).toBe(false);
    }
    await toasts.message('Puddlefin enjoyed the Berry Bites').first().waitFor();
    expect(await card.level.innerText()).toBe('Level 2');
    // Three eaten: what the claim drew is left (an empty holding leaves the list).
    if (berriesBefore > 0)
      expect(await sanctuary.heldCount('berry-bites', berriesBefore)).toBe(berriesBefore);
    else await sanctuary.held('berry-bites').waitFor({ state: 'detached' });

    // Each Berry Bites also gave 2 affection: 20 + 3 × 2. Then play with the toy the claim drew.
    const fed = 20 + 3 * goodOf('berry-bites')!.affectionBonus;
    expect(await card.affection.innerText()).toBe(`${fed} / 100`);
    await card.toySelect().selectOption(toyKey);
    await card.playButton().click();
    expect(await toasts.waitFor(`Puddlefin loved playing with the ${toy.name}`)).toBe(
      `Puddlefin loved playing with the ${toy.name}`,
    );
    const affection = fed + toy.affectionBonus;
    await expect.poll(() => card.affection.innerText(), POLL).toBe(`${affection} / 100`);
    expect(await card.affectionBar.getAttribute('aria-valuenow')).toBe(String(affection));
    // The only toy is used up: the list and the select say so.
    await sanctuary.held(toyKey).waitFor({ state: 'detached' });
    await page.getByText('No toys yet: claim resources or visit the shop.').waitFor();
    expect(await card.toySelect().locator('option').allInnerTexts()).toEqual(['None held']);
  });

  it('buys shards with gold, then Purchase Traits: a trait too dear is refused, a common one is unlocked and shows on the card', async () => {
    const user = await world.user();
    await adopt(user, 'sproutling');
    await claimNow(user);
    const page = await world.newPage();
    await signInAs(page, world.server, user);
    const toasts = new Toasts(page);
    const sanctuary = new SanctuaryPage(page);
    await sanctuary.open();
    const card = sanctuary.critter('Sproutling');
    await card.expand();
    // Five shards from the claim: the trait shop stays shut.
    expect(await card.purchaseTraits.isDisabled()).toBe(true);
    await card.root.getByText('Needs at least 50 shards; you hold 5.').waitFor();

    await new PetNav(page).link('Shop').click();
    const shop = new PetShopPage(page);
    await shop.ready();
    await shop.showTab('Shards');
    expect(coinsIn(await shop.gold.textContent())).toBe('1,000');
    await shop.quantity('shards-25').fill('2');
    await shop.item('shards-25').getByText('Total: 500 gold').waitFor();
    await shop.buyButton('shards-25').click();
    expect(await toasts.waitFor('Bought 2 × Pouch of 25 shards')).toBe(
      'Bought 2 × Pouch of 25 shards',
    );
    await shop.shards.filter({ hasText: /^\s*55\s*$/ }).waitFor();
    await shop.gold.filter({ hasText: /^\s*500\s*$/ }).waitFor();

    await new PetNav(page).link('Sanctuary').click();
    await waitForPath(page, PET_BASE);
    expect(await sanctuary.figure('shards', '55')).toBe('55');
    await card.expand();
    expect(await card.purchaseTraits.isEnabled()).toBe(true);
    expect(await card.purchaseTraits.getAttribute('aria-expanded')).toBe('false');
    await card.purchaseTraits.click();
    expect(await card.purchaseTraits.getAttribute('aria-expanded')).toBe('true');
    await card.traitList().waitFor();
    expect(await card.traitList().getByRole('listitem').count()).toBe(TRAITS.length);

    // A mythical trait (250) looks disabled but still answers a click.
    const dear = card.unlockButton('quantumLeap');
    expect(await dear.getAttribute('aria-disabled')).toBe('true');
    // aria-disabled: Playwright would wait for it to become enabled, so the click is forced.
    await dear.click({ force: true });
    expect(await toasts.waitFor('Not enough shards! (250 required)')).toBe(
      'Not enough shards! (250 required)',
    );
    expect(await sanctuary.figure('shards')).toBe('55');

    // Forager (common, 30 shards): one more food per claim.
    expect(await card.unlockButton('forager').getAttribute('aria-disabled')).toBeNull();
    await card.unlockButton('forager').click();
    expect(await toasts.waitFor('Forager unlocked')).toBe('Forager unlocked');
    await card.traitsLine.filter({ hasText: 'Traits: Forager' }).waitFor();
    expect(await sanctuary.figure('shards', '25')).toBe('25');
    // 25 shards left: the trait shop closes again.
    await expect.poll(() => card.purchaseTraits.isDisabled(), POLL).toBe(true);
    expect(await card.traitList().count()).toBe(0);
    await page.getByTestId('claim-terms').getByText('Food: 3 draws').waitFor();
    const mine = await call<CrittersDto>(world.server, 'GET', '/api/critters/mine', {
      token: user.token,
    });
    expect(mine.body.critters[0]?.traits).toEqual({ forager: true });
  });

  it('buys a cosmetic with pet coins and equips it: the card wears it, and equipping it again says Already equipped.', async () => {
    const user = await world.user();
    await adopt(user, 'emberpup');
    await grantPetCurrency(world.server.db, user.id, 'pet_coins', 150);
    const page = await world.newPage();
    await signInAs(page, world.server, user);
    const toasts = new Toasts(page);

    const shop = new PetShopPage(page);
    await shop.open();
    await shop.showTab('Cosmetics');
    expect(coinsIn(await shop.coins.textContent())).toBe('150');
    expect(await shop.item('party-hat').getByTestId('pet-shop-price').innerText()).toBe(
      '150 pet coins',
    );
    expect(await shop.held('party-hat').innerText()).toBe('0');
    expect(await shop.quantity('party-hat').count()).toBe(0);
    await shop.buy('party-hat');
    expect(await toasts.waitFor('Bought Party Hat')).toBe('Bought Party Hat');
    await shop.coins.filter({ hasText: /^\s*0\s*$/ }).waitFor();
    await shop
      .held('party-hat')
      .filter({ hasText: /^\s*1\s*$/ })
      .waitFor();
    await shop.item('red-scarf').getByText('Not enough pet coins.').waitFor();

    await new PetNav(page).link('Sanctuary').click();
    await waitForPath(page, PET_BASE);
    const sanctuary = new SanctuaryPage(page);
    const card = sanctuary.critter('Emberpup');
    await card.root.waitFor();
    expect(await card.wearingLine.innerText()).toBe('Wearing: nothing');
    await card.expand();
    const equip = card.equipButton('party-hat');
    await equip.filter({ hasText: /^Equip\b/ }).waitFor();
    await equip.click();
    expect(await toasts.waitFor('Party Hat equipped')).toBe('Party Hat equipped');
    await card.wearingLine.filter({ hasText: /^Wearing:\s+Party Hat \(hat\)$/ }).waitFor();
    await equip.filter({ hasText: /^Equipped\b/ }).waitFor();

    await equip.click();
    expect(await toasts.waitFor('Already equipped.')).toBe('Already equipped.');
    expect(await textWithEmoji(card.wearingLine)).toBe('Wearing: 🥳 Party Hat (hat)');
    const mine = await call<CrittersDto>(world.server, 'GET', '/api/critters/mine', {
      token: user.token,
    });
    expect(mine.body.critters[0]?.equippedCosmetics).toEqual({ hat: 'party-hat' });
  });

  it('fits every pet page on a 390 px phone with no serious or critical axe finding', async () => {
    const { report, check } = phoneReport(PHONE.width, 'pets-390');

    // A newcomer: the starter screen.
    const newcomer = await world.user();
    const fresh = await world.newPage({ ...PHONE, bypassCSP: true });
    await signInAs(fresh, world.server, newcomer);
    await new SanctuaryPage(fresh).openStarters();
    await check(fresh, 'starters');

    // A keeper with goods, a trait, a cosmetic worn and one held, and enough shards for the trait shop.
    const keeper = await world.user();
    const { critter } = await adopt(keeper, 'puddlefin');
    await grantPetCurrency(world.server.db, keeper.id, 'shards', 80);
    await grantGood(world.server.db, keeper.id, 'party-hat', 1);
    await grantGood(world.server.db, keeper.id, 'snorkel', 1);
    await grantGood(world.server.db, keeper.id, 'honey-cake', 2);
    const unlocked = await call(world.server, 'POST', '/api/traits/unlock', {
      token: keeper.token,
      body: { critterId: critter._id, trait: 'splashy' },
    });
    expect(unlocked.status).toBe(200);
    const worn = await call(world.server, 'POST', '/api/critters/equip-cosmetic', {
      token: keeper.token,
      body: { critterId: critter._id, slot: 'hat', itemId: 'snorkel' },
    });
    expect(worn.status).toBe(200);

    const page = await world.newPage({ ...PHONE, bypassCSP: true });
    await signInAs(page, world.server, keeper);
    const sanctuary = new SanctuaryPage(page);
    await sanctuary.open();
    await sanctuary.claimButton.click();
    await sanctuary.claimCountdown.waitFor();
    await sanctuary.claimResult.getByRole('link').waitFor();
    await page.getByTestId('round-row').first().waitFor();
    await check(page, 'sanctuary');
    const card = sanctuary.critter('Puddlefin');
    await card.expand();
    await card.equipButton('party-hat').waitFor();
    await card.purchaseTraits.click();
    await card.traitList().waitFor();
    await check(page, 'sanctuary, card expanded with the trait list');

    const shop = new PetShopPage(page);
    await shop.open();
    await check(page, 'shop: Pets');
    for (const tab of ['Foods', 'Toys', 'Cosmetics', 'Shards'] as const) {
      await shop.showTab(tab);
      await check(page, `shop: ${tab}`);
    }
    // A refused quantity shows its error under the field.
    await shop.showTab('Foods');
    await shop.quantity('star-fruit').fill('100');
    await shop.item('star-fruit').getByText('1 to 99').waitFor();
    await check(page, 'shop: Foods with a refused quantity');

    const sub = new PetSubPage(page);
    for (const path of ['gacha', 'breeding', 'mini'] as const) {
      await sub.open(path);
      await check(page, path);
    }
    expect(report).toEqual({});
  });
});
