import type { Page, Response } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TycoonActionResponse, TycoonDto } from '../../src/shared/games/coinTycoon/contract';
import {
  businessOf,
  costOf,
  incomePerSecond,
  settle,
  TYCOON_BOOST_PRICE_COINS,
  TYCOON_OFFLINE_CAP_MS,
  type TycoonState,
} from '../../src/shared/games/coinTycoon/rules';
import { formatBig, fromJson, toJson } from '../../src/shared/games/coinTycoon/storage';
import {
  balanceOf,
  call,
  expectLedgerBalanced,
  type TestUser,
} from '../../src/server/testing/harness';
import { waitForPath } from './support/helpers';
import { signInAs, startWorld, type World } from './support/world';
import { phoneReport } from './support/phone';
import { COIN_TYCOON_PATH, CoinTycoonPage, isAvailable } from './pages/CoinTycoonPage';
import { GamesHubPage } from './pages/GamesPages';
import { NavBar } from './pages/NavBar';
import { Toasts } from './pages/Toasts';

/**
 * The Coin Tycoon page (issue 24) in a real browser on the server's real clock: the hub card,
 * lemonade cycles started by hand and stands bought as the bucks allow, a manager hired, a
 * minute of game time after which the counter on screen is the server's settle; an away summary
 * after the stored clock jumps 9 h, capped at 8 h; the dividend and the boost moving coins; the
 * sale of the company; refusals in toasts; the numbers stepping once a second without motion;
 * and the page on a phone with axe-core. Time away is made by moving the stored company's clock
 * back in the database, as if the player had left that long ago.
 */
const PHONE = { width: 390, height: 844 };
const HOUR = 3_600_000;
const API = '/api/games/coin-tycoon';

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

async function answered<T>(response: Promise<Response>): Promise<T> {
  const answer = await response;
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as T;
}

async function signedIn(
  user: TestUser,
  options: { width?: number; height?: number; bypassCSP?: boolean; reducedMotion?: boolean } = {},
) {
  const { reducedMotion = false, ...size } = options;
  const page = await world.newPage(size);
  if (reducedMotion) await page.emulateMedia({ reducedMotion: 'reduce' });
  await signInAs(page, world.server, user);
  return {
    page,
    tycoon: new CoinTycoonPage(page),
    nav: new NavBar(page),
    toasts: new Toasts(page),
  };
}

/** The company as stored, created by a first read when there is none. */
async function stored(user: TestUser): Promise<TycoonState> {
  let [row] = await world.server.db.rows<{ state: unknown }>(
    sql`select state from coin_tycoon_games where user_id = ${user.id}`,
  );
  if (!row) {
    expect((await call(world.server, 'GET', API, { token: user.token })).status).toBe(200);
    [row] = await world.server.db.rows<{ state: unknown }>(
      sql`select state from coin_tycoon_games where user_id = ${user.id}`,
    );
  }
  return fromJson(row!.state);
}

/** Rewrites the stored company, as the game would have left it (the tests' way to skip time). */
async function edit(user: TestUser, change: (s: TycoonState) => TycoonState): Promise<TycoonState> {
  const next = change(await stored(user));
  await world.server.db.rows(
    sql`update coin_tycoon_games set state = ${JSON.stringify(toJson(next))}::jsonb where user_id = ${user.id}`,
  );
  return next;
}

/** The company as if its last settle, and every running cycle, were `ms` earlier. */
function movedBack(s: TycoonState, ms: number): TycoonState {
  const businesses = { ...s.businesses };
  for (const [key, b] of Object.entries(businesses) as [
    keyof typeof businesses,
    (typeof businesses)[keyof typeof businesses],
  ][]) {
    businesses[key] = { ...b, cycleStart: b.cycleStart === null ? null : b.cycleStart - ms };
  }
  return { ...s, businesses, lastSettled: s.lastSettled - ms };
}

