import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoundsPage } from '../../src/shared/api/fairness';
import { call, type TestUser } from '../../src/server/testing/harness';
import { startBuff } from '../../src/server/features/items/buffs';
import { insertItem } from '../../src/server/features/store/builders';
import { signInAs, startWorld, type World } from './support/world';
import { CasinoPage, ClickFrenzyPage } from './pages/GamesPages';
import { Toasts } from './pages/Toasts';

let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await world?.close();
});

const roundsOf = async (user: TestUser) =>
  (
    await call<RoundsPage>(world.server, 'GET', '/api/games/rounds?limit=100', {
      token: user.token,
    })
  ).body.rounds;

describe('casino', () => {
  it('coin flip auto-repeats 5 rounds, then a long run stops on Stop', async () => {
    const user = await world.user();
    const page = await world.newPage();
    await signInAs(page, world.server, user);
    const casino = new CasinoPage(page);
    await casino.open();
    await casino.tab('Coin Flip');
    await casino.bet().fill('1');
    await casino.autoRepeat().check();
    await casino.times().fill('5');
    await casino.submit('Flip').click();
    await expect.poll(() => casino.submit('Flip').innerText()).toBe('Playing…');
    await expect.poll(() => casino.submit('Flip').innerText(), { timeout: 20_000 }).toBe('Flip');
    expect((await roundsOf(user)).filter((r) => r.game === 'coin-flip')).toHaveLength(5);

    await casino.times().fill('100');
    await casino.submit('Flip').click();
    await expect
      .poll(async () => (await roundsOf(user)).length, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(7);
    await casino.stop().click();
    await expect.poll(() => casino.submit('Flip').innerText(), { timeout: 10_000 }).toBe('Flip');
    const stoppedAt = (await roundsOf(user)).length;
    expect(stoppedAt).toBeLessThan(5 + 100);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await roundsOf(user)).length).toBe(stoppedAt);
  });

  it("refuses a bet that is not a number above 0 with 'Enter a valid bet'", async () => {
    const user = await world.user();
    const page = await world.newPage();
    await signInAs(page, world.server, user);
    const casino = new CasinoPage(page);
    await casino.open();
    await casino.bet().fill('0');
    await casino.submit('Spin').click();
    await casino.panel().getByText('Enter a valid bet').waitFor();
    expect(await roundsOf(user)).toHaveLength(0);
  });

  it("roulette spins for 2 s and shows the pocket; slots with a luck buff shows '+25% slot luck' and stops on the real stops", async () => {
    const user = await world.user();
    const item = await insertItem(world.server.db, {
      effectType: 'slots-luck',
      effectValue: 2500,
      price: 500,
    });
    await startBuff(
      world.server.db,
      { userId: user.id, itemId: item.id, effectType: 'slots-luck', value: 2500, itemPrice: 500 },
      new Date(),
    );
    const page = await world.newPage();
    await signInAs(page, world.server, user);
    const casino = new CasinoPage(page);
    await casino.open();

    const started = Date.now();
    await casino.submit('Spin').click();
    await expect
      .poll(() => casino.result('roulette').innerText(), { timeout: 10_000 })
      .toMatch(/^(red|black|green) \d+: (won \d+|lost)$/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    const [spun] = await roundsOf(user);
    expect(await casino.result('roulette').innerText()).toContain(
      `${String(spun!.outcome.result)} ${String(spun!.outcome.pocket)}`,
    );

    await casino.tab('Slots');
    await casino.panel().getByText('+25% slot luck').waitFor();
    await casino.submit('Spin').click();
    await expect
      .poll(() => casino.result('slots').innerText(), { timeout: 10_000 })
      .toMatch(/won|No win/);
    const [slotsRound] = await roundsOf(user);
    expect(slotsRound?.params).toEqual({ stake: 10, luck: 25 });
    const stops = slotsRound!.outcome.stops as number[];
    for (let reel = 0; reel < 3; reel++)
      expect(await casino.reel(reel).getAttribute('data-stop')).toBe(String(stops[reel]));
  });
});

