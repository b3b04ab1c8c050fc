import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveItem, insertItem } from '../../src/server/features/store/builders';
import { holding, itemAudit } from '../../src/server/features/trades/builders';
import { registerUser } from '../../src/server/testing/harness';
import { signInAs, startWorld, type World } from './support/world';
import { horizontalFit } from './support/helpers';
import { seriousAxeFindings } from './support/axe';
import { DashboardPage } from './pages/DashboardPage';
import { TradeCenter } from './pages/TradeCenter';
import { Toasts } from './pages/Toasts';

let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await world?.close();
});

let seq = 0;
/** A fresh item with a readable unique name, `quantity` of it given to the user. */
async function itemFor(userId: number, label: string, quantity: number, emoji = '💎') {
  const name = `${label} ${Date.now().toString(36)}${seq++}`;
  const item = await insertItem(world.server.db, { name, emoji });
  await giveItem(world.server.db, userId, item.id, quantity);
  return { id: item.id, name };
}

async function dashboardOf(
  user: { id: number; username: string; token: string; password: string },
  width = 1280,
) {
  // bypassCSP lets the axe check inject its script.
  const page = await world.newPage({ width, height: 900, bypassCSP: true });
  await signInAs(page, world.server, user);
  await new DashboardPage(page).open();
  return { page, trades: new TradeCenter(page), toasts: new Toasts(page) };
}

