import type { Page, Request, Response } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdleDto } from '../../src/shared/games/idleNgu/contract';
import type { RouteReply } from '../../src/shared/api/routes';
import {
  fromJson,
  IDLE_TRAININGS,
  levelsOf,
  settle,
  trainingLevel,
  type Allocations,
  type IdleState,
} from '../../src/shared/games/idleNgu/rules';
import {
  balanceOf,
  call,
  expectLedgerBalanced,
  type TestUser,
} from '../../src/server/testing/harness';
import { textWithEmoji, waitForPath } from './support/helpers';
import { signInAs, startWorld, type World } from './support/world';
import { phoneReport } from './support/phone';
import { GamesHubPage } from './pages/GamesPages';
import { IDLE_NGU_PATH, IdleNguPage, isAvailable } from './pages/IdleNguPage';
import { NavBar } from './pages/NavBar';
import { Toasts } from './pages/Toasts';

/**
 * The idle trainer (issue 24) in a real browser on the server's real clock: the hub card, energy
 * allocated by mouse and keyboard and saved as one intent, a minute of play under the page's
 * fake clock (the stored trainer's clock moved back by as much, so page and server agree), the
 * levels on screen equal to the shared settle of what the server stores, boss 1 paid once, bosses
 * out of reach, the away summary after the stored clock jumps 9 h, rebirth with its confirmation,
 * a failed load, and the page on a phone with axe-core.
 */
const PHONE = { width: 390, height: 844 };
const HOUR = 3_600_000;
const API = '/api/games/idle-ngu';
type ActionAnswer = RouteReply<'POST /api/games/idle-ngu/fight'>;

let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await expectLedgerBalanced(world.server);
  await world?.close();
});

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

/** Every request the page sends to `method path` from now on. */
function recordRequests(page: Page, method: string, path: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === method && new URL(r.url()).pathname === path) seen.push(r);
  });
  return seen;
}

async function signedIn(
  user: TestUser,
  options: { width?: number; height?: number; bypassCSP?: boolean; reducedMotion?: boolean } = {},
) {
  const { reducedMotion = false, ...size } = options;
  const page = await world.newPage(size);
  if (reducedMotion) await page.emulateMedia({ reducedMotion: 'reduce' });
  await signInAs(page, world.server, user);
  return { page, idle: new IdleNguPage(page), nav: new NavBar(page), toasts: new Toasts(page) };
}

/** The trainer as stored, created by a first read when there is none. */
async function stored(user: TestUser): Promise<IdleState> {
  let [row] = await world.server.db.rows<{ state: unknown }>(
    sql`select state from idle_ngu_games where user_id = ${user.id}`,
  );
  if (!row) {
    expect((await call(world.server, 'GET', API, { token: user.token })).status).toBe(200);
    [row] = await world.server.db.rows<{ state: unknown }>(
      sql`select state from idle_ngu_games where user_id = ${user.id}`,
    );
  }
  return fromJson(row!.state);
}

/**
 * As if the player had left `ms` earlier: the stored trainer's clock moves back, which is all
 * the time the server settles from.
 */
async function moveBack(user: TestUser, ms: number): Promise<IdleState> {
  const before = await stored(user);
  await world.server.db.rows(
    sql`update idle_ngu_games set state = jsonb_set(state, '{lastSettleMs}', to_jsonb(${before.lastSettleMs - ms}::bigint)) where user_id = ${user.id}`,
  );
  return stored(user);
}

