import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreUserDto } from '../../src/shared/api/store';
import type { MysteryBoxDto, OpenBoxesResponse } from '../../src/shared/games/mysteryBox/contract';
import { MYSTERY_BOXES, boxRtp } from '../../src/shared/games/mysteryBox/rules';
import { toPercentString } from '../../src/shared/games/engine/rational';
import {
  balanceOf,
  call,
  expectLedgerBalanced,
  type TestUser,
} from '../../src/server/testing/harness';
import { grantGold } from '../../src/server/features/games/virtualPet/builders';
import { holding, itemAudit } from '../../src/server/features/trades/builders';
import { signInAs, startWorld, type World } from './support/world';
import { phoneReport } from './support/phone';
import { openDocument, waitForPath } from './support/helpers';
import { DashboardPage } from './pages/DashboardPage';
import { FairnessPage, GamesHubPage } from './pages/GamesPages';
import { MYSTERY_BOX_PATH, MysteryBoxPage } from './pages/MysteryBoxPage';
import { NavBar } from './pages/NavBar';
import { StorePage } from './pages/StorePage';
import { Toasts } from './pages/Toasts';
import { TradeCenter } from './pages/TradeCenter';

/**
 * The Mystery Box page (issue 23) in a real browser: the hub card, the published tables, opening
 * one and five boxes onto the server's drops (reels, or at once with reduced motion), keeping and
 * selling back, the store inventory's sell button, a kept drop traded away, everyone's notable
 * drops live in another browser, the verify link, and the page on a phone with axe-core.
 */
const PHONE = { width: 390, height: 844 };
/** expect.poll waits 1 s by default; a page answering a click under load may take longer. */
const POLL = { timeout: 5_000 };
const OPEN = '/api/games/mystery-box/open';

let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await expectLedgerBalanced(world.server);
  await world?.close();
});

const coins = (n: number) => n.toLocaleString('en-US');

/** The page's next answer to `method path`. */
const answerTo = (page: Page, method: string, path: string): Promise<Response> =>
  page.waitForResponse(
    (r) => r.request().method() === method && new URL(r.url()).pathname === path,
  );

async function opened(response: Promise<Response>): Promise<OpenBoxesResponse> {
  const answer = await response;
  expect(answer.status()).toBe(200);
  return (await answer.json()) as OpenBoxesResponse;
}

async function signedIn(
  user: TestUser,
  options: { width?: number; height?: number; bypassCSP?: boolean; reducedMotion?: boolean } = {},
) {
  const { reducedMotion = false, ...size } = options;
  const page = await world.newPage(size);
  if (reducedMotion) await page.emulateMedia({ reducedMotion: 'reduce' });
  await signInAs(page, world.server, user);
  return { page, boxes: new MysteryBoxPage(page), nav: new NavBar(page), toasts: new Toasts(page) };
}

async function inventoryOf(user: TestUser): Promise<StoreUserDto['inventory']> {
  const res = await call<StoreUserDto>(world.server, 'GET', '/api/store/user', {
    token: user.token,
  });
  expect(res.status).toBe(200);
  return res.body.inventory;
}

/** /store once its balance shows (StorePage.open waits for the shelf, which collectibles are never on). */
async function openStore(page: Page): Promise<StorePage> {
  await openDocument(page, '/store');
  const store = new StorePage(page);
  await store.balanceValue.waitFor();
  return store;
}

