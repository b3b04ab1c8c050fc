import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SPIN_RESULT_MS } from '../../src/client/features/games/spinner/timing';
import {
  balanceOf,
  expectLedgerBalanced,
  uniqueName,
  type TestUser,
} from '../../src/server/testing/harness';
import { createBet } from '../../src/server/features/bets/builders';
import { openSignedIn, startWorld, type World } from './support/world';
import { smallTargets, textWithEmoji } from './support/helpers';
import { AdminPage } from './pages/AdminPage';
import { SpinnerPage } from './pages/GamesPages';
import { ParlayBuilderPage } from './pages/ParlayBuilderPage';
import { Toasts } from './pages/Toasts';

/** Issue 33's Low list, the items a player sees: each test fails on the client before its fix. */

let world: World;
let admin: TestUser;

beforeAll(async () => {
  world = await startWorld();
  admin = await world.admin();
});

afterAll(async () => {
  await expectLedgerBalanced(world.server);
  await world?.close();
});

/** What went wrong in the page: CSP violations, uncaught errors and console errors, as they come. */
async function watchProblems(page: Page): Promise<{ problems: string[] }> {
  const seen = { problems: [] as string[] };
  await page.exposeFunction('__reportViolation', (text: string) =>
    seen.problems.push(`CSP: ${text}`),
  );
  await page.addInitScript(() => {
    const report = (window as unknown as { __reportViolation: (text: string) => void })
      .__reportViolation;
    window.addEventListener(
      'securitypolicyviolation',
      (e) =>
        report(
          `${e.effectiveDirective} refused ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber} ${e.sample}`,
        ),
      true,
    );
  });
  page.on('pageerror', (error) => seen.problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    // The test world blocks service workers (support/world.ts), and Playwright says so itself.
    if (message.text().startsWith('Service Worker registration blocked by Playwright')) return;
    if (message.type() === 'error' || message.type() === 'warning')
      seen.problems.push(`console ${message.type()}: ${message.text()}`);
  });
  return seen;
}

/** Counts, in the page, the canvases put straight into the body: canvas-confetti's own. */
async function countConfettiCanvases(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const w = window as unknown as { __confettiCanvases: number };
    w.__confettiCanvases = 0;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof HTMLCanvasElement) w.__confettiCanvases++;
    }).observe(document.body, { childList: true });
  });
  return () =>
    page.evaluate(() => (window as unknown as { __confettiCanvases: number }).__confettiCanvases);
}

