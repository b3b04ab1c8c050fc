import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { balanceOf, type TestUser } from '../../src/server/testing/harness';
import {
  minefieldCashoutPoint,
  minefieldMinStakeMessage,
} from '../../src/shared/games/minefield/minimumStake';
import { openSignedIn, startWorld, type World } from './support/world';
import { describedText } from './support/helpers';
import { MinefieldPage } from './pages/GamesPages';

let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await world?.close();
});

async function openGame(userId: number): Promise<{ id: number; mines: number[] }> {
  const [row] = await world.server.db.rows<{ id: number; outcome: { mines: number[] } }>(sql`
    select id, outcome from game_rounds where user_id = ${userId} and game = 'minefield' and state = 'open'`);
  if (!row) throw new Error('no open Minefield game');
  return { id: row.id, mines: row.outcome.mines };
}

/** A fresh player on /games/minefield. */
async function openMinefield(): Promise<{ user: TestUser; page: Page; mf: MinefieldPage }> {
  const user = await world.user();
  const page = await openSignedIn(world, user);
  const mf = new MinefieldPage(page);
  await mf.open();
  return { user, page, mf };
}

describe('minefield', () => {
  it('plays to a cash-out (surviving a reload), then to an explosion showing every mine', async () => {
    const { user, page, mf } = await openMinefield();
    expect(await mf.stake().inputValue()).toBe('100');
    await mf.button('Enter').click();
    await mf.button(/^Cash Out/).waitFor();
    expect(await mf.slider('Rows').isDisabled()).toBe(true);
    const { mines } = await openGame(user.id);
    const safe = Array.from({ length: 64 }, (_, i) => i).filter((i) => !mines.includes(i));
    await mf.cell(safe[0]!).click();
    await expect.poll(() => mf.message.innerText()).toMatch(/^Potential reward: \d+/);

    await page.reload();
    await mf.heading.waitFor();
    await expect.poll(() => mf.cell(safe[0]!).isDisabled()).toBe(true);
    await mf.cell(safe[1]!).click();
    await expect.poll(() => mf.message.innerText()).toMatch(/^Potential reward: \d+/);
    await mf.button(/^Cash Out/).click();
    await expect.poll(() => mf.message.innerText()).toMatch(/^Cashed out \d+ coins$/);
    const reward = Number((await mf.message.innerText()).replace(/\D/g, ''));
    expect(await balanceOf(world.server, user.id)).toBe(1000 - 100 + reward);

    await mf.button('Play Again').click();
    await mf.button(/^Cash Out/).waitFor();
    const second = await openGame(user.id);
    await mf.cell(second.mines[0]!).click();
    await expect.poll(() => mf.message.innerText()).toBe('Boom! You lost 100 coins.');
    for (const mine of second.mines)
      await expect
        .poll(async () => (await mf.cell(mine).getAttribute('aria-label')) ?? '')
        .toContain('mine');
    expect(await mf.slider('Rows').isDisabled()).toBe(false);
  });

  it("says 'Insufficient balance.' under the start button for a stake above the balance, and the server's words when it refuses", async () => {
    const { user, page, mf } = await openMinefield();
    await mf.stake().fill('5000');
    await mf.button('Enter').click();
    await expect.poll(() => mf.refusal().innerText()).toBe('Insufficient balance.');
    const [open] = await world.server.db.rows<{ n: number }>(
      sql`select count(*)::int as n from game_rounds where user_id = ${user.id}`,
    );
    expect(open?.n).toBe(0);
    expect(await balanceOf(world.server, user.id)).toBe(1000);

    await page.route('**/api/games/minefield/start', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Insufficient balance', code: 'INSUFFICIENT_FUNDS' }),
      }),
    );
    await mf.stake().fill('100');
    await expect.poll(() => mf.refusal().count()).toBe(0);
    await mf.button('Enter').click();
    await expect.poll(() => mf.refusal().innerText()).toBe('Insufficient balance');
  });

  it("refuses a stake below 1 with 'Bet must be ≥ 1' and clamps mines when the grid shrinks", async () => {
    const { page, mf } = await openMinefield();
    await mf.stake().fill('0');
    await mf.button('Enter').click();
    await page.getByText('Bet must be ≥ 1').waitFor();
    await mf.slider('Rows').fill('3');
    await mf.slider('Cols').fill('3');
    await expect.poll(() => mf.slider('Mines').inputValue()).toBe('8');
  });

  it("refuses a stake of 1.5 with 'Use whole coins only.', as bets do, and starts nothing", async () => {
    const { user, page, mf } = await openMinefield();
    await mf.stake().fill('1.5');
    await mf.button('Enter').click();
    await expect.poll(() => describedText(mf.stake())).toBe('Use whole coins only.');
    expect(await mf.stake().getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText('Bet must be ≥ 1').count()).toBe(0);
    const [rounds] = await world.server.db.rows<{ n: number }>(
      sql`select count(*)::int as n from game_rounds where user_id = ${user.id}`,
    );
    expect(rounds?.n).toBe(0);
    expect(await balanceOf(world.server, user.id)).toBe(1000);
  });

  it("shows the exact return of the next cash-out at the player's stake, and refuses a stake below the minimum with the server's words (issue 34)", async () => {
    const { user, page, mf } = await openMinefield();
    const text = (id: string) => page.getByTestId(id).innerText();
    // Default 8x8, 10 mines, stake 100: the first cash-out pays 117, 98.71% (floored, never rounded up).
    await expect.poll(() => text('minefield-next-cashout')).toBe('Next cash-out: ×1.173 pays 117');
    await expect.poll(() => text('minefield-return')).toBe('Return if you cash out here: 98.71%');
    expect(await text('minefield-min-stake')).toBe('Minimum stake for 8x8 with 10 mines: 85');

    // Stake 1 paid back only the stake: the page says what that returns, then refuses it.
    await mf.stake().fill('1');
    await expect.poll(() => text('minefield-return')).toBe('Return if you cash out here: 84.37%');
    await mf.button('Enter').click();
    await page.getByText(minefieldMinStakeMessage({ rows: 8, cols: 8, mines: 10 })).waitFor();
    const [rounds] = await world.server.db.rows<{ n: number }>(
      sql`select count(*)::int as n from game_rounds where user_id = ${user.id}`,
    );
    expect(rounds?.n).toBe(0);

    // A running game shows the next cash-out after each safe cell.
    await mf.stake().fill('100');
    await mf.button('Enter').click();
    await mf.button(/^Cash Out/).waitFor();
    const { mines } = await openGame(user.id);
    const safe = Array.from({ length: 64 }, (_, i) => i).filter((i) => !mines.includes(i));
    await mf.cell(safe[0]!).click();
    await expect
      .poll(() => text('minefield-return'))
      .toBe(`Return if you cash out here: ${minefieldCashoutPoint(100, 64, 10, 2).percent}`);
    await mf.button(/^Cash Out/).click();
    await expect.poll(() => mf.message.innerText()).toMatch(/^Cashed out \d+ coins$/);

    // Where the profit cap bites, the line says so and by how much.
    await mf.slider('Rows').fill('3');
    await mf.slider('Cols').fill('3');
    await expect.poll(() => mf.slider('Mines').inputValue()).toBe('8');
    await mf.stake().fill('200000');
    const capped = minefieldCashoutPoint(200_000, 9, 8, 1);
    expect(capped.capped).toBe(true);
    await expect
      .poll(() => text('minefield-return'))
      .toBe(`Return if you cash out here: ${capped.percent}`);
    expect(await text('minefield-cap-note')).toBe(
      `The 1,000,000-coin profit cap lowers it: stakes up to ${capped.uncappedStakeLimit.toLocaleString('en-US')} get the full multiplier here.`,
    );
    expect(await text('minefield-min-stake')).toBe('Minimum stake for 3x3 with 8 mines: 12');
  });
});
