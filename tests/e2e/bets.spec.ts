import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBetDto, BetDto, MyBetsDto } from '../../src/shared/api/bets';
import {
  balanceOf,
  call,
  expectLedgerBalanced,
  uniqueName,
  type TestUser,
} from '../../src/server/testing/harness';
import { createBet } from '../../src/server/features/bets/builders';
import { signInAs, startWorld, type World } from './support/world';
import { AdminPage } from './pages/AdminPage';
import { BetsPage } from './pages/BetsPage';
import { DashboardPage } from './pages/DashboardPage';
import { NavBar } from './pages/NavBar';
import { Toasts } from './pages/Toasts';

let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await world?.close();
});

/** An open bet whose end time is `ms` from now (the API only takes end times in the future). */
/** Waits for the real clock (the server's) to pass a moment a few seconds away. */
async function waitUntil(time: number): Promise<void> {
  const left = time - Date.now() + 20;
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
}

async function createBetEndingIn(admin: TestUser, ms: number, title: string): Promise<BetDto> {
  const res = await call<{ bet: BetDto }>(world.server, 'POST', '/api/bets/create', {
    token: admin.token,
    body: {
      title,
      description: 'closes while you watch',
      endTime: new Date(Date.now() + ms).toISOString(),
      options: [
        { text: 'Yes', odds: 2 },
        { text: 'No', odds: 1.8 },
      ],
    },
  });
  expect(res.status).toBe(201);
  return res.body.bet;
}

async function placeWagerByApi(
  user: TestUser,
  betId: string,
  choice: string,
  amount: number,
): Promise<void> {
  const res = await call(world.server, 'POST', '/api/bets/predict', {
    token: user.token,
    body: { betId, choice, amount },
  });
  expect(res.status).toBe(200);
}

