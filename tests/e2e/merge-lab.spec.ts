import type { Page, Response } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MergeLabActionResponse, MergeLabDto } from '../../src/shared/games/mergeLab/contract';
import {
  BOARD_CELLS,
  dailyCapRefusal,
  BOARD_COLS,
  ENERGY_MAX,
  ENERGY_REGEN_MS,
  itemInfo,
  MAX_COINS_PER_DAY,
  nextOrder,
  orderPayout,
  PAYOUT_TABLE,
  sellPayout,
  type MergeItem,
} from '../../src/shared/games/mergeLab/rules';
import {
  balanceOf,
  call,
  expectLedgerBalanced,
  type TestUser,
} from '../../src/server/testing/harness';
import { openDocument, waitForPath } from './support/helpers';
import { signInAs, startWorld, type World } from './support/world';
import { phoneReport } from './support/phone';
import { GamesHubPage } from './pages/GamesPages';
import { MERGE_LAB_PATH, MergeLabPage } from './pages/MergeLabPage';
import { NavBar } from './pages/NavBar';
import { Toasts } from './pages/Toasts';

/**
 * The Merge Lab page (issue 24) in a real browser on the server's real clock: the hub card, the
 * published economy, taps that fill cells and spend energy, merges and moves by mouse drag, by
 * keyboard selection and by dnd-kit's keyboard drag, an order delivered (by its button and by a
 * drop on its card) and items sold, a stale board's merge refused by the server in a toast, the
 * energy timer running to the next point, a minute of play, and the page on a phone with axe.
 * Boards and energy are set up by editing the stored state, as the server tests do.
 */
const PHONE = { width: 390, height: 844 };
const API = '/api/games/merge-lab';
const POLL = { timeout: 5_000 };

let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await expectLedgerBalanced(world.server);
  await world?.close();
});

const coins = (n: number) => n.toLocaleString('en-US');
const shown = (item: MergeItem | null | undefined) => (item ? `${item.c}:${item.t}` : '');
const vial: MergeItem = { c: 'potion', t: 2 };
const shard: MergeItem = { c: 'crystal', t: 2 };

/** The page's next answer to POST /api/games/merge-lab/{intent}. */
const answerTo = (page: Page, intent: string): Promise<Response> =>
  page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === `${API}/${intent}`,
  );

async function answered(response: Promise<Response>): Promise<MergeLabActionResponse> {
  const answer = await response;
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as MergeLabActionResponse;
}

/** The lab as the server has it now (the first read creates it). */
async function labOf(user: TestUser): Promise<MergeLabDto> {
  const res = await call<MergeLabDto>(world.server, 'GET', API, { token: user.token });
  expect(res.status).toBe(200);
  return res.body;
}

/** Puts exactly these items on the player's stored board (a fixture, not a move). */
async function setBoard(
  user: TestUser,
  items: Record<number, MergeItem>,
): Promise<(MergeItem | null)[]> {
  await labOf(user);
  const board = Array.from({ length: BOARD_CELLS }, (_, i) => items[i] ?? null);
  await world.server.db.rows(
    sql`update merge_lab_games set state = jsonb_set(state, '{board}', ${JSON.stringify(board)}::jsonb) where user_id = ${user.id}`,
  );
  return board;
}

async function setEnergy(user: TestUser, energy: number, energyAt: number): Promise<void> {
  await labOf(user);
  await world.server.db.rows(
    sql`update merge_lab_games set state = state || jsonb_build_object('energy', ${energy}::int, 'energyAt', ${energyAt}::bigint) where user_id = ${user.id}`,
  );
}

async function signedIn(
  user: TestUser,
  options: { width?: number; height?: number; bypassCSP?: boolean; reducedMotion?: boolean } = {},
) {
  const { reducedMotion = false, ...size } = options;
  const page = await world.newPage(size);
  if (reducedMotion) await page.emulateMedia({ reducedMotion: 'reduce' });
  await signInAs(page, world.server, user);
  return { page, lab: new MergeLabPage(page), nav: new NavBar(page), toasts: new Toasts(page) };
}

/** Counts, in the page, the requests made to an intent's route, so a test can say none was sent. */
function countRequests(page: Page, intent: string): () => number {
  let n = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === `${API}/${intent}`) n += 1;
  });
  return () => n;
}