describe('trades between two browsers', () => {
  it('request, respond and finalize: the offered item is greyed out until the swap', async () => {
    const [alice, bob] = [await world.user(), await world.user()];
    const gem = await itemFor(alice.id, 'Gem', 1);
    const coin = await itemFor(bob.id, 'Lucky coin', 2, '🪙');
    const a = await dashboardOf(alice);
    const b = await dashboardOf(bob);

    // Quantities are clamped to the unlocked units.
    const gemQuantity = await a.trades.offerQuantity(gem.name);
    await gemQuantity.fill('5');
    expect(await gemQuantity.inputValue()).toBe('1');
    await a.trades.requestTrade(bob.username, { [gem.name]: '1' });
    await a.toasts.waitFor(`Trade request sent to ${bob.username}`);
    const outgoing = await a.trades.trade('outgoing', bob.username, 'pending');
    expect(await a.trades.statusOf(outgoing)).toBe('Status: pending');
    await a.trades.waitForGreyedOut(gem.name, true);
    expect(await a.trades.isGreyedOut(await a.trades.offerRow(gem.name))).toBe(true);
    expect(await holding(world.server.db, alice.id, gem.id)).toEqual({ quantity: 1, locked: 1 });

    // Bob sees the offer (pushed over the live socket), answers with both of his coins and accepts.
    const incoming = await b.trades.trade('incoming', alice.username, 'pending');
    expect(await incoming.getByTestId('trade-from-items').innerText()).toContain(gem.name);
    await (await b.trades.answerQuantity(incoming, coin.name)).fill('2');
    await b.trades.button(incoming, 'Accept').click();
    await b.trades.trade('incoming', alice.username, 'responded');
    expect(await b.trades.button(incoming, 'Accept').count()).toBe(0);
    await b.trades.waitForGreyedOut(coin.name, true);

    // Alice gets Finalize once Bob has answered; the swap closes the trade as accepted.
    const responded = await a.trades.trade('outgoing', bob.username, 'responded');
    expect(await responded.getByTestId('trade-to-items').innerText()).toContain(coin.name);
    await a.trades.button(responded, 'Finalize').click();
    await a.toasts.waitFor('Trade complete: items swapped');
    // Closed trades leave the list while 'Show only active trades' is on (the default).
    expect(await a.trades.onlyActive.isChecked()).toBe(true);
    await a.trades.list('outgoing').getByText('No outgoing trades').waitFor();
    await a.trades.onlyActive.uncheck();
    const closed = await a.trades.trade('outgoing', bob.username, 'accepted');
    expect(await a.trades.statusOf(closed)).toBe('Status: accepted');
    expect(await a.trades.button(closed, 'Cancel').count()).toBe(0);
    // Alice now holds Bob's coins, free to offer; the gem left her inventory.
    await a.trades.waitForGreyedOut(coin.name, false);
    expect(
      await a.trades.requestForm
        .getByTestId('trade-pick-item')
        .filter({ hasText: gem.name })
        .count(),
    ).toBe(0);
    expect(await holding(world.server.db, bob.id, gem.id)).toEqual({ quantity: 1, locked: 0 });
    expect(await holding(world.server.db, alice.id, coin.id)).toEqual({ quantity: 2, locked: 0 });
    expect(await itemAudit(world.server.db)).toEqual([]);
  });

  it('cancel releases the item on both screens', async () => {
    const [alice, bob] = [await world.user(), await world.user()];
    const ring = await itemFor(alice.id, 'Ring', 1, '💍');
    const a = await dashboardOf(alice);
    const b = await dashboardOf(bob);
    await a.trades.requestTrade(bob.username, { [ring.name]: '1' });
    await a.trades.waitForGreyedOut(ring.name, true);
    await b.trades.trade('incoming', alice.username, 'pending');

    const outgoing = await a.trades.trade('outgoing', bob.username, 'pending');
    await a.trades.button(outgoing, 'Cancel').click();
    await a.toasts.waitFor('Trade canceled');
    await a.trades.waitForGreyedOut(ring.name, false);
    await b.trades.list('incoming').getByText('No incoming trades').waitFor();
    await b.trades.onlyActive.uncheck();
    expect(
      await b.trades.statusOf(await b.trades.trade('incoming', alice.username, 'canceled')),
    ).toBe('Status: canceled');
    expect(await holding(world.server.db, alice.id, ring.id)).toEqual({ quantity: 1, locked: 0 });
  });

  it('shows the server refusal in the banner, in player words', async () => {
    const alice = await world.user();
    const orb = await itemFor(alice.id, 'Orb', 1);
    const a = await dashboardOf(alice);
    await a.trades.requestTrade('nobody-trades-here', { [orb.name]: '1' });
    await a.trades.banner.getByText('There is no player called nobody-trades-here.').waitFor();
    expect(await a.trades.recipientInput.getAttribute('aria-invalid')).toBe('true');
    expect(await holding(world.server.db, alice.id, orb.id)).toEqual({ quantity: 1, locked: 0 });
  });

  it('fits a 390 px phone with long names, and passes axe, with a pending trade and a greyed-out item', async () => {
    const alice = await registerUser(world.server, `Trd${'W'.repeat(17)}`);
    const bob = await registerUser(world.server, `Bob${'W'.repeat(17)}`);
    const long = await itemFor(alice.id, 'W'.repeat(40), 3);
    const locked = await itemFor(alice.id, 'Only one', 1);
    const other = await itemFor(bob.id, 'Wonderful Widespread Wagering Widget', 2);
    const a = await dashboardOf(alice, 390);
    await a.trades.requestTrade(bob.username, { [long.name]: '1', [locked.name]: '1' });
    await a.trades.trade('outgoing', bob.username, 'pending');
    await a.trades.waitForGreyedOut(locked.name, true);
    const b = await dashboardOf(bob, 390);
    const incoming = await b.trades.trade('incoming', alice.username, 'pending');
    await (await b.trades.answerQuantity(incoming, other.name)).fill('1');
    for (const [name, { page }] of [
      ['initiator', a],
      ['recipient', b],
    ] as const) {
      const dir = process.env.E2E_SCREENSHOT_DIR;
      if (dir) await page.screenshot({ path: `${dir}/trades-390-${name}.png`, fullPage: true });
      const fit = await horizontalFit(page);
      expect({
        scrollWidth: fit.scrollWidth,
        overflowing: fit.overflowing,
        hiddenControls: fit.hiddenControls,
        truncated: fit.truncated,
      }).toEqual({
        scrollWidth: 390,
        overflowing: [],
        hiddenControls: [],
        truncated: [],
      });
      expect(await seriousAxeFindings(page)).toEqual([]);
    }
  });
});