async function allocateByApi(user: TestUser, allocations: Allocations): Promise<void> {
  const res = await call(world.server, 'POST', `${API}/allocate`, {
    token: user.token,
    body: { allocations },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** The transition the level bars glide with (CSS, so reduced motion turns it off). */
const barTransition = (idle: IdleNguPage) =>
  idle
    .training('attack')
    .progress.locator('div')
    .evaluate((el) => getComputedStyle(el).transitionDuration);

describe('idle trainer', () => {
  it('the hub card leads to the page (10 idle energy, level 0, power 1, bosses 1-5 out of reach, the coin bound); energy allocated with +/- and by keyboard goes as one allocate after a pause and survives a reload', async () => {
    const user = await world.user();
    const { page, idle } = await signedIn(user);
    const hub = new GamesHubPage(page);
    await hub.open();
    const card = hub.card('idle-ngu');
    expect(await card.getByText('Coming soon').count()).toBe(0);
    expect(await card.getByRole('link').getAttribute('href')).toBe(IDLE_NGU_PATH);
    const first = answerTo(page, 'GET', API);
    await card.getByRole('link').click();
    await waitForPath(page, IDLE_NGU_PATH);
    await idle.ready();
    const opened = await answered<IdleDto>(first);
    expect([opened.power, opened.strongestBeatable, opened.away]).toEqual(['1', 0, null]);

    expect(await idle.energyText()).toBe('10 / 10');
    for (const t of IDLE_TRAININGS) {
      const row = idle.training(t);
      expect(await row.level.innerText()).toBe('0');
      expect(await row.allocated()).toBe(0);
      expect(await row.nextLevel.innerText()).toMatch(/^No energy: not training/);
      expect(await isAvailable(row.less)).toBe(false);
      expect(await isAvailable(row.more)).toBe(true);
    }
    expect(await idle.power.innerText()).toBe('1');
    expect(await idle.strongest.innerText()).toBe('Beats no boss yet');
    expect(await idle.multiplier.innerText()).toBe('x1.0');
    expect(await idle.bestBoss.innerText()).toBe('None yet');
    expect(await textWithEmoji(idle.bossCoins)).toBe('🪙 0');
    expect(await idle.coinBound.innerText()).toContain(
      'Coins only for first kills: at most 11,100 in all',
    );

    expect(await idle.bosses.count()).toBe(5);
    expect(await idle.bosses.getByTestId('idle-boss-hp').allInnerTexts()).toEqual([
      '14',
      '19',
      '25',
      '34',
      '45',
    ]);
    expect(
      await Promise.all(
        (await idle.bosses.getByTestId('idle-boss-reward').all()).map(textWithEmoji),
      ),
    ).toEqual(['🪙 12 coins', '🪙 14 coins', '🪙 16 coins', '🪙 18 coins', '🪙 20 coins']);
    for (let n = 1; n <= 5; n++) expect(await isAvailable(idle.boss(n).fight)).toBe(false);
    expect(await idle.boss(1).blocked.innerText()).toBe('Needs 14 power');
    expect(await idle.boss(2).blocked.innerText()).toBe('Beat boss 1 first');
    expect(await isAvailable(idle.rebirthButton)).toBe(false);
    expect(await idle.rebirthBlocked.innerText()).toBe('Beat boss 1 to unlock rebirth.');

    const posts = recordRequests(page, 'POST', `${API}/allocate`);
    const attack = idle.training('attack');

    // Three quick presses: the screen follows each at once, the server hears once, and the
    // status line says so meanwhile.
    const phases = await idle.trackSavePhases();
    await attack.more.click({ clickCount: 3 });
    expect(await attack.allocated()).toBe(3);
    expect(await idle.energyText('7 / 10')).toBe('7 / 10');
    await idle.saved();
    expect(await phases()).toEqual(['Saving in a moment…', 'Saving…', 'Changes save on their own']);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.postDataJSON()).toEqual({
      allocations: { attack: 3, defense: 0, speed: 0, magic: 0 },
    });
    expect((await stored(user)).allocations).toEqual({ attack: 3, defense: 0, speed: 0, magic: 0 });
    await attack.nextLevel.filter({ hasText: /^Next level in \d+ s/ }).waitFor();

    // By keyboard: arrows on Defense's field, a number typed into Speed (more than is idle:
    // it takes what is left), then Clear on Speed, Cap on Magic and − on Attack.
    const defense = idle.training('defense');
    await defense.input.focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowUp');
    expect(await defense.allocated()).toBe(4);
    const speed = idle.training('speed');
    await speed.input.focus();
    await page.keyboard.type('9');
    expect(await speed.allocated()).toBe(3);
    expect(await idle.energyText('0 / 10')).toBe('0 / 10');
    const magic = idle.training('magic');
    expect(await isAvailable(magic.more)).toBe(false);
    await magic.more.focus();
    await page.keyboard.press('Enter');
    expect(await magic.allocated()).toBe(0);
    // The unavailable + keeps the focus, so the keyboard does not lose its place.
    expect(await magic.more.evaluate((el) => el === document.activeElement)).toBe(true);
    await speed.clear.focus();
    await page.keyboard.press('Enter');
    await magic.cap.focus();
    await page.keyboard.press('Space');
    await attack.less.focus();
    await page.keyboard.press('Enter');
    const final = { attack: 2, defense: 4, speed: 0, magic: 3 };
    for (const t of IDLE_TRAININGS) expect(await idle.training(t).allocated()).toBe(final[t]);
    expect(await idle.energyText('1 / 10')).toBe('1 / 10');
    await idle.saved();
    expect(posts.at(-1)!.postDataJSON()).toEqual({ allocations: final });
    expect(posts.length).toBeLessThan(12);
    expect((await stored(user)).allocations).toEqual(final);

    await page.reload();
    await idle.ready();
    for (const t of IDLE_TRAININGS) expect(await idle.training(t).allocated()).toBe(final[t]);
    expect(await idle.energyText()).toBe('1 / 10');
    expect(await idle.training('speed').nextLevel.innerText()).toMatch(/^No energy: not training/);
    // Bars glide between ticks when motion is allowed.
    expect(await barTransition(idle)).not.toBe('0s');
  });

  it('a minute of play under the page clock: levels rise between requests exactly as the server settles them; boss 1 pays 12 coins once, again 0; bosses out of reach cannot be fought', async () => {
    const user = await world.user();
    const { page, idle, nav, toasts } = await signedIn(user);
    await page.clock.install();
    await idle.open();
    expect(await nav.balance('1,000')).toBe('1,000');
    await idle.training('attack').input.fill('5');
    await idle.training('defense').cap.click();
    await idle.saved();
    expect((await stored(user)).allocations).toEqual({ attack: 5, defense: 5, speed: 0, magic: 0 });
    const gets = recordRequests(page, 'GET', API);

    // Twenty seconds at a time: the stored trainer's clock goes back by as much as the page's
    // goes forward, so both stand a minute later. No request is made: the page settles on its own.
    let forwarded = 0;
    let last = await idle.training('attack').reading();
    for (let step = 0; step < 3; step++) {
      await moveBack(user, 20_000);
      await page.clock.fastForward(20_000);
      forwarded += 20_000;
      await expect
        .poll(async () => (await idle.training('attack').reading()).level)
        .toBeGreaterThan(last.level);
      last = await idle.training('attack').reading();
      // What the page shows is the shared settle of what the server stores, at the same instant.
      const base = await stored(user);
      for (const t of ['attack', 'defense'] as const) {
        const shown = await idle.training(t).reading();
        expect(shown.level).toBe(trainingLevel(settle(base, shown.at - forwarded).state, t).level);
      }
    }
    expect(gets).toHaveLength(0);
    // A minute of 5 energy: attack 300 energy-seconds (level 7), defense 20 base units (level 5).
    expect(last.level).toBeGreaterThanOrEqual(7n);
    expect(BigInt((await idle.power.getAttribute('data-power')) ?? '0')).toBeGreaterThanOrEqual(
      48n,
    );

    // Boss 3 is beaten by the power but not yet in reach; Fight there sends nothing.
    const fights = recordRequests(page, 'POST', `${API}/fight`);
    expect(await isAvailable(idle.boss(3).fight)).toBe(false);
    expect(await idle.boss(3).blocked.innerText()).toBe('Beat boss 1 first');
    await idle.boss(3).fight.click({ force: true });
    await expect.poll(() => isAvailable(idle.boss(1).fight)).toBe(true);
    const fought = answerTo(page, 'POST', `${API}/fight`);
    await idle.boss(1).fight.click();
    const won = await answered<ActionAnswer>(fought);
    expect([won.coins, won.balance]).toEqual([12, 1012]);
    expect(fights.map((r) => r.postDataJSON() as unknown)).toEqual([{ boss: 1 }]);
    await toasts.waitFor('Victory! +12 coins');
    expect(await nav.balance('1,012')).toBe('1,012');
    await idle.boss(1).beaten.waitFor();
    expect(await idle.boss(1).reward.innerText()).toBe('paid');
    expect(await textWithEmoji(idle.bossCoins)).toBe('🪙 12');
    expect(await idle.bestBoss.innerText()).toBe('1');
    // The tower grows to five above the best; above the next floor, Fight stays off.
    expect(await idle.bosses.count()).toBe(6);
    // (Fight waits a second after a fight, so a double click does not fight twice: the floor's
    // own verdict is read here.)
    expect(await idle.boss(2).root.getAttribute('data-fightable')).toBe('true');
    for (const n of [3, 6]) {
      expect(await idle.boss(n).blocked.innerText()).toBe('Beat boss 2 first');
      expect(await idle.boss(n).root.getAttribute('data-fightable')).toBe('false');
      expect(await isAvailable(idle.boss(n).fight)).toBe(false);
    }

    // Again: a win, no coins.
    await expect.poll(() => isAvailable(idle.boss(1).fight), { timeout: 3000 }).toBe(true);
    const again = answerTo(page, 'POST', `${API}/fight`);
    await idle.boss(1).fight.click();
    const repeat = await answered<ActionAnswer>(again);
    expect([repeat.coins, repeat.balance]).toEqual([0, 1012]);
    await toasts.waitFor('Victory! Boss 1 beaten again: its first-kill reward was already paid');
    expect(await nav.balance('1,012')).toBe('1,012');
    expect(await balanceOf(world.server, user.id)).toBe(1012);
    expect(fights).toHaveLength(2);
  });

  it('the level on screen is the server settle of the stored trainer, moves with no request, and a reload shows the same level within one; a failed load says so, with Try again', async () => {
    const user = await world.user();
    await allocateByApi(user, { attack: 5, defense: 5, speed: 0, magic: 0 });
    const base = await moveBack(user, 50_000);
    const { page, idle } = await signedIn(user);
    await idle.open();
    const gets = recordRequests(page, 'GET', API);
    const attack = idle.training('attack');
    const start = await attack.reading();
    // The page's clock is the server's to within the request's delay, and its level is exact.
    expect(Math.abs(start.at - Date.now())).toBeLessThan(1500);
    expect(start.level).toBe(trainingLevel(settle(base, start.at).state, 'attack').level);
    expect(start.text).toBe(String(start.level));
    // The bar fills on the page's own clock.
    await expect
      .poll(async () => {
        const r = await attack.reading();
        return r.level > start.level || r.progress > start.progress;
      })
      .toBe(true);
    expect(gets).toHaveLength(0);
    const before = await attack.reading();
    expect(before.level).toBe(trainingLevel(settle(base, before.at).state, 'attack').level);

    await page.reload();
    await idle.ready();
    const after = await attack.reading();
    expect(
      after.level - before.level >= 0n && after.level - before.level <= 1n,
      `${before.level} then ${after.level}`,
    ).toBe(true);
    const server = await call<IdleDto>(world.server, 'GET', API, { token: user.token });
    const serverLevel = trainingLevel(
      settle(fromJson(server.body.state), Date.parse(server.body.serverTime)).state,
      'attack',
    ).level;
    expect(
      serverLevel - after.level >= 0n && serverLevel - after.level <= 1n,
      `${after.level} on screen, ${serverLevel} on the server`,
    ).toBe(true);

    // A failed load: a proxy's error page, not the API's error shape, so the page has only its
    // fallback to say. (A 4xx, which the client does not retry, so the test need not wait.)
    await page.route(`**${API}`, (route) =>
      route.fulfill({ status: 404, contentType: 'text/html', body: '<h1>Not here</h1>' }),
    );
    await page.reload();
    const banner = page.getByRole('alert').filter({ hasText: 'Failed to load your trainer' });
    await banner.waitFor();
    expect(await idle.rows.count()).toBe(0);
    await page.unroute(`**${API}`);
    await banner.getByRole('button', { name: 'Try again' }).click();
    await idle.ready();
  });

  it('a reload after watching the trainer for minutes is not a return from away: no summary in that tab, while a new tab shows it', async () => {
    const user = await world.user();
    await allocateByApi(user, { attack: 5, defense: 5, speed: 0, magic: 0 });
    const { page, idle } = await signedIn(user);
    await idle.open();
    // Three minutes watched: the server saw no read meanwhile (the page does not poll).
    await moveBack(user, 3 * 60_000);
    const read = page.waitForResponse(
      (r) => r.request().method() === 'GET' && new URL(r.url()).pathname === API,
    );
    await page.reload();
    const answer = (await (await read).json()) as IdleDto;
    expect(answer.away).not.toBeNull();
    await idle.ready();
    expect(await idle.away.count()).toBe(0);

    // The same three minutes seen from a tab that was not watching: away, with the summary.
    await moveBack(user, 3 * 60_000);
    const other = await signedIn(user);
    await other.idle.open();
    await other.idle.away.waitFor();
    expect(await other.idle.away.getByTestId('idle-away-time').innerText()).toMatch(
      /^Away 3 min( \d+ s)?\.$/,
    );
  });

  it('after the clock jumps 9 h: the away summary with the levels gained (once); three bosses climbed; rebirth after its confirmation', async () => {
    const user = await world.user();
    await allocateByApi(user, { attack: 5, defense: 5, speed: 0, magic: 0 });
    const left = await moveBack(user, 9 * HOUR);
    const { page, idle, nav, toasts } = await signedIn(user);
    const reading = answerTo(page, 'GET', API);
    await idle.open();
    const back = await answered<IdleDto>(reading);
    expect(back.away).not.toBeNull();
    expect(back.away!.cappedMs).toBe(back.away!.awayMs);
    expect(back.away!.awayMs).toBeGreaterThanOrEqual(9 * HOUR);
    // The levels gained are the shared settle's, over the 9 h.
    const at = Date.parse(back.serverTime);
    const was = levelsOf(left);
    const now = levelsOf(settle(left, at).state);
    expect(back.away!.levelsGained).toEqual({
      attack: Number(now.attack - was.attack),
      defense: Number(now.defense - was.defense),
      speed: 0,
      magic: 0,
    });
    await idle.away.waitFor();
    expect(await idle.away.getByRole('heading').innerText()).toBe('While you were away (12 h max)');
    expect(await idle.away.getByTestId('idle-away-time').innerText()).toBe('Away 9 h.');
    expect(await idle.away.getByTestId('idle-away-gain').allInnerTexts()).toEqual([
      `+${back.away!.levelsGained.attack} levels Attack`,
      `+${back.away!.levelsGained.defense} levels Defense`,
    ]);
    expect(back.away!.levelsGained.attack).toBeGreaterThan(150);
    expect(await idle.training('attack').level.innerText()).toBe(
      now.attack.toLocaleString('en-US'),
    );
    expect(await idle.strongest.innerText()).toBe(`Beats bosses up to ${back.strongestBeatable}`);
    const dir = process.env.E2E_SCREENSHOT_DIR;
    if (dir) await page.screenshot({ path: `${dir}/idle-ngu-desktop-away.png`, fullPage: true });
    await idle.away.getByRole('button', { name: 'Got it' }).click();
    await idle.away.waitFor({ state: 'detached' });
    // Said once: the server saved the settle with the summary.
    expect(
      (await call<IdleDto>(world.server, 'GET', API, { token: user.token })).body.away,
    ).toBeNull();

    // Three bosses, in order, by keyboard.
    for (const n of [1, 2, 3]) {
      await expect.poll(() => isAvailable(idle.boss(n).fight), { timeout: 3000 }).toBe(true);
      const fought = answerTo(page, 'POST', `${API}/fight`);
      await idle.boss(n).fight.focus();
      await page.keyboard.press('Enter');
      expect((await answered<ActionAnswer>(fought)).coins).toBe(10 + 2 * n);
      await toasts.waitFor(`Victory! +${10 + 2 * n} coins`);
    }
    expect(await nav.balance('1,042')).toBe('1,042');
    expect(await textWithEmoji(idle.bossCoins)).toBe('🪙 42');

    // Rebirth: the card says what it gives; Cancel keeps everything.
    expect(await idle.rebirthGain.innerText()).toBe('Now: multiplier x1.0 → x1.3, energy 10 → 12.');
    const rebirths = recordRequests(page, 'POST', `${API}/rebirth`);
    await idle.rebirthButton.click();
    await idle.rebirthDialog.waitFor();
    const details = await idle.rebirthDialog.getByTestId('idle-rebirth-details').innerText();
    expect(details).toContain(
      'All four trainings go back to level 0 and your energy is unallocated.',
    );
    expect(details).toContain(
      'Your multiplier becomes x1.3 (from boss 3), up from x1.0, for good.',
    );
    expect(details).toContain('Energy grows from 10 to 12.');
    await idle.rebirthDialog.getByRole('button', { name: 'Cancel' }).click();
    await idle.rebirthDialog.waitFor({ state: 'detached' });
    expect(rebirths).toHaveLength(0);
    expect((await stored(user)).rebirths).toBe(0);

    await idle.rebirthButton.click();
    const reborn = answerTo(page, 'POST', `${API}/rebirth`);
    await idle.rebirthDialog.getByRole('button', { name: 'Rebirth', exact: true }).click();
    const answer = await answered<ActionAnswer>(reborn);
    expect(answer.state).toMatchObject({
      rebirths: 1,
      rebirthBoss: 3,
      bestBoss: 0,
      highestKill: 3,
      allocations: { attack: 0, defense: 0, speed: 0, magic: 0 },
    });
    await toasts.waitFor('Reborn: multiplier x1.3, 12 energy');
    expect(await idle.energyText('12 / 12')).toBe('12 / 12');
    expect(await idle.multiplier.innerText()).toBe('x1.3');
    expect(await idle.bestBoss.innerText()).toBe('None yet');
    for (const t of IDLE_TRAININGS) expect(await idle.training(t).level.innerText()).toBe('0');
    // The tower starts over; the paid bosses stay paid.
    expect(await idle.bosses.count()).toBe(5);
    expect(
      await Promise.all(
        (await idle.bosses.getByTestId('idle-boss-reward').all()).map(textWithEmoji),
      ),
    ).toEqual(['paid', 'paid', 'paid', '🪙 18 coins', '🪙 20 coins']);
    expect(await idle.bosses.getByTestId('idle-boss-beaten').count()).toBe(0);
    expect(await idle.rebirthBlocked.innerText()).toBe(
      'Your multiplier came from boss 3: beat boss 4 to raise it.',
    );
    expect(await balanceOf(world.server, user.id)).toBe(1042);
  });

  it('fits a 390 px phone with no sideways scroll and no serious or critical axe finding, without motion: the away summary over a trained run, the rebirth confirmation', async () => {
    const { report, check } = phoneReport(PHONE.width, 'idle-ngu-390');

    const user = await world.user();
    await allocateByApi(user, { attack: 3, defense: 3, speed: 2, magic: 2 });
    await moveBack(user, 3 * HOUR);
    const { page, idle } = await signedIn(user, { ...PHONE, bypassCSP: true, reducedMotion: true });
    await idle.open();
    await idle.away.waitFor();
    // Without motion the bars step instead of gliding.
    expect(await barTransition(idle)).toBe('0s');
    const fought = answerTo(page, 'POST', `${API}/fight`);
    await idle.boss(1).fight.click();
    await answered<ActionAnswer>(fought);
    await idle.boss(1).beaten.waitFor();
    await check(page, 'away summary over a trained run');
    await idle.rebirthButton.click();
    await idle.rebirthDialog.waitFor();
    await check(page, 'rebirth confirmation');
    await idle.rebirthDialog.getByRole('button', { name: 'Cancel' }).click();

    expect(report).toEqual({});
  });
});