const isFocused = (locator: ReturnType<MergeLabPage['cellButton']>) =>
  locator.evaluate((el) => el === document.activeElement);

describe('merge lab', () => {
  it('the hub card leads to the page: an empty board with its hint, a full bar, three orders and the published economy; a failed load says so', async () => {
    const user = await world.user();
    const { page, lab } = await signedIn(user);
    const hub = new GamesHubPage(page);
    await hub.open();
    expect(await hub.card('merge-lab').getByText('Coming soon').count()).toBe(0);
    await hub.card('merge-lab').getByRole('link').click();
    await waitForPath(page, MERGE_LAB_PATH);
    await lab.heading.waitFor();
    await lab.cells.nth(41).waitFor();

    expect(await lab.cells.count()).toBe(BOARD_CELLS);
    expect((await lab.items()).every((v) => v === '')).toBe(true);
    await lab.emptyHint.waitFor();
    expect(await lab.energy()).toBe(`${ENERGY_MAX}/${ENERGY_MAX}`);
    expect(await lab.energyTimer.innerText()).toMatch(/^Full\./);
    expect(await lab.tapButton.isEnabled()).toBe(true);

    const server = await labOf(user);
    expect(await lab.orders.count()).toBe(3);
    for (const [i, order] of server.state.orders.entries()) {
      expect(await lab.order(i).getAttribute('data-item')).toBe(shown(order));
      expect(await lab.order(i).getByTestId('lab-order-coins').innerText()).toBe(
        `Pays ${coins(orderPayout(order.t))} coins`,
      );
      expect(await lab.deliverButton(i).isDisabled()).toBe(true);
      expect(await lab.order(i).getByTestId('lab-order-held').innerText()).toBe(
        'Not on your board yet',
      );
    }

    expect(await lab.payoutRows()).toEqual(
      PAYOUT_TABLE.map((r) => [
        String(r.tier),
        coins(r.energy),
        r.order === null ? '—' : coins(r.order),
        coins(r.sell),
      ]),
    );
    expect(await lab.economy.getByTestId('lab-cap').innerText()).toBe(
      `At most ${coins(MAX_COINS_PER_DAY)} coins a UTC day, orders and sales together`,
    );
    expect(await lab.economy.getByTestId('lab-paid-today').innerText()).toBe(
      'Paid today: 0 of 360 coins (the count starts again at 00:00 UTC)',
    );
    expect(MAX_COINS_PER_DAY).toBe(360);

    // A read the server refuses: the page says so, and Try again reads it afresh.
    await page.route(`**${API}`, (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'No lab today', code: 'BAD_REQUEST' }),
      }),
    );
    await openDocument(page, MERGE_LAB_PATH);
    await lab.loadError.waitFor();
    await page.unroute(`**${API}`);
    await lab.loadError.getByRole('button', { name: 'Try again' }).click();
    await lab.cells.nth(41).waitFor();
  });

  it('taps fill cells and spend energy; the bar counts down to the next point; the new item pops in (not with reduced motion) and links to its round', async () => {
    const user = await world.user();
    const { page, lab } = await signedIn(user);
    await page.addInitScript(() => {
      const animate = Element.prototype.animate;
      (window as unknown as { __pops: number }).__pops = 0;
      Element.prototype.animate = function (
        this: Element,
        ...args: Parameters<Element['animate']>
      ) {
        if (JSON.stringify(args[0]).includes('scale(0.2)'))
          (window as unknown as { __pops: number }).__pops += 1;
        return animate.apply(this, args);
      };
    });
    await lab.open();

    // Every tap's answer, in the order they come (the page sends its taps one at a time). Not a
    // waitForResponse per click: on a slow machine a later click's waiter would catch an earlier answer.
    const tapAnswers: Response[] = [];
    const onResponse = (r: Response) => {
      if (r.request().method() === 'POST' && new URL(r.url()).pathname === `${API}/tap`)
        tapAnswers.push(r);
    };
    page.on('response', onResponse);
    for (let i = 0; i < 5; i++) await lab.tapButton.click();
    await expect.poll(() => tapAnswers.length, { timeout: 10_000 }).toBe(5);
    page.off('response', onResponse);
    const answers = await Promise.all(tapAnswers.map((r) => answered(Promise.resolve(r))));
    expect(answers.map((a) => a.state.taps)).toEqual([1, 2, 3, 4, 5]);
    const last = answers.at(-1)!;
    const server = await labOf(user);
    expect(server.state.taps).toBe(5);
    expect(server.state.energy).toBe(ENERGY_MAX - 5);
    await lab.waitForBoard(server.state.board.map(shown));
    expect(server.state.board.filter((c) => c !== null)).toHaveLength(5);
    expect(await lab.energy(`${ENERGY_MAX - 5}/${ENERGY_MAX}`)).toBe(
      `${ENERGY_MAX - 5}/${ENERGY_MAX}`,
    );
    expect(
      await page.getByRole('progressbar', { name: 'Energy' }).getAttribute('aria-valuenow'),
    ).toBe(String(ENERGY_MAX - 5));
    expect(await lab.countdown.innerText()).toMatch(/^0[12]:[0-5]\d$/);
    expect(await lab.emptyHint.count()).toBe(0);

    // The last drop: said in the status line, popped in, and its round one click from /fairness.
    const drop = last.drop!;
    const item = server.state.board[drop.cell]!;
    expect(item).toEqual({ c: drop.chain, t: 1 });
    await lab.waitForStatus(
      `New ${itemInfo(item).name} in row ${Math.floor(drop.cell / BOARD_COLS) + 1}, column ${(drop.cell % BOARD_COLS) + 1}.`,
    );
    await lab.cell(drop.cell).and(page.locator('[data-new="true"]')).waitFor();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __pops: number }).__pops), POLL)
      .toBeGreaterThanOrEqual(5);
    const [round] = await world.server.db.rows<{ nonce: number }>(
      sql`select nonce from game_rounds where id = ${Number(drop.roundId)} and user_id = ${user.id} and game = 'merge-lab'`,
    );
    await expect
      .poll(
        async () =>
          new URL(
            (await lab.verifyLink.getAttribute('href')) ?? '',
            world.server.url,
          ).searchParams.get('nonce'),
        POLL,
      )
      .toBe(String(round!.nonce));
    const url = new URL((await lab.verifyLink.getAttribute('href')) ?? '', world.server.url);
    expect([
      url.pathname,
      url.hash,
      url.searchParams.get('game'),
      url.searchParams.get('round'),
    ]).toEqual(['/fairness', '#verify', 'merge-lab', drop.roundId]);
    expect(JSON.parse(url.searchParams.get('params') ?? '{}')).toEqual({
      emptyCells: [...server.state.board.keys()].filter(
        (i) => server.state.board[i] === null || i === drop.cell,
      ),
    });

    // With reduced motion (followed live) the next drop lands without the pop.
    const pops = await page.evaluate(() => (window as unknown as { __pops: number }).__pops);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const quiet = answerTo(page, 'tap');
    await lab.tapButton.click();
    const still = (await answered(quiet)).drop!;
    await lab.cell(still.cell).and(page.locator('[data-new="true"]')).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __pops: number }).__pops)).toBe(pops);
  });

  it('merges and moves by mouse drag, by keyboard selection and by keyboard drag; a merge of two different items is not sent', async () => {
    const user = await world.user();
    await setBoard(user, { 0: vial, 1: vial, 2: shard, 7: shard });
    const { page, lab } = await signedIn(user);
    await lab.open();
    const expected = (await labOf(user)).state.board.map(shown);
    await lab.waitForBoard(expected);

    // Mouse: drag onto the identical item merges, onto an empty cell moves.
    let answer = answerTo(page, 'merge');
    await lab.drag(0, lab.cell(1));
    expect((await answered(answer)).state.board[1]).toEqual({ c: 'potion', t: 3 });
    expected[0] = '';
    expected[1] = 'potion:3';
    await lab.waitForBoard(expected);
    await lab.waitForStatus('Merged two Fizzy Vial into Bubbling Flask, tier 3.');

    answer = answerTo(page, 'move');
    await lab.drag(1, lab.cell(20));
    expect((await answered(answer)).state.board[20]).toEqual({ c: 'potion', t: 3 });
    expected[1] = '';
    expected[20] = 'potion:3';
    await lab.waitForBoard(expected);
    await lab.waitForStatus('Moved Bubbling Flask to row 4, column 3.');

    // Keyboard: Enter selects, the arrows move the focus, Enter on the twin merges.
    await lab.cellButton(2).focus();
    await page.keyboard.press('Enter');
    await lab.waitForStatus(/^Selected Glass Shard in row 1, column 3\./);
    expect(await lab.cell(2).getAttribute('aria-selected')).toBe('true');
    expect(await lab.sellButton.innerText()).toBe('Sell Glass Shard for 0 coins');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowLeft');
    expect(await isFocused(lab.cellButton(7))).toBe(true);
    answer = answerTo(page, 'merge');
    await page.keyboard.press('Enter');
    expect((await answered(answer)).state.board[7]).toEqual({ c: 'crystal', t: 3 });
    expected[2] = '';
    expected[7] = 'crystal:3';
    await lab.waitForBoard(expected);
    await lab.waitForStatus('Merged two Glass Shard into Prism, tier 3.');
    expect(await isFocused(lab.cellButton(7))).toBe(true);

    // Two different items: the page says why and picks the other; nothing is sent. Escape puts it back.
    const merges = countRequests(page, 'merge');
    await page.keyboard.press('Space');
    await lab.waitForStatus(/^Selected Prism in row 2, column 2\./);
    for (const key of ['ArrowDown', 'ArrowDown', 'ArrowRight']) await page.keyboard.press(key);
    expect(await isFocused(lab.cellButton(20))).toBe(true);
    await page.keyboard.press('Enter');
    await lab.waitForStatus(
      'Those two are not the same item, so nothing merged. Selected Bubbling Flask in row 4, column 3 instead.',
    );
    expect(await lab.cell(20).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Escape');
    await lab.waitForStatus('Put back.');
    expect(await lab.cell(20).getAttribute('aria-selected')).toBe('false');
    expect(merges()).toBe(0);
    expect(await lab.items()).toEqual(expected);

    // dnd-kit's keyboard drag: D picks the item up, an arrow carries it one cell, Enter drops it.
    answer = answerTo(page, 'move');
    await page.keyboard.press('d');
    await lab.cellButton(20).and(page.locator('[aria-pressed="true"]')).waitFor();
    await lab.keyboardDragStep('ArrowRight', 20, 21);
    await page.keyboard.press('Enter');
    expect((await answered(answer)).state.board[21]).toEqual({ c: 'potion', t: 3 });
    expected[20] = '';
    expected[21] = 'potion:3';
    await lab.waitForBoard(expected);
    expect((await labOf(user)).state.board.map(shown)).toEqual(expected);
  });

  it("refuses a delivery past the day's 360-coin cap with the server's words, sending nothing; the item stays (issue 34)", async () => {
    const user = await world.user();
    const [order] = (await labOf(user)).state.orders as [MergeItem];
    await setBoard(user, { 4: order });
    const day = Math.floor(Date.now() / 86_400_000);
    await world.server.db.rows(
      sql`update merge_lab_games set state = state || jsonb_build_object('paidDay', ${day}::int, 'paidToday', 359) where user_id = ${user.id}`,
    );
    const { page, lab } = await signedIn(user);
    const sent = countRequests(page, 'deliver');
    await lab.open();
    await lab
      .cell(4)
      .and(page.locator(`[data-item="${shown(order)}"]`))
      .waitFor();
    expect(await lab.economy.getByTestId('lab-paid-today').innerText()).toBe(
      'Paid today: 359 of 360 coins (the count starts again at 00:00 UTC)',
    );
    await expect.poll(() => lab.deliverButton(0).isEnabled(), POLL).toBe(true);
    await lab.deliverButton(0).click();
    const words = dailyCapRefusal(359, orderPayout(order.t), 'order');
    expect(await lab.waitForStatus(words)).toBe(words);
    expect(sent()).toBe(0);
    expect((await labOf(user)).state.board[4]).toEqual(order);
    expect(await balanceOf(world.server, user.id)).toBe(1000);
  });

  it('an order: two items a tier below merged by drag, Deliver pays its coins and the next card comes; another dropped on its card', async () => {
    const user = await world.user();
    const start = await labOf(user);
    const [first, second] = start.state.orders as [MergeItem, MergeItem];
    const below: MergeItem = { c: first.c, t: first.t - 1 };
    await setBoard(user, { 3: below, 10: below, 30: second });
    const { page, lab, nav, toasts } = await signedIn(user);
    await lab.open();
    await lab
      .cell(30)
      .and(page.locator(`[data-item="${shown(second)}"]`))
      .waitFor();
    expect(await lab.deliverButton(0).isDisabled()).toBe(true);

    const merged = answerTo(page, 'merge');
    await lab.drag(3, lab.cell(10));
    expect((await answered(merged)).state.board[10]).toEqual(first);
    await expect.poll(() => lab.deliverButton(0).isEnabled(), POLL).toBe(true);
    expect(await lab.order(0).getByTestId('lab-order-held').innerText()).toBe('✓ On your board');

    const delivered = answerTo(page, 'deliver');
    await lab.deliverButton(0).click();
    const answer = await answered(delivered);
    expect(answer.coins).toBe(orderPayout(first.t));
    expect(answer.balance).toBe(1000 + orderPayout(first.t));
    const said = `Delivered ${itemInfo(first).name}: +${coins(orderPayout(first.t))} coins.`;
    expect(await toasts.waitFor(said)).toBe(said);
    expect(await lab.balance(coins(1000 + orderPayout(first.t)))).toBe(
      coins(1000 + orderPayout(first.t)),
    );
    expect(await nav.balance(coins(1000 + orderPayout(first.t)))).toBe(
      coins(1000 + orderPayout(first.t)),
    );
    // The card is replaced by the next of the published sequence.
    await lab
      .order(0)
      .and(page.locator(`[data-item="${shown(nextOrder(3))}"]`))
      .waitFor();
    expect(await lab.cell(10).getAttribute('data-item')).toBe('');
    await expect.poll(() => isFocused(lab.cellButton(10)), POLL).toBe(true);

    // Dropped on its card: the second order is delivered too.
    const dropped = answerTo(page, 'deliver');
    await lab.drag(30, lab.order(1));
    const second$ = await answered(dropped);
    expect(second$.coins).toBe(orderPayout(second.t));
    const total = 1000 + orderPayout(first.t) + orderPayout(second.t);
    expect(await lab.balance(coins(total))).toBe(coins(total));
    expect(await balanceOf(world.server, user.id)).toBe(total);
    await lab
      .order(1)
      .and(page.locator(`[data-item="${shown(nextOrder(4))}"]`))
      .waitFor();
    expect(await page.getByTestId('lab-earned').innerText()).toBe(
      `Earned here: ${coins(orderPayout(first.t) + orderPayout(second.t))} coins`,
    );
  });

  it('sells: a low tier by select and Sell for nothing, a tier 6 dropped on the tray after a confirm', async () => {
    const user = await world.user();
    await setBoard(user, { 0: { c: 'plant', t: 2 }, 5: { c: 'plant', t: 6 } });
    const { page, lab, toasts } = await signedIn(user);
    await lab.open();
    await lab.cell(5).and(page.locator('[data-item="plant:6"]')).waitFor();
    expect(await lab.sellButton.isDisabled()).toBe(true);

    await lab.cellButton(0).click();
    await lab.sellButton.filter({ hasText: /^Sell Sprout for 0 coins$/ }).waitFor();
    let sold = answerTo(page, 'sell');
    await lab.sellButton.click();
    expect((await answered(sold)).coins).toBe(0);
    await lab.waitForStatus('Cleared Sprout from the board (it sells for 0 coins).');
    expect(await lab.cell(0).getAttribute('data-item')).toBe('');
    // Sell went off with the selection: the focus is back on the board, not dropped on the page.
    await expect.poll(() => isFocused(lab.cellButton(0)), POLL).toBe(true);

    // Tier 6 asks first; Cancel keeps it, Sell sells it.
    await lab.drag(5, lab.sellTray);
    const dialog = page.getByRole('alertdialog', {
      name: `Sell Sunflower for ${sellPayout(6)} coins?`,
    });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(
      'It is tier 6: 32 energy went into it, and an order for it would pay 16 coins.',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await lab.cell(5).getAttribute('data-item')).toBe('plant:6');
    await lab.drag(5, lab.sellTray);
    sold = answerTo(page, 'sell');
    await dialog.getByRole('button', { name: 'Sell' }).click();
    expect((await answered(sold)).coins).toBe(sellPayout(6));
    const said = `Sold Sunflower for ${sellPayout(6)} coins.`;
    expect(await toasts.waitFor(said)).toBe(said);
    expect(await lab.balance(coins(1000 + sellPayout(6)))).toBe(coins(1000 + sellPayout(6)));
    expect((await lab.items()).every((v) => v === '')).toBe(true);
    await lab.emptyHint.waitFor();
  });

  it("a merge from a stale board is refused by the server: its words in a toast, and the server's board replaces the page's", async () => {
    const user = await world.user();
    await setBoard(user, { 0: vial, 1: vial });
    const { page, lab, toasts } = await signedIn(user);
    await lab.open();
    await lab.cell(1).and(page.locator('[data-item="potion:2"]')).waitFor();
    // Another tab changed the board since this page read it.
    await setBoard(user, { 0: vial, 1: shard });

    await lab.cellButton(0).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowRight');
    const refused = answerTo(page, 'merge');
    await page.keyboard.press('Enter');
    const answer = await refused;
    expect(answer.status()).toBe(409);
    expect(((await answer.json()) as { message: string }).message).toBe(
      'Those two are not the same item',
    );
    expect(await toasts.waitFor('Those two are not the same item')).toBe(
      'Those two are not the same item',
    );
    await lab.waitForStatus('Those two are not the same item');
    const board = Array.from({ length: BOARD_CELLS }, () => '');
    board[0] = 'potion:2';
    board[1] = 'crystal:2';
    await lab.waitForBoard(board);
  });

  it('energy: at 0 the tap is off with the reason; the countdown runs on the page clock to the point, which the server decides; a full board stops the tap too; 9 h away fills the bar to its cap', async () => {
    const user = await world.user();
    const { page, lab, toasts } = await signedIn(user);
    // The page's clock is driven here; the server's stays real, so the two can be made to disagree.
    await page.clock.install({ time: Date.now() });
    await setEnergy(user, 0, Date.now());
    await lab.open();
    expect(await lab.energy('0/100')).toBe('0/100');
    expect(await lab.tapButton.isDisabled()).toBe(true);
    expect(await lab.tapBlocked.innerText()).toMatch(
      /^Out of energy: the next point comes in (02:00|01:5\d)\.$/,
    );
    expect(await lab.countdown.innerText()).toMatch(/^(02:00|01:5\d)$/);
    expect(
      await page.getByRole('progressbar', { name: 'Energy' }).getAttribute('aria-valuenow'),
    ).toBe('0');

    await page.clock.fastForward(60_000);
    await lab.countdown.filter({ hasText: /^(01:00|00:5\d)$/ }).waitFor();
    expect(await lab.energy()).toBe('0/100');
    await page.clock.fastForward(61_000);
    expect(await lab.energy('1/100')).toBe('1/100');
    await expect.poll(() => lab.tapButton.isEnabled(), POLL).toBe(true);
    expect(await lab.countdown.innerText()).toMatch(/^0[12]:[0-5]\d$/);

    // Only this page's clock moved: the server has no point yet, refuses, and the page catches up.
    const refused = answerTo(page, 'tap');
    await lab.tapButton.click();
    expect((await refused).status()).toBe(409);
    expect(await toasts.waitFor('Not enough energy')).toBe('Not enough energy');
    expect(await lab.energy('0/100')).toBe('0/100');
    await expect.poll(() => lab.tapButton.isDisabled(), POLL).toBe(true);

    // Two minutes later on the server too (its stored clock moved back): the point is there and the tap works.
    await world.server.db.rows(
      sql`update merge_lab_games set state = jsonb_set(state, '{energyAt}', to_jsonb((state->>'energyAt')::bigint - ${ENERGY_REGEN_MS + 1_000})) where user_id = ${user.id}`,
    );
    await lab.open();
    expect(await lab.energy('1/100')).toBe('1/100');
    const tapped = answerTo(page, 'tap');
    await lab.tapButton.click();
    expect((await answered(tapped)).state.energy).toBe(0);
    expect(await lab.energy('0/100')).toBe('0/100');
    expect(await lab.tapButton.isDisabled()).toBe(true);

    const full = Object.fromEntries(
      Array.from({ length: BOARD_CELLS }, (_, i) => [
        i,
        { c: 'plant', t: 1 + (i % 3) } as MergeItem,
      ]),
    );
    await setBoard(user, full);
    await setEnergy(user, 50, Date.now());
    await lab.open();
    await lab.energy('50/100');
    expect(await lab.tapButton.isDisabled()).toBe(true);
    expect(await lab.tapBlocked.innerText()).toBe(
      'The board is full: merge, deliver or sell an item to make room.',
    );

    // Nine hours away with 3 points: 270 came back, and the bar stops at its cap.
    await setBoard(user, {});
    await setEnergy(user, 3, Date.now() - 9 * 60 * 60_000);
    await lab.open();
    expect(await lab.energy('100/100')).toBe('100/100');
    await page
      .getByText('Full. Energy comes back 1 point every 2 minutes once you spend it.')
      .waitFor();
    expect((await labOf(user)).state.energy).toBe(ENERGY_MAX);
  });

  it('a minute of play: 24 actions of taps, merges by mouse and keyboard and deliveries; the board ends as the server has it', async () => {
    const user = await world.user();
    const { page, lab } = await signedIn(user, { reducedMotion: true });
    await lab.open();
    const counts = { tap: 0, merge: 0, deliver: 0 };
    for (let step = 0; step < 24; step++) {
      const items = await lab.items();
      const orders = await lab.orders.evaluateAll((cards) =>
        cards.map((c) => c.getAttribute('data-item') ?? ''),
      );
      const deliverable = orders.findIndex((o) => items.includes(o));
      const pair = (() => {
        for (let a = 0; a < items.length; a++) {
          const b = items.findIndex((v, i) => i > a && v !== '' && v === items[a]);
          if (items[a] !== '' && b >= 0) return [a, b] as const;
        }
        return null;
      })();
      let answer: Promise<Response>;
      if (deliverable >= 0) {
        answer = answerTo(page, 'deliver');
        await lab.deliverButton(deliverable).click();
        counts.deliver += 1;
      } else if (pair) {
        answer = answerTo(page, 'merge');
        // Mostly by clicks (select, then the twin), every third merge by a drag.
        if (counts.merge % 3 === 0) {
          await lab.drag(pair[0], lab.cell(pair[1]));
        } else {
          await lab.cellButton(pair[0]).click();
          await lab.cellButton(pair[1]).click();
        }
        counts.merge += 1;
      } else {
        answer = answerTo(page, 'tap');
        await lab.tapButton.click();
        counts.tap += 1;
      }
      // The next choice is made from the board the server answered with.
      await lab.waitForBoard((await answered(answer)).state.board.map(shown));
    }
    const dir = process.env.E2E_SCREENSHOT_DIR;
    if (dir)
      await page.screenshot({ path: `${dir}/merge-lab-desktop-after-play.png`, fullPage: true });
    expect(counts.tap).toBeGreaterThan(5);
    expect(counts.merge).toBeGreaterThanOrEqual(4);
    const server = await labOf(user);
    expect(await lab.items()).toEqual(server.state.board.map(shown));
    expect(await lab.energy()).toBe(`${server.state.energy}/${ENERGY_MAX}`);
    expect(server.state.taps).toBe(counts.tap);
    expect(await balanceOf(world.server, user.id)).toBe(1000 + server.state.coinsEarned);
  });

  it('fits a 390 px phone with cells about 52 px, no sideways scroll and no serious or critical axe finding: the board, a selection, the sell confirm', async () => {
    const { report, check } = phoneReport(PHONE.width, 'merge-lab-390');

    const user = await world.user();
    const { page, lab } = await signedIn(user, { ...PHONE, bypassCSP: true });
    await lab.open();
    await check(page, 'empty board');

    await setBoard(user, {
      0: vial,
      1: vial,
      8: shard,
      20: { c: 'plant', t: 6 },
      41: { c: 'crystal', t: 8 },
    });
    await lab.open();
    await lab.cell(41).and(page.locator('[data-item="crystal:8"]')).waitFor();
    const box = await lab.cellButton(0).boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(46);
    expect(box!.width).toBeLessThanOrEqual(58);
    await lab.economy.locator('summary').click();
    await check(page, 'board with items');

    await lab.cellButton(0).click();
    await lab.waitForStatus(/^Selected Fizzy Vial/);
    await check(page, 'an item selected');

    await lab.cellButton(0).click();
    await lab.cellButton(20).click();
    await lab.sellButton.click();
    await page.getByRole('alertdialog').waitFor();
    await check(page, 'sell confirm');

    expect(report).toEqual({});
  });
});