describe('mystery box', () => {
  it('the hub card leads to the page: both boxes with price, return and the contents table; links to /fairness; empty collectibles and feed', async () => {
    const user = await world.user();
    const { page, boxes } = await signedIn(user);
    const hub = new GamesHubPage(page);
    await hub.open();
    expect(await hub.card('mystery-box').getByText('Coming soon').count()).toBe(0);
    await hub.card('mystery-box').getByRole('link').click();
    await waitForPath(page, MYSTERY_BOX_PATH);
    await boxes.heading.waitFor();

    const published = await call<{ boxes: MysteryBoxDto[] }>(
      world.server,
      'GET',
      '/api/games/mystery-box',
      { token: user.token },
    );
    expect(published.body.boxes.map((b) => b.id)).toEqual(['bronze', 'gold']);
    for (const box of MYSTERY_BOXES) {
      const card = boxes.box(box.id as 'bronze' | 'gold');
      await card.root.waitFor();
      expect(await card.root.getByRole('heading', { level: 2 }).innerText()).toContain(box.name);
      expect(await card.price.innerText()).toBe(`${coins(box.price)} coins`);
      // The return the server publishes, which is the shared maths' exact figure.
      const rtp = published.body.boxes.find((b) => b.id === box.id)!.rtp;
      expect(rtp).toBe(toPercentString(boxRtp(box)));
      expect(await card.rtp.innerText()).toBe(rtp);
      expect(await card.openButton(1).innerText()).toMatch(
        new RegExp(`^Open ×1\\s+${coins(box.price)} coins$`),
      );
      expect(await card.openButton(5).innerText()).toMatch(
        new RegExp(`^Open ×5\\s+${coins(box.price * 5)} coins$`),
      );

      await card.expandContents();
      expect(await card.tierRows()).toEqual(
        box.tiers.map((t) => [
          t.name,
          `${coins(t.weight)} / 10,000`,
          `${(t.weight / 100).toFixed(2)}%`,
        ]),
      );
      for (const tier of box.tiers) {
        expect(await card.dropsOf(tier.name)).toEqual(
          tier.drops.map((d) => `${d.emoji} ${d.name} sells for ${coins(d.value)} coins`),
        );
      }
      expect(
        await card.contents.getByRole('link', { name: /fairness page/ }).getAttribute('href'),
      ).toBe('/fairness');
    }
    // 1,000 coins: gold ×1 is open to this player, gold ×5 is not, with the reason beside it.
    expect(await boxes.box('gold').openButton(1).isEnabled()).toBe(true);
    expect(await boxes.box('gold').openButton(5).isDisabled()).toBe(true);
    expect(await boxes.box('gold').blocked.innerText()).toBe(
      '×5 needs 5,000 coins; you have 1,000.',
    );
    expect(await boxes.box('bronze').blocked.count()).toBe(0);

    expect(await page.getByRole('link', { name: 'Verify rounds' }).getAttribute('href')).toBe(
      '/fairness',
    );
    await boxes.collectibles
      .getByText('No collectibles yet. Open a box: whatever you keep shows here.')
      .waitFor();
    await boxes.recentDrops.getByText('No rare drops yet — they appear here live.').waitFor();
  });

  it('opens one box by keyboard: the reel lands on the server drop; kept, it is in the collectibles and the store inventory; sold back from the page, the balance rises by its value', async () => {
    const user = await world.user();
    const { page, boxes, nav, toasts } = await signedIn(user);
    await boxes.open();
    expect(await nav.balance('1,000')).toBe('1,000');
    const bronze = boxes.box('bronze');

    const answered = answerTo(page, 'POST', OPEN);
    await bronze.openButton(1).focus();
    await page.keyboard.press('Enter');
    const answer = await opened(answered);
    expect(answer.results).toHaveLength(1);
    expect(answer.balance).toBe(900);
    const drop = answer.results[0]!;
    const result = bronze.result(drop.roundId);

    // A reel spins first, then lands with the server's drop under the marker.
    await result.getByTestId('box-reel').waitFor();
    await result.and(page.locator('[data-landed="true"]')).waitFor();
    const stop = await bronze.reelStop(result);
    expect(stop).toEqual({
      emoji: drop.item.emoji,
      offCentre: expect.any(Number) as number,
      state: 'stopped',
    });
    expect(stop.offCentre).toBeLessThan(2);
    expect(await result.getByTestId('box-result-name').innerText()).toBe(drop.item.name);
    expect(await result.getByTestId('box-result-value').innerText()).toBe(
      `worth ${coins(drop.item.value)} coins`,
    );
    expect(await result.getAttribute('data-notable')).toBe(String(drop.notable));
    await result.getByText(drop.tier, { exact: true }).first().waitFor();
    await bronze.summary
      .filter({ hasText: `${drop.tier} ${drop.item.name}, worth ${coins(drop.item.value)} coins` })
      .waitFor();
    expect(await nav.balance('900')).toBe('900');
    expect(await boxes.balance('900')).toBe('900');

    // Its verify link names the round, its nonce and the box's published tiers.
    const url = new URL(
      (await bronze.verifyLink(result).getAttribute('href')) ?? '',
      world.server.url,
    );
    expect([
      url.pathname,
      url.hash,
      url.searchParams.get('game'),
      url.searchParams.get('round'),
      url.searchParams.get('nonce'),
    ]).toEqual(['/fairness', '#verify', 'mystery-box', drop.roundId, String(drop.nonce)]);
    expect(JSON.parse(url.searchParams.get('params') ?? '{}')).toEqual({
      box: 'bronze',
      tiers: MYSTERY_BOXES[0]!.tiers,
    });

    // Keep, by keyboard: the drop list goes and the keyboard carries on from Open ×1.
    await expect.poll(() => bronze.openButton(1).isEnabled(), POLL).toBe(true);
    await bronze.keepButton(result).focus();
    await page.keyboard.press('Enter');
    await bronze.results.waitFor({ state: 'detached' });
    expect(await bronze.openButton(1).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await boxes.collectibleQuantity(drop.item.name, '1')).toBe('1');
    expect(await boxes.collectible(drop.item.name).innerText()).toContain(
      `${coins(drop.item.value)} coins each`,
    );

    // The drop is a real item of the store inventory, with its sell-back value.
    const entry = (await inventoryOf(user)).find((e) => e.item._id === drop.item._id);
    expect(entry).toMatchObject({
      quantity: 1,
      locked: 0,
      item: { name: drop.item.name, type: 'cosmetic', sellBack: drop.item.value },
    });
    const store = await openStore(page);
    expect(await store.inventoryQuantity(drop.item.name, '1')).toBe('1');
    const storeEntry = store.inventory
      .getByTestId('inventory-entry')
      .filter({ hasText: drop.item.name });
    await storeEntry
      .getByRole('button', { name: new RegExp(`^Sell for ${coins(drop.item.value)}\\b`) })
      .waitFor();

    // Sold back from the page: the balance rises by exactly its value, everywhere.
    await boxes.open();
    await boxes.sellButton(drop.item.name, 'Sell 1').click();
    const sold = `Sold 1 × ${drop.item.name} for ${coins(drop.item.value)} coins`;
    expect(await toasts.waitFor(sold)).toBe(sold);
    const after = coins(900 + drop.item.value);
    expect(await nav.balance(after)).toBe(after);
    expect(await boxes.balance(after)).toBe(after);
    await boxes.collectibles
      .getByText('No collectibles yet. Open a box: whatever you keep shows here.')
      .waitFor();
    expect(await balanceOf(world.server, user.id)).toBe(900 + drop.item.value);
    expect(await holding(world.server.db, user.id, Number(drop.item._id))).toEqual({
      quantity: 0,
      locked: 0,
    });
  });

  it('opens five: five reels land one after another on the five drops; one sold from its card, one from the store inventory', async () => {
    const user = await world.user();
    const { page, boxes, nav, toasts } = await signedIn(user);
    await boxes.open();
    const bronze = boxes.box('bronze');
    const landings = await bronze.trackLandings();

    const answered = answerTo(page, 'POST', OPEN);
    await bronze.openButton(5).click();
    const answer = await opened(answered);
    expect(answer.results).toHaveLength(5);
    expect(new Set(answer.results.map((r) => r.nonce)).size).toBe(5);
    await bronze.resultItems.nth(4).waitFor();
    expect(await bronze.reels.count()).toBe(5);
    await bronze.summary.filter({ hasText: /^5 drops: / }).waitFor();
    const dir = process.env.E2E_SCREENSHOT_DIR;
    if (dir)
      await page.screenshot({ path: `${dir}/mystery-box-desktop-five-drops.png`, fullPage: true });
    const { order, counts } = await landings();
    // In the answer's order, never all at once (a step may hold two should a timer fire late).
    expect(order).toEqual(answer.results.map((r) => r.roundId));
    expect(counts.at(-1)).toBe(5);
    expect(counts.length).toBeGreaterThanOrEqual(4);
    for (const drop of answer.results) {
      const result = bronze.result(drop.roundId);
      const stop = await bronze.reelStop(result);
      expect([stop.emoji, stop.state]).toEqual([drop.item.emoji, 'stopped']);
      expect(stop.offCentre).toBeLessThan(2);
      expect(await result.getByTestId('box-result-name').innerText()).toBe(drop.item.name);
    }
    expect(await nav.balance('500')).toBe('500');
    // 500 coins left: gold is out of reach, with the reason.
    expect(await boxes.box('gold').openButton(1).isDisabled()).toBe(true);
    expect(await boxes.box('gold').blocked.innerText()).toBe(
      'Not enough coins: a box costs 1,000 and you have 500.',
    );

    // Sell the first from its card: 'Sold for N coins', and the balance rises by N.
    const [first, ...rest] = answer.results;
    const firstCard = bronze.result(first!.roundId);
    await bronze.sellButton(firstCard).click();
    await firstCard
      .getByTestId('box-result-sold')
      .filter({ hasText: `Sold for ${coins(first!.item.value)} coins` })
      .waitFor();
    const afterCard = 500 + first!.item.value;
    expect(await nav.balance(coins(afterCard))).toBe(coins(afterCard));
    // Keep the rest: the collectibles hold them, by name.
    for (const drop of rest) await bronze.keepButton(bronze.result(drop.roundId)).click();
    await bronze.resultItems.nth(1).waitFor({ state: 'detached' });
    const held = new Map<string, number>();
    for (const drop of rest) held.set(drop.item.name, (held.get(drop.item.name) ?? 0) + 1);
    for (const [name, n] of held)
      expect(await boxes.collectibleQuantity(name, String(n))).toBe(String(n));

    // One more sold from the store inventory's 'Sell for N'.
    const second = rest[0]!;
    const store = await openStore(page);
    await store.inventoryQuantity(second.item.name, String(held.get(second.item.name)));
    const entry = store.inventory
      .getByTestId('inventory-entry')
      .filter({ hasText: second.item.name });
    await entry
      .getByRole('button', { name: new RegExp(`^Sell for ${coins(second.item.value)}\\b`) })
      .click();
    const said = `Sold ${second.item.name} for ${coins(second.item.value)} coins`;
    expect(await toasts.waitFor(said)).toBe(said);
    const afterStore = afterCard + second.item.value;
    expect(await store.balance(coins(afterStore))).toBe(coins(afterStore));
    expect(await nav.balance(coins(afterStore))).toBe(coins(afterStore));
    expect(await balanceOf(world.server, user.id)).toBe(afterStore);
    expect(await holding(world.server.db, user.id, Number(second.item._id))).toEqual({
      quantity: held.get(second.item.name)! - 1,
      locked: 0,
    });
  });

  it('with reduced motion the drops show at once, without reels', async () => {
    const user = await world.user();
    const { page, boxes } = await signedIn(user, { reducedMotion: true });
    await boxes.open();
    const bronze = boxes.box('bronze');
    const landings = await bronze.trackLandings();
    const answered = answerTo(page, 'POST', OPEN);
    await bronze.openButton(5).click();
    const answer = await opened(answered);
    await bronze.summary.filter({ hasText: /^5 drops: / }).waitFor();
    expect((await landings()).counts).toEqual([5]);
    expect(await bronze.reels.count()).toBe(0);
    expect(await bronze.showAll.count()).toBe(0);
    expect(await bronze.resultItems.getByTestId('box-result-name').allInnerTexts()).toEqual(
      answer.results.map((r) => r.item.name),
    );
  });

  it('Show all lands every reel at once on its drop', async () => {
    const user = await world.user();
    const { page, boxes } = await signedIn(user);
    await boxes.open();
    const bronze = boxes.box('bronze');
    const answered = answerTo(page, 'POST', OPEN);
    await bronze.openButton(5).click();
    const answer = await opened(answered);
    const landings = await bronze.trackLandings();
    await bronze.showAll.click();
    await bronze.summary.filter({ hasText: /^5 drops: / }).waitFor();
    expect(await bronze.showAll.count()).toBe(0);
    // Pressed long before the last reel would stop (3.6 s): the ones still spinning land together.
    const steps = (await landings()).counts;
    expect(steps.at(-1)).toBe(5);
    expect(steps.length === 1 || steps.at(-2)! <= 3).toBe(true);
    for (const drop of answer.results) {
      const stop = await bronze.reelStop(bronze.result(drop.roundId));
      expect([stop.emoji, stop.state]).toEqual([drop.item.emoji, 'stopped']);
      expect(stop.offCentre).toBeLessThan(2);
    }
  });

  it("a refused sale shows the server's words in a toast and the list catches up", async () => {
    const user = await world.user();
    const { page, boxes, toasts } = await signedIn(user, { reducedMotion: true });
    await boxes.open();
    const bronze = boxes.box('bronze');
    const answered = answerTo(page, 'POST', OPEN);
    await bronze.openButton(1).click();
    const drop = (await opened(answered)).results[0]!;
    await bronze.keepButton(bronze.result(drop.roundId)).click();
    await boxes.collectibleQuantity(drop.item.name, '1');
    // Sold elsewhere (another tab) while this page still lists it.
    const elsewhere = await call(world.server, 'POST', '/api/games/mystery-box/sell', {
      token: user.token,
      body: { itemId: drop.item._id, quantity: 1 },
    });
    expect(elsewhere.status).toBe(200);
    await boxes.sellButton(drop.item.name, 'Sell 1').click();
    const said = `You have 0 ${drop.item.name}, not 1`;
    expect(await toasts.waitFor(said)).toBe(said);
    await boxes.collectibles
      .getByText('No collectibles yet. Open a box: whatever you keep shows here.')
      .waitFor();
    expect(await balanceOf(world.server, user.id)).toBe(900 + drop.item.value);
  });

  it('a kept drop is traded to another player through the trade center; while offered it cannot be sold, and then the other player holds it', async () => {
    const [alice, bob] = [await world.user(), await world.user()];
    const a = await signedIn(alice, { reducedMotion: true });
    await a.boxes.open();
    const bronze = a.boxes.box('bronze');
    const answered = answerTo(a.page, 'POST', OPEN);
    await bronze.openButton(1).click();
    const drop = (await opened(answered)).results[0]!;
    const itemId = Number(drop.item._id);
    await bronze.keepButton(bronze.result(drop.roundId)).click();
    await a.boxes.collectibleQuantity(drop.item.name, '1');

    // Alice offers it to Bob on the dashboard's trade center.
    await new DashboardPage(a.page).open();
    const aliceTrades = new TradeCenter(a.page);
    await aliceTrades.requestTrade(bob.username, { [drop.item.name]: '1' });
    await a.toasts.waitFor(`Trade request sent to ${bob.username}`);
    await aliceTrades.trade('outgoing', bob.username, 'pending');
    expect(await holding(world.server.db, alice.id, itemId)).toEqual({ quantity: 1, locked: 1 });

    // Offered in a trade: noted, and neither sale button can be pressed.
    await a.boxes.open();
    await a.boxes
      .collectible(drop.item.name)
      .getByTestId('collectible-locked')
      .filter({ hasText: '1 offered in a trade' })
      .waitFor();
    expect(await a.boxes.sellButton(drop.item.name, 'Sell 1').isDisabled()).toBe(true);
    expect(await a.boxes.sellButton(drop.item.name, 'Sell all').isDisabled()).toBe(true);

    // Bob accepts in his browser (answering with nothing), Alice finalizes in hers.
    const b = await signedIn(bob);
    await new DashboardPage(b.page).open();
    const bobTrades = new TradeCenter(b.page);
    const incoming = await bobTrades.trade('incoming', alice.username, 'pending');
    expect(await incoming.getByTestId('trade-from-items').innerText()).toContain(drop.item.name);
    await bobTrades.button(incoming, 'Accept').click();
    await bobTrades.trade('incoming', alice.username, 'responded');
    await new DashboardPage(a.page).open();
    const responded = await aliceTrades.trade('outgoing', bob.username, 'responded');
    await aliceTrades.button(responded, 'Finalize').click();
    await a.toasts.waitFor('Trade complete: items swapped');

    expect(await holding(world.server.db, alice.id, itemId)).toEqual({ quantity: 0, locked: 0 });
    expect(await holding(world.server.db, bob.id, itemId)).toEqual({ quantity: 1, locked: 0 });
    expect(await itemAudit(world.server.db)).toEqual([]);
    // Bob holds a collectible like any drop of his own: on his page, sellable at the same value.
    await b.boxes.open();
    expect(await b.boxes.collectibleQuantity(drop.item.name, '1')).toBe('1');
    expect(await b.boxes.sellButton(drop.item.name, 'Sell 1').isEnabled()).toBe(true);
    expect((await inventoryOf(bob)).find((e) => e.item._id === drop.item._id)?.item.sellBack).toBe(
      drop.item.value,
    );
    await a.boxes.open();
    await a.boxes.collectibles
      .getByText('No collectibles yet. Open a box: whatever you keep shows here.')
      .waitFor();
  });

  it("another player's notable drop appears live on the recent-drops feed of a second browser", async () => {
    const [watcher, opener] = [await world.user(), await world.user()];
    const { boxes } = await signedIn(watcher);
    await boxes.open();
    await boxes.waitForLiveFeed();
    await boxes.recentDrops.getByText('No rare drops yet — they appear here live.').waitFor();

    // Rare and better are about 4.1% of openings: five at a time until one is.
    await grantGold(world.server.db, opener.id, 60_000);
    const notable: OpenBoxesResponse['results'] = [];
    for (let i = 0; i < 100 && notable.length === 0; i++) {
      const res = await call<OpenBoxesResponse>(world.server, 'POST', OPEN, {
        token: opener.token,
        body: { boxId: 'bronze', count: 5 },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      notable.push(...res.body.results.filter((r) => r.notable));
    }
    expect(notable.length).toBeGreaterThan(0);
    expect(notable.every((r) => ['Rare', 'Epic', 'Legendary'].includes(r.tier))).toBe(true);

    await boxes.feedEntries.nth(notable.length - 1).waitFor();
    const texts = (await boxes.feedEntries.allInnerTexts()).map((t) => t.replace(/\s+/g, ' '));
    expect(texts).toHaveLength(notable.length);
    // Newest first: the answer's last notable drop was announced last.
    for (const [i, drop] of [...notable].reverse().entries()) {
      expect(texts[i]).toContain(`${opener.username} found ${drop.item.name} in a Bronze Box`);
      expect(texts[i]).toContain(drop.tier);
      expect(texts[i]).toContain(`${coins(drop.item.value)} coins`);
    }
    await boxes.recentDrops
      .getByText('No rare drops yet — they appear here live.')
      .waitFor({ state: 'detached' });
  });

  it("a drop's Verify link opens /fairness on its round, which verifies once the seed is rotated", async () => {
    const user = await world.user();
    const { page, boxes } = await signedIn(user, { reducedMotion: true });
    await boxes.open();
    const gold = boxes.box('gold');
    const answered = answerTo(page, 'POST', OPEN);
    await gold.openButton(1).click();
    const drop = (await opened(answered)).results[0]!;
    await gold.verifyLink(gold.result(drop.roundId)).click();
    await waitForPath(page, '/fairness');
    const fairness = new FairnessPage(page);
    await fairness.heading.waitFor();
    const verifier = page.getByRole('region', { name: 'Verify a round' });
    expect(await verifier.getByLabel('Game', { exact: true }).inputValue()).toBe('mystery-box');
    expect(await verifier.getByLabel('Nonce', { exact: true }).inputValue()).toBe(
      String(drop.nonce),
    );
    await fairness
      .verdict()
      .filter({ hasText: `round #${drop.roundId}` })
      .waitFor();

    await fairness.rotate();
    const row = page.locator(`[data-testid="round-row"][data-round="${drop.roundId}"]`);
    await row.getByRole('link', { name: 'Verify', exact: true }).click();
    await fairness.verdict().getByText(`✓ Matches round #${drop.roundId}`).waitFor();
    const key = MYSTERY_BOXES[1]!.tiers
      .flatMap((t) => t.drops)
      .find((d) => d.name === drop.item.name)!.key;
    expect(await fairness.summary().innerText()).toBe(
      `tier ${drop.tier}, ${key} worth ${drop.item.value}`,
    );
  });

  it('fits a 390 px phone with no sideways scroll and no serious or critical axe finding: spinning, landed, contents open, collectibles; and the store inventory with a sell button', async () => {
    const { report, check } = phoneReport(PHONE.width, 'mystery-box-390');

    const user = await world.user();
    const { page, boxes } = await signedIn(user, { ...PHONE, bypassCSP: true });
    await boxes.open();
    await boxes.waitForLiveFeed();
    await check(page, 'before opening');

    const bronze = boxes.box('bronze');
    const answered = answerTo(page, 'POST', OPEN);
    await bronze.openButton(5).click();
    const answer = await opened(answered);
    // Mid-spin: the strips run past the reels' windows, which must clip them.
    await bronze.reels.nth(4).waitFor();
    await check(page, 'reels spinning', { axe: false });
    await bronze.summary.filter({ hasText: /^5 drops: / }).waitFor();
    await check(page, 'five drops landed');

    await bronze.expandContents();
    await boxes.box('gold').expandContents();
    await check(page, 'contents tables open');

    for (const drop of answer.results) await bronze.keepButton(bronze.result(drop.roundId)).click();
    await bronze.results.waitFor({ state: 'detached' });
    await boxes.collectible(answer.results[0]!.item.name).waitFor();
    await check(page, 'collectibles listed');

    const store = await openStore(page);
    await store.inventoryQuantity(answer.results[0]!.item.name);
    await check(page, 'store inventory with collectibles');

    expect(report).toEqual({});
  });
});