describe("issue 33's small page fixes", () => {
  it("draws the wheel's confetti without a CSP violation or an error", async () => {
    // Six even slices: each is 1 in 6 (at most 0.2), so every reward earns confetti.
    await world.server.db.rows(sql`
      insert into spinner_tables (spinner_id, reward_options, weights)
      values ('spinner', array[7, 7, 7, 7, 7, 7], array[1, 1, 1, 1, 1, 1])
      on conflict (spinner_id) do update set reward_options = excluded.reward_options, weights = excluded.weights`);
    const user = await world.user();
    const page = await openSignedIn(world, user);
    const seen = await watchProblems(page);
    await page.clock.install();
    const spinner = new SpinnerPage(page);
    await spinner.open();
    const canvases = await countConfettiCanvases(page);

    const answered = page.waitForResponse(
      (r) => r.url().endsWith('/api/games/spinner') && r.request().method() === 'POST',
    );
    await spinner.spinButton('spinner').click();
    expect((await answered).status()).toBe(200);
    // The reward shows when the wheel stops: run the page's clock there instead of waiting 4.5 s.
    await page.clock.runFor(SPIN_RESULT_MS);
    await expect.poll(() => spinner.reward('spinner').innerText()).toBe('+7 coins');
    await expect.poll(canvases).toBeGreaterThan(0);
    // A few frames of the burst, then a round trip through the page, so a refusal has reported.
    await page.clock.runFor(500);
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve();
          channel.port2.postMessage(null);
        }),
    );
    expect(seen.problems).toEqual([]);
  });

  it('gives the parlay "+ Add" and the admin\'s Ban (and every other button there) a 44 px touch target at 390 px', async () => {
    const title = `Touch ${uniqueName()}`;
    await createBet(
      world.server,
      admin,
      [
        { text: 'Yes', odds: 2 },
        { text: 'No', odds: 1.8 },
      ],
      title,
    );
    const user = await world.user();
    const page = await openSignedIn(world, user, { width: 390, height: 844 });
    const parlay = new ParlayBuilderPage(page);
    await parlay.open();
    await parlay.waitForBet(title);
    await parlay.addWithButton(title, 'Yes');
    const parlayTargets = await smallTargets(page.getByRole('main'));

    const adminTab = await openSignedIn(world, admin, { width: 390, height: 844 });
    const adminPage = new AdminPage(adminTab);
    await adminPage.open();
    await adminPage.userRow(user.username);
    expect({ parlay: parlayTargets, admin: await smallTargets(adminPage.userManagement) }).toEqual({
      parlay: [],
      admin: [],
    });
  });

  it("keeps a huge parlay preview inside its card and names the wager limit in the player's own coins", async () => {
    const [long, longer] = [`Long ${uniqueName()}`, `Longer ${uniqueName()}`];
    await createBet(
      world.server,
      admin,
      [
        { text: 'Upset', odds: 80 },
        { text: 'Favourite', odds: 1.1 },
      ],
      long,
    );
    await createBet(
      world.server,
      admin,
      [
        { text: 'Miracle', odds: 84 },
        { text: 'Usual', odds: 1.1 },
      ],
      longer,
    );
    const user = await world.user();
    const page = await openSignedIn(world, user, { width: 390, height: 844 });
    const parlay = new ParlayBuilderPage(page);
    await parlay.open();
    await parlay.addWithButton(long, 'Upset');
    await parlay.addWithButton(longer, 'Miracle');
    expect(await parlay.totalOdds('6720.00x')).toBe('6720.00x');
    // 10^17 x 6,720 is the 672000000000000000000.00 the issue saw.
    await parlay.setWager('100000000000000000');
    await parlay.payoutValue.waitFor();
    // The card's inside edges, its padding excluded: how far past them the figure reaches.
    const spill = await parlay.payoutValue.evaluate((figure) => {
      const card = figure.closest('section')!;
      const [box, style, own] = [
        card.getBoundingClientRect(),
        getComputedStyle(card),
        figure.getBoundingClientRect(),
      ];
      return {
        left: Math.max(0, Math.round(box.left + parseFloat(style.paddingLeft) - own.left)),
        right: Math.max(0, Math.round(own.right - (box.right - parseFloat(style.paddingRight)))),
      };
    });
    expect(spill).toEqual({ left: 0, right: 0 });
    expect(await parlay.fit()).toMatchObject({ overflowing: [], hiddenControls: [] });

    // Past the 10,000,000 cap the exact product is nobody's payout: the cap is said instead.
    expect(await textWithEmoji(parlay.payoutValue)).toBe('over 🪙 10,000,000');

    // The limit is the player's balance, in the player's figures, not the largest safe integer.
    await parlay.place();
    await parlay.error.first().waitFor();
    expect(await Promise.all((await parlay.error.all()).map(textWithEmoji))).toEqual([
      'You have 🪙 1,000: wager at most that.',
    ]);
    expect(await balanceOf(world.server, user.id)).toBe(1000);
  });

  it('names every empty field of the Create Task form, not only the goal amount', async () => {
    const page = await openSignedIn(world, admin);
    const adminPage = new AdminPage(page);
    await adminPage.open();
    const form = page.getByRole('region', { name: 'Create Task', exact: true });
    const said = await adminPage.dialog.answer(
      () => form.getByRole('button', { name: 'Create task', exact: true }).click(),
      'OK',
    );
    for (const field of [/title/i, /description/i, /reward/i, /goal amount/i])
      expect(said).toMatch(field);
  });

  it('says an admin Add Funds of -500 removed 500 coins, and refuses to take more than the player has', async () => {
    const fundee = await world.user();
    const page = await openSignedIn(world, admin);
    const adminPage = new AdminPage(page);
    const toasts = new Toasts(page);
    await adminPage.open();

    await adminPage.addFunds(fundee.username, '-500');
    const removed = `Removed 500 coins from ${fundee.username}`;
    expect(await toasts.waitFor(removed)).toBe(removed);
    expect(await adminPage.userBalance(fundee.username, '500')).toBe('500');
    expect(await balanceOf(world.server, fundee.id)).toBe(500);

    await adminPage.addFunds(fundee.username, '-501');
    expect(await toasts.waitFor('Insufficient balance.')).toBe('Insufficient balance.');
    expect(await adminPage.amountInput.inputValue()).toBe('-501');
    expect(await balanceOf(world.server, fundee.id)).toBe(500);
    expect(await adminPage.userBalance(fundee.username)).toBe('500');
  });
});
