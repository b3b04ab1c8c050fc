import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { balanceOf } from '../../src/server/testing/harness';
import { coinsIn } from './support/helpers';
import { signInAs, startWorld, type World } from './support/world';
import { CasinoPage, SpinnerPage } from './pages/GamesPages';
import { NavBar } from './pages/NavBar';

let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await world?.close();
});

/**
 * From now on, every balance the nav's pill shows, with the text of the round's result element
 * (`resultTestId`) at that moment: the balance may only move once the result is on screen.
 */
async function watchPill(
  page: Page,
  resultTestId: string,
): Promise<() => Promise<{ pill: string; result: string }[]>> {
  await page.evaluate((testId) => {
    const seen: { pill: string; result: string }[] = [];
    (window as unknown as { __pillSeen: typeof seen }).__pillSeen = seen;
    let last = document.querySelector('[data-testid="balance-chip"]')?.textContent ?? '';
    new MutationObserver(() => {
      const pill = document.querySelector('[data-testid="balance-chip"]')?.textContent ?? '';
      if (pill === last) return;
      last = pill;
      seen.push({
        pill,
        result: document.querySelector(`[data-testid="${testId}"]`)?.textContent?.trim() ?? '',
      });
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, resultTestId);
  return () =>
    page.evaluate(
      () => (window as unknown as { __pillSeen: { pill: string; result: string }[] }).__pillSeen,
    );
}

describe('the balance pill during a round (issue 33 item 11)', () => {
  it('keeps the balance from before a roulette spin until the wheel stops', async () => {
    const user = await world.user();
    const page = await world.newPage();
    await signInAs(page, world.server, user);
    const casino = new CasinoPage(page);
    await casino.open();
    const nav = new NavBar(page);
    await expect.poll(async () => coinsIn(await nav.balanceChip.textContent())).toBe('1,000');
    const seen = await watchPill(page, 'roulette-result');
    await casino.bet().fill('100');
    await casino.submit('Spin').click();
    await expect
      .poll(() => casino.result('roulette').innerText(), { timeout: 10_000 })
      .toMatch(/: (won|lost)/);
    const final = await balanceOf(world.server, user.id);
    await expect
      .poll(async () => coinsIn(await nav.balanceChip.textContent()))
      .toBe(final.toLocaleString('en-US'));
    const changes = await seen();
    expect(changes.length).toBeGreaterThan(0);
    for (const change of changes) expect(change.result).toMatch(/: (won|lost)/);
  });

  it('keeps the balance from before a wheel spin until the wheel stops on the reward', async () => {
    const user = await world.user();
    const page = await world.newPage();
    await signInAs(page, world.server, user);
    const spinner = new SpinnerPage(page);
    await spinner.open();
    const nav = new NavBar(page);
    await expect.poll(async () => coinsIn(await nav.balanceChip.textContent())).toBe('1,000');
    const seen = await watchPill(page, 'reward-spinner');
    await spinner.spinButton('spinner').click();
    await expect
      .poll(() => spinner.reward('spinner').innerText(), { timeout: 10_000 })
      .toMatch(/^\+\d/);
    const final = await balanceOf(world.server, user.id);
    expect(final).toBeGreaterThan(1000);
    await expect
      .poll(async () => coinsIn(await nav.balanceChip.textContent()))
      .toBe(final.toLocaleString('en-US'));
    const changes = await seen();
    expect(changes.length).toBeGreaterThan(0);
    for (const change of changes) expect(change.result).toMatch(/^\+\d/);
  });
});