describe('casino (issue 19)', () => {
  it("says 'Insufficient balance.' beside the button on every tab for a bet above the balance, and the server's words when it refuses", async () => {
    const user = await world.user();
    const page = await world.newPage();
    await signInAs(page, world.server, user);
    const casino = new CasinoPage(page);
    await casino.open();
    for (const [tab, label] of [
      ['Roulette', 'Spin'],
      ['Coin Flip', 'Flip'],
      ['Slots', 'Spin'],
    ] as const) {
      await casino.tab(tab);
      await casino.bet().fill('999999');
      await casino.submit(label).click();
      await expect.poll(() => casino.notice().innerText()).toBe('Insufficient balance.');
      // The message belongs to the bet: editing the bet clears it.
      await casino.bet().fill('5');
      await expect.poll(() => casino.notice().count()).toBe(0);
    }
    expect(await roundsOf(user)).toHaveLength(0);

    // The page thinks 1,000 coins cover it; the server knows better and its words are shown inline.
    await page.route('**/api/games/coin-flip', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Insufficient balance', code: 'INSUFFICIENT_FUNDS' }),
      }),
    );
    await casino.tab('Coin Flip');
    await casino.bet().fill('10');
    await casino.submit('Flip').click();
    await expect.poll(() => casino.notice().innerText()).toBe('Insufficient balance');
  });

  it('one toast per coin-flip auto-repeat run, updated in place, with the round in the panel; a single flip keeps its own toast', async () => {
    const user = await world.user();
    const page = await world.newPage({ width: 390, height: 844 });
    await signInAs(page, world.server, user);
    const casino = new CasinoPage(page);
    const toasts = new Toasts(page);
    await casino.open();
    await casino.tab('Coin Flip');
    await casino.bet().fill('1');
    const mostAtOnce = await toasts.trackMostAtOnce(/You won|You lost|Auto-repeat/);
    await casino.autoRepeat().check();
    await casino.times().fill('6');
    await casino.submit('Flip').click();
    await expect.poll(() => casino.submit('Flip').innerText()).toBe('Playing…');
    await expect
      .poll(() => casino.result('coin-flip').innerText(), { timeout: 10_000 })
      .toMatch(/^(Heads|Tails): (won 2|lost)$/);
    await expect.poll(() => casino.submit('Flip').innerText(), { timeout: 20_000 }).toBe('Flip');
    const run = await toasts.matching(/^Auto-repeat: 6 rounds/).innerText();
    const [, wins, losses, net] =
      /^Auto-repeat: 6 rounds, (\d) won, (\d) lost, net ([+-]?\d+) coins?$/.exec(run.trim()) ?? [];
    expect(Number(wins) + Number(losses)).toBe(6);
    expect(Number(net)).toBe(Number(wins) * 1 - Number(losses) * 1);
    expect(await casino.tally('coin-flip').innerText()).toBe(run.trim());
    expect(await mostAtOnce()).toBe(1);
    expect((await roundsOf(user)).filter((r) => r.game === 'coin-flip')).toHaveLength(6);

    await casino.autoRepeat().uncheck();
    await casino.submit('Flip').click();
    await expect
      .poll(async () => (await toasts.matching(/You won|You lost/).allInnerTexts()).join('|'), {
        timeout: 10_000,
      })
      .toMatch(/^(heads|tails)(! You won 2 coins|\. You lost)$/);
  });

  it('slots auto-repeat spins until Stop, up to a published maximum', async () => {
    const user = await world.user();
    const page = await world.newPage();
    await signInAs(page, world.server, user);
    const casino = new CasinoPage(page);
    await casino.open();
    await casino.tab('Slots');
    await casino.panel().getByText('Spins until Stop, at most 100 spins.').waitFor();
    expect(await casino.times().count()).toBe(0);
    await casino.bet().fill('1');
    await casino.autoRepeat().check();
    await casino.submit('Spin').click();
    await expect
      .poll(async () => (await roundsOf(user)).length, { timeout: 20_000 })
      .toBeGreaterThanOrEqual(2);
    expect(await casino.submit('Spin').innerText()).toBe('Playing…');
    await casino.stop().click();
    await expect.poll(() => casino.submit('Spin').innerText(), { timeout: 10_000 }).toBe('Spin');
    const spun = (await roundsOf(user)).filter((r) => r.game === 'slots').length;
    expect(spun).toBeGreaterThanOrEqual(2);
    expect(spun).toBeLessThan(100);
    // The run is over once the button is back: the panel's count is the server's.
    expect(await casino.tally('slots').innerText()).toMatch(
      new RegExp(`^Auto-repeat: ${spun} rounds,`),
    );
  });
});

describe('click frenzy', () => {
  it('counts caught animals n / 100 with the balance, and shows the overlay at 100', async () => {
    const user = await world.user();
    const page = await world.newPage();
    await signInAs(page, world.server, user);
    const frenzy = new ClickFrenzyPage(page);
    await frenzy.open();
    await expect.poll(() => frenzy.count.innerText()).toBe('0 / 100');
    await frenzy.catchOne();
    await expect.poll(() => frenzy.count.innerText()).toBe('1 / 100');
    await expect.poll(() => frenzy.balance.innerText()).toContain('1,001');
    await new Promise((resolve) => setTimeout(resolve, 200));
    await frenzy.catchOne();
    await expect.poll(() => frenzy.count.innerText()).toBe('2 / 100');

    // The rest of the hour's clicks arrive from elsewhere; the next click meets the limit. The next
    // hour's too: the server counts by the real clock, and the suite may cross an hour meanwhile.
    const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    for (const start of [hour, hour + 3_600_000]) {
      await world.server.db.rows(sql`
        insert into click_frenzy_hours (user_id, hour_start, clicks, second_at, second_clicks)
        values (${user.id}, ${new Date(start).toISOString()}, 100, 0, 0)
        on conflict (user_id, hour_start) do update set clicks = 100`);
    }
    await frenzy.catchOne();
    await frenzy.overlay.getByText('Hourly limit reached! Come back later.').waitFor();
    await frenzy.overlay.getByText(/The next hour starts at \d\d:\d\d/).waitFor();
    expect(await page.getByTestId('frenzy-target').count()).toBeLessThanOrEqual(24);
  });
});
