import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoundsPage } from '../../src/shared/api/fairness';
import { call, type TestUser } from '../../src/server/testing/harness';
import { startBuff } from '../../src/server/features/items/buffs';
import { insertItem } from '../../src/server/features/store/builders';
import { signInAs, startWorld, type World } from './support/world';
import { CasinoPage, ClickFrenzyPage } from './pages/GamesPages';

let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await world?.close();
});

const roundsOf = async (user: TestUser) =>
  (await call<RoundsPage>(world.server, 'GET', '/api/games/rounds?limit=100', { token: user.token })).body.rounds;

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
    await expect.poll(async () => (await roundsOf(user)).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(7);
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
    const item = await insertItem(world.server.db, { effectType: 'slots-luck', effectValue: 2500, price: 500 });
    await startBuff(world.server.db, { userId: user.id, itemId: item.id, effectType: 'slots-luck', value: 2500, itemPrice: 500 }, new Date());
    const page = await world.newPage();
    await signInAs(page, world.server, user);
    const casino = new CasinoPage(page);
    await casino.open();

    const started = Date.now();
    await casino.submit('Spin').click();
    await expect.poll(() => casino.result('roulette').innerText(), { timeout: 10_000 }).toMatch(/^(red|black|green) \d+: (won \d+|lost)$/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    const [spun] = await roundsOf(user);
    expect(await casino.result('roulette').innerText()).toContain(`${String(spun!.outcome.result)} ${String(spun!.outcome.pocket)}`);

    await casino.tab('Slots');
    await casino.panel().getByText('+25% slot luck').waitFor();
    await casino.submit('Spin').click();
    await expect.poll(() => casino.result('slots').innerText(), { timeout: 10_000 }).toMatch(/won|No win/);
    const [slotsRound] = await roundsOf(user);
    expect(slotsRound?.params).toEqual({ stake: 10, luck: 25 });
    const stops = slotsRound!.outcome.stops as number[];
    for (let reel = 0; reel < 3; reel++) expect(await casino.reel(reel).getAttribute('data-stop')).toBe(String(stops[reel]));
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

    // The rest of the hour's clicks arrive from elsewhere; the next click meets the limit.
    await world.server.db.rows(sql`update frenzy_hours set clicks = 100 where user_id = ${user.id}`);
    await frenzy.catchOne();
    await frenzy.overlay.getByText('Hourly limit reached! Come back later.').waitFor();
    await frenzy.overlay.getByText(/The next hour starts at \d\d:\d\d/).waitFor();
    expect(await page.getByTestId('frenzy-target').count()).toBeLessThanOrEqual(24);
  });
});
