import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyBetsDto, ParlayDto } from '../../src/shared/api/bets';
import {
  balanceOf,
  expectLedgerBalanced,
  call,
  uniqueName,
  type TestUser,
} from '../../src/server/testing/harness';
import { createBet } from '../../src/server/features/bets/builders';
import { signInAs, startWorld, type World } from './support/world';
import { waitForPath } from './support/helpers';
import { BetsPage } from './pages/BetsPage';
import { DashboardPage } from './pages/DashboardPage';
import { NavBar } from './pages/NavBar';
import { ParlayBuilderPage } from './pages/ParlayBuilderPage';
import { Toasts } from './pages/Toasts';

let world: World;
let admin: TestUser;

beforeAll(async () => {
  world = await startWorld();
  admin = await world.admin();
});

afterAll(async () => {
  await world?.close();
});

/** Two fresh bets: "Match …" (Home 2.35 / Away 1.55) and "Goals …" (Over 1.85 / Under 2.1). */
async function twoBets(): Promise<{ match: string; goals: string }> {
  const match = `Match ${uniqueName()}`;
  const goals = `Goals ${uniqueName()}`;
  await Promise.all([
    createBet(
      world.server,
      admin,
      [
        { text: 'Home', odds: 2.35 },
        { text: 'Away', odds: 1.55 },
      ],
      match,
    ),
    createBet(
      world.server,
      admin,
      [
        { text: 'Over', odds: 1.85 },
        { text: 'Under', odds: 2.1 },
      ],
      goals,
    ),
  ]);
  return { match, goals };
}

async function myParlays(user: TestUser): Promise<ParlayDto[]> {
  const res = await call<MyBetsDto>(world.server, 'GET', '/api/bets/mine', { token: user.token });
  return res.body.open.filter((entry): entry is ParlayDto => entry.kind === 'parlay');
}

describe('parlay builder at desktop width', () => {
  it('builds a two-leg parlay by mouse and keyboard, shows odds, payout and meter, and places it', async () => {
    const user = await world.user();
    const { match, goals } = await twoBets();
    const page = await world.newPage({ width: 1280, height: 900 });
    await signInAs(page, world.server, user);
    const bets = new BetsPage(page);
    const parlay = new ParlayBuilderPage(page);

    await bets.open();
    await bets.openParlayBuilder();
    await waitForPath(page, '/bets/parlay');
    await parlay.waitUntilShown();
    await parlay.waitForBet(match);
    await parlay.waitForBet(goals);
    await parlay.dropZoneHint.waitFor();
    expect(await parlay.totalOdds()).toBe('1.00x');
    expect(await parlay.meterValue()).toBe(10);

    // Nothing picked: the slip refuses.
    await parlay.place();
    expect(await parlay.errorText()).toBe('Select at least two bets and enter an amount');

    await parlay.dragWithMouse(match, 'Home');
    expect(await parlay.picks.count()).toBe(1);
    expect(await parlay.totalOdds('2.35x')).toBe('2.35x');
    expect(await parlay.meterValue(23.5)).toBe(23.5);
    await parlay.setWager('10');
    // The preview shows from one leg on (10 x 2.35), but one leg is not a parlay yet.
    expect(await parlay.payout('23.50')).toBe('23.50');
    await parlay.place();
    expect(await parlay.errorText()).toBe('Select at least two bets and enter an amount');

    await parlay.dragWithKeyboard(goals, 'Over', 'ArrowRight');
    expect(await parlay.picks.count()).toBe(2);
    // The slip is placeable now, so the hint goes away without another click.
    await parlay.error.waitFor({ state: 'detached' });
    expect(await parlay.pickCount.innerText()).toBe('2/10 picks');
    // 2.35 x 1.85 = 4.3475, rounded half up to 4.35; the preview is 10 x 4.35.
    expect(await parlay.totalOdds('4.35x')).toBe('4.35x');
    expect(await parlay.payout('43.50')).toBe('43.50');
    expect(await parlay.meterValue(43.5)).toBe(43.5);

    // A later drop on the same bet replaces the earlier pick in place: 1.55 x 1.85 = 2.8675 -> 2.87.
    await parlay.dragWithMouse(match, 'Away');
    await parlay.pick(match, 'Home').waitFor({ state: 'detached' });
    expect(await parlay.picks.count()).toBe(2);
    expect(await parlay.totalOdds('2.87x')).toBe('2.87x');
    expect(await parlay.payout('28.70')).toBe('28.70');
    expect(await parlay.meterValue(28.7)).toBe(28.7);
    expect(await parlay.picks.first().innerText()).toContain(match);

    // Removing one leaves too few again.
    await parlay.remove(goals, 'Over');
    expect(await parlay.totalOdds('1.55x')).toBe('1.55x');
    await parlay.place();
    expect(await parlay.errorText()).toBe('Select at least two bets and enter an amount');
    await parlay.dragWithKeyboard(goals, 'Under', 'ArrowRight');
    // 1.55 x 2.1 = 3.255 -> 3.26 (half up), 10 x 3.26 = 32.60.
    expect(await parlay.totalOdds('3.26x')).toBe('3.26x');
    expect(await parlay.payout('32.60')).toBe('32.60');
    expect(await parlay.meterValue(32.6)).toBe(32.6);

    await parlay.place();
    expect(await new Toasts(page).waitFor('Parlay placed!')).toBe('Parlay placed!');
    await waitForPath(page, '/bets');
    await bets.heading.waitFor();
    expect(await new NavBar(page).balance('990')).toBe('990');
    expect(await bets.votes(match, 'Away', '1 bet')).toBe('1 bet');
    expect(await bets.votes(goals, 'Under', '1 bet')).toBe('1 bet');

    const [placed] = await myParlays(user);
    expect(placed?.totalOdds).toBe(3.26);
    expect(placed?.legs.map((leg) => [leg.betTitle, leg.choice, leg.odds])).toEqual([
      [match, 'Away', 1.55],
      [goals, 'Under', 2.1],
    ]);
    expect(await balanceOf(world.server, user.id)).toBe(990);

    const dashboard = new DashboardPage(page);
    await dashboard.open();
    const entry = await dashboard.openBet('parlay', match, goals);
    expect(await dashboard.betSummary(entry)).toEqual({
      kind: 'parlay',
      result: 'Open',
      stake: '10',
      potentialPayout: '32',
      payout: null,
    });
    expect(await entry.getByTestId('parlay-total').innerText()).toBe('3.26x');
    expect(await entry.getByTestId('parlay-leg').allInnerTexts()).toEqual([
      expect.stringMatching(new RegExp(`${match} · Away 1.55x`)),
      expect.stringMatching(new RegExp(`${goals} · Under 2.1x`)),
    ]);
    await expectLedgerBalanced(world.server);
  });

  it('builds a whole parlay with the keyboard alone and places it with Enter', async () => {
    const user = await world.user();
    const { match, goals } = await twoBets();
    const page = await world.newPage({ width: 1280, height: 900 });
    await signInAs(page, world.server, user);
    const parlay = new ParlayBuilderPage(page);

    await parlay.open();
    await parlay.waitForBet(goals);
    await parlay.dragWithKeyboard(match, 'Home');
    await parlay.dragWithKeyboard(goals, 'Under');
    // 2.35 x 2.1 = 4.935 -> 4.94.
    expect(await parlay.totalOdds('4.94x')).toBe('4.94x');
    expect(await parlay.meterValue(49.4)).toBe(49.4);
    await parlay.wagerInput.focus();
    await page.keyboard.type('25');
    expect(await parlay.payout('123.50')).toBe('123.50');
    await page.keyboard.press('Enter');

    expect(await new Toasts(page).waitFor('Parlay placed!')).toBe('Parlay placed!');
    await waitForPath(page, '/bets');
    expect(await new NavBar(page).balance('975')).toBe('975');
    const [placed] = await myParlays(user);
    expect(placed?.stake).toBe(25);
    expect(placed?.totalOdds).toBe(4.94);
    expect(placed?.potentialPayout).toBe(123);
  });
});