describe('active bets', () => {
  it('refuses 0 and more than the balance, then places a wager: toast, one more vote, 100 coins less', async () => {
    const [admin, user] = await Promise.all([world.admin(), world.user()]);
    const title = `Rain tomorrow ${uniqueName()}`;
    const bet = await createBet(world.server, admin, undefined, title);
    const page = await world.newPage();
    await signInAs(page, world.server, user);
    const bets = new BetsPage(page);
    const nav = new NavBar(page);

    await bets.open();
    await bets.waitForBet(title);
    expect(await bets.odds(title, 'Yes')).toBe('2.5x');
    expect(await bets.odds(title, 'No')).toBe('1.5x');
    expect(await bets.votes(title, 'Yes')).toBe('0 bets');
    expect(await nav.balance('1,000')).toBe('1,000');

    await bets.placeWager(title, 'Yes', '0');
    expect(await bets.errorText(title)).toBe('Please enter a valid amount.');
    // Typing again clears the complaint.
    await bets.wagerInput(title).fill('1001');
    await bets.error(title).waitFor({ state: 'detached' });
    await bets.option(title, 'Yes').click();
    expect(await bets.errorText(title)).toBe('Insufficient balance.');
    expect(await bets.votes(title, 'Yes')).toBe('0 bets');
    expect(await balanceOf(world.server, user.id)).toBe(1000);

    await bets.placeWager(title, 'Yes', '100');
    expect(await new Toasts(page).waitFor('Bet placed!')).toBe('Bet placed!');
    expect(await bets.votes(title, 'Yes', '1 bet')).toBe('1 bet');
    expect(await bets.votes(title, 'No')).toBe('0 bets');
    expect(await nav.balance('900')).toBe('900');
    expect(await bets.error(title).count()).toBe(0);
    expect(await balanceOf(world.server, user.id)).toBe(900);

    // Another player's wager on the same option counts too once the list is read again.
    const other = await world.user();
    await placeWagerByApi(other, bet._id, 'Yes', 10);
    await bets.open();
    expect(await bets.votes(title, 'Yes', '2 bets')).toBe('2 bets');
    await expectLedgerBalanced(world.server);
  });

  it('shows what the player already staked per option and empties the wager field after a bet', async () => {
    const [admin, user] = await Promise.all([world.admin(), world.user()]);
    const title = `Stakes shown ${uniqueName()}`;
    const bet = await createBet(world.server, admin, undefined, title);
    // A wager from elsewhere (another tab) counts too.
    await placeWagerByApi(user, bet._id, 'No', 30);
    const page = await world.newPage();
    await signInAs(page, world.server, user);
    const bets = new BetsPage(page);

    await bets.open();
    expect(await bets.stakes(title, 'You have 30 on No')).toEqual(['You have 30 on No']);

    await bets.placeWager(title, 'Yes', '100');
    await new Toasts(page).waitFor('Bet placed!');
    expect(await bets.stakes(title, 'You have 100 on Yes')).toEqual([
      'You have 100 on Yes',
      'You have 30 on No',
    ]);
    expect(await bets.wagerInput(title).inputValue()).toBe('');

    await bets.placeWager(title, 'Yes', '1250');
    expect(await bets.errorText(title)).toBe('Insufficient balance.');
    expect(await bets.wagerInput(title).getAttribute('aria-invalid')).toBe('true');
    // A refused amount stays for the player to correct.
    expect(await bets.wagerInput(title).inputValue()).toBe('1250');

    await bets.placeWager(title, 'Yes', '50');
    expect(await bets.stakes(title, 'You have 150 on Yes')).toEqual([
      'You have 150 on Yes',
      'You have 30 on No',
    ]);
    expect(await bets.wagerInput(title).inputValue()).toBe('');
    expect(await balanceOf(world.server, user.id)).toBe(820);
  });

  it('fails a wager at once with "Connection error" while offline and never places it later', async () => {
    const [admin, user] = await Promise.all([world.admin(), world.user()]);
    const title = `Offline wager ${uniqueName()}`;
    const bet = await createBet(world.server, admin, undefined, title);
    const page = await world.newPage();
    await signInAs(page, world.server, user);
    const bets = new BetsPage(page);
    // Wager calls the server answered (an offline attempt fails in the browser and gets none).
    const placed: string[] = [];
    page.on('response', (response) => {
      const request = response.request();
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/bets/predict')
        placed.push(request.postData() ?? '');
    });

    await bets.open();
    await bets.waitForBet(title);
    await page.context().setOffline(true);
    await bets.placeWager(title, 'Yes', '40');
    expect(await bets.errorText(title)).toBe('Connection error');
    for (const button of await bets.optionButtons(title).all())
      expect(await button.isEnabled()).toBe(true);

    // Back online, a held wager would be sent now, on its own. Only the next click may place one.
    await page.context().setOffline(false);
    await bets.placeWager(title, 'No', '1');
    await new Toasts(page).waitFor('Bet placed!');
    await bets.stakes(title, 'You have 1 on No');
    const mine = await call<MyBetsDto>(world.server, 'GET', '/api/bets/mine', {
      token: user.token,
    });
    const onThisBet = mine.body.open.filter(
      (entry) => entry.kind === 'single' && entry.betId === bet._id,
    );
    expect(
      onThisBet.map((entry) => (entry.kind === 'single' ? [entry.choice, entry.stake] : null)),
    ).toEqual([['No', 1]]);
    expect(placed.filter((body) => body.includes('"Yes"'))).toHaveLength(0);
    expect(await balanceOf(world.server, user.id)).toBe(999);
  });

  it('closes a bet on screen when its end time passes, without a reload', async () => {
    const [admin, user] = await Promise.all([world.admin(), world.user()]);
    const title = `Closing soon ${uniqueName()}`;
    const bet = await createBetEndingIn(admin, 3_000, title);
    const endsAt = Date.parse(bet.endTime);
    const page = await world.newPage();
    // The page runs on a clock of its own, a minute before the end, so a slow machine loading the
    // page cannot make the bet end before the test has seen it open.
    await page.clock.install({ time: endsAt - 60_000 });
    await signInAs(page, world.server, user);
    const bets = new BetsPage(page);

    await bets.open();
    await bets.waitForBet(title);
    expect(await bets.closedBadge(title).count()).toBe(0);
    for (const button of await bets.optionButtons(title).all())
      expect(await button.isEnabled()).toBe(true);
    expect(await bets.wagerInput(title).isEnabled()).toBe(true);
    // A marker that a reload would wipe.
    await page.evaluate(() => Object.assign(window, { stillTheSameDocument: true }));

    // Past the end on the page's clock: its own timer must close the bet.
    await page.clock.fastForward(61_000);
    await bets.waitUntilClosed(title);
    expect(await page.evaluate(() => 'stillTheSameDocument' in window)).toBe(true);
    const buttons = await bets.optionButtons(title).all();
    expect(buttons).toHaveLength(2);
    for (const button of buttons) expect(await button.isDisabled()).toBe(true);
    expect(await bets.wagerInput(title).isDisabled()).toBe(true);
    await bets
      .card(title)
      .getByText(/^Ended /)
      .waitFor();

    // The server agrees once its own clock has passed the end: the bet takes no more wagers.
    await waitUntil(endsAt);
    const refused = await call(world.server, 'POST', '/api/bets/predict', {
      token: user.token,
      body: { betId: bet._id, choice: 'Yes', amount: 5 },
    });
    expect(refused.status).toBe(409);
  });
});