describe('coin tycoon', () => {
  it('the hub card leads to the page; lemonade cycles by hand and stands bought as bucks allow, a manager, then a minute of game time the counter shows as the server settles it', async () => {
    const user = await world.user();
    const { page, tycoon, toasts } = await signedIn(user);
    const hub = new GamesHubPage(page);
    await hub.open();
    const card = hub.card('coin-tycoon');
    expect(await card.getByText('Coming soon').count()).toBe(0);
    expect(await card.getByRole('link').getAttribute('href')).toBe(COIN_TYCOON_PATH);
    await card.getByText('Coin Tycoon', { exact: true }).waitFor();
    const first = answerTo(page, 'GET', API);
    await card.getByRole('link').click();
    await waitForPath(page, COIN_TYCOON_PATH);
    await tycoon.ready();
    const opened = await answered<TycoonDto>(first);
    expect(opened.state.bucks).toBe('10');
    expect(opened.away).toBeNull();
    expect((await tycoon.reading()).text).toBe('10');

    const lemonade = tycoon.business('lemonade');
    const lemon = businessOf('lemonade');
    expect(await lemonade.ownedCount()).toBe(1);
    expect(await lemonade.buy('one').innerText()).toContain(
      `${formatBig(costOf(lemon, 1, 1))} bucks`,
    );
    expect(await lemonade.buy('ten').innerText()).toContain(
      `${formatBig(costOf(lemon, 1, 10))} bucks`,
    );
    expect(await isAvailable(lemonade.buy('ten'))).toBe(false);
    expect(await lemonade.milestone.innerText()).toBe('Next ×2 income at 25 owned (1/25)');
    expect(await isAvailable(lemonade.manager)).toBe(false);
    expect(await isAvailable(tycoon.business('newspaper').start)).toBe(false);

    // Played by keyboard: Start, and Buy ×1 whenever the bucks reach the next stand.
    let cycles = 0;
    let bought = 0;
    while (cycles < 4) {
      if (await isAvailable(lemonade.buy('one'))) {
        const buying = answerTo(page, 'POST', `${API}/buy`);
        await lemonade.buy('one').focus();
        await page.keyboard.press('Enter');
        await answered<TycoonActionResponse>(buying);
        bought++;
        continue;
      }
      await expect.poll(() => isAvailable(lemonade.start), { timeout: 3000 }).toBe(true);
      const starting = answerTo(page, 'POST', `${API}/start`);
      await lemonade.start.focus();
      await page.keyboard.press('Enter');
      await answered<TycoonActionResponse>(starting);
      cycles++;
      await lemonade.start.filter({ hasText: 'Working…' }).waitFor();
      // The bar fills on the page's own clock while the server is not asked.
      await expect.poll(() => lemonade.progressValue()).toBeGreaterThan(0);
    }
    // The focus stayed on the row's buttons throughout, so the keyboard never lost its place.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toMatch(
      /^tycoon-(start|buy-one)$/,
    );
    expect(bought).toBeGreaterThanOrEqual(1);
    await expect.poll(() => isAvailable(lemonade.start), { timeout: 3000 }).toBe(true);
    const played = settle(await stored(user), Date.now()).state;
    expect(played.businesses.lemonade.owned).toBe(1 + bought);
    expect(await lemonade.ownedCount()).toBe(1 + bought);
    expect(played.lifetimeBucks).toBeGreaterThanOrEqual(BigInt(cycles));

    // The manager costs 1,000 bucks: granted, as if earned, then hired from the page.
    await edit(user, (s) => ({ ...s, bucks: 2_000n, lifetimeBucks: s.lifetimeBucks + 2_000n }));
    await page.reload();
    await tycoon.ready();
    expect(await lemonade.manager.innerText()).toContain('Hire manager (1.00K bucks)');
    const hiring = answerTo(page, 'POST', `${API}/manager`);
    await lemonade.manager.click();
    const hired = await answered<TycoonActionResponse>(hiring);
    expect(hired.state.businesses.lemonade!.managed).toBe(true);
    await toasts.waitFor('Manager hired for the Lemonade Stand');
    await lemonade.root.and(page.locator('[data-managed="true"]')).waitFor();
    expect(await lemonade.start.count()).toBe(0);
    expect(await lemonade.manager.count()).toBe(0);
    // Max buys as many as the bucks pay for, at the server's price.
    const maxing = answerTo(page, 'POST', `${API}/buy`);
    await lemonade.buy('max').click();
    const maxed = await answered<TycoonActionResponse>(maxing);
    const owned = maxed.state.businesses.lemonade!.owned;
    expect(owned).toBeGreaterThan(1 + bought);
    await lemonade.owned.filter({ hasText: String(owned) }).waitFor();
    expect(await tycoon.income.innerText()).toMatch(/^\d[\d.]* \/s$/);

    // A minute of game time in all: the stored company's clock moves back 50 s more (under the
    // away summary's minute), then a reload settles it on the page.
    const backdated = await edit(user, (s) => movedBack(s, 50_000));
    await page.reload();
    await tycoon.ready();
    for (let i = 0; i < 2; i++) {
      const shown = await tycoon.reading();
      const sentAt = Date.now();
      // The page's clock is the server's to within the request's delay.
      expect(Math.abs(shown.at - sentAt)).toBeLessThan(1500);
      // And its counter is exactly the shared settle of what the server stores, at that time.
      const expected = settle(backdated, shown.at).state.bucks;
      expect(shown.bucks).toBe(expected);
      expect(shown.text).toBe(formatBig(expected));
      if (i === 0) {
        // Within tolerance of what the server answers a moment later (one second's income).
        const server = await call<TycoonDto>(world.server, 'GET', API, { token: user.token });
        const serverBucks = BigInt(server.body.state.bucks);
        const perSecond = BigInt(Math.ceil(incomePerSecond(backdated, shown.at)));
        expect(
          serverBucks >= shown.bucks - perSecond &&
            serverBucks <= shown.bucks + 2n * perSecond + 1n,
          `${serverBucks} vs ${shown.bucks}`,
        ).toBe(true);
        // The counter moves between requests.
        await expect.poll(async () => (await tycoon.reading()).bucks > shown.bucks).toBe(true);
      }
    }
  });

  it('after 9 h away: the summary of 8 h, the dividend claimed once (balance up by its coins), the boost bought (balance down 200), and the company sold for investors', async () => {
    const user = await world.user();
    // Twenty-five managed stands (a milestone: ×2), left running 9 hours ago.
    await edit(user, (s) =>
      movedBack(
        {
          ...s,
          businesses: {
            ...s.businesses,
            lemonade: { owned: 25, managed: true, cycleStart: s.lastSettled },
          },
        },
        9 * HOUR,
      ),
    );
    const { page, tycoon, nav, toasts } = await signedIn(user);
    const reading = answerTo(page, 'GET', API);
    await tycoon.open();
    const back = await answered<TycoonDto>(reading);
    expect(back.away).not.toBeNull();
    expect(back.away!.awayMs).toBeGreaterThan(9 * HOUR);
    expect(back.away!.cappedMs).toBe(TYCOON_OFFLINE_CAP_MS);
    // 8 h of 0.6 s cycles, 25 stands at 1 buck ×2.
    expect(back.away!.earned).toBe(String(((8n * 3600n * 10n) / 6n) * 25n * 2n));
    await tycoon.awayDialog.waitFor();
    expect(await tycoon.awayDialog.getByRole('heading').innerText()).toBe(
      'While you were away (8 h max): +2.40M bucks',
    );
    expect(await tycoon.awayDialog.innerText()).toContain(
      'You were away 9 h 0 min; your managers worked the first 8 h of it.',
    );
    await tycoon.awayDialog.getByRole('button', { name: 'Back to work' }).click();
    await tycoon.awayDialog.waitFor({ state: 'detached' });
    // Said once: the summary was saved with the settle.
    expect(
      (await call<TycoonDto>(world.server, 'GET', API, { token: user.token })).body.away,
    ).toBeNull();

    // The dividend: the coins of the shared rule, once.
    expect(await nav.balance('1,000')).toBe('1,000');
    await tycoon.claimButton.filter({ hasText: /^Claim \d+ coins$/ }).waitFor();
    const claiming = answerTo(page, 'POST', `${API}/claim`);
    await tycoon.claimButton.click();
    const claim = await answered<TycoonActionResponse>(claiming);
    expect(claim.coins).toBeGreaterThanOrEqual(255);
    expect(claim.balance).toBe(1000 + claim.coins);
    await toasts.waitFor(`Dividend claimed: +${claim.coins} coins`);
    expect(await nav.balance(coins(1000 + claim.coins))).toBe(coins(1000 + claim.coins));
    expect(await tycoon.balance(coins(1000 + claim.coins))).toBe(coins(1000 + claim.coins));
    await tycoon.claimButton.filter({ hasText: 'Claimed today' }).waitFor();
    expect(await isAvailable(tycoon.claimButton)).toBe(false);
    expect((await call(world.server, 'POST', `${API}/claim`, { token: user.token })).status).toBe(
      409,
    );
    expect(await balanceOf(world.server, user.id)).toBe(1000 + claim.coins);

    // The boost: 200 coins for 4 h of ×2. 25 stands pay 50 bucks every 0.6 s.
    expect(await tycoon.boostStatus.innerText()).toBe('No boost running');
    expect(await tycoon.income.innerText()).toBe('83.3 /s');
    expect(await tycoon.boostButton.innerText()).toBe(
      `Boost ×2 for 4 h — ${TYCOON_BOOST_PRICE_COINS} coins`,
    );
    const boosting = answerTo(page, 'POST', `${API}/boost`);
    await tycoon.boostButton.click();
    const boost = await answered<TycoonActionResponse>(boosting);
    const left = 1000 + claim.coins - TYCOON_BOOST_PRICE_COINS;
    expect([boost.coins, boost.balance]).toEqual([-TYCOON_BOOST_PRICE_COINS, left]);
    expect(await nav.balance(coins(left))).toBe(coins(left));
    expect(await balanceOf(world.server, user.id)).toBe(left);
    // A countdown rounds up, so the first second reads 04:00:00 (longer on a loaded machine).
    await expect
      .poll(() => tycoon.boostStatus.innerText(), { timeout: 5_000 })
      .toMatch(/^×2 until \d\d:\d\d \((04:00:00|03:59:\d\d) left\)$/);
    await toasts.waitFor(
      `Boost on: ${(await tycoon.boostStatus.innerText()).replace(/ \(.*$/, '')}`,
    );
    await tycoon
      .business('lemonade')
      .revenue.filter({ hasText: 'Pays 100 bucks every 0.6 s (boosted)' })
      .waitFor();
    expect(await tycoon.income.innerText()).toBe('166 /s');
    const dir = process.env.E2E_SCREENSHOT_DIR;
    if (dir)
      await page.screenshot({ path: `${dir}/coin-tycoon-desktop-boosted.png`, fullPage: true });

    // The sale: not before the first investor; then +2 for 4 billion lifetime bucks.
    expect(await isAvailable(tycoon.sellButton)).toBe(false);
    expect(await tycoon.saleGain.innerText()).toBe(
      'The next investor joins at 1.00B lifetime bucks.',
    );
    await edit(user, (s) => ({ ...s, lifetimeBucks: 4_000_000_000n }));
    await page.reload();
    await tycoon.ready();
    expect(await tycoon.saleGain.innerText()).toBe('Selling now brings +2 investors.');
    await tycoon.sellButton.click();
    const confirm = page.getByRole('alertdialog', { name: 'Sell the company?' });
    await confirm.waitFor();
    expect(await confirm.getByTestId('tycoon-sale-details').innerText()).toBe(
      '+2 investors join (2 in all): income ×1.04 for good.',
    );
    const selling = answerTo(page, 'POST', `${API}/prestige`);
    await confirm.getByRole('button', { name: 'Sell for +2 investors' }).click();
    const sold = await answered<TycoonActionResponse>(selling);
    expect(sold.state.investors).toBe('2');
    await toasts.waitFor('Company sold: 2 investors');
    await tycoon.investors.filter({ hasText: /^2$/ }).waitFor();
    expect(await tycoon.business('lemonade').ownedCount()).toBe(1);
    expect((await tycoon.reading()).text).toBe('10');
    // The boost bought with coins outlives the sale.
    expect(await tycoon.boostStatus.innerText()).toMatch(/^×2 until /);
    expect(await balanceOf(world.server, user.id)).toBe(left);
  });

  it("a refused intent shows the server's words in a toast and the page catches up; a failed load says so", async () => {
    const user = await world.user();
    const { page, tycoon, toasts } = await signedIn(user);
    await tycoon.open();
    const lemonade = tycoon.business('lemonade');
    expect(await isAvailable(lemonade.buy('one'))).toBe(true);
    // The bucks are spent elsewhere (another tab) while this page still shows them.
    await edit(user, (s) => ({ ...s, bucks: 0n }));
    const refused = answerTo(page, 'POST', `${API}/buy`);
    await lemonade.buy('one').click();
    expect((await refused).status()).toBe(409);
    await toasts.waitFor(
      `Not enough bucks: 1 Lemonade Stand costs ${formatBig(costOf(businessOf('lemonade'), 1, 1))}`,
    );
    await tycoon.bucks.filter({ hasText: /^\s*0$/ }).waitFor();
    await expect.poll(() => isAvailable(lemonade.buy('one'))).toBe(false);
    expect((await stored(user)).businesses.lemonade.owned).toBe(1);

    // A proxy's error page, not the API's error shape: the page has only its fallback to say.
    // (A 4xx, which the client does not retry, so the test need not wait out the retries.)
    await page.route(`**${API}`, (route) =>
      route.fulfill({ status: 404, contentType: 'text/html', body: '<h1>Not here</h1>' }),
    );
    await page.reload();
    await page.getByRole('alert').filter({ hasText: 'Failed to load your company' }).waitFor();
    await toasts.waitFor('Failed to load your company');
  });

  it('without motion the counter and the bars step once a second, on the page clock', async () => {
    const user = await world.user();
    await edit(user, (s) => ({
      ...s,
      businesses: {
        ...s.businesses,
        lemonade: { owned: 10, managed: true, cycleStart: s.lastSettled },
      },
    }));
    const { page, tycoon } = await signedIn(user, { reducedMotion: true });
    await page.clock.install();
    await tycoon.open();
    const start = await tycoon.reading();
    // Far enough ahead that the page clock, still running, has not passed it when the call lands
    // (50 ms was not, once, on a loaded host: 'Cannot fast-forward to the past').
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
    // Every server time the counter is settled to, as the page clock runs 3 s.
    await tycoon.bucks.evaluate((el) => {
      const seen: number[] = [];
      (window as unknown as { tycoonTicks: number[] }).tycoonTicks = seen;
      new MutationObserver(() => seen.push(Number(el.getAttribute('data-at')))).observe(el, {
        attributes: true,
        attributeFilter: ['data-at'],
      });
    });
    await page.clock.runFor(3000);
    const ticks = await page.evaluate(
      () => (window as unknown as { tycoonTicks: number[] }).tycoonTicks,
    );
    expect(ticks.length === 2 || ticks.length === 3, JSON.stringify(ticks)).toBe(true);
    for (let i = 1; i < ticks.length; i++) {
      expect(ticks[i]! - ticks[i - 1]!).toBeGreaterThanOrEqual(1000);
      expect(ticks[i]! - ticks[i - 1]!).toBeLessThan(1100);
    }
    const stepped = await tycoon.reading();
    expect(stepped.at).toBe(ticks.at(-1));
    expect(stepped.bucks).toBe(settle(await stored(user), stepped.at).state.bucks);
    expect(stepped.bucks).toBeGreaterThan(start.bucks);
  });

  it('fits a 390 px phone with no sideways scroll and no serious or critical axe finding: the away summary, the company with a boost, the sale confirmation', async () => {
    const { report, check } = phoneReport(PHONE.width, 'coin-tycoon-390');

    const user = await world.user();
    await edit(user, (s) =>
      movedBack(
        {
          ...s,
          lifetimeBucks: 9_000_000_000n,
          businesses: {
            ...s.businesses,
            lemonade: { owned: 60, managed: true, cycleStart: s.lastSettled },
            newspaper: { owned: 12, managed: false, cycleStart: s.lastSettled },
            'car-wash': { owned: 3, managed: false, cycleStart: null },
          },
        },
        2 * HOUR,
      ),
    );
    const { page, tycoon } = await signedIn(user, { ...PHONE, bypassCSP: true });
    await tycoon.open();
    await tycoon.awayDialog.waitFor();
    await check(page, 'away summary');
    await tycoon.awayDialog.getByRole('button', { name: 'Back to work' }).click();
    await tycoon.awayDialog.waitFor({ state: 'detached' });
    const boosting = answerTo(page, 'POST', `${API}/boost`);
    await tycoon.boostButton.click();
    await answered<TycoonActionResponse>(boosting);
    await tycoon.boostStatus.filter({ hasText: /^×2 until / }).waitFor();
    await check(page, 'company boosted');
    await tycoon.sellButton.click();
    await page.getByRole('alertdialog', { name: 'Sell the company?' }).waitFor();
    await check(page, 'sale confirmation');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();

    expect(report).toEqual({});
  });
});