describe('betting screens at 390 px', () => {
  it('has no sideways scroll on /bets and /bets/parlay, and builds a parlay there by keyboard and Add', async () => {
    const user = await world.user();
    const { match, goals } = await twoBets();
    const page = await world.newPage({ width: 390, height: 844 });
    await signInAs(page, world.server, user);
    const bets = new BetsPage(page);
    const parlay = new ParlayBuilderPage(page);

    await bets.open();
    await bets.waitForBet(goals);
    const list = await bets.fit();
    expect(list.innerWidth).toBe(390);
    expect(list.scrollWidth).toBeLessThanOrEqual(list.innerWidth);
    expect(list.overflowing).toEqual([]);

    await bets.openParlayBuilder();
    await waitForPath(page, '/bets/parlay');
    await parlay.waitUntilShown();
    await parlay.waitForBet(goals);
    const builder = await parlay.fit();
    expect(builder.innerWidth).toBe(390);
    expect(builder.scrollWidth).toBeLessThanOrEqual(builder.innerWidth);
    expect(builder.overflowing).toEqual([]);

    // The columns stack, so the slip is below the chips and the arrow toward it is Down.
    const chipBox = (await parlay.chip(match, 'Away').boundingBox())!;
    const zoneBox = (await parlay.dropZone.boundingBox())!;
    expect(zoneBox.y).toBeGreaterThan(chipBox.y + chipBox.height);
    await parlay.dragWithKeyboard(match, 'Away', 'ArrowDown');
    await parlay.addWithButton(goals, 'Over');
    expect(await parlay.addButton(goals, 'Over').isDisabled()).toBe(true);
    // 1.55 x 1.85 = 2.8675 -> 2.87.
    expect(await parlay.totalOdds('2.87x')).toBe('2.87x');
    await parlay.setWager('100');
    expect(await parlay.payout('287.00')).toBe('287.00');
    // Still fits with two picks, a wager and a payout in the slip.
    const filled = await parlay.fit();
    expect(filled.scrollWidth).toBeLessThanOrEqual(filled.innerWidth);
    expect(filled.overflowing).toEqual([]);

    await parlay.place();
    expect(await new Toasts(page).waitFor('Parlay placed!')).toBe('Parlay placed!');
    await waitForPath(page, '/bets');
    expect(await balanceOf(world.server, user.id)).toBe(900);
    const [placed] = await myParlays(user);
    expect(placed?.legs.map((leg) => leg.choice)).toEqual(['Away', 'Over']);
  });
});