describe('admin bet management', () => {
  it('creates a bet in the form, moves its odds, and finalizes it; the winner is paid at the locked odds', async () => {
    const [admin, user] = await Promise.all([world.admin(), world.user()]);
    const title = `Derby winner ${uniqueName()}`;
    const adminTab = await world.newPage();
    await signInAs(adminTab, world.server, admin);
    const adminPage = new AdminPage(adminTab);
    const adminToasts = new Toasts(adminTab);

    await adminPage.open();
    expect(await adminPage.submitBet()).toBe('Fill in all required bet fields');

    const endTime = await adminPage.localDateTimeIn(24 * 3_600_000);
    await adminPage.fillBet({
      title,
      description: 'Three horses, one cup.',
      endTime,
      options: [
        { text: 'Yes', odds: '2.55' },
        { text: 'No', odds: '1.6' },
        { text: 'Photo finish', odds: '12' },
      ],
    });
    expect(await adminPage.submitBet()).toBe('Bet created');
    const entry = await adminPage.adminBet(title);
    expect(await entry.getAttribute('data-status')).toBe('open');
    expect(await adminPage.betTitleInput.inputValue()).toBe('');
    expect(await adminPage.optionTextInput(3).count()).toBe(0);

    const listed = await call<AdminBetDto[]>(world.server, 'GET', '/api/admin/bets', {
      token: admin.token,
    });
    const created = listed.body.find((b) => b.title === title)!;
    expect(created.description).toBe('Three horses, one cup.');
    expect(created.options.map((o) => [o.text, o.odds])).toEqual([
      ['Yes', 2.55],
      ['No', 1.6],
      ['Photo finish', 12],
    ]);
    // datetime-local is the admin's local time; what was stored is that instant (to the minute).
    const expectedEnd = await adminTab.evaluate((value) => new Date(value).toISOString(), endTime);
    expect(created.endTime).toBe(expectedEnd);

    const userTab = await world.newPage();
    await signInAs(userTab, world.server, user);
    const bets = new BetsPage(userTab);
    const nav = new NavBar(userTab);
    await bets.open();
    await bets.waitForBet(title);
    expect(await bets.odds(title, 'Yes')).toBe('2.55x');
    await bets.placeWager(title, 'Yes', '33');
    await new Toasts(userTab).waitFor('Bet placed!');
    expect(await nav.balance('967')).toBe('967');

    await adminPage.setOdds(title, 'Yes', '3.1');
    expect(await adminToasts.waitFor('Odds for Yes set to 3.1x')).toBe('Odds for Yes set to 3.1x');
    expect(await adminPage.waitForSavedOdds(title, 'Yes')).toBe('3.1');

    await bets.open();
    expect(await bets.odds(title, 'Yes', '3.1x')).toBe('3.1x');
    expect(await bets.odds(title, 'No')).toBe('1.6x');
    expect(await bets.votes(title, 'Yes')).toBe('1 bet');

    const question = await adminPage.finalize(title, 'Yes');
    expect(question).toBe(`Finalize "${title}" with winner "Yes"?`);
    const finalized = `Bet "${title}" finalized: Yes wins`;
    expect(await adminToasts.waitFor(finalized)).toBe(finalized);
    await adminPage.waitForBetStatus(title, 'finalized');
    expect(await adminPage.shownOdds(title, 'Yes')).toBe('3.1x');

    // Paid at the odds locked when the wager was placed: floor(33 x 2.55) = 84, not 33 x 3.1;
    // the winner's page says so as it happens.
    const won = `You won 84 coins on “${title}”`;
    expect(await new Toasts(userTab).waitFor(won)).toBe(won);
    const dashboard = new DashboardPage(userTab);
    await dashboard.open();
    expect(await dashboard.balance('1,051')).toBe('1,051');
    expect(await nav.balance('1,051')).toBe('1,051');
    const settled = await dashboard.settledBet('single', title);
    expect(await dashboard.betSummary(settled)).toEqual({
      kind: 'single',
      result: 'Won',
      stake: '33',
      potentialPayout: null,
      payout: '84',
    });
    expect(await settled.innerText()).toContain('2.55x');
    expect(await dashboard.openBetEntries.filter({ hasText: title }).count()).toBe(0);
    expect(await balanceOf(world.server, user.id)).toBe(1051);

    // A settled bet is no longer on offer.
    await bets.open();
    expect(await bets.card(title).count()).toBe(0);
    await expectLedgerBalanced(world.server);
  });

  it('voids a bet only after the confirm is accepted; the stake comes back as Refunded', async () => {
    const [admin, user] = await Promise.all([world.admin(), world.user()]);
    const title = `Cancelled match ${uniqueName()}`;
    const bet = await createBet(world.server, admin, undefined, title);
    await placeWagerByApi(user, bet._id, 'No', 250);
    const adminTab = await world.newPage();
    await signInAs(adminTab, world.server, admin);
    const adminPage = new AdminPage(adminTab);

    const voidCalls: string[] = [];
    adminTab.on('request', (request) => {
      if (
        request.method() === 'POST' &&
        new URL(request.url()).pathname === `/api/admin/bets/${bet._id}/void`
      )
        voidCalls.push(request.url());
    });

    await adminPage.open();
    expect(await adminPage.voidBet(title, { confirm: false })).toBe(
      `Void "${title}" and refund every stake?`,
    );
    // A fresh load shows what the server holds: still open, and no void was even asked for.
    await adminPage.open();
    expect(await (await adminPage.adminBet(title)).getAttribute('data-status')).toBe('open');
    expect(voidCalls).toEqual([]);
    expect(await balanceOf(world.server, user.id)).toBe(750);

    await adminPage.voidBet(title);
    await adminPage.waitForBetStatus(title, 'voided');
    expect(voidCalls).toHaveLength(1);
    const voided = `Bet "${title}" voided; stakes refunded`;
    expect(await new Toasts(adminTab).waitFor(voided)).toBe(voided);

    const mine = await call<MyBetsDto>(world.server, 'GET', '/api/bets/mine', {
      token: user.token,
    });
    expect(mine.body.settled.find((w) => w.kind === 'single' && w.betTitle === title)?.status).toBe(
      'refunded',
    );
    const userTab = await world.newPage();
    await signInAs(userTab, world.server, user);
    const dashboard = new DashboardPage(userTab);
    await dashboard.open();
    expect(await dashboard.balance('1,000')).toBe('1,000');
    const settled = await dashboard.settledBet('single', title);
    expect(await dashboard.betSummary(settled)).toEqual({
      kind: 'single',
      result: 'Refunded',
      stake: '250',
      potentialPayout: null,
      payout: '250',
    });
    await expectLedgerBalanced(world.server);
  });
});
